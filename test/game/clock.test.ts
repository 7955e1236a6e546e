import { describe, expect, it } from 'vitest';
import {
  GameClock,
  describeTimeLeft,
  formatClock,
  formatSeconds,
  fromGtpTimeSettings,
  initialTimeLeft,
  parseClock,
  runDown,
  secondsToFlag,
  settle,
  sgfOvertime,
  spend,
  timeIsUp,
  withoutEmptyOvertime,
  type TimeSettings,
} from '../../src/game/clock.js';
import { BLACK, WHITE } from '../../src/game/vertex.js';

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

/** A clock that moves only when the test says: milliseconds since the start. */
function fakeTime() {
  let ms = 0;
  return { now: () => ms, advance: (seconds: number) => void (ms += seconds * 1000) };
}

describe('GameClock: the clock of the rules (main time, then 3 x 30 s byo-yomi), on an injected clock', () => {
  const rules: TimeSettings = { kind: 'byoyomi', mainTime: 300, periodTime: 30, periods: 3, stones: 1 };

  it('runs only the mover\'s clock: main time first, then the periods', () => {
    const time = fakeTime();
    const clock = new GameClock(rules, time.now);
    clock.start(BLACK);
    time.advance(100);
    expect(clock.current(BLACK)).toEqual({ seconds: 200, stones: 0 });
    expect(clock.current(WHITE)).toEqual({ seconds: 300, stones: 0 });
    clock.start(WHITE); // stops black's clock, charging its move
    expect(clock.runningFor).toBe(WHITE);
    time.advance(10);
    expect(clock.current(BLACK)).toEqual({ seconds: 200, stones: 0 });
    expect(clock.stop()).toMatchObject({ color: WHITE, seconds: 10, left: { seconds: 290, stones: 0 }, timeUp: false });
    // Black's move runs out the main time and 20 s into the first period: the period is kept.
    clock.start(BLACK);
    time.advance(220);
    expect(clock.current(BLACK)).toEqual({ seconds: 10, stones: 3 });
    expect(clock.stop()).toMatchObject({ left: { seconds: 30, stones: 3 }, timeUp: false });
  });

  it('uses a period only for a move over 30 s, and gives the next period whole', () => {
    const time = fakeTime();
    const clock = new GameClock({ ...rules, mainTime: 0 }, time.now);
    const move = (seconds: number) => {
      clock.start(BLACK);
      time.advance(seconds);
      return clock.stop()!;
    };
    expect(move(29.9).left).toEqual({ seconds: 30, stones: 3 });
    expect(move(30).left).toEqual({ seconds: 30, stones: 3 }); // the whole period, not more
    // 45 s: the first period is gone, the second runs from 15 s left
    clock.start(BLACK);
    time.advance(45);
    expect(clock.current(BLACK)).toEqual({ seconds: 15, stones: 2 });
    expect(describeTimeLeft(clock.settings, clock.current(BLACK))).toBe('byo-yomi 0:15 (2 periods)');
    expect(clock.stop()!.left).toEqual({ seconds: 30, stones: 2 }); // reset to a whole period
    expect(move(5).left).toEqual({ seconds: 30, stones: 2 });
  });

  it('loses on time after the third period', () => {
    const time = fakeTime();
    const clock = new GameClock(rules, time.now);
    clock.start(WHITE);
    time.advance(300 + 60); // main time and two whole periods: the second ends now
    expect(clock.current(WHITE)).toEqual({ seconds: 0, stones: 2 });
    expect(clock.untilFlag(WHITE)).toBe(30);
    time.advance(0.5);
    expect(clock.current(WHITE)).toEqual({ seconds: 29.5, stones: 1 });
    expect(describeTimeLeft(rules, clock.current(WHITE))).toBe('byo-yomi 0:30 (last period)');
    time.advance(29.5);
    expect(timeIsUp(rules, clock.current(WHITE))).toBe(false); // the last instant is in time
    time.advance(0.001);
    expect(timeIsUp(rules, clock.current(WHITE))).toBe(true);
    expect(clock.untilFlag(WHITE)).toBe(0);
    const stopped = clock.stop()!;
    expect(stopped.timeUp).toBe(true);
    expect(describeTimeLeft(rules, stopped.left)).toBe('time is up');
  });

  it('loses after the third period also when each period is lost by a separate move', () => {
    const time = fakeTime();
    const clock = new GameClock({ ...rules, mainTime: 0 }, time.now);
    const results = [31, 31, 31].map((seconds) => {
      clock.start(BLACK);
      time.advance(seconds);
      return clock.stop()!;
    });
    expect(results.map((r) => [r.left.stones, r.timeUp])).toEqual([
      [2, false],
      [1, false],
      [0, true],
    ]);
  });

  it('stands still while no clock runs (dead-stone marking)', () => {
    const time = fakeTime();
    const clock = new GameClock(rules, time.now);
    clock.start(BLACK);
    time.advance(50);
    clock.stop(); // the second pass: play stops
    time.advance(10_000); // marking takes ages
    expect(clock.runningFor).toBeNull();
    expect(clock.current(BLACK)).toEqual({ seconds: 250, stones: 0 });
    expect(clock.current(WHITE)).toEqual({ seconds: 300, stones: 0 });
    expect(clock.stop()).toBeNull();
    clock.start(BLACK); // resume: the clock goes on from where it stood
    time.advance(1);
    expect(clock.current(BLACK)).toEqual({ seconds: 249, stones: 0 });
  });

  it('runs down as spend charges: the clock read during a move agrees with the one after it', () => {
    for (const settings of [rules, { ...rules, mainTime: 0 }, { kind: 'canadian', mainTime: 20, periodTime: 60, periods: 1, stones: 5 } as TimeSettings]) {
      for (let seconds = 0; seconds < 200; seconds += 0.5) {
        const start = initialTimeLeft(settings);
        const during = runDown(settings, start, seconds);
        expect(timeIsUp(settings, during)).toBe(seconds > secondsToFlag(settings, start));
        expect(settle(settings, start, seconds).timeUp).toBe(timeIsUp(settings, during));
        // the periods shown during the move are the ones left after it
        if (!timeIsUp(settings, during) && settings.kind === 'byoyomi') expect(spend(settings, start, seconds).stones).toBe(during.stones);
      }
    }
  });
});

