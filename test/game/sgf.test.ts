import { describe, expect, it } from 'vitest';
import { Game } from '../../src/game/game.js';
import { PRESETS } from '../../src/game/rules.js';
import { readSgf, setupProblem, writeSgf } from '../../src/game/sgf.js';
import { B, PASS, W, draw, gameOf, names, play, pt } from './diagram.js';

/** Replays a read SGF into a fresh game, as loadsgf does. */
function replay(text: string): Game {
  const record = readSgf(text);
  const game = new Game(record.size);
  const toMove = record.firstToMove ?? (record.handicap > 0 && record.setup.white.length === 0 ? W : B);
  if (record.setup.black.length > 0 || record.setup.white.length > 0 || record.firstToMove !== null) {
    game.setup(record.setup.black, B, toMove);
    game.setup(record.setup.white, W, toMove);
  }
  game.handicap = record.handicap;
  for (const move of record.moves) {
    const reason = game.play(move.color, move.point);
    if (reason) throw new Error(`move refused: ${reason}`);
  }
  return game;
}

describe('readSgf', () => {
  it('reads size, komi, rules, handicap, setup and moves with both forms of pass', () => {
    const r = readSgf('(;GM[1]FF[4]SZ[19]KM[6.5]RU[Japanese]HA[2]AB[dp][pd];W[qp];B[];W[tt];B[dd])');
    expect(r.size).toBe(19);
    expect(r.komi).toBe(6.5);
    expect(r.rules).toBe('Japanese');
    expect(r.handicap).toBe(2);
    expect(names(r.setup.black, 19)).toEqual(['D4', 'Q16']);
    expect(r.moves).toEqual([
      { color: W, point: pt('R4', 19) },
      { color: B, point: PASS },
      { color: W, point: PASS },
      { color: B, point: pt('D16', 19) },
    ]);
  });

  it('expands compressed point lists', () => {
    const r = readSgf('(;GM[1]SZ[9]AB[aa:ac][ii]AW[ba:bb])');
    expect(names(r.setup.black, 9)).toEqual(['A7', 'A8', 'A9', 'J1']);
    expect(names(r.setup.white, 9)).toEqual(['B8', 'B9']);
  });

  it('takes tt as a pass only up to 19x19', () => {
    expect(readSgf('(;GM[1]SZ[19];B[tt])').moves[0].point).toBe(PASS);
    expect(readSgf('(;GM[1]SZ[21];B[tt])').moves[0].point).toBe(pt('U2', 21));
  });

  it('defaults to 19x19 and no komi; reads PL', () => {
    const r = readSgf('(;GM[1]FF[4];B[aa])');
    expect(r.size).toBe(19);
    expect(r.komi).toBeNull();
    expect(r.firstToMove).toBeNull();
    expect(r.moves[0].point).toBe(pt('A19', 19));
    expect(readSgf('(;SZ[9]PL[W]AB[cc])').firstToMove).toBe(W);
  });

  it('follows the main line (first child) only', () => {
    const r = readSgf('(;GM[1]SZ[9];B[ee](;W[cc];B[gg])(;W[gc]))');
    expect(r.moves.map((m) => m.point)).toEqual([pt('E5', 9), pt('C7', 9), pt('G3', 9)]);
  });

  it('refuses what is not a usable game of Go', () => {
    expect(() => readSgf('')).toThrow();
    expect(() => readSgf('hello')).toThrow();
    expect(() => readSgf('(;GM[3]SZ[8])')).toThrow(/Go/);
    expect(() => readSgf('(;GM[1]SZ[1])')).toThrow(/size/);
    expect(() => readSgf('(;GM[1]SZ[30])')).toThrow(/size/);
    expect(() => readSgf('(;GM[1]SZ[9];B[kk])')).toThrow(/not on the board/);
    expect(() => readSgf('(;GM[1]SZ[9:5])')).toThrow(/size/);
    expect(() => readSgf('(;GM[1]SZ[9]KM[6.5xyz])')).toThrow(/komi/);
    expect(() => readSgf('(;GM[1]SZ[9]PL[X])')).toThrow(/PL/);
    expect(() => readSgf('(;GM[1]SZ[9]AB[cc][])')).toThrow(/not on the board/);
    expect(() => readSgf('(;GM[1]SZ[9]AW[a])')).toThrow(/not on the board/);
    expect(() => readSgf('(;GM[1]SZ[9]AB[cc]AW[cc])')).toThrow(/both black and white/);
    expect(() => readSgf('(;GM[1]SZ[9]AB[ee]AE[ee];W[dd])')).toThrow(/emptied/);
  });

  it('applies setup node by node before the first move: a later node overrides, AE empties', () => {
    const r = readSgf('(;GM[1]SZ[9]AB[cc][ee]AE[aa];AW[cc]AE[ee];AB[gg];W[dd])');
    expect(names(r.setup.black, 9)).toEqual(['G3']);
    expect(names(r.setup.white, 9)).toEqual(['C7']);
    expect(r.setupAt).toBeNull();
    expect(setupProblem(r, Infinity)).toBeNull();
  });

  it('ends the moves at setup after the first move, and says which positions it leaves out', () => {
    const r = readSgf('(;GM[1]SZ[9];B[ee];W[cc];AE[ee]B[dd];W[gg])');
    expect(r.moves.map((m) => m.point)).toEqual([pt('E5', 9), pt('C7', 9)]);
    expect(r.setupAt).toBe(2);
    expect(setupProblem(r, 1)).toBeNull();
    expect(setupProblem(r, 2)).toMatch(/after move 2/);
    expect(setupProblem(r, Infinity)).toMatch(/after move 2/);
  });

  it('reads an empty komi as none', () => {
    expect(readSgf('(;GM[1]SZ[9]KM[])').komi).toBeNull();
  });
});

