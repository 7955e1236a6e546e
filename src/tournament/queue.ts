// Games on many machines through BullMQ, a Redis-backed job queue. The
// coordinator puts a run's jobs (colour-swapped pairs or single games) on the
// queue and counts results; workers anywhere take jobs, play them with their
// own local engines and store each job's records and SGFs in Redis.
//
// BullMQ delivers a job at least once: a worker that dies mid-game loses its
// lock, and after the stall timeout another worker plays the job again. So
// results are first-write-wins per job (HSETNX), and the coordinator counts a
// job only by appending its index to the run's `counted` list before it
// writes anything: a restarted coordinator replays that list and carries on,
// and nothing is counted twice. Once an SPRT decides, the run's state becomes
// `stopped`: waiting jobs are removed, workers drop jobs in flight, and a
// Lua script refuses results stored after that, so late games never count.
//
// Trust: a job names engines, it never carries a command. A worker resolves
// the names through the tournament file it was started with and refuses a
// job that names an engine it does not know.

import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { Queue, UnrecoverableError, Worker, type Job as BullJob } from 'bullmq';
import { Redis } from 'ioredis';
import { isRulesName } from '../game/rules.js';
import { BLACK, MAX_SIZE, MIN_SIZE, PASS, WHITE } from '../game/vertex.js';
import { defaultReferee, Table, type EngineSpec } from './engines.js';
import { MAX_MOVES_LIMIT, type GameSettings, type Move } from './game.js';
import type { FinishedGame, Results } from './results.js';
import { checkEngines, playJob, type Plan } from './runner.js';
import type { Job } from './schedule.js';

/** One queue serves every run; job ids carry the run. */
export const QUEUE_NAME = 'tengen-games';

const key = (run: string, what: 'state' | 'results' | 'counted' | 'plan') => `tengen:run:${run}:${what}`;

/** What a queue job carries: engine names and game settings, never a command. */
export interface JobData {
  run: string;
  job: Job;
  settings: GameSettings;
}

/** The URL with any password replaced by ***, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable queue URL)';
  }
}

function checkUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`--queue: not a URL: ${redactUrl(url)}`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') throw new Error(`--queue: want redis:// or rediss://, not ${parsed.protocol}`);
}

/** An error message with the URL's password taken out, whatever the library put in it. */
function scrub(message: string, url: string): string {
  let password = '';
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {
    // no password to hide
  }
  return password ? message.split(password).join('***') : message;
}

/** A connection for long use; first a fail-fast probe, so an unreachable server is a clear error at once. */
export async function connect(url: string): Promise<Redis> {
  checkUrl(url);
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null, connectTimeout: 5000 });
  // The socket's own error (ECONNREFUSED, ENOTFOUND, …) says more than the rejected connect().
  let cause: Error | null = null;
  probe.on('error', (error: Error) => (cause ??= error));
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    throw new Error(`cannot reach Redis at ${redactUrl(url)}: ${scrub((cause ?? (error as Error)).message, url)}`);
  } finally {
    probe.disconnect();
  }
  const redis = new Redis(url, { maxRetriesPerRequest: null });
  // ioredis reconnects by itself; its errors would otherwise crash the process.
  redis.on('error', () => {});
  return redis;
}

/** A run's id: the same plan gives the same id, so a restarted coordinator finds its run again. */
export function runId(plan: Plan): string {
  const identity = JSON.stringify({ engines: plan.engines, jobs: plan.jobs, settings: plan.settings, sprt: plan.sprt, paired: plan.paired, focus: plan.focus });
  return `t${createHash('sha256').update(identity).digest('hex').slice(0, 12)}`;
}

