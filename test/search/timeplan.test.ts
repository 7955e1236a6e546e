import { describe, expect, it, vi } from 'vitest';
import { availableSeconds, passJudgeMs, planMove, safetyMargin } from '../../src/search/timeplan.js';
import { defaultTimeSettings, fromGtpTimeSettings, initialTimeLeft, parseClock, settle, type TimeLeft, type TimeSettings } from '../../src/game/clock.js';

// searches and long random-game checks: generous limits for a loaded machine
vi.setConfig({ testTimeout: 120_000 });

const byoyomi: TimeSettings = { kind: 'byoyomi', mainTime: 600, periodTime: 30, periods: 5, stones: 1 };
const canadian: TimeSettings = { kind: 'canadian', mainTime: 600, periodTime: 300, periods: 1, stones: 25 };
const absolute: TimeSettings = { kind: 'absolute', mainTime: 300, periodTime: 0, periods: 0, stones: 0 };
const none: TimeSettings = { kind: 'none', mainTime: 0, periodTime: 0, periods: 0, stones: 0 };

/** What a move may really use under this clock before losing on time or losing a period. */
function trulyAvailable(s: TimeSettings, l: TimeLeft): number {
  if (s.kind === 'absolute') return l.seconds;
  if (s.kind === 'byoyomi') return l.stones > 0 ? l.seconds : l.seconds + (s.periods > 0 ? s.periodTime : 0);
  if (s.kind === 'canadian') return l.stones > 0 ? l.seconds : l.seconds + (s.stones > 0 ? s.periodTime / s.stones : 0);
  return Infinity;
}

