// One Monte-Carlo tree search on one thread: UCT with RAVE/AMAF and priors, exploration 0
// (Pachi's defaults: `explore_p=0`, the "sylvain" β with equiv_rave ≈ 3000; MoGo found the
// best exploration constant with RAVE to be zero). Workers each run one of these on their own
// tree and share root statistics (see worker.ts), or all search one shared tree (tree
// parallelism with virtual loss, as Pachi's TM_TREEVL); tests run it in-process.

import { BLACK, EMPTY, PASS_IDX, PlayoutBoard, WHITE, hashKey, hashOf } from '../game/playout-board.js';
import { EYE } from '../game/patterns.js';
import { PlayoutPolicy } from './policy.js';
import { Priors } from './priors.js';
import { Rng } from '../game/rng.js';
import { EXPANDING, FLAG_ILLEGAL, FLAG_NETWORK, FLAG_TERMINAL, NODE_BYTES, Tree, type SharedTreeBuffers } from './tree.js';
import type { MctsParams } from './params.js';
import type { SearchPosition } from './types.js';

/** A node waiting for the network: its position and the game's moves up to it (points, -1 a pass). */
export interface NetworkRequest {
  node: number;
  board: PlayoutBoard;
  lastMoves: number[];
}

const MAX_DEPTH = 400;
// mixed into a board's hash when White is to move, under situational superko
const WHITE_TO_MOVE_LO = 0x2545f491;
const WHITE_TO_MOVE_HI = 0x4f6cdd1d;

/**
 * The point the side to move may not play at once because of a ko, or -1: the last move,
 * replayed on the board before it, leaves the playout board's simple-ko point (the one the
 * training positions' ko plane marks), and the rules core forbids taking back there. (The
 * forbidden points also hold an analysis's avoided ones and cleanup's, so the board decides.)
 */
export function koPoint(pos: SearchPosition): number {
  const before = pos.history[pos.history.length - 1];
  const last = pos.lastMoves[pos.lastMoves.length - 1];
  if (last === undefined || last < 0 || before === undefined) return -1;
  const b = new PlayoutBoard(pos.size);
  b.setup(before, 3 - pos.toMove);
  b.play(b.idxOf[last]);
  const ko = b.ko > 0 ? b.pointOf[b.ko] : -1;
  return ko >= 0 && pos.illegal.includes(ko) ? ko : -1;
}

/** Adds one finished playout's owners (0/1/2 per point) to per-point counts; empty between both colours is dame. */
export function countOwners(owner: Uint8Array, black: Int32Array, white: Int32Array, dame: Int32Array): void {
  for (let p = 0; p < owner.length; p++) {
    const o = owner[p];
    if (o === BLACK) black[p]++;
    else if (o === WHITE) white[p]++;
    else dame[p]++;
  }
}

export class Mcts {
  readonly size: number;
  readonly points: number;
  readonly root: PlayoutBoard;
  private readonly work: PlayoutBoard;
  readonly tree: Tree;
  private readonly policy: PlayoutPolicy;
  private readonly priors: Priors;
  readonly rng: Rng;

  komi = 0;
  rootColor = BLACK;
  private rootMoveNumber = -1;
  private readonly historyKeys = new Set<number>();
  private situational = false;
  /** shared tree: the tree's epoch when this thread last set its root (see setPosition) */
  private epoch = -1;
  /** the root position's last moves (points, most recent last), for the network's requests */
  private rootLastMoves: number[] = [];
  /** the node the last playout found due for the network's rating (see networkVisits), else null */
  private request: NetworkRequest | null = null;
  private readonly requestBoard: PlayoutBoard;
  /** true while pass is not allowed at the root (cleanup mode) */
  forbidPass = false;
  /**
   * Judging dead stones: two passes in the tree do not end the game, the playout goes on, so
   * every playout ends with the position played out (the board as it stands would count dead
   * stones as alive).
   */
  noTerminal = false;

