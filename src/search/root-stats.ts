// Root parallelism through shared memory: each worker searches its own tree and, every few
// tens of milliseconds, publishes its root statistics into its slot of one SharedArrayBuffer
// and reads the other slots (Pachi's cluster mode shares root stats every 10 ms the same way).
// The main thread reads the same slots for progress info, and stops everyone with one flag.
// Everything is Int32 (aligned Int32 accesses never tear); fractions are fixed-point.
//
// With one shared tree (MctsParams.sharedTree) there is nothing to merge: slot 0 alone
// publishes the tree's statistics per move (visits, value, prior, illegal, PVs); every slot
// still publishes what its own playouts found (playouts, ownership, win and score sums).

import type { Mcts } from './mcts.js';
import { PASS_IDX } from '../game/playout-board.js';
import { FLAG_ILLEGAL } from './tree.js';

// control block
export const CTRL_STOP = 0; // non-zero: stop now
export const CTRL_PLAYOUTS = 1; // playouts started in this search, all workers
export const CTRL_LIMIT = 2; // playout limit for the search (0 = none)
export const CTRL_SETUP = 3; // shared tree: SETUP_* (who sets the tree up for the position)
export const CTRL_ACTIVE = 4; // shared tree: workers that have joined and not yet finished
const CTRL_INTS = 6;

export const SETUP_NONE = 0;
export const SETUP_BUSY = 1; // a worker is setting the tree up; the others wait
export const SETUP_FRESH = 2; // done, a new tree
export const SETUP_REUSED = 3; // done, the subtree of the moves played was kept
export const SETUP_FAILED = 4;

// slot header
export const H_PLAYOUTS = 0; // this worker's playouts in this search
export const H_SAMPLES = 1; // its ownership samples
export const H_SCORE = 2; // its mean final score ×100 (black minus white)
const HEADER = 8;

// per root move m (0 = pass, p + 1 = point p): visits, win rate ×1e6 (side to move, wins
// only, for reporting and resigning), search value ×1e6 (what the tree maximises: wins plus a
// share of the score margin; for merging), mean score ×100 (black view), prior value ×1e6,
// illegal flag, this worker's playouts through the move in this search (what its win rate
// and score are means of)
export const M_VISITS = 0;
export const M_WIN = 1;
export const M_VALUE = 2;
export const M_SCORE = 3;
export const M_PRIOR = 4;
export const M_ILLEGAL = 5;
export const M_PLAYED = 6;
const PER_MOVE = 7;

export const PV_COUNT = 12; // principal variations kept per worker (its most visited moves)
export const PV_LEN = 16;
/** A PV's ints: its length, its moves (point or -1 for pass), then each move's visits. */
export const PV_INTS = 1 + 2 * PV_LEN;

export const FIX = 1e6;

export class RootStatsLayout {
  readonly moves: number;
  readonly slotInts: number;
  readonly movesAt = HEADER;
  readonly ownAt: number;
  readonly dameAt: number;
  readonly pvAt: number;

  constructor(
    readonly points: number,
    readonly threads: number,
    /** one shared tree: slot 0 holds the tree's statistics */
    readonly sharedTree = false,
  ) {
    this.moves = points + 1;
    this.ownAt = HEADER + this.moves * PER_MOVE;
    this.dameAt = this.ownAt + points;
    this.pvAt = this.dameAt + points;
    this.slotInts = this.pvAt + PV_COUNT * PV_INTS;
  }

  bytes(): number {
    return (CTRL_INTS + this.slotInts * this.threads) * 4;
  }

  ctrl(sab: SharedArrayBuffer): Int32Array {
    return new Int32Array(sab, 0, CTRL_INTS);
  }

  slot(sab: SharedArrayBuffer, k: number): Int32Array {
    return new Int32Array(sab, (CTRL_INTS + k * this.slotInts) * 4, this.slotInts);
  }

  /** Index of move m's field f in a slot. */
  at(m: number, f: number): number {
    return HEADER + m * PER_MOVE + f;
  }

  /**
   * How much a slot's win rate and score for move m weigh in the combined ones: its visits
   * (each worker's own tree), or its playouts through the move (one shared tree).
   */
  weight(slot: Int32Array, m: number): number {
    return slot[this.at(m, this.sharedTree ? M_PLAYED : M_VISITS)];
  }

