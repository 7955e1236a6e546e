// One game between two GTP engines, as gogui-twogtp plays it. A game ends on
// two passes (scored by the referee's `final_score`), a resignation, an
// illegal move (the other engine refuses the `play`: the mover loses), a
// failed genmove, a flag fall (main time, then byo-yomi periods if any), a crash or hang (the
// engine at fault loses: fishtest's policy) or the move limit (then scored
// as it stands). Whatever happens, the game ends with a record.

import { performance } from 'node:perf_hooks';
import { sgfGame, timeLeftProperties } from '../game/sgf.js';
import { initialTimeLeft, secondsToFlag, settle, sgfOvertime, type TimeLeft, type TimeSettings } from '../game/clock.js';
import type { Move } from '../game/game.js';
import { BLACK, PASS, WHITE, colorLetter, colorName, formatVertex, opponent, parseVertex, type Color } from '../game/vertex.js';
import { EngineTimeout, type EngineProcess, type EngineSpec, type Table } from './engines.js';
import type { Opening } from './openings.js';

export interface GameSettings {
  size: number;
  komi: number;
  /** Sent as `kgs-rules` or `kata-set-rules` to engines that list one of them; SGF RU. */
  rules?: string;
  /** Stop and score a game after this many moves. */
  maxMoves: number;
  /** Main time in seconds per side (time_left before each genmove); a side out of time loses. */
  clock?: number;
  /** Byo-yomi after the main time: `periods` periods of `seconds` each; without it the main time is the whole game. */
  byoyomi?: Byoyomi;
  /** Without a clock: seconds an engine may take to answer before it counts as hung. */
  moveTimeout: number;
}

export interface Byoyomi {
  periods: number;
  seconds: number;
}

/** The clock a game runs on, or null without one. */
export function gameClock(settings: { clock?: number; byoyomi?: Byoyomi }): TimeSettings | null {
  if (settings.clock === undefined) return null;
  if (!settings.byoyomi) return { kind: 'absolute', mainTime: settings.clock, periodTime: 0, periods: 0, stones: 0 };
  return { kind: 'byoyomi', mainTime: settings.clock, periodTime: settings.byoyomi.seconds, periods: settings.byoyomi.periods, stones: 1 };
}

/** The settings' fields for a clock (parseClock's): none, sudden death, or main time and byo-yomi. */
export function clockFields(clock: TimeSettings): { clock?: number; byoyomi?: Byoyomi } {
  if (clock.kind === 'none') return {};
  if (clock.kind === 'byoyomi') return { clock: clock.mainTime, byoyomi: { periods: clock.periods, seconds: clock.periodTime } };
  if (clock.kind === 'absolute') return { clock: clock.mainTime };
  throw new Error('a match clock is sudden death or byo-yomi');
}

export type GameEnd = 'score' | 'resign' | 'illegal' | 'genmove-error' | 'time' | 'max-moves' | 'crash' | 'hang' | 'setup';

/** The time a side used: genmoves answered and seconds spent on them. */
export interface SideTime {
  moves: number;
  seconds: number;
  /** With a clock: what was left at the end (main time seconds and 0, or in byo-yomi a period's seconds and the periods). */
  left?: TimeLeft;
  /** With byo-yomi: the longest move begun in byo-yomi, in seconds (0 if none was). */
  longestByoyomiMove?: number;
}

/** One line of a results file: enough to rebuild every table of a run. */
export interface GameRecord {
  /** The queue run this game belongs to (distributed runs only). */
  run?: string;
  /** 1-based number in the schedule. */
  number: number;
  /** Index of the job (a colour-swapped pair, or a single game) in the schedule. */
  pair: number;
  /** Engine names. */
  black: string;
  white: string;
  /** Names the engines gave over GTP (name and version). */
  blackName: string;
  whiteName: string;
  /** SGF RE style: `B+3.5`, `W+R`, `B+T` (time), `W+F` (forfeit: illegal move, crash, hang), `0` (jigo), `?` (unscored). */
  result: string;
  winner: 'black' | 'white' | null;
  end: GameEnd;
  /** Why a forfeit happened (the engine's error, the timeout). */
  reason?: string;
  /** The refused move, when the game ended on an illegal move. */
  illegalMove?: string;
  /** Moves played, passes included; an illegal move is not counted. */
  moves: number;
  seconds: number;
  time: { black: SideTime; white: SideTime };
  size: number;
  komi: number;
  rules?: string;
  /** Main time per side in seconds. */
  clock?: number;
  byoyomi?: Byoyomi;
  /** The SGF's file name, in the run's SGF folder. */
  sgf?: string;
  /** The opening the game started from (its file name); its moves are the game's first. */
  opening?: string;
}

