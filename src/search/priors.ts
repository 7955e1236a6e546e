// Prior knowledge for a new tree node's children, as virtual visits and wins added to the
// node's statistics (michi/Pachi style): an even prior, and the learned move probability p
// from src/knowledge (Coulom's model trained on 9-dan games) as virtual wins √p·E, the way
// Pachi turns its pattern probabilities into a prior (uct/prior.c: √p·300 on 19×19, √p·210 and
// an even prior of 14 on 9×9). On larger boards a third of them go into the AMAF statistics
// too: RAVE soon dominates a node's value, and without them 3,000 playouts on the empty 19×19
// board still chose third-line and second-line moves; a third played stronger in self-play
// than the full wins.
//
// There are no hand-made terms (michi's captures, 3×3 shape, nearness to the last move,
// self-atari, empty edge areas): they drowned the model's preferences and counted what it
// already knows (the distance to the last move) twice, and the learned prior alone played
// stronger on 9×9 and 19×19. The runs are in docs/EXPERIMENTS.md ("Move knowledge").

import { MovePredictor, shippedWeights } from '../knowledge/model.js';
import { escapesIntoLadder } from '../knowledge/features.js';
import type { PlayoutBoard } from '../game/playout-board.js';
import type { PriorParams } from './params.js';

/** A probability no move has: marks a pruned move in Priors.prob */
const PRUNED = -1;

export class Priors {
  n = 0;
  w = 0;
  /** virtual AMAF visits and wins */
  rn = 0;
  rw = 0;
  /** the learned model (null when off or when no weight file ships) and its probabilities by padded index */
  private readonly predictor: MovePredictor | null;
  private readonly prob: Float32Array;
  /** virtual wins (real and AMAF) for a move of probability 1 on this board size */
  private readonly learnedN: number;
  private readonly learnedRave: number;

  constructor(
    size: number,
    readonly params: PriorParams,
  ) {
    this.learnedN = params.learned * params.learnedWins;
    this.learnedRave = params.learned * params.learnedAmaf;
    const weights = params.learned > 0 ? shippedWeights() : null;
    this.predictor = weights ? new MovePredictor(weights, size) : null;
    this.prob = new Float32Array((size + 2) * (size + 2));
  }

  /** Rates every move of b's position at once; call before compute() for the same position. */
  prepare(b: PlayoutBoard): void {
    const predictor = this.predictor;
    if (!predictor) return;
    predictor.rate(b, this.prob);
    // The playouts do not read ladders, so running out of one looks fine to them. Not while a
    // ko is open: the escape may be a ko threat.
    if (this.params.pruneLadders > 0 && b.ko === 0) {
      const cands = predictor.cands;
      for (let k = 0; k < cands.count; k++) if (escapesIntoLadder(cands, k)) this.prob[cands.move[k]] = PRUNED;
    }
  }

  /** Whether a move of the prepared position is left out of the tree. */
  pruned(i: number): boolean {
    return this.prob[i] === PRUNED;
  }

  /** Computes the prior of a legal move i of b's position (after prepare); results in n, w, rn, rw. */
  compute(i: number): void {
    const even = this.params.even;
    const sp = this.predictor ? Math.sqrt(this.prob[i]) : 0;
    this.n = even + this.learnedN * sp;
    this.w = even * 0.5 + this.learnedN * sp;
    this.rn = this.learnedRave * sp;
    this.rw = this.rn;
  }
}