  // scratch, allocated once
  private readonly path = new Int32Array(MAX_DEPTH + 1);
  private readonly pathKey = new Float64Array(MAX_DEPTH + 1);
  private readonly seq: Int32Array;
  private readonly firstStamp: Int32Array;
  private readonly firstIdx: Int32Array;
  private amafStamp = 0;
  private readonly owner: Uint8Array;
  private readonly queue: Int32Array;

  // statistics of the current search (since setPosition)
  playouts = 0;
  /** root children the root's own ladder reading prunes (see markIllegal; 0 unless a bug) */
  strays = 0;
  readonly ownBlack: Int32Array;
  readonly ownWhite: Int32Array;
  /** playouts in which the point ended empty between both colours (seki liberty) */
  readonly dame: Int32Array;
  ownSamples = 0;
  /** per root move (padded index): sum of final scores (black minus white, komi included) */
  readonly scoreSum: Float64Array;
  readonly scoreN: Int32Array;
  /** per root move: wins of the side to move (without the score share), for reporting */
  readonly winSum: Float64Array;
  rootScoreSum = 0;
  /** other workers' visits and wins per root move (root parallelism) */
  readonly extN: Float64Array;
  readonly extW: Float64Array;

  /** With shared buffers, a view of the tree all threads search (made by one thread, see sharedTreeBuffers). */
  constructor(
    size: number,
    readonly params: MctsParams,
    shared: SharedTreeBuffers | null = null,
  ) {
    this.size = size;
    this.points = size * size;
    this.root = new PlayoutBoard(size);
    this.work = new PlayoutBoard(size);
    this.requestBoard = new PlayoutBoard(size);
    this.tree = new Tree(Math.floor(params.maxTreeBytes / NODE_BYTES), size <= 9 ? 1 << 16 : 1 << 18, shared);
    this.policy = new PlayoutPolicy(params.policy);
    this.priors = new Priors(size, params.priors);
    this.rng = new Rng(params.seed);
    const cells = this.root.cells;
    this.seq = new Int32Array(MAX_DEPTH + 3 * this.points + 16);
    this.firstStamp = new Int32Array(cells);
    this.firstIdx = new Int32Array(cells);
    this.owner = new Uint8Array(this.points);
    this.queue = new Int32Array(cells);
    this.ownBlack = new Int32Array(this.points);
    this.ownWhite = new Int32Array(this.points);
    this.dame = new Int32Array(this.points);
    this.scoreSum = new Float64Array(cells);
    this.scoreN = new Int32Array(cells);
    this.winSum = new Float64Array(cells);
    this.extN = new Float64Array(cells);
    this.extW = new Float64Array(cells);
  }

  /**
   * Sets the position to search. Keeps the subtree of the moves played since the last search
   * when the position follows from it (tree reuse); returns whether the tree was reused.
   */
  setPosition(pos: SearchPosition): boolean {
    const t = this.tree;
    // a shared tree is reused only by the thread whose last root is the tree's (no other thread
    // has set a root up since)
    const reused = (!t.shared || this.epoch === t.epoch) && this.tryReuse(pos);
    if (!reused) t.reset();
    this.setRoot(pos);
    if (t.children(0) < 0) this.expand(0, this.root);
    this.strays = this.markIllegal(pos);
    if (pos.prior) this.networkRating(0, { prior: pos.prior, winrate: 0.5 });
    this.epoch = t.bumpEpoch();
    this.resetStats();
    return reused;
  }

  /**
   * Shared tree: sets this thread's root to the position that another thread has just set the
   * tree up for with setPosition (the tree is left alone).
   */
  joinPosition(pos: SearchPosition): void {
    this.setRoot(pos);
    this.strays = 0;
    this.epoch = this.tree.epoch;
    this.resetStats();
  }

