// One game between two GTP engines, as gogui-twogtp plays it. A game ends on
// two passes (scored by the referee's `final_score`), a resignation, an
// illegal move (the other engine refuses the `play`: the mover loses), a
// failed genmove, a flag fall (whole-game clock), a crash or hang (the
// engine at fault loses: fishtest's policy) or the move limit (then scored
// as it stands). Whatever happens, the game ends with a record.

import { performance } from 'node:perf_hooks';
import { sgfGame } from '../game/sgf.js';
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
  /** Whole-game seconds per side (time_settings S 0 0, time_left before each genmove); overrun loses. */
  clock?: number;
  /** Without a clock: seconds an engine may take to answer before it counts as hung. */
  moveTimeout: number;
}

export type GameEnd = 'score' | 'resign' | 'illegal' | 'genmove-error' | 'time' | 'max-moves' | 'crash' | 'hang' | 'setup';

/** The time a side used: genmoves answered and seconds spent on them. */
export interface SideTime {
  moves: number;
  seconds: number;
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
  clock?: number;
  /** The SGF's file name, in the run's SGF folder. */
  sgf?: string;
  /** The opening the game started from (its file name); its moves are the game's first. */
  opening?: string;
}

export type { Move };

/** Extra seconds past the clock before a thinking engine is given up on and killed. */
const CLOCK_GRACE = 1;
/** Seconds for commands other than genmove. */
const COMMAND_TIMEOUT = 60;
const RESULT = /^(?:[BW]\+(?:\d+(?:\.\d+)?|R|T|F)|0)$/;

async function newGame(engine: EngineProcess, settings: GameSettings): Promise<void> {
  if (settings.rules !== undefined) {
    if (engine.commands.has('kgs-rules')) await engine.must(`kgs-rules ${settings.rules}`, COMMAND_TIMEOUT);
    else if (engine.commands.has('kata-set-rules')) await engine.must(`kata-set-rules ${settings.rules}`, COMMAND_TIMEOUT);
  }
  await engine.must(`boardsize ${settings.size}`, COMMAND_TIMEOUT);
  await engine.must('clear_board', COMMAND_TIMEOUT);
  await engine.must(`komi ${settings.komi}`, COMMAND_TIMEOUT);
  if (settings.clock !== undefined && engine.commands.has('time_settings')) {
    // GTP times are whole seconds; the clock here keeps the exact value.
    await engine.send(`time_settings ${Math.ceil(settings.clock)} 0 0`, COMMAND_TIMEOUT);
  }
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
): Promise<{ record: GameRecord; moves: Move[] }> {
  const start = performance.now();
  const moves: Move[] = [];
  const time = { black: { moves: 0, seconds: 0 }, white: { moves: 0, seconds: 0 } };
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

    const clock = { [BLACK]: settings.clock ?? Infinity, [WHITE]: settings.clock ?? Infinity };
    let color: Color = given.length > 0 ? opponent(given[given.length - 1].color) : BLACK;
    let passes = given.length > 0 && given[given.length - 1].point === PASS ? 1 : 0;
    while (moves.length < settings.maxMoves) {
      const mover = engines[color]!;
      const other = engines[opponent(color)]!;
      const side = time[color === BLACK ? 'black' : 'white'];
      if (settings.clock !== undefined && mover.commands.has('time_left')) {
        await blame(color, () => mover.send(`time_left ${colorName(color)} ${Math.max(0, Math.floor(clock[color]))} 0`, COMMAND_TIMEOUT));
      }
      const limit = settings.clock !== undefined ? Math.max(0, clock[color]) + CLOCK_GRACE : settings.moveTimeout;
      const t0 = performance.now();
      const reply = await blame(color, () => mover.send(`genmove ${colorName(color)}`, limit)).catch((error: Forfeit) => {
        // Past the clock, a hang is a loss on time.
        if (error.end === 'hang' && settings.clock !== undefined) throw new Forfeit(color, 'time', error.message);
        throw error;
      });
      const elapsed = (performance.now() - t0) / 1000;
      side.moves++;
      side.seconds += elapsed;
      clock[color] -= elapsed;
      if (clock[color] < 0) throw new Forfeit(color, 'time', `used ${(settings.clock! - clock[color]).toFixed(2)} s of ${settings.clock} s`);
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
      const referee = await table.referee().catch(() => null);
      result = await score(referee ?? engines[BLACK]!, referee !== null, moves, settings);
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
  if (opening !== undefined) record.opening = opening.name;
  return { record, moves };
}

/** The game as SGF: a root with the game info (players, result, komi, rules, clock), then one node per move. */
export function gameToSgf(record: GameRecord, moves: readonly Move[]): string {
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
  if (record.clock !== undefined) {
    root.TM = [String(record.clock)];
    root.OT = ['none (sudden death)'];
  }
  const comments: string[] = [];
  if (record.opening !== undefined) comments.push(`opening: ${record.opening}`);
  if (record.reason !== undefined) comments.push(`${record.end}: ${record.reason}`);
  if (record.end === 'max-moves') comments.push(`stopped after ${record.moves} moves`);
  if (comments.length > 0) root.GC = [comments.join('\n')];
  return sgfGame(root, moves, record.size);
}
