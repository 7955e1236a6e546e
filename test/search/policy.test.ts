import { describe, expect, it } from 'vitest';
import { BLACK, EMPTY, PASS_IDX, PlayoutBoard } from '../../src/game/playout-board.js';
import { EYE, PATTERN3, SHAPE_GAMMA, SHAPE_MOVERS } from '../../src/game/patterns.js';
import { FULL_POLICY, LIGHT_POLICY, type PolicyParams } from '../../src/search/params.js';
import { PlayoutPolicy } from '../../src/search/policy.js';
import { Rng } from '../../src/game/rng.js';
import { name, parse, pt } from '../game/diagram.js';

// The playout policy's phases, each switched on alone, on positions where the right answer is
// known; then whole playouts, checked move by move against rules the policy promises.

/** A board from a diagram, with the last move (made by the other side) and the side to move. */
function position(diagram: string, last: string, toMove: number): PlayoutBoard {
  const { size, colors } = parse(diagram);
  const b = new PlayoutBoard(size);
  b.setup(colors, toMove);
  b.lastMove = b.idxOf[pt(last, size)];
  return b;
}

/** The moves the policy chooses from b over many random draws (b itself is not changed). */
function choices(b: PlayoutBoard, params: PolicyParams, draws = 200): Set<string> {
  const policy = new PlayoutPolicy(params);
  const rng = new Rng(12345);
  const out = new Set<string>();
  for (let k = 0; k < draws; k++) {
    const m = policy.choose(b, rng);
    out.add(m === PASS_IDX ? 'pass' : name(b.pointOf[m], b.size));
  }
  return out;
}

const ONLY_CAPTURES: PolicyParams = { ...LIGHT_POLICY, captureRate: 1 };
const ONLY_NAKADE: PolicyParams = { ...LIGHT_POLICY, nakadeRate: 1 };
const ONLY_PATTERNS: PolicyParams = { ...LIGHT_POLICY, patternRate: 1 };
const ONLY_TWO_LIBERTIES: PolicyParams = { ...LIGHT_POLICY, twoLibRate: 1 };

/** How often each move is chosen from b over many draws. */
function shares(b: PlayoutBoard, params: PolicyParams, draws = 4000): Map<string, number> {
  const policy = new PlayoutPolicy(params);
  const rng = new Rng(777);
  const out = new Map<string, number>();
  for (let k = 0; k < draws; k++) {
    const m = policy.choose(b, rng);
    const v = m === PASS_IDX ? 'pass' : name(b.pointOf[m], b.size);
    out.set(v, (out.get(v) ?? 0) + 1 / draws);
  }
  return out;
}

/** The 3×3 code of point i worked out from the stones (not the board's incremental codes). */
function codeOf(b: PlayoutBoard, i: number): number {
  let code = 0;
  for (let d = 0; d < 8; d++) code |= b.color[i + b.dir8[d]] << (2 * d);
  return code;
}

/** White's last move E6 between Black D6 and F6, Black to play: E5 is the enclosing hane. */
function haneBetween(): PlayoutBoard {
  return position(
    `
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . X O X . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .`,
    'E6',
    BLACK,
  );
}

