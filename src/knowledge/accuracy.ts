// How well the weights alone (no search) predict the moves of recorded games: top-1, top-5
// and the mean log-likelihood of the played move over every position the board accepts.

import { PlayoutBoard } from '../game/playout-board.js';
import { Candidates, FeatureExtractor } from './features.js';
import { softmax, teamScores } from './model.js';
import { replay, type Record } from './records.js';
import type { Accuracy, Weights } from './weights.js';

/** Accumulates predictions position by position (the learner uses it for its running figures too). */
export class Tally {
  games = 0;
  positions = 0;
  hits1 = 0;
  hits5 = 0;
  logSum = 0;

  /** scores: probabilities of cands (softmax done); played: the played candidate's index. */
  add(probs: Float64Array, n: number, played: number): void {
    // rank with ties broken by candidate order, as an argmax over the list would pick
    const pp = probs[played];
    let rank = 0;
    for (let k = 0; k < n; k++) if (probs[k] > pp || (probs[k] === pp && k < played)) rank++;
    this.positions++;
    if (rank === 0) this.hits1++;
    if (rank < 5) this.hits5++;
    this.logSum += Math.log(Math.max(pp, 1e-300));
  }

  result(): Accuracy {
    const n = Math.max(1, this.positions);
    return {
      games: this.games,
      positions: this.positions,
      top1: (100 * this.hits1) / n,
      top5: (100 * this.hits5) / n,
      logLikelihood: this.logSum / n,
    };
  }
}

export function formatAccuracy(a: Accuracy): string {
  return `positions ${a.positions}, top-1 ${a.top1.toFixed(1)}%, top-5 ${a.top5.toFixed(1)}%`;
}

/** Measures weights on records (any board size). */
export function measureAccuracy(weights: Weights, records: Iterable<Record>, progress?: (t: Tally) => void): Accuracy {
  const tally = new Tally();
  const bySize = new Map<number, { b: PlayoutBoard; x: FeatureExtractor; c: Candidates; s: Float64Array }>();
  for (const r of records) {
    let ctx = bySize.get(r.size);
    if (!ctx) {
      ctx = {
        b: new PlayoutBoard(r.size),
        x: new FeatureExtractor(r.size, weights.dict),
        c: new Candidates(r.size * r.size),
        s: new Float64Array(r.size * r.size + 1),
      };
      bySize.set(r.size, ctx);
    }
    const { b, x, c, s } = ctx;
    replay(r, b, (board, move) => {
      x.extract(board, c);
      const k = c.indexOf(move);
      if (k < 0) return false;
      teamScores(weights.w, c, s);
      softmax(s, c.count);
      tally.add(s, c.count, k);
    });
    tally.games++;
    progress?.(tally);
  }
  return tally.result();
}
