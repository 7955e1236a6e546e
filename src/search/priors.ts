// Prior knowledge for a new tree node's children, as virtual visits and wins added to the
// node's statistics (michi/Pachi style). On top of an even prior, the learned move
// probability p from src/knowledge (Coulom's model trained on 9-dan games) as virtual wins
// √p·E, the way Pachi turns its pattern probabilities into a prior (uct/prior.c: √p·300 on
// 19×19, with an even prior of 14 on 9×9). Larger boards add michi's hand-made terms
// (pasky/michi: capture 15/30, 3×3 shape 10, nearness to the last move 24/22/8, self-atari and
// empty-area penalties 10) and put the learned wins into the AMAF statistics as well: RAVE soon
// dominates a node's value, and without them 3,000 playouts on the empty 19×19 board still
// chose third-line and second-line moves. On 9×9 the learned prior alone (E = 210, even 14,
// no hand-made terms) beat the mix (E = 50 with hand-made terms) 38–15–7 in self-play at equal
// clocks (docs/BENCHMARKS.md): the hand-made nearness and shape terms drowned the model's
// preferences, and counted the distance to the last move twice. See boardPriors.

import { MovePredictor, shippedWeights } from '../knowledge/model.js';
import { EMPTY, OFF, PASS_IDX, type PlayoutBoard } from './playout-board.js';
import { PATTERN3 } from './patterns.js';

export interface PriorParams {
  even: number;
  captureOne: number;
  captureMany: number;
  atariEscape: number;
  pattern: number;
  selfAtari: number;
  near: [number, number, number];
  emptyArea: number;
  /** share of the learned prior (1 = full, 0 = off) */
  learned: number;
  /** virtual wins √p·learnedWins for a move of learned probability p, at a full share */
  learnedWins: number;
  /** the same wins in the AMAF statistics */
  learnedAmaf: number;
  /** scales the hand-made terms (0 = even and learned prior only) */
  scale: number;
}

export const FULL_PRIORS: PriorParams = {
  even: 10,
  captureOne: 15,
  captureMany: 30,
  atariEscape: 15,
  pattern: 10,
  selfAtari: 10,
  near: [24, 22, 8],
  emptyArea: 10,
  learned: 1,
  learnedWins: 300,
  learnedAmaf: 300,
  scale: 1,
};

/**
 * The priors for a board size: 19×19 as FULL_PRIORS (E = 300 in real and AMAF statistics,
 * hand-made terms); 9×9 and smaller the learned prior alone, E = 210 and an even prior of 14
 * (as Pachi's); between, E = 50…300 by area (as measured before the 9×9 change; not re-tuned).
 */
export function boardPriors(size: number, p: PriorParams): PriorParams {
  if (size <= 9) return { ...p, even: 14, scale: 0, learnedWins: 210, learnedAmaf: 0 };
  const area = Math.min(1, (size * size - 81) / (361 - 81));
  return { ...p, learnedWins: 50 + 250 * area, learnedAmaf: 300 * area };
}

export class Priors {
  n = 0;
  w = 0;
  /** virtual AMAF visits and wins */
  rn = 0;
  rw = 0;
  private readonly xOf: Int32Array;
  private readonly yOf: Int32Array;
  /** the learned model (null when off or when no weight file ships) and its probabilities by padded index */
  private readonly predictor: MovePredictor | null;
  private readonly prob: Float32Array;
  /** virtual wins (real and AMAF) for a move of probability 1 on this board size */
  private readonly learnedN: number;
  private readonly learnedRave: number;

  constructor(
    private readonly size: number,
    readonly params: PriorParams,
  ) {
    const b = { size, cells: (size + 2) * (size + 2), idxOf: (p: number) => (Math.floor(p / size) + 1) * (size + 2) + (p % size) + 1 };
    this.xOf = new Int32Array(b.cells).fill(-9);
    this.yOf = new Int32Array(b.cells).fill(-9);
    for (let p = 0; p < size * size; p++) {
      this.xOf[b.idxOf(p)] = p % size;
      this.yOf[b.idxOf(p)] = Math.floor(p / size);
    }
    this.learnedN = params.learned * params.learnedWins;
    this.learnedRave = params.learned * params.learnedAmaf;
    const weights = params.learned > 0 ? shippedWeights() : null;
    this.predictor = weights ? new MovePredictor(weights, size) : null;
    this.prob = new Float32Array(b.cells);
  }

