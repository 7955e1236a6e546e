import { afterAll, describe, expect, it } from 'vitest';
import { PASS_IDX, PlayoutBoard } from '../../src/game/playout-board.js';
import { readRecords, replay } from '../../src/knowledge/records.js';
import { ALL_SYMMETRIES, defaultNetworkPath, Network, symmetricPoint } from '../../src/network/network.js';

// The shipped network as the search asks it: probabilities over the legal moves read back
// through the symmetry the board was turned by, and the average over all eight.

const network = Network.load(defaultNetworkPath(), 1);
afterAll(async () => (await network).close());

const SIZE = 19;
const POINTS = SIZE * SIZE;

/** A middle-game position of a recorded game: the board after `moves` moves and those moves as points. */
function position(moves: number): { board: PlayoutBoard; played: number[] } {
  const record = readRecords('test/knowledge/fixtures/tygem-2005-11-head6.txt')[0];
  const board = new PlayoutBoard(SIZE);
  const played: number[] = [];
  replay(record, board, (b, move) => {
    if (played.length === moves) return false;
    played.push(move === PASS_IDX ? -1 : b.pointOf[move]);
  });
  return { board, played };
}

/** The same position turned by symmetry s. */
function turned(board: PlayoutBoard, played: number[], s: number): { board: PlayoutBoard; played: number[] } {
  const stones = board.toArray(new Int8Array(POINTS));
  const out = new Int8Array(POINTS);
  for (let p = 0; p < POINTS; p++) out[symmetricPoint(p, SIZE, s)] = stones[p];
  const b = new PlayoutBoard(SIZE);
  b.setup(out, board.toMove);
  return { board: b, played: played.map((p) => (p < 0 ? p : symmetricPoint(p, SIZE, s))) };
}

describe('Network.evaluate', () => {
  const { board, played } = position(60);

  it('gives a probability to every legal move and pass, none to occupied points, and a win rate', async () => {
    const net = await network;
    const { prior, winrate } = await net.evaluate(board, played, [0]);
    const stones = board.toArray(new Int8Array(POINTS));
    expect(prior.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    for (let p = 0; p < POINTS; p++) if (stones[p] !== 0) expect(prior[p]).toBe(0);
    expect(winrate).toBeGreaterThan(0);
    expect(winrate).toBeLessThan(1);
    // a 9-dan network puts its best move on an empty point, far above the uniform 1/300
    expect(Math.max(...prior.subarray(0, POINTS))).toBeGreaterThan(0.1);
  });

  it('reads each symmetry back to the board as given: the turned position under symmetry 0 is the position under s', async () => {
    const net = await network;
    for (const s of [1, 4, 6]) {
      const a = await net.evaluate(board, played, [s]);
      const t = turned(board, played, s);
      const b = await net.evaluate(t.board, t.played, [0]);
      for (let p = 0; p < POINTS; p++) expect(a.prior[p]).toBeCloseTo(b.prior[symmetricPoint(p, SIZE, s)], 5);
      expect(a.prior[POINTS]).toBeCloseTo(b.prior[POINTS], 5);
      expect(a.winrate).toBeCloseTo(b.winrate, 5);
    }
  });

  it('averaged over all eight symmetries, it does not depend on how the board is turned', async () => {
    const net = await network;
    const a = await net.evaluate(board, played, ALL_SYMMETRIES);
    const t = turned(board, played, 3);
    const b = await net.evaluate(t.board, t.played, ALL_SYMMETRIES);
    for (let p = 0; p < POINTS; p++) expect(a.prior[p]).toBeCloseTo(b.prior[symmetricPoint(p, SIZE, 3)], 5);
    expect(a.winrate).toBeCloseTo(b.winrate, 5);
    // and it is not simply one of them
    const one = await net.evaluate(board, played, [0]);
    expect(Math.max(...a.prior.map((x, p) => Math.abs(x - one.prior[p])))).toBeGreaterThan(1e-4);
  });
});