describe('writeSgf and read back', () => {
  it('round-trips a game with captures and passes position by position', () => {
    const game = gameOf(9, ['B E5', 'W D5', 'B pass', 'W F5', 'B A1', 'W E4', 'B B1', 'W E6', 'B pass', 'W pass']);
    expect(game.state.prisoners[W]).toBe(1);
    const text = writeSgf(game, { komi: 6.5, rules: 'japanese', black: 'X', white: 'Y', result: 'W+R' });
    const back = replay(text);
    expect(back.moves).toEqual(game.moves);
    const boards = game.boards();
    back.boards().forEach((b, i) => expect(b.equals(boards[i]), `position ${i}`).toBe(true));
    expect(back.state.prisoners).toEqual(game.state.prisoners);
    const record = readSgf(text);
    expect(record).toMatchObject({ size: 9, komi: 6.5, rules: 'japanese', handicap: 0 });
    expect(text).toMatch(/PB\[X\]/);
    expect(text).toMatch(/RE\[W\+R\]/);
  });

  it('round-trips handicap stones as setup, with White to move first', () => {
    const game = new Game(19);
    game.setup([pt('D4', 19), pt('Q16', 19), pt('D16', 19)], B, W);
    game.handicap = 3;
    play(game, 'W Q4');
    play(game, 'B pass');
    const back = replay(writeSgf(game, { komi: 0.5, rules: 'chinese' }));
    expect(back.handicap).toBe(3);
    expect(back.firstToMove).toBe(W);
    expect(draw(back.boards()[0])).toBe(draw(game.boards()[0]));
    expect(draw(back.board)).toBe(draw(game.board));
  });

  it('keeps who moves first after setup stones with no moves (PL)', () => {
    const game = new Game(9);
    game.setup([pt('C3', 9)], B, W);
    game.setup([pt('E3', 9)], W, W);
    const text = writeSgf(game, { komi: 7.5, rules: 'chinese' });
    expect(readSgf(text).firstToMove).toBe(W);
    expect(replay(text).toMove).toBe(W);
  });

  it('writes and reads back a game of 10,000 moves (no recursion per move)', () => {
    const game = gameOf(9, ['B E5', 'W D5']);
    for (let k = 0; k < 9998; k++) game.play(k % 2 === 0 ? B : W, PASS);
    const text = writeSgf(game, { komi: 7, rules: 'chinese' });
    expect(text.startsWith('(\n  ;GM[1]')).toBe(true);
    expect(text.endsWith('  ;W[]\n)\n')).toBe(true);
    expect(replay(text).moves).toEqual(game.moves);
  });

  it('round-trips every point of 19x19 and 25x25 (no tt confusion)', () => {
    for (const size of [19, 25]) {
      const game = new Game(size, PRESETS['tromp-taylor']);
      const all = [...Array(size * size).keys()];
      game.setup(all.filter((p) => p % 3 === 0), B, B);
      game.setup(all.filter((p) => p % 3 === 1), W, B);
      const back = replay(writeSgf(game, { komi: 0, rules: 'tromp-taylor' }));
      expect(back.board.equals(game.board), `size ${size}`).toBe(true);
    }
  });
});