export type { Move };

/** The most moves a run may let a game last before it is scored (--max-moves, "maxMoves"). */
export const MAX_MOVES_LIMIT = 100_000;

/** Extra seconds past the clock before a thinking engine is given up on and killed. */
const CLOCK_GRACE = 1;
/** Seconds for commands other than genmove. */
const COMMAND_TIMEOUT = 60;
const RESULT = /^(?:[BW]\+(?:\d+(?:\.\d+)?|R|T|F)|0)$/;

/** The rules `kgs-rules` takes (KGS's four); the others go by `kata-set-rules`. */
const KGS_RULES = ['japanese', 'chinese', 'aga', 'new_zealand'];

async function newGame(engine: EngineProcess, settings: GameSettings): Promise<void> {
  const rules = settings.rules;
  if (rules !== undefined) {
    if (engine.commands.has('kgs-rules') && KGS_RULES.includes(rules.toLowerCase())) await engine.must(`kgs-rules ${rules}`, COMMAND_TIMEOUT);
    else if (engine.commands.has('kata-set-rules')) await engine.must(`kata-set-rules ${rules}`, COMMAND_TIMEOUT);
  }
  await engine.must(`boardsize ${settings.size}`, COMMAND_TIMEOUT);
  await engine.must('clear_board', COMMAND_TIMEOUT);
  await engine.must(`komi ${settings.komi}`, COMMAND_TIMEOUT);
  if (settings.clock === undefined) return;
  // GTP times are whole seconds; the clock here keeps the exact value.
  const main = Math.ceil(settings.clock);
  const byoyomi = settings.byoyomi;
  if (byoyomi && engine.commands.has('kgs-time_settings')) {
    await engine.send(`kgs-time_settings byoyomi ${main} ${Math.ceil(byoyomi.seconds)} ${byoyomi.periods}`, COMMAND_TIMEOUT);
  } else if (engine.commands.has('time_settings')) {
    // GTP has no periods: byo-yomi goes as canadian overtime of one stone (one period, as KGS sends it)
    await engine.send(byoyomi ? `time_settings ${main} ${Math.ceil(byoyomi.seconds)} 1` : `time_settings ${main} 0 0`, COMMAND_TIMEOUT);
  }
}

/**
 * time_left as the GTP spec has it: main time and 0 stones, then in byo-yomi the seconds of the
 * period and its stones (1); an engine told `kgs-time_settings byoyomi` gets the periods left
 * instead, as KGS sends them.
 */
function timeLeftCommand(engine: EngineProcess, color: Color, left: TimeLeft, byoyomi: boolean): string {
  const stones = left.stones === 0 ? 0 : byoyomi && engine.commands.has('kgs-time_settings') ? left.stones : 1;
  return `time_left ${colorName(color)} ${Math.max(0, Math.floor(left.seconds))} ${stones}`;
}

/** Sends the moves to an engine as `play` commands (pipelined); throws on the first it refuses. */
async function playMoves(engine: EngineProcess, moves: readonly Move[], size: number): Promise<void> {
  await Promise.all(moves.map((m) => engine.must(`play ${colorName(m.color)} ${formatVertex(m.point, size)}`, COMMAND_TIMEOUT)));
}

/** Asks the referee for the score; a separate referee gets the game replayed first. */
async function score(referee: EngineProcess, replay: boolean, moves: Move[], settings: GameSettings): Promise<string> {
  try {
    if (replay) {
      await referee.must(`boardsize ${settings.size}`, COMMAND_TIMEOUT);
      await referee.must('clear_board', COMMAND_TIMEOUT);
      await referee.must(`komi ${settings.komi}`, COMMAND_TIMEOUT);
      await playMoves(referee, moves, settings.size);
    }
    const text = (await referee.must('final_score', COMMAND_TIMEOUT)).trim().toUpperCase();
    if (/^[BW]\+0(?:\.0*)?$/.test(text)) return '0';
    return RESULT.test(text) ? text : '?';
  } catch {
    return '?';
  }
}

