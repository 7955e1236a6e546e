// The search as the engine sees it: a Searcher answers a game's requests — a move, an
// analysis, the dead stones — by searching on a pool of worker threads (pool.ts). For a move
// it plans the time (timeplan.ts) and decides when to pass or resign (pass-resign.ts); the
// dead stones are judged in end-judgement.ts.

import { judgeEnd, judgeFinalPosition } from './end-judgement.js';
import { FULL_POLICY, MIN_SEARCH_MS, searchParams, type PolicyParams } from './params.js';
import { moveContext, PassResign } from './pass-resign.js';
import { WorkerPool, type RunSpec } from './pool.js';
import { gameStage, passJudgeMs, planMove } from './timeplan.js';
import type { EndJudgement, Limits, SearchInfo, SearchOptions, SearchPosition } from './types.js';

const PASS = -1;

/** The position with every empty point but `points` forbidden at the root. */
function onlyAt(position: SearchPosition, points: number[]): SearchPosition {
  const allowed = new Set(points);
  const illegal = [...position.illegal];
  for (let p = 0; p < position.board.length; p++) if (position.board[p] === 0 && !allowed.has(p)) illegal.push(p);
  return { ...position, illegal };
}

export class Searcher {
  private readonly pool: WorkerPool;
  private readonly passResign: PassResign;

  constructor(readonly options: SearchOptions) {
    this.pool = new WorkerPool(options);
    this.passResign = new PassResign(options.resignThreshold);
  }

  /** Limits for a genmove: explicit limits > fixed options > the clock (or the default clock). */
  private genmoveSpec(position: SearchPosition, limits: Limits): RunSpec {
    const base = { signal: limits.signal, onInfo: limits.onInfo, infoIntervalMs: limits.infoIntervalMs, forbidPass: false, levelCap: true };
    if (limits.playouts !== undefined || limits.timeMs !== undefined) {
      return { ...base, source: 'request', playouts: limits.playouts, targetMs: limits.timeMs, maxMs: limits.timeMs, earlyStop: limits.playouts === undefined };
    }
    if (this.options.playouts !== undefined || this.options.timeSec !== undefined) {
      const ms = this.options.timeSec !== undefined ? this.options.timeSec * 1000 : undefined;
      return { ...base, source: 'fixed', playouts: this.options.playouts, targetMs: ms, maxMs: ms, earlyStop: this.options.playouts === undefined };
    }
    const plan = planMove(limits.clock?.settings, limits.clock?.left ?? null, { size: position.size, moveNumber: gameStage(position) });
    return { ...base, source: 'clock', targetMs: plan.targetMs, maxMs: plan.maxMs, earlyStop: true };
  }

  async genmove(position: SearchPosition, limits: Limits = {}): Promise<{ move: number | 'resign'; info: SearchInfo }> {
    const spec = this.genmoveSpec(position, limits);
    const params = searchParams(position.size, this.options, this.pool.threads);
    const ctx = moveContext(position, params);

    let forbidPass = false;
    /** cleanup: the search chooses among the liberties of the dead opponent stones */
    let cleanupPoints: number[] = [];
    const judgeStart = performance.now();
    if (ctx.opponentPassed || limits.cleanup) {
      // Passing may end the game, or cleanup forbids it: judge the board by playouts first,
      // with the capturing races read out, as final_score judges them: a race the playouts
      // misjudge would otherwise pass a lost game, or resign a won one
      const chains = await judgeEnd(this.pool, position, params.judge, params.judge.passPlayouts, passJudgeMs(spec.targetMs, spec.maxMs));
      const decision = this.passResign.judged(position, ctx, chains, limits, params);
      if (decision.move !== undefined) return decision;
      ({ forbidPass, cleanupPoints } = decision);
    }

    // the judging came out of this move's time
    const used = performance.now() - judgeStart;
    const cut = (ms: number | undefined): number | undefined => (ms === undefined ? undefined : Math.max(MIN_SEARCH_MS, ms - used));
    // on a clock, the time the request waited to reach the search (its modules loading, on a
    // fresh process) counts too: the controller's clock ran meanwhile
    const waited = limits.askedAt !== undefined ? Math.max(0, judgeStart - limits.askedAt) : 0;
    const since = spec.source === 'clock' ? performance.now() - waited : undefined;
    const runSpec = { ...spec, targetMs: cut(spec.targetMs), maxMs: cut(spec.maxMs), forbidPass, since };
    let { info } = await this.pool.run(cleanupPoints.length > 0 ? onlyAt(position, cleanupPoints) : position, runSpec);
    // no cleanup point could be played (pass is forbidden there): search the whole board
    if (!info.candidates.some((c) => c.visits > 0) && cleanupPoints.length > 0) ({ info } = await this.pool.run(position, runSpec));
    info.plan = { source: spec.source ?? 'clock', playouts: spec.playouts, targetMs: cut(spec.targetMs), maxMs: cut(spec.maxMs), judgeMs: used };
    if (info.candidates.length === 0) return { move: PASS, info }; // no legal move but pass
    return { move: this.passResign.searched(position, ctx, info, limits, params, this.pool.playoutLimit(spec)), info };
  }

  async analyze(position: SearchPosition, limits: Limits): Promise<SearchInfo> {
    const { info } = await this.pool.run(position, {
      playouts: limits.playouts,
      targetMs: limits.timeMs,
      maxMs: limits.timeMs,
      earlyStop: false,
      signal: limits.signal,
      onInfo: limits.onInfo,
      infoIntervalMs: limits.infoIntervalMs,
      askedAt: limits.askedAt,
      forbidPass: false,
      levelCap: false,
    });
    return info;
  }

  async deadStones(position: SearchPosition): Promise<EndJudgement> {
    return judgeFinalPosition(this.pool, position, searchParams(position.size, this.options, this.pool.threads).judge);
  }

  /** Tree-less playouts on every worker for ms milliseconds; returns how many (for the benchmark). */
  rawPlayouts(position: SearchPosition, ms: number, policy: PolicyParams = FULL_POLICY): Promise<number> {
    return this.pool.rawPlayouts(position, ms, policy);
  }

  /**
   * Starts the worker threads now (each loads its modules and the move knowledge), so the first
   * real request (often `final_status_list` on a fresh process, with a referee waiting) does
   * not pay for it: about a second on a loaded 2-core machine.
   */
  warm(): void {
    this.pool.warm();
  }

  /** Resolves once every worker thread has started (an analysis before that shows the first look). */
  workersReady(): Promise<unknown> {
    return this.pool.workersReady();
  }

  /** Terminates the worker threads; the Searcher can still be used afterwards (new workers). */
  close(): Promise<void> {
    return this.pool.close();
  }
}

export type { Candidate, EndJudgement, Limits, SearchInfo, SearchOptions, SearchPlan, SearchPosition } from './types.js';
