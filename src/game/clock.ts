// Time settings as GTP and KGS give them, and the time each side has left.
// All times are in seconds.

export type ClockKind = 'none' | 'absolute' | 'byoyomi' | 'canadian';

export interface TimeSettings {
  kind: ClockKind;
  mainTime: number;
  /** byoyomi: length of one period; canadian: length of the period for `stones` stones. */
  periodTime: number;
  /** byoyomi: number of periods. */
  periods: number;
  /** canadian: stones to play within one period. */
  stones: number;
}

/** What time_left reports for one side. */
export interface TimeLeft {
  seconds: number;
  /**
   * 0 while in main time. Canadian: stones left to play in the current period.
   * Byo-yomi: periods left (KGS convention).
   */
  stones: number;
}

/** rules.md: with no time settings, plan as for 5/10/20 min + 3 x 30 s by board size. */
export function defaultTimeSettings(size: number): TimeSettings {
  const mainTime = size <= 9 ? 300 : size <= 13 ? 600 : 1200;
  return { kind: 'byoyomi', mainTime, periodTime: 30, periods: 3, stones: 1 };
}

export const NO_TIME_LIMIT: TimeSettings = { kind: 'none', mainTime: 0, periodTime: 0, periods: 0, stones: 0 };

export function absoluteTime(mainTime: number): TimeSettings {
  return { kind: 'absolute', mainTime, periodTime: 0, periods: 0, stones: 0 };
}

/** Overtime without time, periods or stones (`kgs-time_settings byoyomi 600 0 0`) is none: absolute time. */
export function withoutEmptyOvertime(settings: TimeSettings): TimeSettings {
  const overtime = settings.kind === 'byoyomi' || settings.kind === 'canadian';
  return overtime && (settings.periodTime === 0 || settings.periods === 0 || settings.stones === 0) ? absoluteTime(settings.mainTime) : settings;
}

/**
 * GTP time_settings m b s: b = 0 means absolute time; s = 0 with b > 0 means no limit
 * (GTP spec 6.3.4). The result is canadian with s stones per b seconds.
 */
export function fromGtpTimeSettings(mainTime: number, byoYomiTime: number, byoYomiStones: number): TimeSettings {
  if (byoYomiTime > 0 && byoYomiStones === 0) return NO_TIME_LIMIT;
  if (byoYomiTime === 0) return absoluteTime(mainTime);
  return { kind: 'canadian', mainTime, periodTime: byoYomiTime, periods: 1, stones: byoYomiStones };
}

/** The time left at the start of a game under these settings. */
export function initialTimeLeft(settings: TimeSettings): TimeLeft {
  if (settings.mainTime > 0 || settings.kind === 'none' || settings.kind === 'absolute') {
    return { seconds: settings.mainTime, stones: 0 };
  }
  if (settings.kind === 'byoyomi') return { seconds: settings.periodTime, stones: settings.periods };
  return { seconds: settings.periodTime, stones: settings.stones };
}

/** Main time and every byo-yomi period used up; the game goes on if the controller allows it. */
const FLAG_FELL: TimeLeft = { seconds: 0, stones: 0 };

/**
 * The clock after a move that took `seconds`, for controllers that set a clock
 * but send no time_left (Sabaki, GoGui): main time runs down first; a byo-yomi
 * period is lost only by a move longer than the period, and after the last one
 * the clock stays at zero; a canadian period restarts whole once its stones are
 * played.
 */
export function spend(settings: TimeSettings, left: TimeLeft, seconds: number): TimeLeft {
  if (settings.kind === 'none') return left;
  if (left.stones === 0) {
    const remaining = left.seconds - seconds;
    if (remaining > 0 || settings.kind === 'absolute') return { seconds: Math.max(0, remaining), stones: 0 };
    if (left.seconds <= 0) return FLAG_FELL; // overtime is not given twice
    // Main time ran out during this move: the overflow is spent in overtime.
    const overtime = settings.kind === 'byoyomi' ? { seconds: settings.periodTime, stones: settings.periods } : { seconds: settings.periodTime, stones: settings.stones };
    return remaining === 0 ? overtime : spend(settings, overtime, -remaining);
  }
  if (settings.kind === 'byoyomi') {
    const lost = seconds <= settings.periodTime ? 0 : Math.ceil(seconds / settings.periodTime) - 1;
    return lost >= left.stones ? FLAG_FELL : { seconds: settings.periodTime, stones: left.stones - lost };
  }
  // canadian: the stones of this period share its time
  const remaining = Math.max(0, left.seconds - seconds);
  return left.stones > 1 ? { seconds: remaining, stones: left.stones - 1 } : { seconds: settings.periodTime, stones: settings.stones };
}