/** Thrown inside a game to end it as a forfeit of one side. */
class Forfeit extends Error {
  constructor(
    readonly loser: Color,
    readonly end: GameEnd,
    message: string,
  ) {
    super(message);
  }
}

/** Runs a step with one engine; its failure becomes that side's forfeit. */
async function blame<T>(color: Color, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof Forfeit) throw error;
    const end: GameEnd = error instanceof EngineTimeout ? 'hang' : /exited|cannot start/.test((error as Error).message) ? 'crash' : 'setup';
    throw new Forfeit(color, end, (error as Error).message);
  }
}

/**
 * Plays one game on a table's engines. Never throws for anything an engine
 * does; the record says what happened.
 */
export async function playGame(
  table: Table,
  specs: { black: EngineSpec; white: EngineSpec },
  settings: GameSettings,
  place: { number: number; pair: number },
  opening?: Opening,
): Promise<{ record: GameRecord; moves: Move[]; clocks: (TimeLeft | undefined)[] }> {
  const start = performance.now();
  const moves: Move[] = [];
  /** Each move's clock after it (undefined without a clock, and for an opening's moves). */
  const clocks: (TimeLeft | undefined)[] = [];
  const time: { black: SideTime; white: SideTime } = { black: { moves: 0, seconds: 0 }, white: { moves: 0, seconds: 0 } };
  const names = { [BLACK]: specs.black.name, [WHITE]: specs.white.name };
  const engines: Partial<Record<Color, EngineProcess>> = {};
  let end: GameEnd = 'max-moves';
  let result = '?';
  let reason: string | undefined;
  let illegalMove: string | undefined;

  try {
    const instance = specs.black.name === specs.white.name ? 1 : 0;
    engines[BLACK] = await blame(BLACK, () => table.engine(specs.black, 0));
    engines[WHITE] = await blame(WHITE, () => table.engine(specs.white, instance));
    const given = opening?.moves ?? [];
    for (const color of [BLACK, WHITE] as const) {
      await blame(color, async () => {
        await newGame(engines[color]!, settings);
        await playMoves(engines[color]!, given, settings.size);
      });
    }
    moves.push(...given);
    clocks.push(...given.map(() => undefined));

    const timeSettings = gameClock(settings);
    if (timeSettings) {
      time.black.left = initialTimeLeft(timeSettings);
      time.white.left = initialTimeLeft(timeSettings);
      if (settings.byoyomi) time.black.longestByoyomiMove = time.white.longestByoyomiMove = 0;
    }
    let color: Color = given.length > 0 ? opponent(given[given.length - 1].color) : BLACK;
    let passes = given.length > 0 && given[given.length - 1].point === PASS ? 1 : 0;
    while (moves.length < settings.maxMoves) {
      const mover = engines[color]!;
      const other = engines[opponent(color)]!;
      const side = time[color === BLACK ? 'black' : 'white'];
      const left = side.left;
      if (timeSettings && left && mover.commands.has('time_left')) {
        await blame(color, () => mover.send(timeLeftCommand(mover, color, left, settings.byoyomi !== undefined), COMMAND_TIMEOUT));
      }
      const limit = timeSettings && left ? secondsToFlag(timeSettings, left) + CLOCK_GRACE : settings.moveTimeout;
      const t0 = performance.now();
      const reply = await blame(color, () => mover.send(`genmove ${colorName(color)}`, limit)).catch((error: Forfeit) => {
        // Past the clock, a hang is a loss on time, and the record's clock shows the flag fallen.
        if (error.end !== 'hang' || settings.clock === undefined) throw error;
        if (timeSettings && left) side.left = settle(timeSettings, left, (performance.now() - t0) / 1000).left;
        throw new Forfeit(color, 'time', error.message);
      });
      const elapsed = (performance.now() - t0) / 1000;
      side.moves++;
      side.seconds += elapsed;
      if (timeSettings && left) {
        if (left.stones > 0) side.longestByoyomiMove = Math.max(side.longestByoyomiMove ?? 0, elapsed);
        const settled = settle(timeSettings, left, elapsed);
        side.left = settled.left;
        if (settled.timeUp) throw new Forfeit(color, 'time', `took ${elapsed.toFixed(2)} s with ${secondsToFlag(timeSettings, left).toFixed(2)} s left`);
      }
      clocks.push(side.left);
      if (!reply.ok) throw new Forfeit(color, 'genmove-error', reply.text);
      const answer = reply.text.trim();
      if (answer.toLowerCase() === 'resign') {
        [end, result] = ['resign', `${colorLetter(opponent(color))}+R`];
        break;
      }
      const point = parseVertex(answer, settings.size);
      const played = point === null ? null : await blame(opponent(color), () => other.send(`play ${colorName(color)} ${answer}`, COMMAND_TIMEOUT));
      if (point === null || !played?.ok) {
        illegalMove = answer;
        throw new Forfeit(color, 'illegal', `illegal move ${answer}`);
      }
      moves.push({ color, point });
      passes = point === PASS ? passes + 1 : 0;
      if (passes === 2) {
        end = 'score';
        break;
      }
      color = opponent(color);
    }
    if (end === 'score' || end === 'max-moves') {
      // a referee that does not start leaves the game unscored (a player does not count it instead)
      const referee = await table.referee().catch((error: Error) => {
        reason = `referee: ${error.message}`;
        return undefined;
      });
      result = referee === undefined ? '?' : await score(referee ?? engines[BLACK]!, referee !== null, moves, settings);
    }
  } catch (error) {
    if (!(error instanceof Forfeit)) throw error;
    end = error.end;
    reason = error.message;
    result = `${colorLetter(opponent(error.loser))}+${error.end === 'time' ? 'T' : error.end === 'resign' ? 'R' : 'F'}`;
  }

  const record: GameRecord = {
    number: place.number,
    pair: place.pair,
    black: names[BLACK],
    white: names[WHITE],
    blackName: engines[BLACK]?.gtpName ?? names[BLACK],
    whiteName: engines[WHITE]?.gtpName ?? names[WHITE],
    result,
    winner: result.startsWith('B+') ? 'black' : result.startsWith('W+') ? 'white' : null,
    end,
    moves: moves.length,
    seconds: (performance.now() - start) / 1000,
    time,
    size: settings.size,
    komi: settings.komi,
  };
  if (reason !== undefined) record.reason = reason;
  if (illegalMove !== undefined) record.illegalMove = illegalMove;
  if (settings.rules !== undefined) record.rules = settings.rules;
  if (settings.clock !== undefined) record.clock = settings.clock;
  if (settings.byoyomi !== undefined) record.byoyomi = settings.byoyomi;
  if (opening !== undefined) record.opening = opening.name;
  return { record, moves, clocks };
}

