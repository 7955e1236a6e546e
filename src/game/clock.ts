// Time settings as GTP and KGS give them, and the time each side has left.
// All times are in seconds.

import type { Color } from './vertex.js';

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

/** The clock Go servers use, and tengen's when none is given: 5/10/20 min by board size, then 3 periods of 30 s. */
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

// ---------------------------------------------------------------------------
// The running clock: what a side has left while it thinks, when its flag falls,
// the clock both sides share, and the clock as people write it.

/** Seconds `left` lasts before the flag falls: main time, then every period (canadian: the current one). */
export function secondsToFlag(settings: TimeSettings, left: TimeLeft): number {
  switch (settings.kind) {
    case 'none':
      return Infinity;
    case 'absolute':
      return Math.max(0, left.seconds);
    case 'byoyomi':
      if (left.stones > 0) return left.seconds + (left.stones - 1) * settings.periodTime;
      return left.seconds > 0 ? left.seconds + settings.periods * settings.periodTime : 0;
    case 'canadian':
      if (left.stones > 0) return left.seconds;
      return left.seconds > 0 ? left.seconds + settings.periodTime : 0;
  }
}

/** Whether `left` is a fallen flag: no main time and no overtime left (a period's last instant is still in time). */
export function timeIsUp(settings: TimeSettings, left: TimeLeft): boolean {
  if (settings.kind === 'none') return false;
  return left.seconds <= 0 && (settings.kind === 'absolute' || left.stones === 0);
}

/**
 * The clock of a side `elapsed` seconds into its move, as a clock shows it: main time running
 * down, then the current period's seconds; a byo-yomi period counts as used once the move has
 * outlasted it (and the next one runs whole), as `spend` charges it when the move ends.
 */
export function runDown(settings: TimeSettings, left: TimeLeft, elapsed: number): TimeLeft {
  if (settings.kind === 'none' || elapsed <= 0) return left;
  if (elapsed > secondsToFlag(settings, left)) return FLAG_FELL;
  if (left.stones === 0) {
    if (elapsed < left.seconds || settings.kind === 'absolute') return { seconds: left.seconds - elapsed, stones: 0 };
    return runDown(settings, initialOvertime(settings), elapsed - left.seconds);
  }
  if (settings.kind === 'canadian') return { seconds: left.seconds - elapsed, stones: left.stones };
  // byo-yomi: a move of exactly one period keeps it
  const lost = elapsed <= left.seconds ? 0 : Math.ceil((elapsed - left.seconds) / settings.periodTime);
  const into = elapsed - (lost === 0 ? 0 : left.seconds + (lost - 1) * settings.periodTime);
  const period = lost === 0 ? left.seconds : settings.periodTime;
  return { seconds: period - into, stones: left.stones - lost };
}

function initialOvertime(settings: TimeSettings): TimeLeft {
  return settings.kind === 'byoyomi' ? { seconds: settings.periodTime, stones: settings.periods } : { seconds: settings.periodTime, stones: settings.stones };
}

/**
 * `settle`: the clock after a move that took `seconds` (spend), or the fallen flag when the
 * move took longer than the time left. A move ending on the last instant is in time.
 */
export function settle(settings: TimeSettings, left: TimeLeft, seconds: number): { left: TimeLeft; timeUp: boolean } {
  if (settings.kind !== 'none' && seconds > secondsToFlag(settings, left)) return { left: FLAG_FELL, timeUp: true };
  return { left: spend(settings, left, seconds), timeUp: false };
}

/** What a clock reads: milliseconds from some fixed moment (performance.now, or a test's own). */
export type Now = () => number;

/**
 * Both sides' clocks as a game runs them: one side's clock runs at a time; stopping it charges
 * the move (a byo-yomi period only for a move longer than the period) and tells whether the
 * flag fell. No clock runs between stop and the next start: during dead-stone marking, say.
 */
export class GameClock {
  private readonly left: [TimeLeft, TimeLeft];
  private running: { color: Color; since: number } | null = null;

  constructor(
    readonly settings: TimeSettings,
    private readonly now: Now = () => performance.now(),
  ) {
    this.left = [initialTimeLeft(settings), initialTimeLeft(settings)];
  }

  /** The side whose clock runs, or null. */
  get runningFor(): Color | null {
    return this.running?.color ?? null;
  }

  /** Starts `color`'s clock; a clock already running for it keeps running, the other side's is stopped first. */
  start(color: Color): void {
    if (this.running?.color === color) return;
    if (this.running) this.stop();
    this.running = { color, since: this.now() };
  }

  /** Stops the running clock and charges its move; null when none ran. */
  stop(): { color: Color; seconds: number; left: TimeLeft; timeUp: boolean } | null {
    const running = this.running;
    if (!running) return null;
    this.running = null;
    const seconds = Math.max(0, (this.now() - running.since) / 1000);
    const { left, timeUp } = settle(this.settings, this.left[running.color - 1], seconds);
    this.left[running.color - 1] = left;
    return { color: running.color, seconds, left, timeUp };
  }

  /** The seconds `color` has been thinking on its running clock (0 when its clock is stopped). */
  elapsed(color: Color): number {
    return this.running?.color === color ? Math.max(0, (this.now() - this.running.since) / 1000) : 0;
  }