  /** This thread's root board, colour, komi and the history keys (no tree work). */
  private setRoot(pos: SearchPosition): void {
    const b = this.root;
    const last = pos.lastMoves.length > 0 ? pos.lastMoves[pos.lastMoves.length - 1] : -1;
    const last2 = pos.lastMoves.length > 1 ? pos.lastMoves[pos.lastMoves.length - 2] : -1;
    const ko = koPoint(pos);
    b.setup(pos.board, pos.toMove, ko < 0 ? 0 : b.idxOf[ko]);
    b.lastMove = last < 0 ? PASS_IDX : b.idxOf[last];
    b.lastMove2 = last2 < 0 ? PASS_IDX : b.idxOf[last2];
    // after an opponent pass, our pass ends the game (the tree scores it as the board stands)
    b.passes = pos.lastMoves.length > 0 && last < 0 ? 1 : 0;
    this.komi = pos.komi;
    this.rootColor = pos.toMove;
    this.rootMoveNumber = pos.moveNumber;
    this.rootLastMoves = pos.lastMoves.slice();
    this.request = null;
    this.situational = pos.historyToMove !== undefined;
    this.historyKeys.clear();
    pos.history.forEach((h, k) => {
      const [lo, hi] = hashOf(h, this.size);
      this.historyKeys.add(this.positionKey(lo, hi, pos.historyToMove?.[k] ?? BLACK));
    });
    this.historyKeys.add(this.positionKey(b.hashLo, b.hashHi, b.toMove));
  }

  /** The key superko compares: the board, and under situational superko the side to move. */
  private positionKey(lo: number, hi: number, toMove: number): number {
    return this.situational && toMove === WHITE ? hashKey(lo ^ WHITE_TO_MOVE_LO, hi ^ WHITE_TO_MOVE_HI) : hashKey(lo, hi);
  }

  /**
   * Root flags are recomputed: the rules core's list is authoritative at the root, and so is the
   * root's own ladder reading. Returns the children that reading prunes although the tree holds
   * them (its root was expanded deeper in an earlier search, where the same position must have
   * pruned them too): never played, and reported, since they mean a bug.
   */
  private markIllegal(pos: SearchPosition): number {
    const t = this.tree;
    const b = this.root;
    const first = t.firstChild[0];
    const illegal = new Set(pos.illegal.map((p) => (p < 0 ? PASS_IDX : b.idxOf[p])));
    this.priors.prepare(b);
    let strays = 0;
    for (let c = first; c < first + t.childCount[0]; c++) {
      const m = t.move[c];
      if (illegal.has(m)) t.flags[c] |= FLAG_ILLEGAL;
      else if (m === PASS_IDX) t.flags[c] &= ~FLAG_ILLEGAL;
      else if (this.priors.pruned(m)) {
        t.flags[c] |= FLAG_ILLEGAL;
        strays++;
      } else {
        // a move that recreates an earlier position (superko) stays illegal
        this.work.copyFrom(b);
        this.work.play(m);
        if (this.historyKeys.has(this.positionKey(this.work.hashLo, this.work.hashHi, this.work.toMove))) t.flags[c] |= FLAG_ILLEGAL;
        else t.flags[c] &= ~FLAG_ILLEGAL;
      }
    }
    return strays;
  }

  /**
   * The network's rating of node: its probabilities (by point, pass last) as the priors of the
   * node's moves, in place of the move patterns' (a reused root's moves were rated by the
   * patterns when they were deeper in the tree). Without PUCT, √p·networkWins virtual wins, as
   * Pachi turns its DCNN's output into a prior, and pass keeps its own prior; with PUCT, p itself
   * for the exploration term and an even prior of value. Below the root, the win rate (the side
   * to move's at node) adds networkValueVisits virtual playouts to the node itself.
   */
  networkRating(node: number, rating: { prior: Float32Array; winrate: number }): void {
    const t = this.tree;
    const b = this.root;
    const { even, networkWins } = this.params.priors;
    const puct = this.params.puct > 0;
    const first = t.children(node);
    if (first < 0) return;
    if (t.shared) Atomics.or(t.flags, node, FLAG_NETWORK);
    else t.flags[node] |= FLAG_NETWORK;
    for (let c = first; c < first + t.childCount[node]; c++) {
      const m = t.move[c];
      const p = rating.prior[m === PASS_IDX ? this.points : b.pointOf[m]];
      t.prob[c] = p;
      if (m === PASS_IDX) continue;
      const wins = puct ? 0 : networkWins * Math.sqrt(p);
      t.priorN[c] = even + wins;
      t.priorW[c] = even * 0.5 + wins;
    }
    const k = this.params.networkValueVisits;
    if (node > 0 && k > 0) {
      // a node's wins are its mover's: the other side from the one to move there
      t.priorN[node] += k;
      t.priorW[node] += k * (1 - rating.winrate);
    }
  }

