// When a search on a clock stops, between the time plan's target and its most (timeplan.ts):
// at the target unless the two best moves are close, earlier when the best move can no longer
// be overtaken in the time left.

import type { StopParams } from './params.js';
import { H_PLAYOUTS, type RootStatsLayout } from './root-stats.js';

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
  const slots = Array.from({ length: threads }, (_, k) => layout.slot(sab, k));
  const playouts = slots.reduce((a, s) => a + s[H_PLAYOUTS], 0);
  for (let m = 0; m < layout.moves; m++) {
    const { visits, winrate, illegal } = layout.totals(slots, m);
    // an illegal move keeps the visits of the search before (cleanup's forbidden points, superko)
    if (illegal) continue;
    if (visits > best) {
      second = best;
      secondWin = bestWin;
      best = visits;
      bestWin = winrate;
    } else if (visits > second) {
      second = visits;
      secondWin = winrate;
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
