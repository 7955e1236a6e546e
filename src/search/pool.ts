// The worker threads (piscina) a Searcher searches with: one search runs on all of them, each
// an Mcts (worker.ts) on its own tree sharing root statistics (root-stats.ts), or all on one
// tree in shared memory (MctsParams.sharedTree); the pool watches the clock and the stop rules
// while they search and combines their statistics (combine.ts). It also runs the tree-less
// playouts that judge a board, and loads the network.

import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { ALL_SYMMETRIES, Network } from '../network/network.js';
import { combine, type RunResult } from './combine.js';
import { FirstLook } from './first-look.js';
import { rootBoard } from './network-prior.js';
import { DEFAULT_SEED, FULL_POLICY, levelSettings, MIN_SEARCH_MS, searchParams, type PolicyParams } from './params.js';
import { CTRL_LIMIT, CTRL_STOP, RootStatsLayout } from './root-stats.js';
import { shouldStop, type StopLimits } from './stop-rules.js';
import { sharedTreeBuffers, type SharedTreeBuffers } from './tree.js';
import type { SearchInfo, SearchOptions, SearchPlan, SearchPosition } from './types.js';
import type { OwnershipResult, OwnershipTask, RawTask, ReadyTask, SearchTask, SearchTaskResult } from './worker.js';

/** the first look's slices of the main thread while the workers start: as long a pause follows each */
const LOOK_SLICE_MS = 8;
/** A move on a clock takes a first look while the workers start only this close to its deadline. */
const LOOK_HORIZON_MS = 2000;

