// Fitting the ownership weights (ownership.ts) on top of fixed move weights: from positions of
// game records, `playouts` playouts of tengen's own policy measure who owns each point (as the
// search measures it), and the nine bucket weights are fitted by gradient ascent on the
// log-likelihood of the played moves, P(m) ∝ p(m)·e^w[bucket(m)] with p the move weights'
// probability. Nine weights and a concave likelihood: full-batch steps converge in a few
// hundred iterations. Same records, same seed, same file.

import { PASS_IDX, PlayoutBoard } from '../game/playout-board.js';
import { Rng } from '../game/rng.js';
import { FULL_POLICY, PlayoutPolicy } from '../search/policy.js';
import { Tally } from './accuracy.js';
import { Candidates, FeatureExtractor } from './features.js';
import { softmax, teamScores } from './model.js';
import { OWNERSHIP_BUCKETS, ownershipBucket } from './ownership.js';
import { replay, type Record } from './records.js';
import type { Weights } from './weights.js';

/** One position: the move weights' probability of each candidate, its bucket (-1: pass), the played one. */
export interface OwnershipSample {
  probs: Float64Array;
  buckets: Int8Array;
  played: number;
}

export interface SampleOptions {
  playouts: number;
  /** every k-th position of a game, from move 10 on */
  stride: number;
  seed: number;
}

/** Samples from the positions of records (playouts from each, seeded). */
export function ownershipSamples(weights: Weights, records: Iterable<Record>, o: SampleOptions): OwnershipSample[] {
  const out: OwnershipSample[] = [];
  const policy = new PlayoutPolicy(FULL_POLICY);
  const rng = new Rng(o.seed);
  const sized = new Map<number, { x: FeatureExtractor; c: Candidates; s: Float64Array; work: PlayoutBoard; seq: Int32Array; owner: Uint8Array; own: Int32Array }>();
  for (const r of records) {
    let ctx = sized.get(r.size);
    if (!ctx) {
      const points = r.size * r.size;
      ctx = {
        x: new FeatureExtractor(r.size, weights.dict),
        c: new Candidates(points),
        s: new Float64Array(points + 1),
        work: new PlayoutBoard(r.size),
        seq: new Int32Array(4 * points),
        owner: new Uint8Array(points),
        own: new Int32Array(points),
      };
      sized.set(r.size, ctx);
    }
    const { x, c, s, work, seq, owner, own } = ctx;
    let moveNumber = 0;
    replay(r, new PlayoutBoard(r.size), (b, move) => {
      moveNumber++;
      if (moveNumber < 10 || moveNumber % o.stride !== 0) return;
      x.extract(b, c);
      const played = c.indexOf(move);
      if (played < 0) return;
      teamScores(weights.w, c, s);
      softmax(s, c.count);
      own.fill(0);
      for (let k = 0; k < o.playouts; k++) {
        work.copyFrom(b);
        policy.run(work, rng, seq, 0, seq.length);
        work.scorePlayout(owner);
        for (let p = 0; p < owner.length; p++) if (owner[p] === b.toMove) own[p]++;
      }
      const buckets = new Int8Array(c.count);
      for (let k = 0; k < c.count; k++) {
        const m = c.move[k];
        buckets[k] = m === PASS_IDX ? -1 : ownershipBucket(own[b.pointOf[m]] / o.playouts);
      }
      out.push({ probs: Float64Array.from(s.subarray(0, c.count)), buckets, played });
    });
  }
  return out;
}

/** Mean log-likelihood of the played moves and top-1 (%) under weights w; grad (if given) gets the gradient sum. */
export function ownershipFit(samples: OwnershipSample[], w: ArrayLike<number>, grad: Float64Array | null = null): { logLikelihood: number; top1: number } {
  const tally = new Tally();
  let probs = new Float64Array(0);
  for (const { probs: p, buckets, played } of samples) {
    if (probs.length < p.length) probs = new Float64Array(p.length);
    let z = 0;
    for (let k = 0; k < p.length; k++) {
      probs[k] = buckets[k] < 0 ? p[k] : p[k] * Math.exp(w[buckets[k]]);
      z += probs[k];
    }
    for (let k = 0; k < p.length; k++) probs[k] /= z;
    tally.add(probs, p.length, played);
    if (grad) {
      if (buckets[played] >= 0) grad[buckets[played]] += 1;
      for (let k = 0; k < p.length; k++) if (buckets[k] >= 0) grad[buckets[k]] -= probs[k];
    }
  }
  const a = tally.result();
  return { logLikelihood: a.logLikelihood, top1: a.top1 };
}

/** The bucket weights that maximise the likelihood of samples (pass, weight 0, is the reference). */
export function fitOwnership(samples: OwnershipSample[], iterations = 300, rate = 2): number[] {
  const w = new Float64Array(OWNERSHIP_BUCKETS);
  const grad = new Float64Array(OWNERSHIP_BUCKETS);
  for (let it = 0; it < iterations && samples.length > 0; it++) {
    grad.fill(0);
    ownershipFit(samples, w, grad);
    for (let b = 0; b < w.length; b++) w[b] += (rate * grad[b]) / samples.length;
  }
  return Array.from(w, (v) => Math.round(v * 1000) / 1000);
}