/**
 * The game as SGF: a root with the game info (players, result, komi, rules, clock: TM, OT), then
 * one node per move, with the mover's time left after it (BL/WL; OB/OW: periods left in byo-yomi).
 */
export function gameToSgf(record: GameRecord, moves: readonly Move[], clocks: readonly (TimeLeft | undefined)[] = []): string {
  const root: Record<string, string[]> = {
    GM: ['1'],
    FF: ['4'],
    CA: ['UTF-8'],
    AP: ['tengen tournament'],
    SZ: [String(record.size)],
    KM: [String(record.komi)],
    // The default referee counts by area: Chinese unless the run named rules.
    RU: [record.rules ?? 'Chinese'],
    PB: [record.blackName],
    PW: [record.whiteName],
    RE: [record.result],
    DT: [new Date().toISOString().slice(0, 10)],
  };
  const clock = gameClock(record);
  if (clock) {
    root.TM = [String(clock.mainTime)];
    root.OT = [sgfOvertime(clock)!];
  }
  const comments: string[] = [];
  if (record.opening !== undefined) comments.push(`opening: ${record.opening}`);
  if (record.reason !== undefined) comments.push(`${record.end}: ${record.reason}`);
  if (record.end === 'max-moves') comments.push(`stopped after ${record.moves} moves`);
  if (comments.length > 0) root.GC = [comments.join('\n')];
  return sgfGame(root, moves, record.size, (k) => timeLeftProperties(moves[k].color, clocks[k]));
}
