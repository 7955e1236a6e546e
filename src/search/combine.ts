// Combining the workers' root statistics (root-stats.ts) into what the search found: each
// root move's visits, win rate, score and principal variation, and the ownership of the board.

import { FIX, H_PLAYOUTS, H_SAMPLES, H_SCORE, M_PRIOR, PV_COUNT, PV_INTS, PV_LEN, type RootStatsLayout } from './root-stats.js';
import type { Candidate, SearchInfo, SearchPosition } from './types.js';

const PASS = -1;

export interface RunResult {
  info: SearchInfo;
  /** share of playouts in which each point ended as a liberty between both colours */
  dame: Float32Array;
}

/** A win rate's lower confidence bound after n visits (LCB as Leela Zero and KataGo report it). */
function lowerBound(winrate: number, n: number): number {
  return winrate - 1.96 * Math.sqrt((winrate * (1 - winrate) + 0.01) / n);
}

/** Combines the slots of `threads` workers into SearchInfo. */
export function combine(layout: RootStatsLayout, sab: SharedArrayBuffer, threads: number, position: SearchPosition): RunResult {
  const points = layout.points;
  const slots = Array.from({ length: threads }, (_, k) => layout.slot(sab, k));
  const sign = position.toMove === 1 ? 1 : -1;
  let playouts = 0;
  let samples = 0;
  let scoreSum = 0;
  for (const s of slots) {
    playouts += s[H_PLAYOUTS];
    samples += s[H_SAMPLES];
    scoreSum += (s[H_PLAYOUTS] * s[H_SCORE]) / 100;
  }
  // the position's mean score, for the moves not tried yet
  const rootLead = playouts > 0 ? (scoreSum / playouts) * sign : 0;
  const ownership = new Float32Array(points);
  const dame = new Float32Array(points);
  for (const s of slots) {
    const weight = samples > 0 ? s[H_SAMPLES] / samples : 1 / slots.length;
    for (let p = 0; p < points; p++) {
      ownership[p] += (weight * s[layout.ownAt + p]) / FIX;
      dame[p] += (weight * s[layout.dameAt + p]) / FIX;
    }
  }
  const candidates: Candidate[] = [];
  const untried: Candidate[] = [];
  let triedVisits = 0;
  let triedWins = 0;
  let priorSum = 0;
  for (let m = 0; m < layout.moves; m++) {
    const { visits: v, winrate, score, illegal, bestSlot, bestSlotVisits } = layout.totals(slots, m);
    if (illegal) continue;
    const prior = slots[0][layout.at(m, M_PRIOR)] / FIX;
    if (v === 0 && prior <= 0) continue; // no move here (an occupied point)
    // priors as a soft preference over the moves listed, for display
    const pr = Math.exp(8 * prior);
    priorSum += pr;
    const move = m === 0 ? PASS : m - 1;
    if (v === 0) {
      // a legal move the search has not tried yet (GUIs ask for some with minmoves); also the
      // move when a search is stopped before its first playout (workers publish priors first).
      // Its value is the position's (set below) and its lcb that of a single visit
      untried.push({ move, visits: 0, winrate: 0.5, prior: pr, lcb: 0, scoreLead: rootLead, pv: [move], pvVisits: [0] });
      continue;
    }
    triedVisits += v;
    triedWins += v * winrate;
    candidates.push({
      move,
      visits: v,
      winrate,
      prior: pr, // normalised below once the sum is known
      lcb: lowerBound(winrate, v),
      scoreLead: score * sign,
      ...pvFor(layout, slots[bestSlot], move, v, bestSlotVisits),
    });
  }
  // tried moves by visits, then the untried ones by prior
  candidates.sort((a, b) => b.visits - a.visits || b.winrate - a.winrate);
  untried.sort((a, b) => b.prior - a.prior);
  for (const c of untried) {
    if (triedVisits > 0) c.winrate = triedWins / triedVisits;
    c.lcb = lowerBound(c.winrate, 1);
  }
  candidates.push(...untried);
  for (const c of candidates) c.prior = priorSum > 0 ? c.prior / priorSum : 0;
  const best = candidates[0];
  const info: SearchInfo = {
    playouts,
    winrate: best ? best.winrate : 0.5,
    scoreLead: best ? best.scoreLead : 0,
    candidates,
    ownership,
  };
  return { info, dame };
}

/**
 * The published line of a root move, from the slot whose tree has the most visits of it
 * (slotVisits); its visits scaled to all workers' together (visits), which the first has.
 */
function pvFor(layout: RootStatsLayout, slot: Int32Array, move: number, visits: number, slotVisits: number): { pv: number[]; pvVisits: number[] } {
  for (let k = 0; k < PV_COUNT; k++) {
    const base = layout.pvAt + k * PV_INTS;
    const len = slot[base];
    if (len > 0 && slot[base + 1] === move) {
      const pvVisits = Array.from(slot.subarray(base + 1 + PV_LEN, base + 1 + PV_LEN + len), (n) => Math.round((n * visits) / slotVisits));
      pvVisits[0] = visits;
      return { pv: Array.from(slot.subarray(base + 1, base + 1 + len)), pvVisits };
    }
  }
  return { pv: [move], pvVisits: [visits] };
}

