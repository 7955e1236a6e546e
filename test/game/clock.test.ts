import { describe, expect, it } from 'vitest';
import { fromGtpTimeSettings, initialTimeLeft, spend, withoutEmptyOvertime, type TimeSettings } from '../../src/game/clock.js';

const byoyomi: TimeSettings = { kind: 'byoyomi', mainTime: 60, periodTime: 30, periods: 3, stones: 1 };
const canadian: TimeSettings = { kind: 'canadian', mainTime: 60, periodTime: 100, periods: 1, stones: 5 };

describe('GTP time_settings', () => {
  it('reads b = 0 as absolute, s = 0 with b > 0 as no limit, else canadian', () => {
    expect(fromGtpTimeSettings(300, 0, 0).kind).toBe('absolute');
    expect(fromGtpTimeSettings(0, 1, 0).kind).toBe('none');
    expect(fromGtpTimeSettings(600, 300, 25)).toMatchObject({ kind: 'canadian', periodTime: 300, stones: 25 });
  });

  it('reads overtime without time, periods or stones as absolute time, which runs out cleanly', () => {
    for (const empty of [{ ...byoyomi, periods: 0 }, { ...byoyomi, periodTime: 0 }, { ...canadian, stones: 0 }]) {
      const settings = withoutEmptyOvertime(empty);
      expect(settings).toMatchObject({ kind: 'absolute', mainTime: 60 });
      expect(spend(settings, initialTimeLeft(settings), 90)).toEqual({ seconds: 0, stones: 0 });
    }
    expect(withoutEmptyOvertime(byoyomi)).toBe(byoyomi);
  });
});

describe('spend: the clock tengen keeps when no time_left comes', () => {
  it('runs main time down, and absolute time to zero at most', () => {
    expect(spend(byoyomi, { seconds: 60, stones: 0 }, 10)).toEqual({ seconds: 50, stones: 0 });
    expect(spend({ ...byoyomi, kind: 'absolute' }, { seconds: 5, stones: 0 }, 10)).toEqual({ seconds: 0, stones: 0 });
  });

  it('enters byo-yomi with the overflow, losing a period only for a move longer than one', () => {
    expect(spend(byoyomi, { seconds: 10, stones: 0 }, 30)).toEqual({ seconds: 30, stones: 3 });
    expect(spend(byoyomi, { seconds: 10, stones: 0 }, 45)).toEqual({ seconds: 30, stones: 2 });
    expect(spend(byoyomi, { seconds: 30, stones: 3 }, 29)).toEqual({ seconds: 30, stones: 3 });
    expect(spend(byoyomi, { seconds: 30, stones: 3 }, 61)).toEqual({ seconds: 30, stones: 1 });
  });

  it('enters overtime whole when main time ends exactly with a move', () => {
    expect(spend(byoyomi, { seconds: 10, stones: 0 }, 10)).toEqual({ seconds: 30, stones: 3 });
    expect(spend(canadian, { seconds: 10, stones: 0 }, 10)).toEqual({ seconds: 100, stones: 5 });
  });

  it('stays at zero once the last byo-yomi period is lost, without starting overtime again', () => {
    const fallen = spend(byoyomi, { seconds: 30, stones: 1 }, 31);
    expect(fallen).toEqual({ seconds: 0, stones: 0 });
    expect(spend(byoyomi, { seconds: 30, stones: 2 }, 100)).toEqual(fallen);
    expect(spend(byoyomi, { seconds: 5, stones: 0 }, 200)).toEqual(fallen);
    expect(spend(byoyomi, fallen, 1)).toEqual(fallen);
  });

  it('shares a canadian period among its stones and restarts it when they are played', () => {
    expect(spend(canadian, { seconds: 100, stones: 5 }, 30)).toEqual({ seconds: 70, stones: 4 });
    expect(spend(canadian, { seconds: 20, stones: 1 }, 10)).toEqual({ seconds: 100, stones: 5 });
    expect(spend(canadian, { seconds: 20, stones: 0 }, 50)).toEqual({ seconds: 70, stones: 4 });
  });

  it('starts in overtime when there is no main time', () => {
    expect(initialTimeLeft({ ...byoyomi, mainTime: 0 })).toEqual({ seconds: 30, stones: 3 });
    expect(initialTimeLeft({ ...canadian, mainTime: 0 })).toEqual({ seconds: 100, stones: 5 });
  });
});
