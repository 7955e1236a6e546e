// What the search asks the network: for a position on the search board, a probability for every
// legal move (and pass) and the side to move's chance of winning. The planes come from
// planes.ts, the evaluation from evaluator.ts; one random rotation or reflection of the board
// per evaluation (AlphaGo's "implicit ensemble") unless a symmetry is asked for.

import { PASS_IDX, PlayoutBoard } from '../game/playout-board.js';
import { Tally } from '../knowledge/accuracy.js';
import { replay, type Record } from '../knowledge/records.js';
import type { Accuracy } from '../knowledge/weights.js';
import { NetworkEvaluator } from './evaluator.js';
import { PLANES, PlaneEncoder } from './planes.js';

export { defaultNetworkPath } from './file.js';

export interface NetworkOutput {
  /** probability by point (y*size+x), then pass at index size*size; 0 for illegal points */
  prior: Float32Array;
  /** the side to move's chance of winning, 0..1 */
  winrate: number;
}

/** Point p = y*size+x of the board seen under symmetry s (0..7: 4 rotations, each maybe mirrored). */
export function symmetricPoint(p: number, size: number, s: number): number {
  let x = p % size;
  let y = (p - x) / size;
  if (s & 4) x = size - 1 - x;
  for (let r = 0; r < (s & 3); r++) [x, y] = [y, size - 1 - x];
  return y * size + x;
}

/** Every symmetry of the board: the root's prior averages the network over all eight. */
export const ALL_SYMMETRIES = [0, 1, 2, 3, 4, 5, 6, 7];

export class Network {
  private readonly encoders = new Map<number, { enc: PlaneEncoder; planes: Float32Array; turned: Float32Array; map: Int32Array[] }>();
  private seed = 0x2545f491;

  private constructor(readonly evaluator: NetworkEvaluator) {}

  static async load(path: string, threads: number): Promise<Network> {
    return new Network(await NetworkEvaluator.load(path, { threads, planes: PLANES }));
  }

  private context(size: number) {
    let ctx = this.encoders.get(size);
    if (!ctx) {
      const points = size * size;
      const map = Array.from({ length: 8 }, (_, s) => Int32Array.from({ length: points }, (_, p) => symmetricPoint(p, size, s)));
      ctx = { enc: new PlaneEncoder(size), planes: new Float32Array(PLANES * points), turned: new Float32Array(8 * PLANES * points), map };
      this.encoders.set(size, ctx);
    }
    return ctx;
  }

  /** A symmetry drawn from the network's own stream (xorshift), so runs with a seed repeat. */
  private randomSymmetry(): number {
    let s = this.seed;
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    this.seed = s;
    return (s >>> 0) % 8;
  }

  /**
   * Evaluates b's position (its side to move). lastMoves: the game's moves as points, most recent
   * last, -1 a pass. symmetries: the board's symmetries (0..7) to evaluate, in one batch, whose
   * logits and values are averaged; by default one at random.
   */
  async evaluate(b: PlayoutBoard, lastMoves: ArrayLike<number>, symmetries: readonly number[] = [this.randomSymmetry()]): Promise<NetworkOutput> {
    const size = b.size;
    const points = size * size;
    const plane = PLANES * points;
    const n = symmetries.length;
    const { enc, planes, turned, map } = this.context(size);
    enc.encode(b, lastMoves, planes, 0);
    for (const [k, s] of symmetries.entries()) {
      const m = map[s];
      for (let q = 0; q < PLANES; q++) {
        const from = q * points;
        const to = k * plane + from;
        for (let p = 0; p < points; p++) turned[to + m[p]] = planes[from + p];
      }
    }
    const { policy, value } = await this.evaluator.evaluate(turned.subarray(0, n * plane), n, size);
    // the logits read back through each symmetry and averaged, then a softmax over the legal moves
    const logits = new Float32Array(points + 1);
    let winrate = 0;
    for (const [k, s] of symmetries.entries()) {
      const m = map[s];
      const row = k * (points + 1);
      for (let p = 0; p < points; p++) logits[p] += policy[row + m[p]] / n;
      logits[points] += policy[row + points] / n;
      winrate += (value[k] + 1) / 2 / n;
    }
    const legal = new Uint8Array(points + 1);
    legal[points] = 1;
    let max = logits[points];
    for (let p = 0; p < points; p++) {
      if (!b.isLegal(b.idxOf[p], b.toMove)) continue;
      legal[p] = 1;
      max = Math.max(max, logits[p]);
    }
    const prior = new Float32Array(points + 1);
    let sum = 0;
    for (let p = 0; p <= points; p++) {
      if (!legal[p]) continue;
      prior[p] = Math.exp(logits[p] - max);
      sum += prior[p];
    }
    for (let p = 0; p <= points; p++) prior[p] /= sum;
    return { prior, winrate };
  }

  async close(): Promise<void> {
    await this.evaluator.close();
  }
}

/**
 * How well the network alone predicts the moves of recorded games (the same figures as the
 * move-pattern model's, knowledge/accuracy.ts): every position before a move the board accepts,
 * in the identity orientation or averaged over the given symmetries.
 */
export async function measureNetworkAccuracy(network: Network, records: Iterable<Record>, symmetries: readonly number[] = [0], progress?: (t: Tally) => void): Promise<Accuracy> {
  const tally = new Tally();
  const boards = new Map<number, PlayoutBoard>();
  for (const r of records) {
    let b = boards.get(r.size);
    if (!b) boards.set(r.size, (b = new PlayoutBoard(r.size)));
    const points = r.size * r.size;
    const positions: { board: PlayoutBoard; played: number[]; move: number }[] = [];
    const played: number[] = [];
    replay(r, b, (board, move) => {
      const copy = new PlayoutBoard(r.size);
      copy.copyFrom(board);
      positions.push({ board: copy, played: played.slice(), move: move === PASS_IDX ? points : board.pointOf[move] });
      played.push(move === PASS_IDX ? -1 : board.pointOf[move]);
    });
    const probs = new Float64Array(points + 1);
    for (const p of positions) {
      const { prior } = await network.evaluate(p.board, p.played, symmetries);
      probs.set(prior);
      tally.add(probs, points + 1, p.move);
    }
    tally.games++;
    progress?.(tally);
  }
  return tally.result();
}
