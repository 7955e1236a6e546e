// When a search on a clock stops, between the time plan's target and its most (timeplan.ts):
// at the target unless the two best moves are close, earlier when the best move can no longer
// be overtaken in the time left.

import type { StopParams } from './params.js';
import { FIX, H_PLAYOUTS, M_ILLEGAL, M_VISITS, M_WIN, type RootStatsLayout } from './root-stats.js';

/** A search's time limits. */
export interface StopLimits {
  /** stop at target unless the best moves are close, at the latest at max */
  targetMs?: number;
  maxMs?: number;
  /** stop when the best move can no longer be overtaken in the time left */
  earlyStop: boolean;
}

/** Whether the search of `threads` workers publishing into sab should stop after elapsed ms. */
export function shouldStop(layout: RootStatsLayout, sab: SharedArrayBuffer, threads: number, elapsed: number, spec: StopLimits, rules: StopParams): boolean {
  const target = spec.targetMs ?? 0;
  const max = spec.maxMs ?? target;
  // visits of the two best moves that may be played (as the candidates rank them), summed over workers
  let best = 0;
  let second = 0;
  let bestWin = 0;
  let secondWin = 0;
  let playouts = 0;
  for (let k = 0; k < threads; k++) playouts += layout.slot(sab, k)[H_PLAYOUTS];
  for (let m = 0; m < layout.moves; m++) {
    let v = 0;
    let w = 0;
    let weights = 0;
    let illegal = false;
    for (let k = 0; k < threads; k++) {
      const slot = layout.slot(sab, k);
      if (slot[layout.at(m, M_ILLEGAL)]) illegal = true;
      const vk = slot[layout.at(m, M_VISITS)];
      const wk = layout.weight(slot, m);
      v += vk;
      w += wk * slot[layout.at(m, M_WIN)];
      weights += wk;
    }
    // an illegal move keeps the visits of the search before (cleanup's forbidden points, superko)
    if (illegal) continue;
    if (weights === 0) {
      // a shared tree's visits from an earlier search only: the tree's value (slot 0)
      w = layout.slot(sab, 0)[layout.at(m, M_WIN)];
      weights = 1;
    }
    if (v > best) {
      second = best;
      secondWin = bestWin;
      best = v;
      bestWin = w / weights / FIX;
    } else if (v > second) {
      second = v;
      secondWin = w / weights / FIX;
    }
  }
  if (elapsed >= target) {
    // extend while the two best are close; give up at max
    const close = best < rules.best2Ratio * second || secondWin > bestWin + rules.best2WinMargin;
    if (!close || elapsed >= max) return true;
  }
  if (!spec.earlyStop || elapsed < rules.earlyShare * target || playouts < rules.earlyPlayouts) return false;
  // the best move cannot be caught in the time that remains
  const rate = playouts / elapsed;
  const remaining = rate * (Math.max(target, max) - elapsed);
  return best - second > remaining;
}