  /** Rates every move of b's position at once; call before compute() for the same position. */
  prepare(b: PlayoutBoard): void {
    if (this.predictor) this.predictor.rate(b, this.prob);
  }

  /** Computes (n, w) for a legal move i by b's side to move; results in this.n / this.w. */
  compute(b: PlayoutBoard, i: number): void {
    const P = this.params;
    const c = b.toMove;
    const o = 3 - c;
    let n = P.even;
    let w = P.even * 0.5;
    this.rn = 0;
    this.rw = 0;
    if (this.predictor) {
      const sp = Math.sqrt(this.prob[i]);
      n += this.learnedN * sp;
      w += this.learnedN * sp;
      this.rn = this.learnedRave * sp;
      this.rw = this.rn;
    }
    const k = P.scale;
    if (k > 0) {
      const { color, chain, width } = b;
      // captures and atari escapes
      let captured = 0;
      let escapes = false;
      for (let d = 0; d < 4; d++) {
        const m = i + (d === 0 ? -width : d === 1 ? -1 : d === 2 ? 1 : width);
        const cm = color[m];
        if (cm === o) {
          const h = chain[m];
          if (b.inAtari(h)) captured += b.stones[h];
        } else if (cm === c) {
          if (b.inAtari(chain[m])) escapes = true;
        }
      }
      if (captured > 0) {
        const v = (captured === 1 ? P.captureOne : P.captureMany) * k;
        n += v;
        w += v;
      }
      const libs = b.libsAfter(i, c, 3);
      if (escapes && libs >= 3) {
        n += P.atariEscape * k;
        w += P.atariEscape * k;
      }
      if (libs < 2 && captured === 0) {
        // self-atari: worse the bigger the chain that would die
        const v = P.selfAtari * k * (b.chainSizeAfter(i, c) > 1 ? 2 : 1);
        n += v;
      }
      if (PATTERN3[b.pat[i]] === 1) {
        n += P.pattern * k;
        w += P.pattern * k;
      }
      const last = b.lastMove;
      if (last !== PASS_IDX) {
        const dx = Math.abs(this.xOf[i] - this.xOf[last]);
        const dy = Math.abs(this.yOf[i] - this.yOf[last]);
        // Pachi's "gridcular" distance: 2 for a direct neighbour, 3 diagonal or one-space jump …
        const dist = dx + dy + Math.max(dx, dy);
        const v = dist <= 2 ? P.near[0] : dist <= 3 ? P.near[1] : dist <= 4 ? P.near[2] : 0;
        if (v > 0) {
          n += v * k;
          w += v * k;
        }
      }
      // an empty neighbourhood on the first two lines is slow; on the third line it is good
      const line = this.line(i);
      if (line <= 2 && this.emptyAround(b, i, 3)) {
        const v = P.emptyArea * k;
        n += v;
        if (line === 2) w += v;
      }
    }
    this.n = n;
    this.w = w;
  }

  /** Distance to the nearest edge (0 = first line). */
  line(i: number): number {
    const s = this.size - 1;
    const x = this.xOf[i];
    const y = this.yOf[i];
    return Math.min(x, y, s - x, s - y);
  }

  /** True when no stone is within Manhattan distance r of i. */
  private emptyAround(b: PlayoutBoard, i: number, r: number): boolean {
    const x0 = this.xOf[i];
    const y0 = this.yOf[i];
    for (let dy = -r; dy <= r; dy++) {
      const y = y0 + dy;
      if (y < 0 || y >= b.size) continue;
      const rx = r - Math.abs(dy);
      for (let dx = -rx; dx <= rx; dx++) {
        const x = x0 + dx;
        if (x < 0 || x >= b.size) continue;
        const cc = b.color[(y + 1) * b.width + x + 1];
        if (cc !== EMPTY && cc !== OFF) return false;
      }
    }
    return true;
  }
}
