// What a GTP command is: a handler with its context, and the parsers that
// turn GTP arguments into values (failing with `syntax error`).

import { PASS, formatVertex, parseColor, parseVertex, type Color } from '../game/vertex.js';
import type { EngineLog } from '../engine/log.js';
import type { Player } from '../engine/player.js';
import { SessionError, type Session } from '../engine/session.js';
import { REASON_TEXT, type IllegalReason } from '../game/game.js';
import { GtpError } from './protocol.js';

export interface Context {
  session: Session;
  player: Player;
  /** Aborted when the command should stop early (interrupt, quit, end of input; any line for streams). */
  signal: AbortSignal;
  /** Starts a streamed reply: writes `=id` and a newline; later lines go through `line`. */
  begin(): void;
  line(text: string): void;
  /** gtp2ogs chat: a `DISCUSSION:`/`MALKOVICH:` line on stderr when --chat is on. */
  chat(line: string): void;
  /** Asks the server to exit after this reply. */
  quit(): void;
  name: string;
  version: string;
  /** What `version` answers: the version, or --override-version's string. */
  reportedVersion: string;
  /** The engine log on stderr. */
  log: EngineLog;
  /** Names of every command in the table (list_commands, known_command). */
  commandNames: readonly string[];
}

export type Handler = (args: string[], ctx: Context) => string | Promise<string>;

export interface CommandSpec {
  run: Handler;
  /** Streams end on any input line (analysis); others only on `# interrupt`, quit or end of input. */
  stopsOnInput?: boolean;
}

export function arity(args: string[], min: number, max = min): void {
  if (args.length < min || args.length > max) throw new GtpError('syntax error');
}

export function colorArg(text: string | undefined): Color {
  const color = text === undefined ? null : parseColor(text);
  if (color === null) throw new GtpError('syntax error');
  return color;
}

export function vertexArg(text: string | undefined, session: Session): number {
  const p = text === undefined ? null : parseVertex(text, session.size);
  if (p === null) throw new GtpError(text !== undefined && /^[a-z]\d+$/i.test(text) ? 'invalid coordinate' : 'syntax error');
  return p;
}

export function stoneArg(text: string | undefined, session: Session): number {
  const p = vertexArg(text, session);
  if (p === PASS || session.game.board.color(p) === 0) throw new GtpError('vertex must not be empty');
  return p;
}

/** `illegal move (why)`: the prefix GNU Go and other engines answer, then the rules' reason for a GUI to show. */
export function illegalMove(reason: IllegalReason): string {
  return `illegal move (${REASON_TEXT[reason]})`;
}

/** GTP int: an unsigned decimal integer below 2^31 (spec 3.2). */
export function intArg(text: string | undefined): number {
  if (text === undefined || !/^\d{1,10}$/.test(text) || Number(text) > 0x7fffffff) throw new GtpError('syntax error');
  return Number(text);
}

/** GTP float: a decimal number, signed (komi may be negative); no hexadecimal, Infinity or NaN. */
export function numberArg(text: string | undefined): number {
  if (text === undefined || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) throw new GtpError('syntax error');
  const value = Number(text);
  if (!Number.isFinite(value)) throw new GtpError('syntax error');
  return value;
}

/** A command that takes no arguments. */
export function noArgs(run: (ctx: Context) => string | Promise<string>): CommandSpec {
  return {
    run: (args, ctx) => {
      arity(args, 0);
      return run(ctx);
    },
  };
}

export function vertices(points: Iterable<number>, session: Session): string {
  return [...points].map((p) => formatVertex(p, session.size)).join(' ');
}

/** Runs a session change, turning its refusals into GTP errors. */
export function attempt<T>(change: () => T): T {
  try {
    return change();
  } catch (error) {
    if (error instanceof SessionError) throw new GtpError(error.message);
    throw error;
  }
}
