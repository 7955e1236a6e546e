import { describe, expect, it } from 'vitest';
import { firstDir, neighboursOf, ORTHO, PATTERN3, SHAPE_GAMMA, SHAPE_MOVERS, stonesAround } from '../../src/game/patterns.js';

// Pachi 12's playout shapes as lookup tables over a point's neighbourhood code.

const BLACK = 1;
const WHITE = 2;
const OFF = 3;

/**
 * The code of a neighbourhood given as [SW, S, SE, W, E, NW, N, NE] on the board (south is row
 * 1's side): the code slots in dir8 order, -width first.
 */
function code(cells: number[]): number {
  return cells.reduce((acc, v, slot) => acc | (v << (2 * slot)), 0);
}

describe("Pachi's playout shapes", () => {
  it('gives the thin hane to the side Pachi plays it for: the wall north or west, the corner south or east', () => {
    // X O O along one side of the point (X on a corner, O on the side and the other corner)
    const north = code([0, 0, 0, 0, 0, BLACK, WHITE, WHITE]);
    const west = code([WHITE, 0, 0, WHITE, 0, BLACK, 0, 0]);
    const south = code([BLACK, WHITE, WHITE, 0, 0, 0, 0, 0]);
    const east = code([0, 0, WHITE, 0, WHITE, 0, 0, BLACK]);
    expect([north, west].map((c) => SHAPE_MOVERS[c])).toEqual([WHITE, WHITE]);
    expect([south, east].map((c) => SHAPE_MOVERS[c])).toEqual([BLACK, BLACK]);
    expect(SHAPE_GAMMA[north]).toBe(22);
  });

  it("knows Pachi's edge shape that makes an eye, for either side, with its weight", () => {
    // on the south edge: White on the west side, Black on the east side and north
    const eye = code([OFF, OFF, OFF, WHITE, BLACK, 0, BLACK, 0]);
    expect(SHAPE_MOVERS[eye]).toBe(BLACK | WHITE);
    expect(SHAPE_GAMMA[eye]).toBe(44);
  });

  it("matches the cut keima as Pachi draws it: any west side, but no White stone south", () => {
    // Black N, White E and NW: the keima cut at the point
    const cut = (west: number, south: number) => code([0, south, 0, west, WHITE, WHITE, BLACK, 0]);
    expect(SHAPE_GAMMA[cut(0, 0)]).toBe(82);
    // MoGo's cut keima wants the west side not White; Pachi's takes it
    expect(SHAPE_GAMMA[cut(WHITE, 0)]).toBe(82);
    // Pachi's wants the side opposite Black's stone not White ("oo? has pathological cases")
    expect(SHAPE_GAMMA[cut(0, BLACK)]).toBe(82);
    expect(PATTERN3[cut(0, WHITE)]).toBe(0);
  });

  it('has no shape without stones of both colours around the point', () => {
    expect(PATTERN3[code([0, 0, 0, 0, 0, 0, 0, 0])]).toBe(0);
    expect(PATTERN3[code([BLACK, BLACK, 0, 0, BLACK, 0, 0, 0])]).toBe(0);
  });
});

describe('neighbour masks', () => {
  /** The directions a mask names, lowest first, as a loop over it visits them. */
  function dirs(mask: number): number[] {
    const out: number[] = [];
    for (let m = mask; m !== 0; m &= m - 1) out.push(firstDir(m));
    return out;
  }

  it('names, for every 3×3 code, exactly the neighbours of each value and the stones, in direction order', () => {
    for (let c = 0; c < 65536; c++) {
      const value = (d: number): number => (c >> (2 * d)) & 3;
      const all = [0, 1, 2, 3, 4, 5, 6, 7];
      for (let v = 0; v <= OFF; v++) {
        const got = dirs(neighboursOf(c, v));
        const want = all.filter((d) => value(d) === v);
        if (got.join() !== want.join()) expect([c, v, got]).toEqual([c, v, want]);
      }
      const stones = all.filter((d) => value(d) === BLACK || value(d) === WHITE);
      if (dirs(stonesAround(c)).join() !== stones.join()) expect([c, dirs(stonesAround(c))]).toEqual([c, stones]);
    }
  });

  it('ORTHO keeps the four sides N, W, E, S', () => {
    expect(dirs(ORTHO)).toEqual([1, 3, 4, 6]);
    expect(dirs(neighboursOf(code([OFF, OFF, OFF, 0, 0, BLACK, WHITE, BLACK]), 0) & ORTHO)).toEqual([3, 4]);
  });
});
