import { describe, expect, it } from 'vitest';
import { BitBoard } from '../../src/game/bitboard.js';
import type { Game } from '../../src/game/game.js';
import { PRESETS, type RulesName } from '../../src/game/rules.js';
import { count, regions, resultString } from '../../src/game/scoring.js';
import { B, W, board, gameOf, names, play, pt } from './diagram.js';

const ALL = Object.keys(PRESETS) as RulesName[];

/** The worked example (also gtp-fixtures/sgf/worked-example.sgf): D1 F1 D2 F2 ... D9 F9, E1..E9 alternately from Black, then W B W pass. */
function workedExampleMoves(): string[] {
  const moves: string[] = [];
  for (let r = 1; r <= 9; r++) moves.push(`B D${r}`, `W F${r}`);
  for (let r = 1; r <= 9; r++) moves.push(`${r % 2 === 1 ? 'B' : 'W'} E${r}`);
  moves.push('W pass', 'B pass', 'W pass');
  return moves;
}

function score(game: Game, name: RulesName, komi: number, dead: number[] = []) {
  return count({
    board: game.board,
    rules: PRESETS[name],
    komi,
    handicap: game.handicap,
    prisoners: game.state.prisoners,
    dead: BitBoard.of(game.board.geometry, dead),
  });
}

/**
 * AGA counting the other way: territory + prisoners + dead, plus one
 * prisoner for the opponent per pass, no handicap compensation. White must
 * have passed last.
 */
function territoryWithPassStones(game: Game, komi: number, dead: number[] = []): number {
  const t = score(game, 'japanese', komi, dead);
  const passes = game.passCounts();
  return t.margin + passes[W] - passes[B];
}

describe('the worked example', () => {
  const game = gameOf(9, workedExampleMoves());

  it('has the stones and regions the text gives', () => {
    const c = score(game, 'chinese', 7.5);
    expect(c.black).toMatchObject({ stones: 14, regions: 27, prisoners: 0, dead: 0, komi: 0 });
    expect(c.white).toMatchObject({ stones: 13, regions: 27, prisoners: 0, dead: 0, komi: 7.5 });
    expect(c.black.total).toBe(41);
    expect(c.white.total).toBe(47.5);
  });

  it.each([
    ['chinese', 'W+6.5'],
    ['japanese', 'W+7.5'],
    ['korean', 'W+7.5'],
    ['aga', 'W+6.5'],
    ['new_zealand', 'W+6.5'],
    ['tromp-taylor', 'W+6.5'],
  ] as [RulesName, string][])('%s with komi 7.5: %s', (name, result) => {
    expect(score(game, name, 7.5).result).toBe(result);
  });

  it('aga: territory plus pass stones (27 + 2 against 27 + 1 + 7.5) gives the area margin', () => {
    expect(game.passCounts()).toEqual([0, 1, 2]);
    expect(territoryWithPassStones(game, 7.5)).toBe(-6.5);
    expect(score(game, 'aga', 7.5).margin).toBe(-6.5);
  });

  it('komi goes to White whatever its sign; an exact tie is a draw', () => {
    expect(score(game, 'chinese', 0).result).toBe('B+1');
    expect(score(game, 'japanese', 0).result).toBe('0');
    expect(score(game, 'japanese', -3).result).toBe('B+3');
    expect(score(game, 'chinese', 0.5).result).toBe('B+0.5');
    expect(score(game, 'japanese', 0.5).result).toBe('W+0.5');
  });

  it('a komi that binary fractions do not hold exactly still gives a clean margin', () => {
    expect(score(game, 'chinese', 6.7).result).toBe('W+5.7');
    expect(score(game, 'chinese', 6.7).white.total).toBe(46.7);
    expect(score(game, 'japanese', 0.1).result).toBe('W+0.1');
    expect(score(game, 'japanese', 0.3).margin).toBe(-0.3);
  });
});