  /**
   * Root move m over all workers' slots: visits and illegal from the tree (shared: slot 0
   * alone); win rate and score as each worker's means over its playouts, weighted as weight()
   * says, or with a shared tree's visits from an earlier search only, the tree's value (slot 0);
   * bestSlot: the slot with the most visits.
   */
  totals(slots: readonly Int32Array[], m: number): MoveTotals {
    let visits = 0;
    let win = 0;
    let score = 0;
    let weights = 0;
    let illegal = false;
    let bestSlot = 0;
    let bestSlotVisits = -1;
    for (let k = 0; k < slots.length; k++) {
      const s = slots[k];
      const vk = s[this.at(m, M_VISITS)];
      const wk = this.weight(s, m);
      visits += vk;
      win += wk * (s[this.at(m, M_WIN)] / FIX);
      score += wk * (s[this.at(m, M_SCORE)] / 100);
      weights += wk;
      if (s[this.at(m, M_ILLEGAL)]) illegal = true;
      if (vk > bestSlotVisits) {
        bestSlotVisits = vk;
        bestSlot = k;
      }
    }
    if (weights === 0) return { visits, winrate: slots[0][this.at(m, M_WIN)] / FIX, score: 0, illegal, bestSlot, bestSlotVisits };
    return { visits, winrate: win / weights, score: score / weights, illegal, bestSlot, bestSlotVisits };
  }
}

export interface MoveTotals {
  visits: number;
  winrate: number;
  /** the mean score for the side to move at the root */
  score: number;
  illegal: boolean;
  bestSlot: number;
  bestSlotVisits: number;
}

/**
 * Writes a worker's root statistics into its slot (worker side); those of the tree (visits,
 * value, prior, illegal, PVs) only when withTree (with a shared tree, one worker does).
 */
export function publish(layout: RootStatsLayout, slot: Int32Array, mcts: Mcts, withPv: boolean, withTree = true): void {
  const t = mcts.tree;
  const b = mcts.root;
  const first = t.children(0);
  slot[H_PLAYOUTS] = mcts.playouts;
  slot[H_SAMPLES] = mcts.ownSamples;
  slot[H_SCORE] = Math.round((mcts.rootScoreSum / Math.max(1, mcts.playouts)) * 100);
  for (let c = first; c < first + t.childCount[0]; c++) {
    const i = t.move[c];
    const m = i === PASS_IDX ? 0 : b.pointOf[i] + 1;
    const base = layout.at(m, 0);
    const v = t.visits[c];
    const value = v > 0 ? t.wins[c] / v : 0;
    if (withTree) {
      slot[base + M_VISITS] = v;
      slot[base + M_VALUE] = Math.round(value * FIX);
      slot[base + M_PRIOR] = t.priorN[c] > 0 ? Math.round((t.priorW[c] / t.priorN[c]) * FIX) : 0;
      slot[base + M_ILLEGAL] = t.flags[c] & FLAG_ILLEGAL ? 1 : 0;
    }
    const sn = mcts.scoreN[i];
    slot[base + M_WIN] = Math.round((sn > 0 ? mcts.winSum[i] / sn : value) * FIX);
    slot[base + M_SCORE] = sn > 0 ? Math.round((mcts.scoreSum[i] / sn) * 100) : 0;
    slot[base + M_PLAYED] = sn;
  }
  const n = Math.max(1, mcts.ownSamples);
  for (let p = 0; p < layout.points; p++) {
    slot[layout.ownAt + p] = Math.round(((mcts.ownBlack[p] - mcts.ownWhite[p]) / n) * FIX);
    slot[layout.dameAt + p] = Math.round((mcts.dame[p] / n) * FIX);
  }
  if (withPv && withTree) {
    // PVs of this worker's most visited root moves
    const kids: number[] = [];
    for (let c = first; c < first + t.childCount[0]; c++) if (t.visits[c] > 0) kids.push(c);
    kids.sort((a, b2) => t.visits[b2] - t.visits[a]);
    for (let k = 0; k < PV_COUNT; k++) {
      const base = layout.pvAt + k * PV_INTS;
      if (k >= kids.length) {
        slot[base] = 0;
        continue;
      }
      const nodes = mcts.pv(kids[k], PV_LEN);
      slot[base] = nodes.length;
      for (let j = 0; j < nodes.length; j++) {
        const i = t.move[nodes[j]];
        slot[base + 1 + j] = i === PASS_IDX ? -1 : b.pointOf[i];
        slot[base + 1 + PV_LEN + j] = t.visits[nodes[j]];
      }
    }
  }
}

/** Reads the other workers' root visits and wins into the search's external stats (worker side). */
export function absorb(layout: RootStatsLayout, sab: SharedArrayBuffer, self: number, mcts: Mcts): void {
  mcts.extN.fill(0);
  mcts.extW.fill(0);
  const b = mcts.root;
  for (let k = 0; k < layout.threads; k++) {
    if (k === self) continue;
    const slot = layout.slot(sab, k);
    for (let m = 0; m < layout.moves; m++) {
      const base = layout.at(m, 0);
      const v = slot[base + M_VISITS];
      if (v === 0) continue;
      const i = m === 0 ? PASS_IDX : b.idxOf[m - 1];
      mcts.extN[i] += v;
      mcts.extW[i] += (v * slot[base + M_VALUE]) / FIX;
    }
  }
}