const jobId = (run: string, pair: number) => `${run}-p${pair}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stores a job's games unless the run has stopped (then -1); 0 if another worker stored it first. */
const STORE = `
if redis.call('GET', KEYS[1]) == 'stopped' then return -1 end
return redis.call('HSETNX', KEYS[2], ARGV[1], ARGV[2])`;

export interface CoordinatorOptions {
  url: string;
  log: (line: string) => void;
  /** Milliseconds between looks at Redis. */
  pollMs?: number;
  /** Called with each job's games once they are counted. */
  onJob?: (games: FinishedGame[]) => void;
}

export interface CoordinatorOutcome {
  run: string;
  /** Jobs that failed on a worker, with the reason. */
  failed: string[];
}

/**
 * Schedules a plan's jobs on the queue (those without results yet), then
 * counts results as they arrive until every job is settled or the SPRT
 * decides. Can be stopped at any moment and started again with the same plan.
 */
export async function runQueued(plan: Plan, results: Results, options: CoordinatorOptions): Promise<CoordinatorOutcome> {
  const redis = await connect(options.url);
  const queue = new Queue<JobData>(QUEUE_NAME, { connection: redis });
  queue.on('error', () => {});
  const run = runId(plan);
  const counted = new Set<number>();
  const failed = new Map<number, string>();
  try {
    await redis.set(key(run, 'plan'), JSON.stringify({ ...plan, engines: plan.engines.map((e) => e.name) }), 'NX');
    const count = async (pair: number, push: boolean) => {
      const text = await redis.hget(key(run, 'results'), String(pair));
      if (text === null) throw new Error(`Redis lost the results of job ${pair} of run ${run}`);
      if (push) await redis.rpush(key(run, 'counted'), String(pair));
      counted.add(pair);
      const games = (JSON.parse(text) as FinishedGame[]).map((g) => ({ ...g, record: { ...g.record, run } }));
      results.accept(games);
      options.onJob?.(games);
    };
    const stop = async () => {
      await redis.set(key(run, 'state'), 'stopped');
      for (const job of plan.jobs) {
        if (!counted.has(job.pair)) await queue.remove(jobId(run, job.pair)).catch(() => 0);
      }
    };

    // What an earlier coordinator counted, in its order.
    // (a pair pushed twice, by a command resent after a lost connection, counts once)
    for (const pair of await redis.lrange(key(run, 'counted'), 0, -1)) if (!counted.has(Number(pair))) await count(Number(pair), false);
    if (counted.size > 0) options.log(`run ${run}: resumed with ${counted.size} jobs counted`);
    if (results.decided || (await redis.get(key(run, 'state'))) === 'stopped') {
      await stop();
      return { run, failed: [] };
    }

    const stored = new Set((await redis.hkeys(key(run, 'results'))).map(Number));
    const missing = plan.jobs.filter((j) => !stored.has(j.pair));
    for (const job of missing) {
      // A job that failed before (say, on a worker without an engine) is tried again.
      const old = await queue.getJob(jobId(run, job.pair));
      if (old && (await old.isFailed())) await old.retry();
    }
    await queue.addBulk(
      missing.map((job) => ({
        name: 'game',
        data: { run, job, settings: plan.settings },
        opts: { jobId: jobId(run, job.pair), removeOnComplete: true, removeOnFail: false },
      })),
    );
    options.log(`run ${run}: ${plan.jobs.length} jobs, ${missing.length} queued on ${redactUrl(options.url)}`);

    let lastFailedCheck = 0;
    for (;;) {
      const fresh = (await redis.hkeys(key(run, 'results')))
        .map(Number)
        .filter((pair) => !counted.has(pair))
        .sort((a, b) => a - b);
      for (const pair of fresh) {
        await count(pair, true);
        if (results.decided) break;
      }
      if (results.decided) {
        await stop();
        break;
      }
      if (Date.now() - lastFailedCheck > 2000) {
        lastFailedCheck = Date.now();
        for (const job of await queue.getFailed()) {
          const data = job.data as JobData;
          if (data.run !== run || counted.has(data.job.pair) || failed.has(data.job.pair)) continue;
          failed.set(data.job.pair, job.failedReason);
          options.log(`job ${data.job.pair} failed on a worker: ${job.failedReason}`);
        }
      }
      if (plan.jobs.every((j) => counted.has(j.pair) || failed.has(j.pair))) break;
      await sleep(options.pollMs ?? 300);
    }
    return { run, failed: [...failed].map(([pair, reason]) => `job ${pair}: ${reason}`) };
  } finally {
    await queue.close();
    redis.disconnect();
  }
}

/** Checks what a job asks for before anything runs: known engine names, sane settings. */
function validate(data: JobData, engines: ReadonlyMap<string, EngineSpec>): JobData {
  const { run, job, settings } = data;
  const integer = (x: unknown, lo: number, hi: number) => Number.isInteger(x) && (x as number) >= lo && (x as number) <= hi;
  if (typeof run !== 'string' || !/^t[0-9a-f]{12}$/.test(run)) throw new UnrecoverableError('bad run id');
  if (!integer(settings?.size, MIN_SIZE, MAX_SIZE) || !Number.isFinite(settings.komi) || !integer(settings.maxMoves, 1, MAX_MOVES_LIMIT)) {
    throw new UnrecoverableError('bad game settings');
  }
  if (settings.clock !== undefined && !(settings.clock >= 0 && Number.isFinite(settings.clock) && (settings.clock > 0 || settings.byoyomi))) throw new UnrecoverableError('bad clock');
  const byoyomi = settings.byoyomi;
  if (byoyomi !== undefined && (settings.clock === undefined || !integer(byoyomi?.periods, 1, 1000) || !(byoyomi.seconds > 0 && Number.isFinite(byoyomi.seconds)))) {
    throw new UnrecoverableError('bad byo-yomi');
  }
  if (!(settings.moveTimeout > 0)) throw new UnrecoverableError('bad move timeout');
  if (settings.rules !== undefined && !isRulesName(settings.rules)) throw new UnrecoverableError('bad rules name');
  if (!integer(job?.pair, 0, 1e9) || !Array.isArray(job.games)) throw new UnrecoverableError('bad job');
  if (job.opening !== undefined) {
    const { name, moves } = job.opening ?? {};
    const move = (m: Move) => typeof m === 'object' && m !== null && (m.color === BLACK || m.color === WHITE) && integer(m.point, PASS, settings.size ** 2 - 1);
    if (typeof name !== 'string' || !Array.isArray(moves) || !moves.every(move)) throw new UnrecoverableError('bad opening');
  }
  for (const game of job.games) {
    if (typeof game !== 'object' || game === null || !integer(game.number, 1, 1e9)) throw new UnrecoverableError('bad game');
    for (const name of [game.black, game.white]) {
      if (typeof name !== 'string' || !engines.has(name)) {
        throw new UnrecoverableError(`no engine named ${JSON.stringify(name)} in this worker's tournament file`);
      }
    }
  }
  return data;
}

