import { afterEach, describe, expect, it, vi } from 'vitest';
import { Board } from '../../src/game/board.js';
import { Game } from '../../src/game/game.js';
import { PRESETS, type Rules, type RulesName } from '../../src/game/rules.js';
import type { Color } from '../../src/game/vertex.js';
import { B, W, check, draw, gameOf, parse, play, pt } from './diagram.js';

const ALL = Object.keys(PRESETS) as RulesName[];
const POSITIONAL: RulesName[] = ['chinese', 'japanese', 'korean', 'tromp-taylor'];
const SITUATIONAL: RulesName[] = ['aga', 'new_zealand'];

/** A game starting from a diagram (setup stones, no history before it). */
function gameFrom(diagram: string, toMove: Color, rules: Rules = PRESETS.chinese): Game {
  const { size, colors } = parse(diagram);
  const game = new Game(size, rules);
  const points = (c: number) => colors.flatMap((v, p) => (v === c ? [p] : []));
  game.setup(points(B), B, toMove);
  game.setup(points(W), W, toMove);
  return game;
}

// Black E6 D5 E4 around White E5; White F6 G5 F4 around F5 (9x9).
const KO = `
  . . . . . . . . .
  . . . . . . . . .
  . . . . . . . . .
  . . . . X O . . .
  . . . X O . O . .
  . . . . X O . . .
  . . . . . . . . .
  . . . . . . . . .
  . . . . . . . . .`;

// Three kos (see gtp-fixtures/superko.tst): White may take ko 1 at C8 and
// ko 2 at C5; Black holds ko 3 with D2.
const TRIPLE_KO = `
  . . X O . . . . .
  . X O . O . . . .
  . . X O . . . . .
  . . X O . . . . .
  . X O . O . . . .
  . . X O . . . . .
  . . X O . . . . .
  . X . X O . . . .
  . . X O . . . . .`;

describe('legality', () => {
  it('refuses occupied points and always allows a pass', () => {
    const game = gameOf(9, ['B E5']);
    expect(check(game, 'W E5')).toBe('occupied');
    expect(check(game, 'B E5')).toBe('occupied');
    expect(check(game, 'W pass')).toBeNull();
    expect(game.play(W, pt('E5', 9))).toBe('occupied');
    expect(game.moveCount).toBe(1); // the refused move changed nothing
  });

  it('allows two moves of one colour in a row', () => {
    const game = gameOf(9, ['B C3', 'B D3', 'B E3']);
    expect(game.board.black.count()).toBe(3);
    expect(game.toMove).toBe(W);
  });

  it.each(ALL)('single-stone suicide is illegal under %s', (name) => {
    const game = gameOf(9, ['W A2', 'W B1'], PRESETS[name]);
    const reason = check(game, 'B A1');
    // Reported as suicide where suicide is illegal, as a repetition where it is allowed.
    expect(reason).toBe(PRESETS[name].suicide ? 'superko' : 'suicide');
  });

  it.each(ALL)('multi-stone suicide under %s', (name) => {
    const game = gameOf(9, ['B A1', 'W B1', 'W B2', 'W A3'], PRESETS[name]);
    if (!PRESETS[name].suicide) {
      expect(check(game, 'B A2')).toBe('suicide');
      return;
    }
    play(game, 'B A2');
    expect(game.board.black.isEmpty()).toBe(true);
    expect(game.state.prisoners).toEqual([0, 0, 2]);
  });

  it('multi-stone suicide is legal in exactly new_zealand and tromp-taylor', () => {
    expect(ALL.filter((n) => PRESETS[n].suicide).sort()).toEqual(['new_zealand', 'tromp-taylor']);
  });

  it.each(ALL)('a capture is never suicide under %s', (name) => {
    const game = gameOf(9, ['W A2', 'W B1', 'B C1', 'B B2', 'B A3'], PRESETS[name]);
    play(game, 'B A1');
    expect(game.state.prisoners[B]).toBe(2);
    expect(game.board.white.isEmpty()).toBe(true);
  });
});