describe('time planner', () => {
  it('never plans beyond the time left, for every clock type and phase', () => {
    let rnd = 12345;
    const r = (): number => {
      rnd = (Math.imul(rnd, 1103515245) + 12345) & 0x7fffffff;
      return rnd / 0x7fffffff;
    };
    const clocks: [TimeSettings, (x: number) => TimeLeft][] = [
      [absolute, (x) => ({ seconds: x * 300, stones: 0 })],
      [byoyomi, (x) => ({ seconds: x * 600, stones: 0 })], // main time
      [byoyomi, (x) => ({ seconds: x * 30, stones: 1 + Math.floor(x * 5) })], // periods
      [byoyomi, (x) => ({ seconds: x * 30, stones: 1 })], // the last period
      [canadian, (x) => ({ seconds: x * 600, stones: 0 })],
      [canadian, (x) => ({ seconds: x * 300, stones: 1 + Math.floor(x * 25) })],
      [canadian, (x) => ({ seconds: x * 300, stones: 1 })],
      [fromGtpTimeSettings(0, 10, 1), (x) => ({ seconds: x * 10, stones: 1 })],
      [fromGtpTimeSettings(60, 0, 0), (x) => ({ seconds: x * 60, stones: 0 })],
    ];
    for (const size of [9, 13, 19]) {
      for (const [settings, leftOf] of clocks) {
        for (let k = 0; k < 300; k++) {
          const x = k < 5 ? [0, 1e-3, 0.01, 0.02, 1][k] : r();
          const left = leftOf(x);
          const moveNumber = Math.floor(r() * size * size * 1.2);
          const plan = planMove(settings, left, { size, moveNumber });
          const avail = trulyAvailable(settings, left);
          expect(Number.isFinite(plan.maxMs)).toBe(true);
          expect(plan.targetMs).toBeGreaterThanOrEqual(0);
          expect(plan.targetMs).toBeLessThanOrEqual(plan.maxMs);
          expect(plan.maxMs).toBeLessThanOrEqual(avail * 1000);
          // the lag margin is kept whenever there is room for it
          if (avail >= 1) expect(plan.maxMs).toBeLessThanOrEqual((avail - Math.min(safetyMargin(avail), avail / 2)) * 1000 + 1e-6);
          expect(availableSeconds(settings, left)).toBeCloseTo(avail, 9);
        }
      }
    }
  });

  it('handles time_left c 0 0 and odd inputs without crashing or planning time that is not there', () => {
    for (const s of [absolute, byoyomi, canadian, none]) {
      const plan = planMove(s, { seconds: 0, stones: 0 }, { size: 19, moveNumber: 100 });
      expect(plan.maxMs).toBeLessThanOrEqual(trulyAvailable(s, { seconds: 0, stones: 0 }) * 1000);
      expect(plan.targetMs).toBeGreaterThanOrEqual(0);
    }
    expect(planMove(absolute, { seconds: 0, stones: 0 }, { size: 9, moveNumber: 0 }).maxMs).toBe(0);
    const weird = planMove(absolute, { seconds: Number.NaN, stones: 0 }, { size: 9, moveNumber: 0 });
    expect(weird.maxMs).toBe(0);
    const negative = planMove(byoyomi, { seconds: -5, stones: 1 }, { size: 9, moveNumber: 10 });
    expect(negative.maxMs).toBe(0);
  });

  it('judges the board before answering a pass within the move\'s plan, even with the clock nearly spent', () => {
    // judgeEnd may judge three times: together they stay within half the most a move may take
    for (const left of [600, 60, 5, 1, 0.3]) {
      const plan = planMove(absolute, { seconds: left, stones: 0 }, { size: 19, moveNumber: 300 });
      expect(3 * passJudgeMs(plan.targetMs, plan.maxMs)).toBeLessThanOrEqual(plan.maxMs / 2);
    }
    // with time to spare, a judgement gets 150-800 ms
    expect(passJudgeMs(200, 10_000)).toBe(150);
    expect(passJudgeMs(10_000, 20_000)).toBe(800);
    expect(passJudgeMs()).toBe(300);
  });

  it('plans the default clock when none is given, and thinks longer in the middle game than at the end', () => {
    const d = planMove(null, null, { size: 19, moveNumber: 0 });
    const same = planMove(defaultTimeSettings(19), null, { size: 19, moveNumber: 0 });
    expect(d).toEqual(same);
    expect(d.targetMs).toBeGreaterThan(1000);
    // a whole 19×19 game on 10 minutes absolute, spending each planned target
    for (const size of [9, 19]) {
      let left = size === 9 ? 300 : 600;
      const spent: number[] = [];
      const gameLength = Math.round(size * size * 0.9);
      for (let move = 0; move < gameLength; move += 2) {
        const plan = planMove(absolute, { seconds: left, stones: 0 }, { size, moveNumber: move });
        spent[move] = plan.targetMs / 1000;
        left -= plan.targetMs / 1000;
        expect(left).toBeGreaterThan(0);
      }
      const avg = (from: number, to: number): number => {
        const xs = spent.slice(Math.round(from * size * size), Math.round(to * size * size)).filter((x) => x !== undefined);
        return xs.reduce((a, b) => a + b, 0) / xs.length;
      };
      expect(avg(0.15, 0.45)).toBeGreaterThan(avg(0.6, 0.9));
      // the first moves: quick on 19×19 (the priors know them), full time on 9×9
      if (size === 19) expect(avg(0.15, 0.45)).toBeGreaterThan(avg(0, 0.05));
      else expect(avg(0, 0.05)).toBeGreaterThan(avg(0.6, 0.9));
      // and time is still left for a longer game than expected
      expect(left).toBeGreaterThan((size === 9 ? 300 : 600) * 0.05);
    }
    // no limit plays as if the default clock ran
    expect(planMove(none, null, { size: 9, moveNumber: 10 })).toEqual(planMove(defaultTimeSettings(9), null, { size: 9, moveNumber: 10 }));
    // a byo-yomi period is used generously but never fully
    const period = planMove(byoyomi, { seconds: 30, stones: 3 }, { size: 19, moveNumber: 200 });
    expect(period.targetMs).toBeGreaterThan(15000);
    expect(period.maxMs).toBeLessThanOrEqual(27000);
  });

  it('under byo-yomi never drops a period, even spending the most it plans plus 0.3 s of lag every move', () => {
    // The clock as the server keeps it, and as the engine is told it: kgs-time_settings byoyomi
    // (time_left gives the periods left) or GTP time_settings M P 1 (one stone per period);
    // time_left's seconds are whole, rounded down.
    const LAG = 0.3;
    const cases: [string, number, 'kgs' | 'gtp'][] = [
      ['5m+3x30s', 9, 'kgs'],
      ['10m+3x30s', 13, 'kgs'],
      ['20m+3x30s', 19, 'kgs'],
      ['5+3x2', 9, 'kgs'],
      ['60+3x5', 9, 'kgs'],
      ['0+5x10', 19, 'kgs'],
      ['1+3x1', 9, 'kgs'],
      ['5m+3x30s', 9, 'gtp'],
      ['5+3x2', 9, 'gtp'],
    ];
    for (const [text, size, protocol] of cases) {
      const clock = parseClock(text);
      const told = protocol === 'kgs' ? clock : fromGtpTimeSettings(clock.mainTime, clock.periodTime, 1);
      let left = initialTimeLeft(clock);
      let byoyomiMoves = 0;
      for (let move = 0; move < size * size * 1.5; move += 2) {
        const timeLeft = { seconds: Math.floor(left.seconds), stones: left.stones === 0 ? 0 : protocol === 'kgs' ? left.stones : 1 };
        const plan = planMove(told, timeLeft, { size, moveNumber: move });
        if (left.stones > 0) {
          byoyomiMoves++;
          // never more than the period minus the lag margin
          expect(plan.maxMs / 1000, `${text} move ${move}`).toBeLessThanOrEqual(clock.periodTime - Math.min(safetyMargin(clock.periodTime), clock.periodTime / 2) + 1e-9);
        }
        const after = settle(clock, left, plan.maxMs / 1000 + LAG);
        expect(after.timeUp, `${text} (${protocol}) move ${move}`).toBe(false);
        if (after.left.stones > 0) expect(after.left.stones, `${text} (${protocol}) move ${move}: a period lost`).toBe(clock.periods);
        left = after.left;
      }
      // the game went on long enough to be played out in byo-yomi
      expect(byoyomiMoves, text).toBeGreaterThan(0);
    }
  });
});

