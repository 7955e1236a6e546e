// The tournament file: a small JSON description of the engines and the
// schedule. Relative working folders are resolved from the file's folder, so
// the same file works from anywhere, on the coordinator and on each worker.
//
// {
//   "engines": [{ "name": "tengen-l1", "command": "node dist/cli/main.js gtp --level 1",
//                 "cwd": ".", "setup": ["time_settings 0 1 1"] }, …],
//   "format": "round-robin" | "gauntlet",    (gauntlet: the first engine against each other one)
//   "games": 2,                              (per pairing; pairs of games with colours swapped)
//   "size": 9, "komi": 7, "rules": "chinese", "clock": 60, "maxMoves": 243, "moveTimeout": 300,
//                                            ("clock": seconds of sudden death, or "300+3x30": byo-yomi)
//   "referee": "gnugo --mode gtp --level 0"  (default: GNU Go if installed)
// }

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { defaultKomi, isRulesName } from '../game/rules.js';
import { parseClock } from '../game/clock.js';
import { MAX_SIZE, MIN_SIZE } from '../game/vertex.js';
import type { EngineSpec } from './engines.js';
import { MAX_MOVES_LIMIT } from './game.js';
import type { Format } from './schedule.js';
import { clockFields, type Byoyomi } from './game.js';

export interface TournamentFile {
  engines: EngineSpec[];
  format: Format;
  games: number;
  size: number;
  komi: number;
  rules?: string;
  /** Main time per side in seconds (the whole game without byoyomi). */
  clock?: number;
  byoyomi?: Byoyomi;
  maxMoves?: number;
  moveTimeout?: number;
  referee?: string;
}

const KEYS = ['engines', 'format', 'games', 'size', 'komi', 'rules', 'clock', 'maxMoves', 'moveTimeout', 'referee'];
const ENGINE_KEYS = ['name', 'command', 'cwd', 'setup'];

/** Reads and checks a tournament file; every problem is an error that names the file and the field. */
export function readTournamentFile(path: string): TournamentFile {
  const fail = (message: string): never => {
    throw new Error(`${path}: ${message}`);
  };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return fail((error as Error).message);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail('not a JSON object');
  const data = raw as Record<string, unknown>;
  for (const k of Object.keys(data)) if (!KEYS.includes(k)) fail(`unknown field "${k}"`);
  if (!Array.isArray(data.engines) || data.engines.length < 2) fail('"engines" must list at least two engines');
  const names = new Set<string>();
  const engines = (data.engines as unknown[]).map((e, i): EngineSpec => {
    const where = `engines[${i}]`;
    if (typeof e !== 'object' || e === null) return fail(`${where} is not an object`);
    const engine = e as Record<string, unknown>;
    for (const k of Object.keys(engine)) if (!ENGINE_KEYS.includes(k)) fail(`${where}: unknown field "${k}"`);
    if (typeof engine.name !== 'string' || !/^[\w.+-]+$/.test(engine.name)) fail(`${where}.name must be letters, digits, . _ + -`);
    if (typeof engine.command !== 'string' || engine.command.trim() === '') fail(`${where}.command must be a command line`);
    if (engine.cwd !== undefined && typeof engine.cwd !== 'string') fail(`${where}.cwd must be a folder`);
    if (engine.setup !== undefined && !(Array.isArray(engine.setup) && engine.setup.every((c) => typeof c === 'string' && !/[\r\n]/.test(c)))) {
      fail(`${where}.setup must be a list of GTP commands`);
    }
    const name = engine.name as string;
    if (names.has(name)) fail(`two engines named ${name}`);
    names.add(name);
    const spec: EngineSpec = { name, command: engine.command as string, cwd: resolve(dirname(path), (engine.cwd as string | undefined) ?? '.') };
    if (engine.setup !== undefined) spec.setup = engine.setup as string[];
    return spec;
  });
  const format = data.format ?? 'round-robin';
  if (format !== 'round-robin' && format !== 'gauntlet') fail('"format" must be "round-robin" or "gauntlet"');
  const number = (k: string, ok: (x: number) => boolean, fallback?: number): number | undefined => {
    const v = data[k];
    if (v === undefined) return fallback;
    if (typeof v !== 'number' || !ok(v)) fail(`"${k}" is out of range: ${JSON.stringify(v)}`);
    return v as number;
  };
  const positive = (x: number) => Number.isFinite(x) && x > 0;
  if (data.rules !== undefined && (typeof data.rules !== 'string' || !isRulesName(data.rules))) fail('"rules" must be a rules name');
  const rules = data.rules as string | undefined;
  const file: TournamentFile = {
    engines,
    format: format as Format,
    games: number('games', (x) => Number.isInteger(x) && x > 0, 2)!,
    size: number('size', (x) => Number.isInteger(x) && x >= MIN_SIZE && x <= MAX_SIZE, 19)!,
    komi: number('komi', Number.isFinite, defaultKomi(rules))!,
  };
  if (rules !== undefined) file.rules = rules;
  if (data.referee !== undefined) {
    if (typeof data.referee !== 'string') fail('"referee" must be a command line');
    file.referee = data.referee as string;
  }
  if (typeof data.clock === 'string') {
    try {
      const clock = parseClock(data.clock);
      if (clock.kind !== 'none') Object.assign(file, clockFields(clock));
    } catch (error) {
      fail(`"clock": ${(error as Error).message}`);
    }
  } else file.clock = number('clock', positive);
  file.maxMoves = number('maxMoves', (x) => Number.isInteger(x) && x > 0 && x <= MAX_MOVES_LIMIT);
  file.moveTimeout = number('moveTimeout', positive);
  return file;
}
