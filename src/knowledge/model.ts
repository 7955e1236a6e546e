// Move probabilities from the learned weights: P(m) = exp(Σ w over m's team) / Σ over the
// legal moves (Coulom's Bradley-Terry model, w = ln γ). This is what search/priors.ts asks for;
// it never trains anything.

import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import type { PlayoutBoard } from '../game/playout-board.js';
import { Candidates, FeatureExtractor } from './features.js';
import { loadWeights, type Weights } from './weights.js';

/** Scores (Σ w) of every candidate in cands, into scores[0 .. cands.count). */
export function teamScores(w: Float32Array, cands: Candidates, scores: Float64Array): void {
  const { start, feats } = cands;
  for (let k = 0; k < cands.count; k++) {
    let s = 0;
    for (let j = start[k]; j < start[k + 1]; j++) s += w[feats[j]];
    scores[k] = s;
  }
}

/** Turns scores into probabilities in place (softmax); returns the log of the normaliser. */
export function softmax(scores: Float64Array, n: number): number {
  let max = -Infinity;
  for (let k = 0; k < n; k++) if (scores[k] > max) max = scores[k];
  let z = 0;
  for (let k = 0; k < n; k++) {
    const e = Math.exp(scores[k] - max);
    scores[k] = e;
    z += e;
  }
  for (let k = 0; k < n; k++) scores[k] /= z;
  return max + Math.log(z);
}

/** Rates positions of one board size with one set of weights. */
export class MovePredictor {
  private readonly extractor: FeatureExtractor;
  readonly cands: Candidates;
  private readonly scores: Float64Array;

  constructor(
    readonly weights: Weights,
    readonly size: number,
  ) {
    this.extractor = new FeatureExtractor(size, weights.dict);
    this.cands = new Candidates(size * size);
    this.scores = new Float64Array(size * size + 1);
  }

  /** Probabilities of every legal move of b's side to move by padded index (0 for the rest; pass at PASS_IDX). */
  rate(b: PlayoutBoard, out: Float32Array): void {
    out.fill(0);
    const cands = this.cands;
    this.extractor.extract(b, cands);
    teamScores(this.weights.w, cands, this.scores);
    softmax(this.scores, cands.count);
    for (let k = 0; k < cands.count; k++) out[cands.move[k]] = this.scores[k];
  }
}

/** The weight file that ships with tengen (trained by `tengen train`, see its header). */
export function defaultWeightsPath(): string {
  const here = fileURLToPath(new URL('../../data/knowledge/tygem-9d.json', import.meta.url));
  return here;
}

let shipped: Weights | null | undefined;

/** The shipped weights, loaded once per thread; null when the file is missing. */
export function shippedWeights(): Weights | null {
  if (shipped === undefined) {
    const path = defaultWeightsPath();
    shipped = existsSync(path) ? loadWeights(path) : null;
  }
  return shipped;
}