  private tryReuse(pos: SearchPosition): boolean {
    const t = this.tree;
    if (this.rootMoveNumber < 0 || t.firstChild[0] < 0 || pos.komi !== this.komi) return false;
    const played = pos.moveNumber - this.rootMoveNumber;
    if (played < 0 || played > pos.lastMoves.length || played > 8) return false;
    const w = this.work;
    w.copyFrom(this.root);
    let node = 0;
    for (let k = pos.lastMoves.length - played; k < pos.lastMoves.length; k++) {
      const p = pos.lastMoves[k];
      const m = p < 0 ? PASS_IDX : w.idxOf[p];
      node = t.findChild(node, m);
      if (node < 0) return false;
      if (m === PASS_IDX) w.pass();
      else {
        if (!w.isLegal(m, w.toMove)) return false;
        w.play(m);
      }
    }
    if (w.toMove !== pos.toMove) return false;
    for (let p = 0; p < this.points; p++) if (w.color[w.idxOf[p]] !== pos.board[p]) return false;
    t.promote(node);
    // the new root's own counters describe the old search's path; restart them from its children
    let v = 0;
    const first = t.firstChild[0];
    if (first >= 0) for (let c = first; c < first + t.childCount[0]; c++) v += t.visits[c];
    t.visits[0] = v;
    t.flags[0] = 0;
    return true;
  }

  private resetStats(): void {
    this.playouts = 0;
    this.ownBlack.fill(0);
    this.ownWhite.fill(0);
    this.dame.fill(0);
    this.ownSamples = 0;
    this.scoreSum.fill(0);
    this.scoreN.fill(0);
    this.winSum.fill(0);
    this.rootScoreSum = 0;
    this.extN.fill(0);
    this.extW.fill(0);
  }

  /** The player who made the move into a node at this depth. */
  private mover(depth: number): number {
    return (depth & 1) === 1 ? this.rootColor : 3 - this.rootColor;
  }

