// Playing a schedule on this machine: `concurrency` tables, each with its own
// engine processes, take jobs in order until the schedule is done, the SPRT
// has decided (results that finish after the decision are not counted) or the
// run is stopped (games in flight are given up: a resumed run plays them).

import type { EngineSpec } from './engines.js';
import { Table } from './engines.js';
import { gameToSgf, playGame, type GameSettings } from './game.js';
import type { FinishedGame, Results } from './results.js';
import type { Job } from './schedule.js';
import type { SprtParameters } from './sprt.js';

/** Everything a run needs to know, whichever machine plays it. */
export interface Plan {
  engines: EngineSpec[];
  jobs: Job[];
  settings: GameSettings;
  /** Scores finished games (null: the black engine counts). */
  referee: string | null;
  /** Pairs with swapped colours (pentanomial SPRT) or single games (trinomial). */
  paired: boolean;
  sprt?: SprtParameters;
  /** The two engines an SPRT and the progress line follow. */
  focus?: [string, string];
}

/** Plays a job's games on a table; null if `stopped` said to drop it before it finished. */
export async function playJob(
  table: Table,
  engines: ReadonlyMap<string, EngineSpec>,
  settings: GameSettings,
  job: Job,
  stopped: () => boolean | Promise<boolean> = () => false,
): Promise<FinishedGame[] | null> {
  const spec = (name: string) => {
    const found = engines.get(name);
    if (!found) throw new Error(`no engine named ${name}`);
    return found;
  };
  await table.keepOnly(job.games.flatMap((g) => [g.black, g.white]));
  const finished: FinishedGame[] = [];
  for (const game of job.games) {
    if (await stopped()) return null;
    const { record, moves, clocks } = await playGame(table, { black: spec(game.black), white: spec(game.white) }, settings, { number: game.number, pair: job.pair }, job.opening);
    finished.push({ record, sgf: gameToSgf(record, moves, clocks) });
  }
  return finished;
}

/** Starts every engine and the referee once, so a command that does not exist fails the run before any game. */
export async function checkEngines(table: Table, engines: readonly EngineSpec[]): Promise<void> {
  for (const spec of engines) await table.engine(spec);
  await table.referee();
}

export interface LocalOptions {
  concurrency: number;
  stderr?: boolean;
  /** Called with each job's games once they are recorded. */
  onJob?: (games: FinishedGame[]) => void;
  /** Stops the run: no job is taken or recorded after it, and the engines are closed at once. */
  stop?: AbortSignal;
}

export async function runLocal(plan: Plan, results: Results, options: LocalOptions): Promise<void> {
  const engines = new Map(plan.engines.map((e) => [e.name, e]));
  const tables = Array.from({ length: Math.max(1, options.concurrency) }, () => new Table(plan.referee, options.stderr));
  let next = 0;
  const stopped = () => results.decided || options.stop?.aborted === true;
  // Games in flight end as soon as their engines are gone; their records are dropped below.
  const closeAll = () => void Promise.all(tables.map((t) => t.close()));
  options.stop?.addEventListener('abort', closeAll);
  try {
    await checkEngines(tables[0], plan.engines);
    await Promise.all(
      tables.map(async (table) => {
        while (!stopped() && next < plan.jobs.length) {
          const job = plan.jobs[next++];
          const games = await playJob(table, engines, plan.settings, job, stopped);
          if (games === null || stopped()) continue;
          results.accept(games);
          options.onJob?.(games);
        }
      }),
    );
  } finally {
    options.stop?.removeEventListener('abort', closeAll);
    await Promise.all(tables.map((t) => t.close()));
  }
}