export interface WorkerOptions {
  url: string;
  /** The engines of the worker's own tournament file: the only commands it runs. */
  engines: EngineSpec[];
  concurrency: number;
  /** The referee's command, null to let the black engine count; absent: GNU Go counting by each run's rules. */
  referee?: string | null;
  /** Seconds after which a dead worker's job goes to another (BullMQ's lock duration and stall check). */
  stallSeconds: number;
  log: (line: string) => void;
  stderr?: boolean;
}

/**
 * Starts a worker; resolves once it takes jobs, with a function that stops
 * it: gracefully (games in flight finish), or forced (they are given up and
 * the queue hands them to another worker after the stall timeout).
 */
export async function startWorker(options: WorkerOptions): Promise<{ close: (force?: boolean) => Promise<void> }> {
  const engines = new Map(options.engines.map((e) => [e.name, e]));
  const refereeFor = (rules: string | undefined) => (options.referee !== undefined ? options.referee : defaultReferee(rules));
  // Engines and referee serve one run: the next run's may want other rules or no clock (a
  // clockless run sends no time_settings, so an engine would keep the last run's clock).
  // run null: started for the check below, taken by the first run that wants its referee.
  const checked = refereeFor(undefined);
  const idle: { run: string | null; referee: string | null; table: Table }[] = [{ run: null, referee: checked, table: new Table(checked, options.stderr) }];
  let connection: Redis;
  try {
    await checkEngines(idle[0].table, options.engines);
    connection = await connect(options.url);
  } catch (error) {
    await idle[0].table.close();
    throw error;
  }
  const stopped = async (run: string) => (await connection.get(key(run, 'state'))) === 'stopped';

  const play = async (bull: BullJob<JobData>): Promise<string> => {
    const { run, job, settings } = validate(bull.data, engines);
    if (await stopped(run)) return 'dropped: run stopped';
    const referee = refereeFor(settings.rules);
    let taken = idle.pop();
    if (taken && taken.run !== run && !(taken.run === null && taken.referee === referee)) {
      await taken.table.close();
      taken = undefined;
    }
    const table = taken?.table ?? new Table(referee, options.stderr);
    try {
      const games = await playJob(table, engines, settings, job, () => stopped(run));
      if (games === null) return 'dropped: run stopped';
      for (const g of games) g.record.run = run;
      const stored = await connection.eval(STORE, 2, key(run, 'state'), key(run, 'results'), String(job.pair), JSON.stringify(games));
      return stored === 1 ? 'stored' : stored === 0 ? 'already stored' : 'late: run stopped';
    } finally {
      idle.push({ run, referee, table });
    }
  };
  const stall = options.stallSeconds * 1000;
  const worker = new Worker<JobData, string>(QUEUE_NAME, play, {
    connection,
    // Stored on each job it takes: who played what.
    name: `${hostname()}-${process.pid}`,
    concurrency: options.concurrency,
    lockDuration: stall,
    stalledInterval: stall,
    // Workers may be killed: a job is handed on after each stall, not failed after the first.
    maxStalledCount: 10,
  });
  worker.on('error', (error) => options.log(`worker: ${scrub(error.message, options.url)}`));
  // Job data comes from whoever can write to Redis: read it defensively here too.
  worker.on('completed', (job, outcome) => options.log(`job ${job.data?.job?.pair} of ${job.data?.run}: ${outcome}`));
  worker.on('failed', (job, error) => options.log(`job ${job?.data?.job?.pair} of ${job?.data?.run} failed: ${error.message}`));
  await worker.waitUntilReady();
  options.log(`worker: ${options.engines.length} engines, concurrency ${options.concurrency}, queue ${redactUrl(options.url)}`);
  return {
    close: async (force = false) => {
      await worker.close(force);
      await Promise.all(idle.map((t) => t.table.close()));
      connection.disconnect();
    },
  };
}