  /** One descent, playout and update. */
  playout(): void {
    const t = this.tree;
    const w = this.work;
    const path = this.path;
    const seq = this.seq;
    const shared = t.shared;
    let depth = 0;
    let terminal = false;
    for (let attempt = 0; ; attempt++) {
      w.copyFrom(this.root);
      let node = 0;
      depth = 0;
      path[0] = 0;
      this.pathKey[0] = -1;
      terminal = false;
      let repeat = false;
      for (;;) {
        // a shared tree's node is read through Atomics, so that its block is seen complete
        let first = shared ? Atomics.load(t.firstChild, node) : t.firstChild[node];
        if (first < 0) {
          if (t.flags[node] & FLAG_TERMINAL) {
            terminal = true;
            break;
          }
          if (t.visits[node] < this.params.expandVisits || depth >= MAX_DEPTH) break;
          first = this.expand(node, w);
          if (first < 0) break;
        }
        if (depth > 0 && this.request === null && this.params.networkVisits > 0 && t.visits[node] >= this.params.networkVisits) this.requestNetwork(node, w, depth);
        const ch = this.select(node, first);
        if (ch < 0) break;
        const m = t.move[ch];
        let key = -1;
        if (m === PASS_IDX) w.pass();
        else {
          w.play(m);
          key = this.positionKey(w.hashLo, w.hashHi, w.toMove);
          if (this.repeats(key, depth)) {
            t.flags[ch] |= FLAG_ILLEGAL; // superko: never again from this node
            repeat = true;
            break;
          }
        }
        seq[depth] = m;
        depth++;
        path[depth] = ch;
        this.pathKey[depth] = key;
        if (shared) Atomics.add(t.vl, ch, 1); // taken back in update
        node = ch;
        if (w.passes >= 2 && !this.noTerminal) {
          t.flags[ch] |= FLAG_TERMINAL;
          terminal = true;
          break;
        }
      }
      if (!repeat) break;
      if (attempt > 8) {
        // the last try repeated too: play out from the node before the repeating move
        w.copyFrom(this.root);
        for (let d = 0; d < depth; d++) {
          if (seq[d] === PASS_IDX) w.pass();
          else w.play(seq[d]);
        }
        break;
      }
      if (shared) for (let d = 1; d <= depth; d++) Atomics.sub(t.vl, path[d], 1);
    }

    let score: number;
    let seqLen = depth;
    let asIs = 0;
    if (terminal) {
      // Two passes end the game. Whether dead stones still on the board count depends on who
      // scores: CGOS counts the board as it stands, GTP controllers and people remove dead
      // stones first. Score both ways (the second by playing the position out) and, below, take
      // the verdict less favourable to the root player, so the tree passes only when passing
      // wins either way.
      asIs = w.scoreAreaFull(this.owner, this.queue) - this.komi;
      w.passes = 0;
    } else if (w.passes >= 2) w.passes = 0; // noTerminal: play on after the tree's passes
    const ran = this.policy.run(w, this.rng, seq, depth, seq.length);
    if (!terminal) seqLen = ran; // moves after the game ended are no evidence for AMAF
    score = w.scorePlayout(this.owner) - this.komi;
    countOwners(this.owner, this.ownBlack, this.ownWhite, this.dame);
    this.ownSamples++;
    if (terminal) score = this.rootColor === BLACK ? Math.min(score, asIs) : Math.max(score, asIs);
    const k = this.params.scoreWeight;
    const bw = (1 - k) * (score > 0 ? 1 : score < 0 ? 0 : 0.5) + k * (0.5 + 0.5 * Math.tanh(score / this.params.scoreScale));
    this.update(depth, seqLen, bw, score > 0 ? BLACK : score < 0 ? WHITE : EMPTY);
    if (depth >= 1) {
      const m = t.move[path[1]];
      this.scoreSum[m] += score;
      this.scoreN[m]++;
      const blackWins = score > 0 ? 1 : score < 0 ? 0 : 0.5;
      this.winSum[m] += this.rootColor === BLACK ? blackWins : 1 - blackWins;
    }
    this.rootScoreSum += score;
    this.playouts++;
  }

  /**
   * Marks node as due for the network (once: in a shared tree the first thread to mark it asks)
   * and keeps its position for takeRequest.
   */
  private requestNetwork(node: number, b: PlayoutBoard, depth: number): void {
    const t = this.tree;
    if (t.flags[node] & FLAG_NETWORK) return;
    if (t.shared) {
      if (Atomics.or(t.flags, node, FLAG_NETWORK) & FLAG_NETWORK) return;
    } else t.flags[node] |= FLAG_NETWORK;
    this.requestBoard.copyFrom(b);
    const lastMoves = this.rootLastMoves.slice();
    for (let d = 0; d < depth; d++) lastMoves.push(this.seq[d] === PASS_IDX ? -1 : b.pointOf[this.seq[d]]);
    this.request = { node, board: this.requestBoard, lastMoves };
  }

  /** The node the last playouts found due for the network's rating (answer with networkRating), or null. */
  takeRequest(): NetworkRequest | null {
    const r = this.request;
    this.request = null;
    return r;
  }

  private repeats(key: number, depth: number): boolean {
    if (this.historyKeys.has(key)) return true;
    const pk = this.pathKey;
    for (let d = 1; d <= depth; d++) if (pk[d] === key) return true;
    return false;
  }

