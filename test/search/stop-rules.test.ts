import { describe, expect, it } from 'vitest';
import { searchParams } from '../../src/search/params.js';
import { FIX, H_PLAYOUTS, M_ILLEGAL, M_VISITS, M_WIN, RootStatsLayout } from '../../src/search/root-stats.js';
import { shouldStop } from '../../src/search/stop-rules.js';

const STOP = searchParams(9, { threads: 1, level: 10, resignThreshold: 0.1, maxTreeMb: 64 }, 1).stop;

/** One worker's root statistics on 3×3: moves as [visits, win rate], the first on point 0. */
function stats(moves: [number, number][], playouts = moves.reduce((a, [v]) => a + v, 0)) {
  const layout = new RootStatsLayout(9, 1);
  const sab = new SharedArrayBuffer(layout.bytes());
  const slot = layout.slot(sab, 0);
  slot[H_PLAYOUTS] = playouts;
  moves.forEach(([visits, winrate], k) => {
    slot[layout.at(k + 1, M_VISITS)] = visits;
    slot[layout.at(k + 1, M_WIN)] = Math.round(winrate * FIX);
  });
  return { layout, sab };
}

describe('stop rules', () => {
  it('stops at the target unless the two best are close (best2Ratio, best2WinMargin), at the latest at the most', () => {
    const clear = stats([[800, 0.6], [300, 0.55]]);
    const close = stats([[500, 0.6], [400, 0.58]]);
    const secondBetter = stats([[800, 0.5], [300, 0.55]]);
    const limits = { targetMs: 1000, maxMs: 2000, earlyStop: false };
    expect(shouldStop(clear.layout, clear.sab, 1, 1000, limits, STOP)).toBe(true);
    expect(shouldStop(close.layout, close.sab, 1, 1000, limits, STOP)).toBe(false);
    expect(shouldStop(secondBetter.layout, secondBetter.sab, 1, 1000, limits, STOP)).toBe(false);
    expect(shouldStop(close.layout, close.sab, 1, 2000, limits, STOP)).toBe(true);
    // a ratio of 1.2 finds 500 against 400 clear enough
    expect(shouldStop(close.layout, close.sab, 1, 1000, limits, { ...STOP, best2Ratio: 1.2 })).toBe(true);
    expect(shouldStop(clear.layout, clear.sab, 1, 999, limits, STOP)).toBe(false);
  });

  it('stops early when the best move cannot be overtaken in the time left, not before earlyShare of the target', () => {
    // 1,100 playouts in 500 ms: 1,100 more by the target, fewer than the lead of 1,200
    const { layout, sab } = stats([[1300, 0.6], [100, 0.5]], 1100);
    const limits = { targetMs: 1000, maxMs: 1000, earlyStop: true };
    expect(shouldStop(layout, sab, 1, 500, limits, STOP)).toBe(true);
    expect(shouldStop(layout, sab, 1, 500, { ...limits, earlyStop: false }, STOP)).toBe(false);
    expect(shouldStop(layout, sab, 1, 150, limits, STOP)).toBe(false);
    expect(shouldStop(layout, sab, 1, 500, limits, { ...STOP, earlyPlayouts: 2000 })).toBe(false);
  });

  it('ranks only moves that may be played: an illegal move\'s old visits neither stop nor stretch the search', () => {
    const limits = { targetMs: 1000, maxMs: 2000, earlyStop: true };
    // the most visited move is illegal (cleanup's forbidden points keep the last search's visits)
    const { layout, sab } = stats([[5000, 0.6], [400, 0.6], [380, 0.6]], 800);
    expect(shouldStop(layout, sab, 1, 500, limits, STOP)).toBe(true); // 5000 against 400 cannot be caught
    layout.slot(sab, 0)[layout.at(1, M_ILLEGAL)] = 1;
    expect(shouldStop(layout, sab, 1, 500, limits, STOP)).toBe(false); // 400 against 380 can
    expect(shouldStop(layout, sab, 1, 1000, limits, STOP)).toBe(false); // and they are close
  });
});