describe('ko and superko', () => {
  it.each(ALL)('forbids the immediate ko recapture under %s, allows it after a threat', (name) => {
    const game = gameFrom(KO, B, PRESETS[name]);
    play(game, 'B F5');
    expect(game.state.prisoners[B]).toBe(1);
    expect(check(game, 'W E5')).toBe('superko');
    play(game, 'W A9');
    play(game, 'B A1');
    expect(check(game, 'W E5')).toBeNull();
    play(game, 'W E5');
    expect(check(game, 'B F5')).toBe('superko');
  });

  it.each(ALL)('two passes do not lift the ban (retake after passes) under %s', (name) => {
    const game = gameFrom(KO, B, PRESETS[name]);
    play(game, 'B F5');
    play(game, 'W pass');
    play(game, 'B pass');
    expect(check(game, 'W E5')).toBe('superko');
    expect(check(game, 'W pass')).toBeNull();
  });

  it.each(ALL)('refuses the sixth move of a triple-ko cycle under %s', (name) => {
    const game = gameFrom(TRIPLE_KO, B, PRESETS[name]);
    const start = game.board;
    for (const move of ['B D8', 'W C2', 'B D5', 'W C8', 'B D2']) {
      expect(check(game, move), move).toBeNull();
      play(game, move);
    }
    // None of those was a simple-ko recapture, yet W C5 would recreate the start.
    expect(check(game, 'W C5')).toBe('superko');
    const { board } = game.board.play(pt('C5', 9), W);
    expect(board.equals(start)).toBe(true);
    expect(check(game, 'W J1')).toBeNull();
  });

  it('positional and situational differ when the arrangement recurs with the other side to move', () => {
    // K0 first occurs with White to move; Black captures out of turn; White's
    // take-back recreates K0 with Black to move.
    for (const name of ALL) {
      const game = gameFrom(KO, W, PRESETS[name]);
      play(game, 'B F5');
      expect(check(game, 'W E5'), name).toBe(PRESETS[name].koRule === 'positional' ? 'superko' : null);
    }
    expect(ALL.filter((n) => PRESETS[n].koRule === 'positional').sort()).toEqual([...POSITIONAL].sort());
    expect(ALL.filter((n) => PRESETS[n].koRule === 'situational').sort()).toEqual([...SITUATIONAL].sort());
  });

  it('situational: a suicide that recreates an old arrangement with the other side to move', () => {
    // After W B1 B2 A3 (Black to move), B A1, W pass, B A2 removes A1 A2 and
    // recreates that arrangement with White to move.
    const moves = ['W B1', 'W B2', 'W A3', 'B A1', 'W pass'];
    expect(check(gameOf(9, moves, PRESETS.new_zealand), 'B A2')).toBeNull();
    expect(check(gameOf(9, moves, PRESETS['tromp-taylor']), 'B A2')).toBe('superko');
    expect(check(gameOf(9, moves, PRESETS.chinese), 'B A2')).toBe('suicide');
    // The same situation is still refused under situational superko: after
    // a White pass, Black A1 would recreate the position after the first
    // Black A1, White to move both times.
    const nz = gameOf(9, moves, PRESETS.new_zealand);
    play(nz, 'B A2');
    expect(nz.board.black.isEmpty()).toBe(true);
    expect(nz.state.prisoners[W]).toBe(2);
    play(nz, 'W pass');
    expect(check(nz, 'B A1')).toBe('superko');
    expect(check(nz, 'B C1')).toBeNull();
  });

  it('follows a rules change in the middle of the game', () => {
    const game = gameFrom(KO, W, PRESETS.chinese);
    play(game, 'B F5');
    expect(check(game, 'W E5')).toBe('superko');
    game.rules = PRESETS.aga;
    expect(check(game, 'W E5')).toBeNull();
  });
});

