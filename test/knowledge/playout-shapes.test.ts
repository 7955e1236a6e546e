import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BLACK, PlayoutBoard, WHITE } from '../../src/game/playout-board.js';
import { EYE } from '../../src/game/patterns.js';
import { Rng } from '../../src/game/rng.js';
import { acceptanceTables, canonicalShape, countShapes, FORMAT, shippedAcceptance, type ShapeCounts } from '../../src/knowledge/playout-shapes.js';
import { readRecords } from '../../src/knowledge/records.js';
import { LIGHT_POLICY, PlayoutPolicy } from '../../src/search/policy.js';

// The shape counts of the playouts' random phase, and the random phase drawing by them.

const games = readRecords(fileURLToPath(new URL('./fixtures/tygem-2005-11-head6.txt', import.meta.url)));

/** A code from 8 neighbour values in slot order NW N NE W E SW S SE. */
const code = (values: number[]): number => values.reduce((sum, v, j) => sum | (v << (2 * j)), 0);

describe('playout shapes', () => {
  it('gives one code to a shape turned, mirrored, or seen by the other colour', () => {
    // a black stone to the north, white to the east, the edge to the south
    const shape = code([0, BLACK, 0, 0, WHITE, 3, 3, 3]);
    const turned = code([0, 0, 3, BLACK, 3, 0, WHITE, 3]); // a quarter turn clockwise
    const mirrored = code([3, 3, 3, 0, WHITE, 0, BLACK, 0]); // north and south swapped
    const swapped = code([0, WHITE, 0, 0, BLACK, 3, 3, 3]);
    const c = canonicalShape(shape, BLACK);
    expect(canonicalShape(turned, BLACK)).toBe(c);
    expect(canonicalShape(mirrored, BLACK)).toBe(c);
    expect(canonicalShape(swapped, WHITE)).toBe(c);
    expect(canonicalShape(swapped, BLACK)).not.toBe(c);
  });

  it('counts each played move once among the points available', () => {
    const { positions, codes } = countShapes(games);
    const moves = games.reduce((n, g) => n + g.moves.filter((m) => m.point >= 0).length, 0);
    expect(positions).toBe(moves);
    expect(codes.reduce((n, [, chosen]) => n + chosen, 0)).toBe(positions);
    for (const [, chosen, available] of codes) expect(chosen).toBeLessThanOrEqual(available);
  });

  it('keeps often-played shapes always, rare ones seldom and the mover\'s eyes never', () => {
    const empty = code([0, 0, 0, 0, 0, 0, 0, 0]);
    const cut = code([WHITE, BLACK, 0, BLACK, WHITE, 0, 0, 0]); // black to move cuts
    const counts: ShapeCounts = {
      format: FORMAT,
      data: 'test',
      command: 'test',
      games: 1,
      positions: 1000,
      codes: [
        [canonicalShape(empty, BLACK), 10, 100_000],
        [canonicalShape(cut, BLACK), 300, 1000],
      ],
    };
    const [black, white] = acceptanceTables(counts, 1);
    expect(black[cut]).toBe(65535);
    expect(black[empty]).toBeLessThan(65536 / 64 + 1);
    const eye = code([BLACK, BLACK, BLACK, BLACK, BLACK, BLACK, BLACK, BLACK]);
    expect(EYE[eye]).toBe(BLACK);
    expect(black[eye]).toBe(0);
    expect(white[eye]).toBeGreaterThan(0);
    // a shape never counted gets the mean share, between the two
    const lone = code([BLACK, 0, 0, 0, 0, 0, 0, 0]);
    expect(black[lone]).toBeGreaterThan(black[empty]);
    expect(black[lone]).toBeLessThan(black[cut]);
  });

  it('draws random moves near stones more and on the empty edge less than uniformly', () => {
    expect(shippedAcceptance(0.5)).not.toBeNull();
    const share = (shapePower: number) => {
      const b = new PlayoutBoard(9);
      const stones = new Int8Array(81);
      stones[40] = BLACK; // E5
      b.setup(stones, WHITE);
      const policy = new PlayoutPolicy({ ...LIGHT_POLICY, shapePower });
      const rng = new Rng(7);
      let near = 0;
      let edge = 0;
      for (let k = 0; k < 4000; k++) {
        const p = b.pointOf[policy.choose(b, rng)];
        const [x, y] = [p % 9, Math.floor(p / 9)];
        if (Math.abs(x - 4) <= 1 && Math.abs(y - 4) <= 1) near++;
        if (x === 0 || y === 0 || x === 8 || y === 8) edge++;
      }
      return { near: near / 4000, edge: edge / 4000 };
    };
    const uniform = share(0);
    const shaped = share(0.5);
    // uniform: 8 of the 80 empty points are next to the stone, 32 on the edge
    expect(uniform.near).toBeCloseTo(0.1, 1);
    expect(uniform.edge).toBeCloseTo(0.4, 1);
    expect(shaped.near).toBeGreaterThan(1.5 * uniform.near);
    expect(shaped.edge).toBeLessThan(0.5 * uniform.edge);
  });
});
