// How long to think about one move, from the clock. Modelled on Pachi's defaults
// (uct/uct.c, timeinfo.c): ramp up through the opening, a steady share of the remaining time
// in the middle game, less in the endgame; a single move may take up to about twice its share
// when the best moves are close. Hard rule: never plan past the time actually left for this
// move under any clock, minus a margin for lag (0.5 s or 10%, whichever is larger).

import { defaultTimeSettings, initialTimeLeft, type TimeLeft, type TimeSettings } from '../game/clock.js';

/**
 * Seconds kept back from every move's available time for lag: the process answering, the pipe
 * or network to the server, the search stopping (its wait for the workers and the network's
 * prior already counts against the plan). At least this much…
 */
const LAG_SECONDS = 0.5;
/** …or this share of the available time, whichever is larger. */
const LAG_SHARE = 0.1;
/** Share of a byo-yomi period (less the lag margin) a move aims at: the period comes back whole. */
const PERIOD_USE = 0.85;

export interface TimePlan {
  /** think this long normally */
  targetMs: number;
  /** never longer than this (extensions when the best moves are close stop here) */
  maxMs: number;
}

export interface PlanContext {
  size: number;
  moveNumber: number;
}

/**
 * Seconds this move may use without losing on time or losing a byo-yomi period: the main time
 * left, plus one period's worth when byo-yomi follows (a move that ends inside the first period
 * keeps it), or the current period / stones' share in overtime.
 */
export function availableSeconds(settings: TimeSettings, left: TimeLeft): number {
  const seconds = Math.max(0, Number.isFinite(left.seconds) ? left.seconds : 0);
  switch (settings.kind) {
    case 'none':
    case 'absolute':
      return seconds;
    case 'byoyomi':
      if (left.stones > 0) return seconds; // inside a period: what is left of it
      return seconds + (settings.periods > 0 ? settings.periodTime : 0);
    case 'canadian':
      if (left.stones > 0) return seconds; // all of it is ours, but it must last `stones` moves
      return seconds + (settings.stones > 0 ? settings.periodTime / settings.stones : 0);
  }
}

/** The lag margin kept back from an amount of available time (seconds). */
export function safetyMargin(available: number): number {
  return Math.max(LAG_SECONDS, available * LAG_SHARE);
}

/** The most a move may be planned to take, given what is available (seconds). */
function capSeconds(available: number): number {
  const margin = safetyMargin(available);
  // with less than twice the margin left, spend a fraction: a move must still be made
  return available > 2 * margin ? available - margin : available * 0.3;
}

/**
 * Moves a game is expected to last. 9×9 games end early, most by resignation: 59 moves on
 * average against Pachi (docs/pachi-9x9-idle-ae2f940.log), so 0.75·points; planning for 0.95
 * left a fifth of a whole-game clock unused. Larger boards run to about 0.85·points.
 */
function gameLength(size: number): number {
  return size * size * (size <= 9 ? 0.75 : 0.85);
}

/** Expected number of our own moves still to come. */
function ownMovesLeft(ctx: PlanContext): number {
  const points = ctx.size * ctx.size;
  // never assume fewer than about an eighth of the board's worth of our moves remain (a reserve)
  return Math.max(points * 0.12 + 4, (gameLength(ctx.size) - ctx.moveNumber) / 2);
}

/**
 * More time in the opening and middle game, less in the endgame (Pachi: fuseki_end 20%,
 * yose_start 40%). The first moves of a large board are quick: the learned priors know them.
 * Not on 9×9, where those priors (from 19×19 games) prefer 3-3 and 3-4 points and only a
 * search finds the centre: on the empty board 0.6 s chose C3, F6, C6 and 1.4 s D6, F5, F7.
 */
function phaseFactor(ctx: PlanContext): number {
  const fill = ctx.moveNumber / (ctx.size * ctx.size);
  if (ctx.size <= 9) return fill < 0.45 ? 1.4 : 0.9;
  if (fill < 0.05) return 0.6;
  if (fill < 0.2) return 0.6 + ((fill - 0.05) / 0.15) * 0.8; // ramp to 1.4
  if (fill < 0.45) return 1.4;
  return 0.9;
}

function assumedTimeLeft(s: TimeSettings, ctx: PlanContext): TimeLeft {
  const start = initialTimeLeft(s);
  if (start.stones > 0 || s.mainTime <= 0) return start;
  const share = Math.max(0.15, 1 - ctx.moveNumber / gameLength(ctx.size));
  return { seconds: s.mainTime * share, stones: 0 };
}

export function planMove(settings: TimeSettings | null | undefined, left: TimeLeft | null | undefined, ctx: PlanContext): TimePlan {
  let s = settings ?? defaultTimeSettings(ctx.size);
  // no limit at all: think as if the default clock were running
  if (s.kind === 'none') s = defaultTimeSettings(ctx.size);
  // Without time_left, assume the clock ran at the planned pace: main time shrinks in
  // proportion to the game played (planning from a full clock every move would overspend).
  const given = settings && settings.kind !== 'none' && left ? left : assumedTimeLeft(s, ctx);
  // garbage in (NaN, negative) means no time
  const l: TimeLeft = { seconds: Number.isFinite(given.seconds) ? Math.max(0, given.seconds) : 0, stones: given.stones };
  const available = availableSeconds(s, l);
  const cap = capSeconds(available);
  let target: number;
  const seconds = l.seconds;
  if (l.stones > 0 && s.kind === 'byoyomi') {
    // inside a period: use most of it every move, it comes back whole
    target = cap * PERIOD_USE;
  } else if (l.stones > 0 && s.kind === 'canadian') {
    // share the period among the stones still to play
    target = Math.max(0, seconds - safetyMargin(seconds)) / l.stones;
  } else {
    // main time (or absolute): a share of what is left, shaped by the game phase
    // overtime that follows counts for part of its worth: it is spent at the end anyway, but
    // leaning on it too early leaves the endgame short
    let pool = seconds;
    if (s.kind === 'byoyomi' && s.periods > 0) pool += s.periods * s.periodTime * 0.5;
    else if (s.kind === 'canadian' && s.stones > 0) pool += s.periodTime * 0.5;
    target = (pool / ownMovesLeft(ctx)) * phaseFactor(ctx);
  }
  target = Math.min(target, cap);
  const maxSec = Math.min(cap, Math.max(target * 2, target));
  return { targetMs: Math.floor(target * 1000), maxMs: Math.floor(maxSec * 1000) };
}

/**
 * Time for one judgement of the board before a move that may end the game: 30% of the move's
 * target, 150–800 ms, but at most a sixth of the most the move may take (judgeEnd may judge
 * three times), so that a move under a nearly spent clock stays within its plan.
 */
export function passJudgeMs(targetMs = 1000, maxMs = Infinity): number {
  return Math.min(800, Math.max(150, targetMs * 0.3), maxMs / 6);
}

/**
 * How far the game has gone, in moves: those played, or the stones on the board when there are
 * more (a position set up by loadsgf or gogui-setup is no opening for the clock plan and the
 * resign guard).
 */
export function gameStage(position: { board: ArrayLike<number>; moveNumber: number }): number {
  let stones = 0;
  for (let p = 0; p < position.board.length; p++) if (position.board[p] !== 0) stones++;
  return Math.max(position.moveNumber, stones);
}