  /** What `color`'s clock reads now, its running move counted. */
  current(color: Color): TimeLeft {
    return runDown(this.settings, this.left[color - 1], this.elapsed(color));
  }

  /** Whether `color`'s flag has fallen (the last instant of its time is still in time). */
  flagFell(color: Color): boolean {
    return timeIsUp(this.settings, this.current(color));
  }

  /** Seconds until `color`'s flag falls if it goes on thinking (Infinity without a limit). */
  untilFlag(color: Color): number {
    return Math.max(0, secondsToFlag(this.settings, this.left[color - 1]) - this.elapsed(color));
  }
}

const UNITS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600 };

/** `30s`, `5m`, `1.5h`, `300` (seconds): seconds, or NaN. */
function duration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(s|m|h|)$/i.exec(text);
  return match ? Number(match[1]) * UNITS[match[2].toLowerCase()] : NaN;
}

/**
 * A clock as people write it: `MAIN` (sudden death), `MAIN+PxT` (P byo-yomi periods of T each),
 * or `none`. Times take s, m or h, and are seconds without: `20m+3x30s`, `300+3x30`, `3s+2x1s`.
 * Throws an Error that says what is wrong.
 */
export function parseClock(text: string): TimeSettings {
  const spec = text.trim();
  if (spec.toLowerCase() === 'none') return NO_TIME_LIMIT;
  const match = /^([^+]+)(?:\+(\d+)[x×]([^+]+))?$/i.exec(spec);
  const expected = 'expected MAIN or MAIN+PERIODSxSECONDS, as 20m+3x30s, 300+3x30 or 5m (times in s, m or h; seconds without), or none';
  if (!match) throw new Error(`bad clock ${JSON.stringify(text)}: ${expected}`);
  const mainTime = duration(match[1]);
  if (!Number.isFinite(mainTime)) throw new Error(`bad main time ${JSON.stringify(match[1])}: ${expected}`);
  if (match[2] === undefined) {
    if (!(mainTime > 0)) throw new Error(`bad clock ${JSON.stringify(text)}: sudden death needs a main time above 0`);
    return absoluteTime(mainTime);
  }
  const periods = Number(match[2]);
  const periodTime = duration(match[3]);
  if (!(periods >= 1 && periods <= 1000)) throw new Error(`bad clock ${JSON.stringify(text)}: expected 1 to 1000 byo-yomi periods`);
  if (!(periodTime > 0)) throw new Error(`bad byo-yomi period ${JSON.stringify(match[3])}: ${expected}`);
  return { kind: 'byoyomi', mainTime, periodTime, periods, stones: 1 };
}

/** Seconds as a clock shows them: `4:05`, `1:02:03`; whole seconds, rounded up so that 0:00 means the time is gone. */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds - 1e-9));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A duration for a clock's name: `20m`, `30s`, `1.5s`. */
function shortDuration(seconds: number): string {
  return seconds >= 60 && seconds % 60 === 0 ? `${seconds / 60}m` : `${seconds}s`;
}

/** The clock in the syntax parseClock reads: `20m+3x30s`, `5m`, `none`. */
export function formatClock(settings: TimeSettings): string {
  switch (settings.kind) {
    case 'none':
      return 'none';
    case 'absolute':
      return shortDuration(settings.mainTime);
    case 'byoyomi':
      return `${shortDuration(settings.mainTime)}+${settings.periods}x${shortDuration(settings.periodTime)}`;
    case 'canadian':
      return `${shortDuration(settings.mainTime)}+${settings.stones}/${shortDuration(settings.periodTime)}`;
  }
}

/** The overtime as SGF's OT writes it (`3x30 byo-yomi`, as KGS does), or null when there is none. */
export function sgfOvertime(settings: TimeSettings): string | null {
  if (settings.kind === 'byoyomi') return `${settings.periods}x${settings.periodTime} byo-yomi`;
  if (settings.kind === 'canadian') return `${settings.stones}/${settings.periodTime} canadian`;
  return settings.kind === 'absolute' ? 'none (sudden death)' : null;
}

/** What a side's clock reads, for people: `4:32 + 3x30s`, `byo-yomi 0:17 (3 periods)`, `time is up`. */
export function describeTimeLeft(settings: TimeSettings, left: TimeLeft): string {
  if (settings.kind === 'none') return 'no limit';
  if (timeIsUp(settings, left)) return 'time is up';
  if (left.stones === 0) {
    const main = formatSeconds(left.seconds);
    if (settings.kind === 'byoyomi') return `${main} + ${settings.periods}x${shortDuration(settings.periodTime)}`;
    if (settings.kind === 'canadian') return `${main} + ${settings.stones} stones in ${shortDuration(settings.periodTime)}`;
    return main;
  }
  if (settings.kind === 'canadian') return `${formatSeconds(left.seconds)} for ${left.stones} ${left.stones === 1 ? 'stone' : 'stones'}`;
  return `byo-yomi ${formatSeconds(left.seconds)} (${left.stones === 1 ? 'last period' : `${left.stones} periods`})`;
}
