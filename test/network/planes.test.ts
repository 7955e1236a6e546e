// The planes the training files hold are the planes the engine feeds the network: positions of
// recorded games exported as training data (knowledge/records → network/positions) and the
// same positions reached through a GTP session (engine → search root board) encode alike.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session } from '../../src/engine/session.js';
import { searchPosition } from '../../src/engine/search-player.js';
import { PlayoutBoard } from '../../src/game/playout-board.js';
import { readRecords } from '../../src/knowledge/records.js';
import { PLANE, PLANES, PlaneEncoder } from '../../src/network/planes.js';
import { exportPositions, PositionWriter, readPositions, unpackPlanes } from '../../src/network/positions.js';
import { rootBoard } from '../../src/search/network-prior.js';
import { tempDirs } from '../support/temp-dir.js';
import { boardFromRows } from '../support/position.js';

const tempDir = tempDirs('tengen-planes-');
const records = readRecords('test/knowledge/fixtures/tygem-2005-11-head6.txt');

describe('training planes', () => {
  it('equal the planes the engine computes for the same positions, move by move', () => {
    const writers = new Map<number, PositionWriter>();
    exportPositions(records, writers, { sample: 1, seed: 1 });
    const file = join(tempDir(), 'games.tgnp');
    writers.get(19)!.write(file);
    const f = readPositions(file);
    expect(f.planes).toBe(PLANES);
    const total = records.reduce((n, r) => n + r.moves.length, 0);
    expect(f.count).toBe(total);

    const enc = new PlaneEncoder(19);
    const fromFile = new Float32Array(PLANES * 361);
    const live = new Float32Array(PLANES * 361);
    const seen = new Float32Array(PLANES);
    let k = 0;
    for (const r of records) {
      const session = new Session({ size: 19 });
      for (const [n, m] of r.moves.entries()) {
        const pos = searchPosition(session, m.color);
        enc.encode(rootBoard(pos), pos.lastMoves, live, 0);
        unpackPlanes(f, k, fromFile);
        expect(fromFile, `game ${r.id} move ${n + 1}`).toEqual(live);
        expect(f.moves[k]).toBe(m.point < 0 ? 361 : m.point);
        expect(f.moveNumbers[k]).toBe(n);
        for (let p = 0; p < PLANES; p++) for (let q = 0; q < 361; q++) seen[p] += live[p * 361 + q];
        expect(session.play(m.color, m.point)).toBeNull();
        k++;
      }
    }
    // the games exercise every plane but the pass one (no game has a pass before its end)
    for (let p = 0; p < PLANES; p++) if (p !== PLANE.lastWasPass) expect(seen[p], `plane ${p}`).toBeGreaterThan(0);
  });

  it('know the results only of games decided on the board', () => {
    const r = { ...records[0], moves: records[0].moves.slice(0, 4) };
    const results = (result: string | undefined): number[] => {
      const writers = new Map<number, PositionWriter>();
      exportPositions([{ ...r, result }], writers, { sample: 1, seed: 1 });
      const file = join(tempDir(), 'r.tgnp');
      writers.get(19)!.write(file);
      return [...readPositions(file).results];
    };
    expect(results('B+R')).toEqual([1, -1, 1, -1]);
    expect(results('W+3.5')).toEqual([-1, 1, -1, 1]);
    expect(results('B+Time')).toEqual([0, 0, 0, 0]);
    expect(results(undefined)).toEqual([0, 0, 0, 0]);
  });

  it('mark a ladder that works and one that does not', () => {
    // White's D3 stone has two liberties; Black to move ladders it towards the upper right,
    // unless a White stone stands in the way
    const open = boardFromRows([
      '.........',
      '.........',
      '.........',
      '.........',
      '.........',
      '..X......',
      '..XO.....',
      '...X.....',
      '.........',
    ]);
    const broken = open.slice();
    broken[4 * 9 + 6] = 2; // a White ladder breaker at G5
    const planeAt = (board: Int8Array, plane: number, point: number, toMove = 1): number => {
      const b = new PlayoutBoard(9);
      b.setup(board, toMove, 0);
      const out = new Float32Array(PLANES * 81);
      new PlaneEncoder(9).encode(b, [], out, 0);
      return out[plane * 81 + point];
    };
    const d3 = 2 * 9 + 3;
    expect(planeAt(open, PLANE.opponentLadderable, d3)).toBe(1);
    expect(planeAt(broken, PLANE.opponentLadderable, d3)).toBe(0);
    expect(planeAt(open, PLANE.libs2, d3)).toBe(1);
    // the same stone seen by White to move: its own stone the opponent can ladder
    expect(planeAt(open, PLANE.ownLadderable, d3, 2)).toBe(1);
    expect(planeAt(broken, PLANE.ownLadderable, d3, 2)).toBe(0);
  });

  it('refuse a file that is not a training file', () => {
    const file = join(tempDir(), 'bad.tgnp');
    writeFileSync(file, 'hello');
    expect(() => readPositions(file)).toThrow(/not a tengen training file/);
  });
});