describe('playout policy', () => {
  it('captures the stone just played into atari', () => {
    // White E5 has one liberty, E6.
    const b = position(
      `
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . X O X . . .
      . . . . X . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .`,
      'E5',
      BLACK,
    );
    expect(choices(b, ONLY_CAPTURES)).toEqual(new Set(['E6']));
  });

  it('saves a chain the last move put in atari by extending', () => {
    // White D4 put Black D5 in atari (last liberty D6); extending to D6 gives it three.
    const b = position(
      `
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . O X O . . . .
      . . . O . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .`,
      'D4',
      BLACK,
    );
    expect(choices(b, ONLY_CAPTURES)).toEqual(new Set(['D6']));
  });

  it('saves a chain in atari by capturing an attacker in atari rather than running into a dead end', () => {
    // White D1 put Black C1 in atari; running out at C2 leaves one liberty (B2), but White B1 is
    // in atari too: capturing it at B2 is the only escape.
    const b = position(
      `
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . O . . . . . .
      . . . O . . . . .
      X O X O . . . . .`,
      'D1',
      BLACK,
    );
    expect(choices(b, ONLY_CAPTURES)).toEqual(new Set(['B2']));
  });

  it('answers with shapes around the second-last move as well', () => {
    // The last move B8 has no shape next to it; E5, next to the second-last move E4, is the
    // enclosing hane (X O X above an empty row).
    const b = position(
      `
      . . . . . . . . .
      . X . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . X O X . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .`,
      'B8',
      BLACK,
    );
    // before any second-last move, the random phase plays anywhere
    expect(choices(b, ONLY_PATTERNS).size).toBeGreaterThan(10);
    b.lastMove2 = b.idxOf[pt('E4', 9)];
    const expected = new Set<string>();
    for (let d = 0; d < 8; d++) {
      const i = b.lastMove2 + b.dir8[d];
      if (b.color[i] === EMPTY && PATTERN3[codeOf(b, i)] === 1) expected.add(name(b.pointOf[i], b.size));
    }
    expect(expected.has('E5')).toBe(true);
    expect(choices(b, ONLY_PATTERNS)).toEqual(expected);
  });

  it('plays the vital point of a three-point eye space', () => {
    // White's last move D1 closes the straight three A1 B1 C1; B1 kills.
    const b = position(
      `
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      O O O O . . . . .
      . . . O . . . . .`,
      'D1',
      BLACK,
    );
    expect(choices(b, ONLY_NAKADE)).toEqual(new Set(['B1']));
  });

  it('plays the corner of a bent three, and no nakade in a space that touches its own stones', () => {
    // White's last move C1 closes the bent three A1 B1 A2; A1, beside both others, kills.
    const bent = (wall: string): PlayoutBoard =>
      position(
        `
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O . . . . . . . .
        . ${wall} . . . . . . .
        . . O . . . . . .`,
        'C1',
        BLACK,
      );
    expect(choices(bent('O'), ONLY_NAKADE)).toEqual(new Set(['A1']));
    // with Black's stone at B2 the space is no eye of White's: the move is a random one
    expect(choices(bent('X'), ONLY_NAKADE).size).toBeGreaterThan(10);
  });

  it('answers the last move with a shape next to it, and only with one', () => {
    const b = haneBetween();
    const expected = new Set<string>();
    for (let d = 0; d < 8; d++) {
      const i = b.lastMove + b.dir8[d];
      if (b.color[i] === EMPTY && PATTERN3[codeOf(b, i)] === 1) expected.add(name(b.pointOf[i], b.size));
    }
    expect(expected.has('E5')).toBe(true);
    expect(choices(b, ONLY_PATTERNS)).toEqual(expected);
  });

  it('leaves out shape points that would be a self-atari', () => {
    // White F4 was just played. E5 matches a cutting shape, but Black there would join F5 and
    // E4 into one chain with the single liberty E3; the other shape points around F4 are fine.
    const b = position(
      `
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . X O O . . .
      . . . O . X O . .
      . . . O X O . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .`,
      'F4',
      BLACK,
    );
    const e5 = b.idxOf[pt('E5', 9)];
    expect(PATTERN3[codeOf(b, e5)]).toBe(1);
    // the shape points around F4 where Black keeps two liberties, found by playing each on a copy
    const expected = new Set<string>();
    const copy = new PlayoutBoard(9);
    const libs = new Int32Array(4);
    for (let d = 0; d < 8; d++) {
      const i = b.lastMove + b.dir8[d];
      if (b.color[i] !== EMPTY || PATTERN3[codeOf(b, i)] !== 1 || !b.isLegal(i, BLACK)) continue;
      copy.copyFrom(b);
      copy.play(i);
      if (copy.chainLibs(copy.chain[i], libs, 2) === 2) expected.add(name(b.pointOf[i], 9));
    }
    expect(expected.has('E5')).toBe(false);
    expect(expected.size).toBeGreaterThan(0);
    expect(choices(b, ONLY_PATTERNS)).toEqual(expected);
  });

  it('leaves out a shape point that clumsily fills a liberty of a three-liberty chain', () => {
    // Black H1 H2 has G1, G2 and J1; J1 (an edge shape next to H1, Black's last move) leaves
    // G1 G2, and White's G2 would then capture. With the check on, the shape phase finds
    // nothing and the random phase plays J1 only when its chance lets a self-atari through.
    const b = position(
      `
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . O O
      . . . . . . . X O
      . . . . . . . X .`,
      'J3',
      BLACK,
    );
    b.lastMove2 = b.idxOf[pt('H1', 9)];
    const j1Share = (threeLibSuicide: number) => {
      const policy = new PlayoutPolicy({ ...ONLY_PATTERNS, selfAtariRate: 0.6, threeLibSuicide });
      const rng = new Rng(1);
      let j1 = 0;
      for (let k = 0; k < 1000; k++) if (policy.choose(b, rng) === b.idxOf[pt('J1', 9)]) j1++;
      return j1 / 1000;
    };
    expect(j1Share(0)).toBe(1);
    expect(j1Share(1)).toBeLessThan(0.05);
  });

  it('keeps the random phase off a self-atari the judge refuses but not off a throw-in', () => {
    // White's space B2–F2 with B2 C2 D2 black; Black to move anywhere
    const b = position(
      `
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      O O O O O O O . .
      O X X X . . O . .
      O O O O O O O . .`,
      'A9',
      BLACK,
    );
    b.lastMove = PASS_IDX;
    const seen = new Set<string>();
    const policy = new PlayoutPolicy({ ...LIGHT_POLICY, selfAtariRate: 0.5, bigSelfAtari: 1, throwIns: 1 });
    const rng = new Rng(7);
    for (let k = 0; k < 3000; k++) {
      const m = policy.choose(b, rng);
      if (m !== PASS_IDX) seen.add(name(b.pointOf[m], b.size));
    }
    // E2 puts four stones in a straight line in atari: never; F2 (a lone stone) sometimes
    expect(seen.has('E2')).toBe(false);
    expect(seen.has('F2')).toBe(true);
  });

  it('ataris the chain just played on either of its two liberties, unless it has them in miai', () => {
    // White E5 has E6 and F5; nothing of White's is near, so both ataris are candidates.
    const rows = [
      '. . . . . . . . .',
      '. . . . . . . . .',
      '. . . . . . . . .',
      '. . . . . . . . .',
      '. . . X O . . . .',
      '. . . . X . . . .',
      '. . . . . . . . .',
      '. . . . . . . . .',
      '. . . . . . . . .',
    ];
    expect(choices(position(rows.join('\n'), 'E5', BLACK), ONLY_TWO_LIBERTIES)).toEqual(new Set(['E6', 'F5']));
    // With White E7 and G5, either liberty joins a chain out of atari: miai, no atari is worth
    // it, and the random phase plays anywhere.
    rows[2] = '. . . . O . . . .';
    rows[4] = '. . . X O . O . .';
    expect(choices(position(rows.join('\n'), 'E5', BLACK), ONLY_TWO_LIBERTIES).size).toBeGreaterThan(10);
  });

  it('extends a chain the last move left with two liberties', () => {
    // White E5 took Black C5 D5 down to C4 and D4; no attacker is short of liberties.
    const b = position(
      `
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . O O . . . . .
      . O X X O . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .`,
      'E5',
      BLACK,
    );
    expect(choices(b, ONLY_TWO_LIBERTIES)).toEqual(new Set(['C4', 'D4']));
  });

  it('prefers the atari from the liberty not crowded by its own stones and the edge', () => {
    // White C1 has B1 and D1; D1 is walled in by Black D2, E1 and the edge, B1 is not.
    const b = position(
      `
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      O X X X X X X . .
      . . O . X . X . .`,
      'C1',
      BLACK,
    );
    expect(choices(b, ONLY_TWO_LIBERTIES)).toEqual(new Set(['B1']));
  });

  it('always saves a chain of forceStones stones put in atari, whatever the capture rate', () => {
    // White E3 put Black E4 E5 E6 in atari; E7 gives them three liberties.
    const b = position(
      `
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . O X O . . .
      . . . O X O . . .
      . . . O X O . . .
      . . . . O . . . .
      . . . . . . . . .
      . . . . . . . . .`,
      'E3',
      BLACK,
    );
    expect(choices(b, { ...LIGHT_POLICY, forceStones: 3 })).toEqual(new Set(['E7']));
    expect(choices(b, { ...LIGHT_POLICY, forceStones: 4 }).size).toBeGreaterThan(10);
  });

  it('does not save a lone stone whose liberty is surrounded by its own stones (a ko)', () => {
    // White D6 put Black D5 in atari; its liberty D4 is walled by Black C4, E4 and D3: Pachi
    // leaves such a ko alone, and the random phase plays D4 no more than any other point.
    const rows = [
      '. . . . . . . . .',
      '. . . . . . . . .',
      '. . . . . . . . .',
      '. . . O . . . . .',
      '. . O X O . . . .',
      '. . X . X . . . .',
      '. . . X . . . . .',
      '. . . . . . . . .',
      '. . . . . . . . .',
    ];
    expect(shares(position(rows.join('\n'), 'D6', BLACK), ONLY_CAPTURES).get('D4') ?? 0).toBeLessThan(0.05);
    // without Black D3 the liberty is open below, and extending is the answer
    rows[6] = '. . . . . . . . .';
    expect(choices(position(rows.join('\n'), 'D6', BLACK), ONLY_CAPTURES)).toEqual(new Set(['D4']));
  });

  it("draws shape moves in proportion to Pachi's weights for their shapes", () => {
    // E5, the enclosing hane, weighs 0.52; the shape points around it have other weights. Each
    // is drawn about as often as its weight says.
    const b = haneBetween();
    const weights = new Map<string, number>();
    for (let d = 0; d < 8; d++) {
      const i = b.lastMove + b.dir8[d];
      if (b.color[i] === EMPTY && (SHAPE_MOVERS[codeOf(b, i)] & BLACK) !== 0) weights.set(name(b.pointOf[i], 9), SHAPE_GAMMA[codeOf(b, i)]);
    }
    expect(weights.get('E5')).toBe(52);
    expect(new Set(weights.values()).size).toBeGreaterThan(1);
    const total = [...weights.values()].reduce((a, w) => a + w, 0);
    const drawn = shares(b, { ...ONLY_PATTERNS, shapeGammas: 1 });
    for (const [v, w] of weights) expect(Math.abs((drawn.get(v) ?? 0) - w / total)).toBeLessThan(0.03);
    expect([...drawn.keys()].sort()).toEqual([...weights.keys()].sort());
  });

  it('does not count a shape point twice when it is next to the last two moves', () => {
    // The last move E6 and the second-last D4: the shape points around E6 that are also around
    // D4 are drawn no more often than the others.
    const b = position(
      `
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . X O X . . .
      . . . . . . . . .
      . . . X . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .`,
      'E6',
      BLACK,
    );
    b.lastMove2 = b.idxOf[pt('D4', 9)];
    const drawn = shares(b, ONLY_PATTERNS);
    const values = [...drawn.values()];
    expect(values.length).toBeGreaterThan(1);
    expect(Math.max(...values) - Math.min(...values)).toBeLessThan(0.05);
  });

  it('never fills its own eye and, when told to, never plays a self-atari in the random phase', () => {
    // Random-phase-only policy with self-atari rejection always on: every move it plays must
    // leave the new chain two liberties (or capture), and none may fill an own eye.
    const policy = new PlayoutPolicy({ ...LIGHT_POLICY, selfAtariRate: 1 });
    const b = new PlayoutBoard(9);
    const rng = new Rng(99);
    const libs = new Int32Array(4);
    let moves = 0;
    for (let game = 0; game < 200; game++) {
      b.clear();
      while (b.passes < 2) {
        const c = b.toMove;
        const m = policy.choose(b, rng);
        if (m === PASS_IDX) {
          b.pass();
          continue;
        }
        expect(b.isLegal(m, c)).toBe(true);
        expect(EYE[codeOf(b, m)]).not.toBe(c);
        let captures = false;
        for (const n of b.nb4) if (b.color[m + n] === 3 - c && b.inAtari(b.chain[m + n])) captures = true;
        b.play(m);
        moves++;
        if (!captures) expect(b.chainLibs(b.chain[m], libs, 2)).toBe(2);
      }
    }
    expect(moves).toBeGreaterThan(200 * 50);
  });

  it('plays out whole games to two passes, leaving empty points the quick count scores right', () => {
    // The search scores finished playouts with scorePlayout, which judges each empty point by its
    // four neighbours: exact for eyes and seki liberties, wrong in larger regions (a point that
    // touches no stone, or one colour only in a region that touches both).
    // Self-ataris rejected at random could leave such a region (a side passes although a
    // self-atari was open): none did in 5,000 playouts; allow a few.
    const policy = new PlayoutPolicy(FULL_POLICY);
    const b = new PlayoutBoard(9);
    const rng = new Rng(7);
    const seq = new Int32Array(9 * 9 * 3 + 16);
    const owner = new Uint8Array(81);
    const queue = new Int32Array(b.cells);
    let exact = 0;
    for (let game = 0; game < 200; game++) {
      b.clear();
      const len = policy.run(b, rng, seq, 0, seq.length);
      expect(len).toBeLessThan(seq.length);
      expect(b.passes).toBe(2);
      if (b.scorePlayout(null) === b.scoreAreaFull(owner, queue)) exact++;
    }
    expect(exact).toBeGreaterThanOrEqual(196);
  });
});
