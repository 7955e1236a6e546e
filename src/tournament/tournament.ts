// A tournament of any number of engines from a tournament file: a round robin
// or a gauntlet, here or on a queue's workers, ending with the ratings table.
// The table is rebuilt from a results file alone (`--report`).

import { defaultReferee } from './engines.js';
import type { GameRecord, GameSettings } from './game.js';
import { readTournamentFile } from './file.js';
import { runQueued, runId } from './queue.js';
import { namesIn, tournamentTable } from './report.js';
import { readResults, Results } from './results.js';
import { runLocal, type Plan } from './runner.js';
import { tournamentSchedule } from './schedule.js';
import { runOpenings } from './openings.js';

export interface TournamentOptions {
  sgfDir?: string;
  results?: string;
  concurrency?: number;
  queue?: string;
  stderr?: boolean;
  /** An SGF file or a folder of them: games start from their moves (see openings.ts). */
  openings?: string;
  /** Play at most this many moves of each opening. */
  openingMoves?: number;
  log?: (line: string) => void;
  progress?: (line: string) => void;
}

export interface TournamentOutcome {
  records: GameRecord[];
  table: string[];
  run?: string;
  failed: string[];
}

/** The plan a tournament file describes, with the options' openings. */
export function tournamentPlan(path: string, options: Pick<TournamentOptions, 'openings' | 'openingMoves'> = {}): Plan {
  const file = readTournamentFile(path);
  const settings: GameSettings = {
    size: file.size,
    komi: file.komi,
    maxMoves: file.maxMoves ?? 3 * file.size * file.size,
    moveTimeout: file.moveTimeout ?? 300,
  };
  if (file.rules !== undefined) settings.rules = file.rules;
  if (file.clock !== undefined) settings.clock = file.clock;
  if (file.byoyomi !== undefined) settings.byoyomi = file.byoyomi;
  const names = file.engines.map((e) => e.name);
  return {
    engines: file.engines,
    jobs: tournamentSchedule(names, file.format, file.games, runOpenings(options, file.size, file.rules)),
    settings,
    referee: file.referee ?? defaultReferee(file.rules),
    paired: true,
  };
}

export async function runTournament(path: string, options: TournamentOptions = {}): Promise<TournamentOutcome> {
  const log = options.log ?? ((line: string) => console.log(line));
  const progress = options.progress ?? ((line: string) => process.stderr.write(line + '\n'));
  const concurrency = options.concurrency ?? 1;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('--concurrency must be a positive integer');
  const plan = tournamentPlan(path, options);
  const total = plan.jobs.reduce((s, j) => s + j.games.length, 0);
  const run = options.queue !== undefined ? runId(plan) : undefined;
  const results = new Results({ file: options.results, sgfDir: options.sgfDir, run, paired: true, total, progress });
  log(`${plan.engines.length} engines, ${total} games of ${plan.settings.size}x${plan.settings.size}; referee: ${plan.referee ?? 'the black engine'}`);
  let failed: string[] = [];
  if (options.queue !== undefined) failed = (await runQueued(plan, results, { url: options.queue, log })).failed;
  else await runLocal(plan, results, { concurrency, stderr: options.stderr });
  const table = tournamentTable(
    results.records,
    plan.engines.map((e) => e.name),
  );
  for (const line of table) log(line);
  const outcome: TournamentOutcome = { records: results.records, table, failed };
  if (run !== undefined) outcome.run = run;
  return outcome;
}

/** The table of a results file. */
export function reportResults(path: string): string[] {
  const records = readResults(path);
  return tournamentTable(records, namesIn(records));
}