  /**
   * Backs up the result (bw = 1 when black won; winner EMPTY on a draw) along the path, with
   * AMAF and criticality updates.
   */
  private update(depth: number, seqLen: number, bw: number, winner: number): void {
    const t = this.tree;
    const path = this.path;
    const seq = this.seq;
    if (this.params.critRave > 0) {
      const { ownWin, ownMover, move } = t;
      const pointOf = this.work.pointOf;
      for (let d = 1; d <= depth; d++) {
        const m = move[path[d]];
        if (m === PASS_IDX) continue;
        const o = this.owner[pointOf[m]];
        if (o === winner && o !== EMPTY) ownWin[path[d]]++; // a dame point is nobody's, draw or not
        if (o === this.mover(d)) ownMover[path[d]]++;
      }
    }
    if (t.shared) {
      // visits exactly (Atomics: the accounting stays whole); wins and AMAF may rarely lose an
      // update to another thread, as in Pachi
      for (let d = 0; d <= depth; d++) {
        const node = path[d];
        Atomics.add(t.visits, node, 1);
        t.wins[node] += this.mover(d) === BLACK ? bw : 1 - bw;
        if (d > 0) Atomics.sub(t.vl, node, 1);
      }
    } else {
      for (let d = 0; d <= depth; d++) {
        const node = path[d];
        t.visits[node]++;
        t.wins[node] += this.mover(d) === BLACK ? bw : 1 - bw;
      }
    }
    // AMAF: a child of the node at depth d gets the result when its move was first played by
    // the same colour from that node on (tree and playout moves alike). Each node has its own
    // window, from its depth to the end: walking up from the leaf, each tree move becomes its
    // point's first play, so a point played above a node and captured since (a ko retaken, a
    // move inside a captured area) still counts below it.
    const fs = this.firstStamp;
    if (this.amafStamp === 0x7fffffff) {
      // the stamps would leave Int32 range (after hours of analysis): start them over
      fs.fill(0);
      this.amafStamp = 0;
    }
    const stamp = ++this.amafStamp;
    const fi = this.firstIdx;
    for (let k = seqLen - 1; k >= depth; k--) {
      const m = seq[k];
      if (m !== PASS_IDX) {
        fs[m] = stamp;
        fi[m] = k;
      }
    }
    const { move, raveN, raveW } = t;
    for (let d = depth; d >= 0; d--) {
      if (d < depth && seq[d] !== PASS_IDX) {
        fs[seq[d]] = stamp;
        fi[seq[d]] = d;
      }
      const node = path[d];
      const first = t.children(node);
      if (first < 0) continue;
      const end = first + t.childCount[node];
      const v = this.mover(d + 1) === BLACK ? bw : 1 - bw;
      for (let c = first; c < end; c++) {
        const m = move[c];
        if (fs[m] === stamp && ((fi[m] - d) & 1) === 0) {
          raveN[c] += 1;
          raveW[c] += v;
        }
      }
    }
  }

  /**
   * The child of node (children from first) to descend into: best RAVE-blended value, with no
   * exploration term unless the network has rated node and PUCT is on. In a shared tree each
   * thread below a child counts as lost visits.
   */
  private select(node: number, first: number): number {
    const t = this.tree;
    const end = first + t.childCount[node];
    const K = this.params.equivRave;
    const isRoot = node === 0;
    const { move, visits, wins, priorN, priorW, prob, raveN, raveW, flags } = t;
    // PUCT's exploration, c·√N, shared by the children; 0 = none
    const explore = this.params.puct > 0 && (flags[node] & FLAG_NETWORK) !== 0 ? this.params.puct * Math.sqrt(visits[node]) : 0;
    const vl = t.shared ? t.vl : null;
    const vloss = this.params.virtualLoss;
    const { critRave, critMinPlayouts, critRootShare } = this.params;
    const critMin = Math.max(critMinPlayouts, critRootShare * visits[0]);
    let best = -1;
    let bestV = -1e9;
    for (let c = first; c < end; c++) {
      if (flags[c] & FLAG_ILLEGAL) continue;
      let n = visits[c] + priorN[c];
      let w = wins[c] + priorW[c];
      if (vl !== null) n += vl[c] * vloss;
      if (isRoot) {
        const m = move[c];
        if (m === PASS_IDX && this.forbidPass) continue;
        n += this.extN[m];
        w += this.extW[m];
      }
      let v = n > 0 ? w / n : 0.5;
      let rn = raveN[c];
      let rw = raveW[c];
      if (critRave > 0 && visits[c] > critMin) {
        const add = this.criticality(c) * rn * critRave;
        rn += add;
        rw += add;
      }
      if (rn > 0) {
        const beta = rn / (rn + n + (n * rn) / K);
        v += beta * (rw / rn - v);
      }
      if (explore > 0) v += (explore * prob[c]) / (1 + visits[c] + (vl !== null ? vl[c] * vloss : 0));
      if (v > bestV) {
        bestV = v;
        best = c;
      }
    }
    return best;
  }