describe('prisoners and dead stones', () => {
  it('territory counts prisoners; area does not (White B5 captured inside Black\'s area)', () => {
    const game = gameOf(9, [...workedExampleMoves(), 'W B5', 'B B6', 'B B4', 'B A5', 'B C5']);
    expect(game.state.prisoners).toEqual([0, 1, 0]);
    // Area: 18 + 23 = 41 against 13 + 27 + 7.5.
    expect(score(game, 'chinese', 7.5).result).toBe('W+6.5');
    // Territory: 23 + 1 = 24 against 27 + 7.5.
    const t = score(game, 'japanese', 7.5);
    expect(t.black).toMatchObject({ regions: 23, prisoners: 1 });
    expect(t.result).toBe('W+10.5');
  });

  it('a dead stone counts once as a prisoner and its point once as territory', () => {
    // White B5 left on the board and marked dead.
    const game = gameOf(9, [...workedExampleMoves(), 'W B5']);
    const dead = [pt('B5', 9)];
    const t = score(game, 'japanese', 7.5, dead);
    expect(t.black).toMatchObject({ regions: 27, prisoners: 0, dead: 1 });
    expect(t.result).toBe('W+6.5'); // 28 against 34.5
    const a = score(game, 'chinese', 7.5, dead);
    expect(a.white.stones).toBe(13); // not counted as a stone
    expect(a.black.regions).toBe(27); // its point counts as Black's region
    expect(a.result).toBe('W+6.5');
    // Left alive, it makes A-C a region touching both colours: nobody's.
    const alive = score(game, 'chinese', 7.5);
    expect(alive.black.regions).toBe(0);
    expect(alive.white.stones).toBe(14);
    expect(alive.result).toBe('W+34.5'); // 14 against 14 + 27 + 7.5
  });

  it('counts suicided stones as the opponent\'s prisoners (new_zealand)', () => {
    const game = gameOf(9, ['B A1', 'W B1', 'W B2', 'W A3', 'B A2'], PRESETS.new_zealand);
    expect(game.state.prisoners).toEqual([0, 0, 2]);
    expect(score(game, 'japanese', 0).white.prisoners).toBe(2);
  });
});

describe('no special seki rule', () => {
  // A seki with an eye each: Black B1 A2 B2 C2 (eye A1) and White D1 D2 E2
  // F2 F1 (eye E1) share the liberty C1; neither may fill it. The outside
  // groups have two eyes each.
  const seki = board(`
    . O O X . X .
    O O O X X X X
    . O O X X X .
    O O O X X X X
    O O O X X X X
    X X X O O O X
    . X . O . O X`);

  it('the eyes count for their colour, the shared liberty for nobody', () => {
    const owners = new Map(regions(seki.black, seki.white).flatMap((r) => [...r.points].map((p) => [p, r.owner] as const)));
    expect(owners.get(pt('A1', 7))).toBe(B);
    expect(owners.get(pt('E1', 7))).toBe(W);
    expect(owners.get(pt('C1', 7))).toBe(0);
    expect(owners.get(pt('A5', 7))).toBe(W);
    expect(owners.get(pt('G7', 7))).toBe(B);
  });

  it.each(ALL)('is counted the same way under %s', (name) => {
    const c = count({ board: seki, rules: PRESETS[name], komi: 0, handicap: 0, prisoners: [0, 0, 0], dead: new BitBoard(seki.geometry) });
    expect(c.black.regions).toBe(4); // A1 G5 E7 G7
    expect(c.white.regions).toBe(3); // E1 A5 A7
    expect(c.black.stones).toBe(23);
    expect(c.white.stones).toBe(18);
    // Area 27 against 21; territory 4 against 3.
    expect(c.result).toBe(PRESETS[name].scoring === 'area' ? 'B+6' : 'B+1');
  });
});

describe('protective points', () => {
  // Black's wall on C and White's on E; A1 of Black's region is to get Black's stone
  const b = board('..X.O\n..X.O\n..X.O\n..X.O\n..X.O');
  const protective = BitBoard.of(b.geometry, [pt('A1', 5)]);

  it.each(ALL)('is the owner\'s stone, not its region, under %s', (name) => {
    const base = { board: b, rules: PRESETS[name], komi: 0, handicap: 0, prisoners: [0, 0, 0], dead: new BitBoard(b.geometry) };
    const without = count(base);
    const withFill = count({ ...base, protective });
    expect(withFill.black.regions).toBe(without.black.regions - 1);
    expect(withFill.black.stones).toBe(without.black.stones + 1);
    expect(withFill.white).toEqual(without.white);
    // a point less by territory, the same by area
    expect(withFill.margin).toBe(PRESETS[name].scoring === 'area' ? without.margin : without.margin - 1);
  });
});