describe('clocks as people write them', () => {
  it('reads main time and byo-yomi with units, seconds without, and none', () => {
    expect(parseClock('20m+3x30s')).toEqual({ kind: 'byoyomi', mainTime: 1200, periodTime: 30, periods: 3, stones: 1 });
    expect(parseClock('300+3x30')).toEqual({ kind: 'byoyomi', mainTime: 300, periodTime: 30, periods: 3, stones: 1 });
    expect(parseClock('3s+2x1s')).toEqual({ kind: 'byoyomi', mainTime: 3, periodTime: 1, periods: 2, stones: 1 });
    expect(parseClock('0+5x10s')).toMatchObject({ mainTime: 0, periods: 5 });
    expect(parseClock('1.5h')).toEqual({ kind: 'absolute', mainTime: 5400, periodTime: 0, periods: 0, stones: 0 });
    expect(parseClock('60')).toMatchObject({ kind: 'absolute', mainTime: 60 });
    expect(parseClock('None').kind).toBe('none');
  });

  it('refuses what it cannot read, saying what it expects', () => {
    for (const bad of ['', '20m+', '20m+3x', '20m+0x30s', '20m+3x0s', '20m+3.5x30s', '5 min', '-5m', '0', 'x30', '5m+3x30s+1']) {
      expect(() => parseClock(bad), bad).toThrow(/bad (clock|main time|byo-yomi period)/);
    }
    expect(() => parseClock('20m+3x0s')).toThrow(/expected MAIN or MAIN\+PERIODSxSECONDS/);
  });

  it('writes clocks back in the same syntax, and for SGF and people', () => {
    for (const text of ['20m+3x30s', '5m', '3s+2x1s', 'none', '90s+5x10s']) expect(formatClock(parseClock(text))).toBe(text);
    expect(sgfOvertime(parseClock('5m+3x30s'))).toBe('3x30 byo-yomi');
    expect(sgfOvertime(parseClock('5m'))).toBe('none (sudden death)');
    expect(formatSeconds(0)).toBe('0:00');
    expect(formatSeconds(0.2)).toBe('0:01'); // 0:00 only once the time is gone
    expect(formatSeconds(65)).toBe('1:05');
    expect(formatSeconds(3723)).toBe('1:02:03');
    expect(describeTimeLeft(parseClock('5m+3x30s'), { seconds: 272, stones: 0 })).toBe('4:32 + 3x30s');
    expect(describeTimeLeft(parseClock('5m'), { seconds: 272, stones: 0 })).toBe('4:32');
  });
});