  /**
   * Criticality of a node's move point: P(winner owns it) − P(it is owned as chance would have
   * it), with m = P(mover owns it) and q = the mover's win rate: m·q + (1 − m)(1 − q).
   */
  criticality(c: number): number {
    const t = this.tree;
    const n = t.visits[c];
    const m = t.ownMover[c] / n;
    const q = t.wins[c] / n;
    return t.ownWin[c] / n - (m * q + (1 - m) * (1 - q));
  }

  /**
   * Creates the children of node (legal moves that do not fill our own eye, and pass); returns
   * the first, or -1 when the memory bound is reached. In a shared tree the thread that claims
   * the node expands it; a thread that finds it being expanded gets -1 and plays out from it.
   */
  private expand(node: number, b: PlayoutBoard): number {
    const t = this.tree;
    if (t.shared) {
      const was = Atomics.compareExchange(t.firstChild, node, -1, EXPANDING);
      if (was !== -1) return was === EXPANDING ? -1 : was;
    }
    const start = t.alloc(b.emptyCount + 1);
    if (start < 0) {
      if (t.shared) Atomics.store(t.firstChild, node, -1);
      return -1;
    }
    const c = b.toMove;
    const even = this.params.priors.even;
    t.initNode(start, PASS_IDX);
    // Pass: neutral after an opponent pass (it may end a won game), otherwise a poor prior so
    // it is only explored when everything else looks lost.
    t.priorN[start] = even;
    t.priorW[start] = b.passes > 0 ? even * 0.5 : even * 0.1;
    let k = 1;
    this.priors.prepare(b);
    const { color, pat, idxOf } = b;
    for (let p = 0; p < this.points; p++) {
      const i = idxOf[p];
      if (color[i] !== EMPTY || EYE[pat[i]] === c || !b.isLegal(i, c) || this.priors.pruned(i)) continue;
      const ch = start + k++;
      t.initNode(ch, i);
      this.priors.compute(i);
      t.priorN[ch] = this.priors.n;
      t.priorW[ch] = this.priors.w;
      t.raveN[ch] = this.priors.rn;
      t.raveW[ch] = this.priors.rw;
    }
    t.shrinkLast(start, k);
    t.childCount[node] = k;
    // published last: a thread that reads firstChild with Atomics sees the block complete
    if (t.shared) Atomics.store(t.firstChild, node, start);
    else t.firstChild[node] = start;
    return start;
  }

  // --- reporting --------------------------------------------------------------------------

  /**
   * Principal variation from a root child: its nodes, most-visited children. It stops where
   * the best reply was visited only once (a one-playout tail is noise, not a line).
   */
  pv(child: number, maxLen: number): number[] {
    const t = this.tree;
    const out: number[] = [];
    let node = child;
    while (out.length < maxLen) {
      out.push(node);
      node = t.bestChild(node);
      if (node < 0 || t.visits[node] < 2) break;
    }
    return out;
  }

  /** Ownership mean per point, +1 black … -1 white. */
  ownership(out: Float32Array): Float32Array {
    const n = Math.max(1, this.ownSamples);
    for (let p = 0; p < this.points; p++) out[p] = (this.ownBlack[p] - this.ownWhite[p]) / n;
    return out;
  }
}