describe('regions', () => {
  it('an empty board is one region that belongs to nobody', () => {
    const empty = board('.....\n.....\n.....\n.....\n.....');
    const r = regions(empty.black, empty.white);
    expect(r).toHaveLength(1);
    expect(r[0].owner).toBe(0);
    expect(r[0].points.count()).toBe(25);
  });

  it('splits empty points orthogonally (diagonal gaps separate regions)', () => {
    const b = board(`
      . X . . .
      X . X . .
      . X O . .
      . . O . .
      . . O . .`);
    const r = regions(b.black, b.white);
    const byPoint = (v: string) => r.find((x) => x.points.has(pt(v, 5)))!;
    expect(names(byPoint('A5').points, 5)).toEqual(['A5']);
    expect(byPoint('A5').owner).toBe(B);
    expect(names(byPoint('B4').points, 5)).toEqual(['B4']);
    expect(byPoint('B4').owner).toBe(B);
    // A1 A2 A3 B1 B2: B2 touches B3 (Black) and C2 (White).
    expect(names(byPoint('A1').points, 5)).toEqual(['A1', 'A2', 'A3', 'B1', 'B2']);
    expect(byPoint('A1').owner).toBe(0);
    // C5 and the D-E columns: C5 touches B5 and C4 (Black), D3 touches C3 (White).
    expect(byPoint('E1').points.count()).toBe(11);
    expect(byPoint('E1').owner).toBe(0);
    expect(r).toHaveLength(4);
  });
});

describe('handicap compensation', () => {
  it.each([
    ['chinese', 'B+78.5'], // 81 against 0.5 + 2
    ['aga', 'B+79.5'], // 81 against 0.5 + 1
    ['japanese', 'B+78.5'], // territory 79 against 0.5
    ['korean', 'B+78.5'],
    ['new_zealand', 'B+80.5'],
    ['tromp-taylor', 'B+80.5'],
  ] as [RulesName, string][])('two stones on 9x9 under %s: %s', (name, result) => {
    const game = gameOf(9, []);
    game.setup([pt('C3', 9), pt('G7', 9)], B, W);
    game.handicap = 2;
    play(game, 'W pass');
    play(game, 'B pass');
    play(game, 'W pass');
    expect(score(game, name, 0.5).result).toBe(result);
  });

  it('aga: territory with pass stones equals area with N-1 compensation, White passing last', () => {
    for (const n of [2, 4, 9]) {
      const game = gameOf(19, []);
      const stones = [pt('D4', 19), pt('Q16', 19), pt('D16', 19), pt('Q4', 19), pt('D10', 19), pt('Q10', 19), pt('K4', 19), pt('K16', 19), pt('K10', 19)];
      game.setup(n === 9 ? stones : n === 4 ? stones.slice(0, 4) : stones.slice(0, 2), B, W);
      game.handicap = n;
      // White invades and lives small in a corner; moves alternate from White, White passes last.
      for (const m of ['W R17', 'B R16', 'W Q17', 'B P17', 'W S16', 'B S15', 'W pass', 'B pass', 'W pass']) play(game, m);
      const area = score(game, 'aga', 0.5);
      expect(area.white.handicapBonus).toBe(n - 1);
      expect(territoryWithPassStones(game, 0.5)).toBe(area.margin);
    }
  });
});

describe('aga pass stones on a game with captures', () => {
  it('gives the area margin when White passes last', () => {
    const game = gameOf(9, [
      ...workedExampleMoves(),
      'B pass', 'W B5', 'B B6', 'W pass', 'B B4', 'W H5', 'B A5', 'W H6', 'B C5', // Black captures B5
      'W pass', 'B pass', 'W pass',
    ]);
    // Both sides made the same number of moves, White the last pass.
    expect(game.moves.filter((m) => m.color === B).length).toBe(game.moves.filter((m) => m.color === W).length);
    expect(game.state.prisoners[B]).toBe(1);
    expect(game.moves.at(-1)).toEqual({ color: W, point: -1 });
    const area = score(game, 'aga', 7.5);
    expect(territoryWithPassStones(game, 7.5)).toBe(area.margin);
    // And the margin itself, by hand: Black 18 stones + 23 points = 41;
    // White 15 stones + 25 points = 40; 41 - 40 - 7.5.
    expect(area.result).toBe('W+6.5');
  });
});

describe('resultString', () => {
  it('formats margins as GTP final_score does', () => {
    expect(resultString(3.5)).toBe('B+3.5');
    expect(resultString(-0.5)).toBe('W+0.5');
    expect(resultString(0)).toBe('0');
    expect(resultString(-12)).toBe('W+12');
  });
});
