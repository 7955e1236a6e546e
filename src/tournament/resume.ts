// Continuing a stopped match from its results file. The file's first line
// records the run's definition (engines, board, clock, openings, games,
// SPRT, colours); a resumed run must have the same one, so that the file
// holds one run and its figures mean what they say. The schedule is rebuilt
// from the definition, so game k keeps its number, colours and opening; the
// games already recorded are kept and only the others are played. A pair
// whose second game is missing is completed by playing that game, so every
// pair is counted once.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, truncateSync } from 'node:fs';
import type { EngineSpec } from './engines.js';
import type { GameRecord, GameSettings } from './game.js';
import type { Opening } from './openings.js';
import { isResultsHeader, parseResults } from './results.js';
import type { Job } from './schedule.js';
import type { SprtParameters } from './sprt.js';

/** What a match is: everything that decides which games are played and how they count. */
export interface MatchDefinition {
  engines: EngineSpec[];
  /** Colour-swapped pairs (`--engine`/`--opponent`) or fixed colours (`--black`/`--white`). */
  colours: 'alternating' | 'fixed';
  size: number;
  komi: number;
  rules?: string;
  /** Main time per side and byo-yomi, as GameSettings has them. */
  clock?: { main: number; byoyomi?: GameSettings['byoyomi'] };
  maxMoves: number;
  /** null: the black engine counts. */
  referee: string | null;
  openingMoves?: number;
  /** The openings' names and moves, hashed: the same files give the same games whatever the path. */
  openings?: { path: string; count: number; digest: string };
  games: number;
  sprt?: SprtParameters;
}

export function matchDefinition(fields: {
  engines: readonly EngineSpec[];
  alternate: boolean;
  settings: GameSettings;
  referee: string | null;
  openingsPath?: string;
  openingMoves?: number;
  openings: readonly Opening[];
  games: number;
  sprt?: SprtParameters;
}): MatchDefinition {
  const { settings } = fields;
  const definition: MatchDefinition = {
    engines: fields.engines.map((e) => ({ ...e })),
    colours: fields.alternate ? 'alternating' : 'fixed',
    size: settings.size,
    komi: settings.komi,
    maxMoves: settings.maxMoves,
    referee: fields.referee,
    games: fields.games,
  };
  if (settings.rules !== undefined) definition.rules = settings.rules;
  if (settings.clock !== undefined) definition.clock = settings.byoyomi ? { main: settings.clock, byoyomi: settings.byoyomi } : { main: settings.clock };
  if (fields.openingMoves !== undefined) definition.openingMoves = fields.openingMoves;
  if (fields.openings.length > 0) {
    const digest = createHash('sha256').update(JSON.stringify(fields.openings)).digest('hex').slice(0, 16);
    definition.openings = { path: fields.openingsPath ?? '', count: fields.openings.length, digest };
  }
  if (fields.sprt) definition.sprt = fields.sprt;
  return definition;
}

const show = (value: unknown): string => (value === undefined || value === null ? 'none' : typeof value === 'string' ? `"${value}"` : JSON.stringify(value));

/** The first difference between two definitions, as `what: X now, Y in the file`, or null. */
export function definitionDifference(now: MatchDefinition, recorded: MatchDefinition): string | null {
  const differ = (a: unknown, b: unknown) => JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);
  const diff = (what: string, a: unknown, b: unknown) => `${what}: ${show(a)} now, ${show(b)} in the file`;
  if (now.colours !== recorded.colours) return diff('colours', now.colours, recorded.colours);
  const engines = recorded.engines ?? [];
  for (let i = 0; i < Math.max(now.engines.length, engines.length); i++) {
    const [a, b] = [now.engines[i], engines[i]];
    if (a === undefined || b === undefined) return diff('engines', now.engines.map((e) => e.name), engines.map((e) => e.name));
    for (const key of ['name', 'command', 'cwd', 'setup'] as const) {
      if (differ(a[key], b[key])) return diff(`engine ${a.name}'s ${key}`, a[key], b[key]);
    }
  }
  for (const key of ['size', 'komi', 'rules', 'clock', 'maxMoves', 'referee', 'openingMoves', 'games', 'sprt'] as const) {
    if (differ(now[key], recorded[key])) return diff(key === 'maxMoves' ? 'max-moves' : key === 'openingMoves' ? 'opening-moves' : key, now[key], recorded[key]);
  }
  const [a, b] = [now.openings, recorded.openings];
  if (differ(a?.digest, b?.digest)) {
    return a && b ? `openings: ${a.count} from ${a.path} now are not the ${b.count} from ${b.path} in the file` : diff('openings', a?.path, b?.path);
  }
  return null;
}

export interface Resumed {
  /** The games the file holds, in its order. */
  records: GameRecord[];
  /** The jobs still to play: those without a recorded game, and a pair's missing game. */
  jobs: Job[];
  /** Pairs of which only the first game was recorded (they are completed). */
  completed: number[];
  /** Bytes of an unfinished last line that were cut off (a write the stop interrupted). */
  cut: number;
}

/**
 * Reads a results file to continue its run: refuses one written by another
 * definition (naming the first difference) or without one, or whose games are
 * not this schedule's. A missing or empty file resumes nothing. An unfinished
 * last line is cut off, only once every check has passed.
 */
export function resumeRun(file: string, definition: MatchDefinition, jobs: readonly Job[]): Resumed {
  if (!existsSync(file) || statSync(file).size === 0) return { records: [], jobs: [...jobs], completed: [], cut: 0 };
  const text = readFileSync(file, 'utf8');
  const whole = text.endsWith('\n') ? text : text.slice(0, text.lastIndexOf('\n') + 1);
  const fail = (message: string): never => {
    throw new Error(`cannot resume ${file}: ${message}`);
  };
  let header: unknown;
  try {
    header = JSON.parse(whole.split('\n', 1)[0]);
  } catch {
    header = null;
  }
  if (!isResultsHeader(header)) return fail('it records no run definition (written before --resume, or not by tengen match)');
  if (header.run !== undefined) fail('it is a queue run, which resumes from Redis: run the same command without --resume');
  const difference = definitionDifference(definition, header.definition);
  if (difference !== null) fail(`another run's file (${difference})`);

  const records = parseResults(whole, file);
  const scheduled = new Map(jobs.flatMap((job) => job.games.map((game) => [game.number, { job, game }] as const)));
  const recorded = new Set<number>();
  for (const r of records) {
    const slot = scheduled.get(r.number);
    if (!slot || slot.job.pair !== r.pair || slot.game.black !== r.black || slot.game.white !== r.white) fail(`game ${r.number} is not this run's game ${r.number}`);
    if (recorded.has(r.number)) fail(`game ${r.number} is recorded twice`);
    recorded.add(r.number);
  }
  const remaining: Job[] = [];
  const completed: number[] = [];
  for (const job of jobs) {
    const games = job.games.filter((g) => !recorded.has(g.number));
    if (games.length === 0) continue;
    if (games.length < job.games.length) completed.push(job.pair);
    remaining.push({ ...job, games });
  }
  const cut = Buffer.byteLength(text) - Buffer.byteLength(whole);
  if (cut > 0) truncateSync(file, Buffer.byteLength(whole));
  return { records, jobs: remaining, completed, cut };
}