describe('exactness: repetitions are decided on whole boards, not on hashes', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a hash collision does not make a legal move illegal', () => {
    // Every board gets the same key: each lookup is a "hit" that must be refuted by comparing boards.
    vi.spyOn(Board.prototype, 'hash', 'get').mockReturnValue(12345);
    const game = gameFrom(KO, B);
    const moves = ['B F5', 'W A9', 'B A1', 'W E5', 'B J9', 'W J1', 'B C3', 'W pass', 'B pass', 'W G7'];
    for (const move of moves) {
      expect(check(game, move), move).toBeNull();
      play(game, move);
    }
    expect(game.moveCount).toBe(moves.length);
    // ... and real repetitions are still found.
    expect(check(game, 'B F5')).toBeNull(); // F5 is a new position here: A9 A1 J9 J1 C3 G7 are on the board
    play(game, 'B F5');
    expect(check(game, 'W E5')).toBe('superko');
  });

  it('without the mock, distinct boards along a long game never collide with each other', () => {
    const game = new Game(19);
    const keys = new Map<number, Board>();
    let p = 0;
    for (let i = 0; i < 300; i++) {
      p = (p + 7) % 361;
      if (game.check(i % 2 === 0 ? B : W, p) !== null) continue;
      game.play(i % 2 === 0 ? B : W, p);
      const board = game.board;
      const seen = keys.get(board.hash);
      if (seen) expect(seen.equals(board)).toBe(true);
      keys.set(board.hash, board);
    }
    expect(keys.size).toBeGreaterThan(200);
  });
});

describe('undo', () => {
  it('restores captures and the ko state exactly', () => {
    const game = gameFrom(KO, B);
    const before = draw(game.board);
    play(game, 'B F5');
    expect(check(game, 'W E5')).toBe('superko');
    expect(game.undo()).toBe(true);
    expect(draw(game.board)).toBe(before);
    expect(game.state.prisoners).toEqual([0, 0, 0]);
    expect(game.toMove).toBe(B);
    expect(check(game, 'B F5')).toBeNull();
    // Replaying gives the same ban again.
    play(game, 'B F5');
    expect(check(game, 'W E5')).toBe('superko');
    // Undo after the ban was lifted by a threat exchange brings the ban back.
    play(game, 'W A9');
    play(game, 'B A1');
    expect(check(game, 'W E5')).toBeNull();
    play(game, 'W E5');
    expect(game.state.prisoners).toEqual([0, 1, 1]);
    game.undo();
    expect(game.state.prisoners).toEqual([0, 1, 0]);
    game.undo();
    game.undo();
    expect(check(game, 'W E5')).toBe('superko');
  });

  it('forgets undone positions: a position only reached in an undone line is playable again', () => {
    const game = gameOf(9, ['B E5']);
    play(game, 'W D5');
    game.undo();
    play(game, 'W D5'); // the board after it was in the history once, and was undone
    expect(game.moveCount).toBe(2);
  });

  it('cannot go past the start, nor take back setup (handicap) stones', () => {
    const game = new Game(9);
    expect(game.undo()).toBe(false);
    game.setup([pt('C3', 9), pt('G7', 9)], B, W);
    expect(game.toMove).toBe(W);
    expect(game.firstToMove).toBe(W);
    expect(game.moveCount).toBe(0);
    expect(game.undo()).toBe(false);
    expect(game.board.black.count()).toBe(2);
    play(game, 'W E5');
    expect(game.undo()).toBe(true);
    expect(game.undo()).toBe(false);
    expect(game.board.black.count()).toBe(2);
  });
});

describe('history', () => {
  it('counts passes, consecutive and per colour, and hands the turn over', () => {
    const game = gameOf(9, ['B E5', 'W pass', 'B pass']);
    expect(game.state.passes).toBe(2);
    expect(game.toMove).toBe(W);
    play(game, 'W D5');
    expect(game.state.passes).toBe(0);
    play(game, 'B pass');
    play(game, 'W pass');
    play(game, 'B pass');
    expect(game.state.passes).toBe(3);
    expect(game.passCounts()).toEqual([0, 3, 2]);
    expect(game.moves.map((m) => m.point === -1)).toEqual([false, true, true, false, true, true, true]);
    expect(game.boards().length).toBe(8);
  });
});
