// A first look at a position while the worker threads start: flat Monte Carlo on the main
// thread (a root move chosen by UCB1, then one playout), so that an analysis stream on a
// fresh process has something measured to show within its first interval rather than nothing
// until the workers are up (loading the move knowledge takes them the better part of a second).
// The search proper replaces it as soon as the workers can search.

import { BLACK, EMPTY, OFF, PlayoutBoard } from '../game/playout-board.js';
import { Rng } from '../game/rng.js';
import type { PolicyParams } from './params.js';
import { PlayoutPolicy } from './policy.js';
import type { Candidate, SearchInfo, SearchPosition } from './types.js';

/** UCB1's exploration constant (√2 is the textbook's for rewards in [0, 1]) */
const UCB_C = Math.SQRT2;

export class FirstLook {
  private readonly root: PlayoutBoard;
  private readonly board: PlayoutBoard;
  private readonly policy: PlayoutPolicy;
  private readonly rng: Rng;
  private readonly seq: Int32Array;
  private readonly owner: Uint8Array;
  /** the root's legal moves (points) that do not fill an own eye */
  private readonly moves: number[] = [];
  /** per move: playouts, wins and score sum for the side to move */
  private readonly visits: Int32Array;
  private readonly wins: Float64Array;
  private readonly scores: Float64Array;
  /** per point: black minus white ownership, summed */
  private readonly owned: Float64Array;
  playouts = 0;

  constructor(
    private readonly position: SearchPosition,
    policy: PolicyParams,
    seed: number,
  ) {
    const { size, board, toMove, illegal } = position;
    this.root = new PlayoutBoard(size);
    this.root.setup(board, toMove);
    this.board = new PlayoutBoard(size);
    this.policy = new PlayoutPolicy(policy);
    this.rng = new Rng(seed);
    this.seq = new Int32Array(size * size * 3 + 16);
    this.owner = new Uint8Array(size * size);
    this.owned = new Float64Array(size * size);
    const root = this.root;
    for (let p = 0; p < size * size; p++) {
      const i = root.idxOf[p];
      if (illegal.includes(p) || !root.isLegal(i, toMove)) continue;
      let ownEye = true;
      for (const d of root.nb4) if (root.color[i + d] !== toMove && root.color[i + d] !== OFF) ownEye = false;
      if (!ownEye) this.moves.push(p);
    }
    this.visits = new Int32Array(this.moves.length);
    this.wins = new Float64Array(this.moves.length);
    this.scores = new Float64Array(this.moves.length);
  }

  /** The root move to play out next: each once, then by UCB1 on the win rates. */
  private choose(): number {
    let best = 0;
    let bestValue = -Infinity;
    const log = Math.log(Math.max(1, this.playouts));
    for (let m = 0; m < this.moves.length; m++) {
      const n = this.visits[m];
      if (n === 0) return m;
      const value = this.wins[m] / n + UCB_C * Math.sqrt(log / n);
      if (value > bestValue) {
        bestValue = value;
        best = m;
      }
    }
    return best;
  }

  /** Plays out root moves for about ms milliseconds. */
  run(ms: number): void {
    if (this.moves.length === 0) return;
    const { board, root, position } = this;
    const sign = position.toMove === BLACK ? 1 : -1;
    const end = performance.now() + ms;
    do {
      for (let k = 0; k < 8; k++) {
        const m = this.choose();
        board.copyFrom(root);
        board.play(board.idxOf[this.moves[m]]);
        this.policy.run(board, this.rng, this.seq, 0, this.seq.length);
        const lead = sign * (board.scorePlayout(this.owner) - position.komi);
        this.visits[m]++;
        this.scores[m] += lead;
        if (lead > 0) this.wins[m]++;
        else if (lead === 0) this.wins[m] += 0.5;
        for (let p = 0; p < this.owner.length; p++) this.owned[p] += this.owner[p] === BLACK ? 1 : this.owner[p] === EMPTY ? 0 : -1;
        this.playouts++;
      }
    } while (performance.now() < end);
  }

  /**
   * What the look has found, as a search reports it: the moves by visits, each its own pv; a
   * move not yet tried shows the position's mean win rate and score.
   */
  info(): SearchInfo {
    const prior = 1 / Math.max(1, this.moves.length);
    const n = Math.max(1, this.playouts);
    const winrate = this.playouts > 0 ? this.wins.reduce((a, w) => a + w, 0) / n : 0.5;
    const scoreLead = this.scores.reduce((a, x) => a + x, 0) / n;
    const candidates: Candidate[] = this.moves.map((move, m) => {
      const visits = this.visits[m];
      if (visits === 0) return { move, visits, winrate, prior, lcb: 0, scoreLead, pv: [move], pvVisits: [0] };
      const w = this.wins[m] / visits;
      const lcb = Math.max(0, w - 1.96 * Math.sqrt((w * (1 - w) + 0.25 / visits) / visits));
      return { move, visits, winrate: w, prior, lcb, scoreLead: this.scores[m] / visits, pv: [move], pvVisits: [visits] };
    });
    candidates.sort((a, b) => b.visits - a.visits || b.winrate - a.winrate);
    return { playouts: this.playouts, winrate, scoreLead, candidates, ownership: Float32Array.from(this.owned, (o) => o / n) };
  }
}
