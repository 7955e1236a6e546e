import { describe, expect, it } from 'vitest';
import { BitBoard, Geometry } from '../../src/game/bitboard.js';

// A plain reference for the shifts: the orthogonal neighbours of p, by coordinates.
function neighboursOf(p: number, size: number): number[] {
  const x = p % size;
  const y = Math.floor(p / size);
  const out: number[] = [];
  if (x > 0) out.push(p - 1);
  if (x < size - 1) out.push(p + 1);
  if (y > 0) out.push(p - size);
  if (y < size - 1) out.push(p + size);
  return out;
}

function set(size: number, points: number[]): BitBoard {
  return BitBoard.of(Geometry.of(size), points);
}

function sorted(board: BitBoard): number[] {
  return [...board].sort((a, b) => a - b);
}

/** A small seeded generator, so a failure can be replayed. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('Geometry', () => {
  it('has one bit per point and the right number of 32-bit words', () => {
    expect(Geometry.of(9).points).toBe(81);
    expect(Geometry.of(9).words).toBe(3);
    expect(Geometry.of(19).words).toBe(12); // 361 bits
    expect(Geometry.of(25).words).toBe(20); // 625 bits
    expect(Geometry.of(2).words).toBe(1);
    expect(Geometry.of(9).all.count()).toBe(81);
    expect(Geometry.of(19).all.count()).toBe(361);
  });

  it('is shared per size', () => {
    expect(Geometry.of(13)).toBe(Geometry.of(13));
    expect(Geometry.of(13)).not.toBe(Geometry.of(9));
  });
});

describe('dilate and neighbours', () => {
  it('a corner point has two neighbours, an edge point three, a middle point four', () => {
    expect(sorted(set(9, [0]).neighbours())).toEqual([1, 9]); // A1: B1 A2
    expect(sorted(set(9, [80]).neighbours())).toEqual([71, 79]); // J9: J8 H9
    expect(sorted(set(9, [8]).neighbours())).toEqual([7, 17]); // J1: H1 J2
    expect(sorted(set(9, [72]).neighbours())).toEqual([63, 73]); // A9: A8 B9
    expect(sorted(set(9, [4]).neighbours())).toEqual([3, 5, 13]); // E1
    expect(sorted(set(9, [40]).neighbours())).toEqual([31, 39, 41, 49]); // E5
  });

  it('never wraps from the last column to the first of the next row, or back', () => {
    // J1 (8) and A2 (9) are consecutive bits but not neighbours.
    expect(set(9, [8]).neighbours().has(9)).toBe(false);
    expect(set(9, [9]).neighbours().has(8)).toBe(false);
    // The same on 19x19 at the right edge: T1 (18) and A2 (19).
    expect(set(19, [18]).neighbours().has(19)).toBe(false);
    expect(set(19, [19]).neighbours().has(18)).toBe(false);
  });

  it('never leaves the board past the last point (bits beyond it stay clear)', () => {
    for (const size of [2, 3, 5, 7, 9, 13, 19, 25]) {
      const g = Geometry.of(size);
      const dilated = g.all.dilate();
      expect(dilated.equals(g.all)).toBe(true);
      expect(dilated.count()).toBe(size * size);
      // The unused high bits of the last word are zero.
      const used = size * size - (g.words - 1) * 32;
      if (used < 32) expect(dilated.words[g.words - 1] >>> used).toBe(0);
    }
  });

  it('agrees with the coordinate reference for every single point on every size', () => {
    for (let size = 2; size <= 25; size++) {
      for (let p = 0; p < size * size; p++) {
        const got = sorted(set(size, [p]).neighbours());
        expect(got, `size ${size} point ${p}`).toEqual(neighboursOf(p, size).sort((a, b) => a - b));
      }
    }
  });

  it('agrees with the reference on random sets (shifts across word boundaries)', () => {
    const random = lcg(7);
    for (const size of [5, 9, 13, 19, 25]) {
      for (let trial = 0; trial < 40; trial++) {
        const points = [...Array(size * size).keys()].filter(() => random() < 0.2);
        const expected = new Set(points);
        for (const p of points) for (const q of neighboursOf(p, size)) expected.add(q);
        expect(sorted(set(size, points).dilate())).toEqual([...expected].sort((a, b) => a - b));
      }
    }
  });

  it('crosses 32-bit word boundaries both ways', () => {
    // 9x9: point 31 (E4) and 32 (F4) sit on the boundary of words 0 and 1.
    expect(sorted(set(9, [31]).neighbours())).toEqual([22, 30, 32, 40]);
    expect(sorted(set(9, [32]).neighbours())).toEqual([23, 31, 33, 41]);
    // 19x19: 63 (G4) and 64 (H4); the shifts by 19 also cross words.
    expect(sorted(set(19, [63]).neighbours())).toEqual([44, 62, 64, 82]);
    expect(sorted(set(19, [64]).neighbours())).toEqual([45, 63, 65, 83]);
  });
});

describe('flood', () => {
  it('finds the connected part containing the seed, orthogonally only', () => {
    // 5x5: a ring around C3 plus a diagonal touch at E5 (24) from D4 (18).
    const within = set(5, [6, 7, 8, 11, 13, 16, 17, 18, 24]);
    expect(sorted(BitBoard.flood(6, within))).toEqual([6, 7, 8, 11, 13, 16, 17, 18]);
    expect(sorted(BitBoard.flood(24, within))).toEqual([24]);
  });

  it('follows a snake across the whole of 19x19', () => {
    const points: number[] = [];
    for (let y = 0; y < 19; y += 2) for (let x = 0; x < 19; x++) points.push(y * 19 + x);
    for (let y = 1; y < 19; y += 2) points.push(y * 19 + (y % 4 === 1 ? 18 : 0));
    const within = set(19, points);
    expect(BitBoard.flood(0, within).count()).toBe(points.length);
    // Cut the snake: the part after the cut is no longer reached.
    within.delete(19 + 18);
    expect(BitBoard.flood(0, within).count()).toBe(19);
  });
});

describe('set operations', () => {
  it('count, has, add, delete, first, isEmpty', () => {
    const g = Geometry.of(19);
    const b = new BitBoard(g);
    expect(b.isEmpty()).toBe(true);
    expect(b.first()).toBe(-1);
    for (const p of [360, 0, 31, 32, 63, 64, 200]) b.add(p);
    expect(b.count()).toBe(7);
    expect(b.first()).toBe(0);
    b.delete(0);
    expect(b.first()).toBe(31);
    expect(b.has(360)).toBe(true);
    expect(b.has(359)).toBe(false);
    b.add(31); // adding twice changes nothing
    expect(b.count()).toBe(6);
    for (const p of [...b]) b.delete(p);
    expect(b.isEmpty()).toBe(true);
  });

  it('counts full words (popcount of 0xffffffff)', () => {
    const b = set(19, [...Array(96).keys()]);
    expect(b.count()).toBe(96);
    expect(Geometry.of(25).all.count()).toBe(625);
  });

  it('iterates in ascending order across words, each point once', () => {
    const points = [360, 3, 64, 31, 32, 200, 95, 96];
    expect([...set(19, points)]).toEqual([...points].sort((a, b) => a - b));
    expect([...set(9, [])]).toEqual([]);
  });

  it('union, intersect, minus and complement return new sets', () => {
    const a = set(9, [0, 1, 2, 40]);
    const b = set(9, [2, 40, 80]);
    expect(sorted(a.union(b))).toEqual([0, 1, 2, 40, 80]);
    expect(sorted(a.intersect(b))).toEqual([2, 40]);
    expect(sorted(a.minus(b))).toEqual([0, 1]);
    expect(a.complement().count()).toBe(77);
    expect(a.complement().has(0)).toBe(false);
    expect(a.complement().has(80)).toBe(true);
    // The operands are untouched.
    expect(sorted(a)).toEqual([0, 1, 2, 40]);
    expect(sorted(b)).toEqual([2, 40, 80]);
    expect(a.intersects(b)).toBe(true);
    expect(a.intersects(set(9, [3, 79]))).toBe(false);
  });

  it('equals compares contents; clone is independent', () => {
    const a = set(13, [5, 100, 168]);
    const c = a.clone();
    expect(c.equals(a)).toBe(true);
    c.add(6);
    expect(c.equals(a)).toBe(false);
    expect(a.has(6)).toBe(false);
  });
});