/** Resolves when p settles or after ms, whichever comes first. */
async function settledWithin(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([p, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** The network learned from 19×19 games only; other sizes are searched without it. */
const NETWORK_SIZES = [19];

/** The compiled worker next to this module; from the TypeScript sources, the one in dist/. */
function workerFile(): string {
  const here = new URL('./worker.js', import.meta.url);
  if (existsSync(fileURLToPath(here))) return here.href;
  return new URL('../../dist/search/worker.js', import.meta.url).href;
}

/** How one search runs and when it stops. */
export interface RunSpec extends StopLimits {
  playouts?: number;
  signal?: AbortSignal;
  onInfo?: (info: SearchInfo) => void;
  infoIntervalMs?: number;
  /** performance.now() when the controller asked: the first info line is due an interval after it */
  askedAt?: number;
  forbidPass: boolean;
  /** judge dead stones: passes in the tree do not end the game */
  noTerminal?: boolean;
  /** apply the level's playout cap (moves, not analysis or dead stones) */
  levelCap: boolean;
  /** genmove: where the limits came from */
  source?: SearchPlan['source'];
  /**
   * On a clock: performance.now() when the move's time began. Waiting for the workers and for
   * the network's prior counts against the limits, as it does against the controller's clock,
   * though the search keeps MIN_SEARCH_MS of the most it may take.
   */
  since?: number;
}

export interface Judgement {
  playouts: number;
  ownership: Float32Array;
  /** share of playouts in which each point ended as a liberty between both colours */
  dame: Float32Array;
}

export class WorkerPool {
  private pool: Piscina | null = null;
  /** settles when every worker has started (and loaded the move knowledge) */
  private ready: Promise<unknown> = Promise.resolve();
  private isReady = false;
  readonly threads: number;
  /** MctsParams.sharedTree: the tree the workers search, kept between searches (tree reuse) */
  private tree: { id: number; bytes: number; buffers: SharedTreeBuffers } | null = null;
  /** loaded with the workers (getPool) when options.network names a file */
  private network: Promise<Network> | null = null;
  /** the searches running now, each with its stop: close() ends them before the workers */
  private readonly running = new Map<Promise<unknown>, () => void>();

  constructor(readonly options: SearchOptions) {
    const n = Math.floor(options.threads);
    this.threads = n >= 1 ? n : os.availableParallelism();
  }

  private getPool(): Piscina {
    if (!this.pool) {
      this.pool = new Piscina({
        filename: workerFile(),
        minThreads: this.threads,
        maxThreads: this.threads,
        idleTimeout: 2 ** 31 - 1, // keep the workers (and their trees) between moves
        atomics: 'disabled',
      });
      const pool = this.pool;
      // A failed start shows in the search's own task; here it must not become an unhandled
      // rejection (close() before the workers are up rejects these, and would end the process).
      this.isReady = false;
      this.ready = Promise.all(Array.from({ length: this.threads }, () => pool.run({ kind: 'ready' } satisfies ReadyTask)))
        .catch(() => {})
        .then(() => {
          if (this.pool === pool) this.isReady = true;
        });
      if (this.options.network && !this.network) {
        this.network = Network.load(this.options.network, this.threads);
        // likewise: a file that does not load fails the searches that need it (rootPrior)
        this.network.catch(() => {});
      }
    }
    return this.pool;
  }

  /** The network's rating of the root's moves, when a network is loaded for this board size. */
  private async rootPrior(position: SearchPosition): Promise<Float32Array | undefined> {
    if (!this.network || !NETWORK_SIZES.includes(position.size)) return undefined;
    const network = await this.network;
    return (await network.evaluate(rootBoard(position), position.lastMoves, ALL_SYMMETRIES)).prior;
  }

  /** Runs one search on all workers. */
  async run(position: SearchPosition, spec: RunSpec): Promise<RunResult> {
    const pool = this.getPool();
    let lookNext: number | undefined;
    // a move on a clock answers by then, whether the workers are up or not
    const deadline = spec.since !== undefined && spec.maxMs !== undefined ? spec.since + spec.maxMs - MIN_SEARCH_MS : Infinity;
    if (!this.isReady && (spec.onInfo || deadline < Infinity)) {
      // While the workers start, the main thread takes a first look: an analysis shows it, and
      // a move whose time runs out before they are up (a short byo-yomi on a fresh process) or
      // an analysis stopped meanwhile answers with it. A move looks only near its deadline:
      // the look's playouts slow the workers' start.
      if (!spec.onInfo && deadline - performance.now() > LOOK_HORIZON_MS) await settledWithin(this.ready, deadline - LOOK_HORIZON_MS - performance.now());
      const look = await this.firstLook(pool, position, spec, deadline);
      if (!this.isReady || spec.signal?.aborted) return { info: look.look.info(), dame: new Float32Array(position.size * position.size) };
      lookNext = spec.onInfo ? look.nextInfo : undefined;
    }
    await this.ready; // the first search's clock starts once the workers can search
    const prior = await this.rootPrior(position);
    const points = position.size * position.size;
    const params = searchParams(position.size, this.options, this.threads);
    const tree = params.sharedTree !== 0 ? this.sharedTree(params.maxTreeBytes) : undefined;
    const layout = new RootStatsLayout(points, this.threads, tree !== undefined);
    const sab = new SharedArrayBuffer(layout.bytes());
    const ctrl = layout.ctrl(sab);
    const limit = this.playoutLimit(spec);
    Atomics.store(ctrl, CTRL_LIMIT, Number.isFinite(limit) ? limit : 0);
    const stop = (): void => {
      Atomics.store(ctrl, CTRL_STOP, 1);
    };
    spec.signal?.addEventListener('abort', stop);
    if (spec.signal?.aborted) stop();

    const tasks: Promise<SearchTaskResult>[] = [];
    for (let k = 0; k < this.threads; k++) {
      const task: SearchTask = {
        kind: 'search',
        sab,
        slot: k,
        threads: this.threads,
        position: { ...position, prior },
        // every worker its own stream; the seed stays fixed per worker so a 1-thread search
        // with a seed and fixed playouts is reproducible
        params: { ...params, seed: params.seed + k * 1000003 },
        forbidPass: spec.forbidPass,
        noTerminal: spec.noTerminal ?? false,
        mergeMs: params.mergeMs,
        tree,
        network: prior && this.options.network ? this.options.network : undefined,
      };
      tasks.push(pool.run(task));
    }
    // A worker that fails stops the others, and the search ends only when all have: one still
    // searching would write into the next search's tree, and close() would end it mid-evaluation.
    const failures: unknown[] = [];
    for (const task of tasks) {
      task.catch((e) => {
        failures.push(e);
        stop();
      });
    }
    let finished = false;
    const all = Promise.allSettled(tasks).then((settled) => {
      finished = true;
      return settled;
    });
    this.running.set(all, stop);
    all.finally(() => this.running.delete(all));
    const now = performance.now();
    const start = spec.since === undefined ? now : Math.max(spec.since, now - Math.max(0, (spec.maxMs ?? Infinity) - MIN_SEARCH_MS));
    const interval = Math.max(10, spec.infoIntervalMs ?? 1000);
    // after a first look, the search's first line once the workers have merged some playouts
    let nextInfo = lookNext === undefined ? start + interval : Math.max(lookNext, start + 2 * params.mergeMs);
    try {
      while (!finished) {
        await new Promise((r) => setTimeout(r, 10));
        if (finished) break;
        const elapsed = performance.now() - start;
        if (spec.maxMs !== undefined && elapsed >= spec.maxMs) break;
        if (spec.onInfo && performance.now() >= nextInfo) {
          // a line due before the workers have merged a playout waits for the first merge rather
          // than a whole interval (an empty line says nothing); the next comes an interval later
          const { info } = combine(layout, sab, this.threads, position);
          if (info.playouts > 0) {
            spec.onInfo(info);
            nextInfo = Math.max(nextInfo, performance.now()) + interval;
          }
        }
        if (spec.targetMs !== undefined && (elapsed >= spec.targetMs || spec.earlyStop)) {
          if (shouldStop(layout, sab, this.threads, elapsed, spec, params.stop)) break;
        }
      }
    } finally {
      stop();
      await all;
      spec.signal?.removeEventListener('abort', stop);
    }
    if (failures.length > 0) throw failures[0];
    const results = (await all).map((r) => (r as PromiseFulfilledResult<SearchTaskResult>).value);
    const out = combine(layout, sab, this.threads, position);
    out.info.tree = { nodes: results.reduce((a, r) => a + r.nodes, 0), strays: results.reduce((a, r) => a + r.strays, 0) };
    return out;
  }

  /**
   * The main thread's first look (first-look.ts) until the workers are up, the signal aborts or
   * the deadline passes, in slices that leave the workers and the input their share; an analysis
   * gets a line per interval meanwhile. nextInfo: when the search's own first line is due.
   */
  private async firstLook(pool: Piscina, position: SearchPosition, spec: RunSpec, deadline: number): Promise<{ look: FirstLook; nextInfo: number }> {
    const params = searchParams(position.size, this.options, this.threads);
    const look = new FirstLook(position, params.policy, params.seed);
    const interval = Math.max(10, spec.infoIntervalMs ?? 1000);
    let nextInfo = (spec.askedAt ?? performance.now()) + interval;
    while (!this.isReady && this.pool === pool && !spec.signal?.aborted && performance.now() < deadline) {
      look.run(Math.min(LOOK_SLICE_MS, deadline - performance.now()));
      await new Promise((r) => setTimeout(r, LOOK_SLICE_MS));
      if (spec.onInfo && performance.now() >= nextInfo && look.playouts > 0 && !this.isReady) {
        spec.onInfo(look.info());
        nextInfo = Math.max(nextInfo, performance.now()) + interval; // no burst after a stall
      }
    }
    return { look, nextInfo };
  }

  /** Resolves once every worker has started (tests watch the first look end with it). */
  workersReady(): Promise<unknown> {
    this.getPool();
    return this.ready;
  }

  /** The shared tree's memory: made once, again only when its bound changes. */
  private sharedTree(bytes: number): { id: number; buffers: SharedTreeBuffers } {
    if (!this.tree || this.tree.bytes !== bytes) this.tree = { id: (this.tree?.id ?? 0) + 1, bytes, buffers: sharedTreeBuffers(bytes) };
    return { id: this.tree.id, buffers: this.tree.buffers };
  }

  /** The most playouts a search may run: the request's or --playouts, and the level's cap (Infinity: no bound). */
  playoutLimit(spec: RunSpec): number {
    const requested = spec.playouts !== undefined ? Math.max(1, Math.floor(spec.playouts)) : Infinity;
    return Math.min(requested, spec.levelCap ? levelSettings(this.options.level).maxPlayouts : Infinity);
  }

  /** Ownership and seki liberties from tree-less playouts of policy, split over the workers. */
  async judge(position: SearchPosition, policy: PolicyParams, playouts: number, ms: number): Promise<Judgement> {
    const pool = this.getPool();
    await this.ready; // the first search's clock starts once the workers can search
    const points = position.size * position.size;
    const seed = this.options.seed ?? DEFAULT_SEED;
    const tasks: Promise<OwnershipResult>[] = [];
    for (let k = 0; k < this.threads; k++) {
      const task: OwnershipTask = {
        kind: 'ownership',
        position: { ...position },
        policy,
        playouts: Math.ceil(playouts / this.threads),
        ms,
        seed: seed + 7919 * k,
      };
      tasks.push(pool.run(task));
    }
    const results = await Promise.all(tasks);
    const ownership = new Float32Array(points);
    const dame = new Float32Array(points);
    let n = 0;
    for (const r of results) {
      n += r.playouts;
      for (let p = 0; p < points; p++) {
        ownership[p] += r.black[p] - r.white[p];
        dame[p] += r.dame[p];
      }
    }
    for (let p = 0; p < points; p++) {
      ownership[p] /= Math.max(1, n);
      dame[p] /= Math.max(1, n);
    }
    return { playouts: n, ownership, dame };
  }

  /** Tree-less playouts on every worker for ms milliseconds; returns how many (for the benchmark). */
  async rawPlayouts(position: SearchPosition, ms: number, policy: PolicyParams = FULL_POLICY): Promise<number> {
    const pool = this.getPool();
    const seed = this.options.seed ?? DEFAULT_SEED;
    const tasks: Promise<{ playouts: number }>[] = [];
    for (let k = 0; k < this.threads; k++) {
      const task: RawTask = { kind: 'raw', position: { ...position }, policy, ms, seed: seed + k };
      tasks.push(pool.run(task));
    }
    return (await Promise.all(tasks)).reduce((a, r) => a + r.playouts, 0);
  }

  /**
   * Starts the worker threads now (each loads its modules and the move knowledge, see
   * getPool), so the first real request (often `final_status_list` on a fresh process, with a
   * referee waiting) does not pay for it: about a second on a loaded 2-core machine.
   */
  warm(): void {
    this.getPool();
  }

  /** Terminates the worker threads; the Searcher can still be used afterwards (new workers). */
  async close(): Promise<void> {
    // a worker ended in the middle of a network evaluation takes the whole process down
    // (onnxruntime-node), so the searches stop first
    for (const stop of this.running.values()) stop();
    await Promise.all(this.running.keys());
    const pool = this.pool;
    this.pool = null;
    if (pool) await pool.destroy();
    const network = this.network;
    this.network = null;
    const loaded = await network?.catch(() => null); // one that failed to load has nothing to close
    if (loaded) await loaded.close();
  }
}
