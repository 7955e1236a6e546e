// The search as the engine sees it: Searcher runs MCTS in piscina worker threads (one tree in
// shared memory on large boards, MctsParams.sharedTree; elsewhere root parallelism with shared
// root statistics, see root-stats.ts), plans time from the clock, and decides when to pass or
// resign.

import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { TimeLeft, TimeSettings } from '../game/clock.js';
import { areaScoreAsIs, judgeChains, judgeRegions, libertiesOfChains, protectivePoints } from './dead-stones.js';
import { afterCaptures, chainAt, lostInRaces, neighbours } from './semeai.js';
import { levelSettings } from './level.js';
import { applyParams, type ParamOverrides } from './params.js';
import { boardPriors } from './priors.js';
import { FULL_POLICY, type PolicyParams } from './policy.js';
import {
  CTRL_LIMIT,
  CTRL_STOP,
  FIX,
  H_PLAYOUTS,
  H_SAMPLES,
  H_SCORE,
  M_ILLEGAL,
  M_PRIOR,
  M_SCORE,
  M_VISITS,
  M_WIN,
  PV_COUNT,
  PV_INTS,
  PV_LEN,
  RootStatsLayout,
} from './root-stats.js';
import type { MctsParams, RootPosition } from './search.js';
import { sharedTreeBuffers, type SharedTreeBuffers } from './tree.js';
import { ALL_SYMMETRIES, Network } from '../network/network.js';
import { rootBoard } from './network-prior.js';
import { planMove } from './timeplan.js';
import type { OwnershipResult, OwnershipTask, RawTask, ReadyTask, SearchTask, SearchTaskResult } from './worker.js';

export interface SearchOptions {
  threads: number;
  /** fixed playouts per move */
  playouts?: number;
  /** fixed seconds per move */
  timeSec?: number;
  /** 1..10, 10 = full strength; 1 = a few hundred playouts, weakened policy */
  level: number;
  /** default 0.1; 0 = never resign */
  resignThreshold: number;
  /** default 1024 */
  maxTreeMb: number;
  seed?: number;
  /** overrides of the search parameters by name (see params.ts), for tuning experiments */
  params?: ParamOverrides;
  /** the network file (.onnx) that rates the root's moves on 19×19; none when null or absent */
  network?: string | null;
}

/** The least a search on a clock is left after the wait for the workers and the network. */
const MIN_SEARCH_MS = 20;

/** The network learned from 19×19 games only; other sizes are searched without it. */
const NETWORK_SIZES = [19];

/** The end of the game as correct play would settle it (points p = y*size+x). */
export interface EndJudgement {
  dead: number[];
  seki: number[];
  /** points of regions that still touch both colours that each side will own (dame: neither) */
  settled: { black: number[]; white: number[] };
  /** empty points of one-colour regions where the owner must still play (see protectivePoints) */
  protective?: number[];
}

/** The position to search (points p = y*size+x, PASS = -1). */
export type SearchPosition = RootPosition;

export interface Candidate {
  move: number;
  visits: number;
  /** 0..1, side to move */
  winrate: number;
  /** 0..1 */
  prior: number;
  lcb: number;
  /** side to move's view */
  scoreLead: number;
  /** starts with move */
  pv: number[];
  /** the visits of each move of pv (the first: visits) */
  pvVisits: number[];
}

export interface SearchInfo {
  playouts: number;
  winrate: number;
  scoreLead: number;
  /** best first */
  candidates: Candidate[];
  /** per point, +1 black owns … -1 white owns */
  ownership: Float32Array;
  /** genmove only: what limited the search (for the engine log) */
  plan?: SearchPlan;
  /** nodes in the tree after the search; root moves the tree held but the root prunes (a bug) */
  tree?: { nodes: number; strays: number };
}

/** How a genmove's search was limited: by the request, by fixed options, or by the clock's plan. */
export interface SearchPlan {
  source: 'request' | 'fixed' | 'clock';
  playouts?: number;
  targetMs?: number;
  maxMs?: number;
  /** spent judging the board before searching (after a pass, cleanup) */
  judgeMs: number;
}

export interface Limits {
  playouts?: number;
  timeMs?: number;
  signal?: AbortSignal;
  onInfo?: (info: SearchInfo) => void;
  infoIntervalMs?: number;
  /** kgs-genmove_cleanup: never pass while dead opponent stones remain */
  cleanup?: boolean;
  clock?: { settings: TimeSettings; left: TimeLeft | null };
  /** How the game is counted (default area): under territory a move inside one's own area costs a point. */
  scoring?: 'area' | 'territory';
}

const PASS = -1;
/** A move whose win rate is below this after a search is no reason not to pass. */
const HOPELESS = 0.05;

// Judging a finished position: playouts that seldom play self-atari, so a seki (where the
// first to play a shared liberty puts itself in atari) survives in most of them; and that do
// not always save a big chain in atari, since always saving it can let a dead group live.
const JUDGE_POLICY = { ...FULL_POLICY, selfAtariRate: 0.95, forceStones: 0 };

/** The position with every empty point but `points` forbidden at the root. */
function onlyAt(position: SearchPosition, points: number[]): SearchPosition {
  const allowed = new Set(points);
  const illegal = [...position.illegal];
  for (let p = 0; p < position.board.length; p++) if (position.board[p] === 0 && !allowed.has(p)) illegal.push(p);
  return { ...position, illegal };
}

/** The compiled worker next to this module; from the TypeScript sources, the one in dist/. */
function workerFile(): string {
  const here = new URL('./worker.js', import.meta.url);
  if (existsSync(fileURLToPath(here))) return here.href;
  return new URL('../../dist/search/worker.js', import.meta.url).href;
}

/** How one search runs and when it stops. */
interface RunSpec {
  playouts?: number;
  /** stop at target unless the best moves are close, at the latest at max */
  targetMs?: number;
  maxMs?: number;
  /** stop when the best move can no longer be overtaken in the time left */
  earlyStop: boolean;
  signal?: AbortSignal;
  onInfo?: (info: SearchInfo) => void;
  infoIntervalMs?: number;
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

interface Judgement {
  playouts: number;
  ownership: Float32Array;
  /** share of playouts in which each point ended as a liberty between both colours */
  dame: Float32Array;
}

interface RunResult {
  info: SearchInfo;
  /** share of playouts in which each point ended as a liberty between both colours */
  dame: Float32Array;
}

/**
 * Time for one judgement of the board before a move that may end the game: 30% of the move's
 * target, 150–800 ms, but at most a sixth of the most the move may take (judgeEnd may judge
 * three times), so that a move under a nearly spent clock stays within its plan.
 */
export function passJudgeMs(targetMs = 1000, maxMs = Infinity): number {
  return Math.min(800, Math.max(150, targetMs * 0.3), maxMs / 6);
}

/**
 * How far the game has gone, in moves: those played, or the stones on the board when there are
 * more (a position set up by loadsgf or gogui-setup is no opening for the clock plan and the
 * resign guard).
 */
function gameStage(position: SearchPosition): number {
  let stones = 0;
  for (const v of position.board) if (v !== 0) stones++;
  return Math.max(position.moveNumber, stones);
}

/** A win rate's lower confidence bound after n visits (LCB as Leela Zero and KataGo report it). */
function lowerBound(winrate: number, n: number): number {
  return winrate - 1.96 * Math.sqrt((winrate * (1 - winrate) + 0.01) / n);
}

/** The search's parameters for a board size: the level's, then the options' overrides. */
export function searchParams(size: number, options: SearchOptions, threads: number): MctsParams {
  const lvl = levelSettings(options.level);
  const treeBytes = (options.maxTreeMb > 0 ? options.maxTreeMb : 1024) * 1048576;
  const params: MctsParams = {
    equivRave: size <= 9 ? 3000 : 4000, // Pachi's equiv_rave per board size
    // on 9×9, 3 visits played at least as well as 2 in self-play and takes a tenth less time a move
    // (rating a new node's moves is the expensive part); docs/EXPERIMENTS.md, "Move knowledge"
    expandVisits: size <= 9 ? 3 : size <= 13 ? 4 : 8,
    policy: lvl.policy,
    priors: boardPriors(size, lvl.priors),
    maxTreeBytes: treeBytes / threads,
    seed: options.seed ?? 0x5eed,
    // a tenth of a playout's value from its score margin: 0 and 0.05 were weaker on 19×19 in
    // self-play, 0.25 no better (docs/EXPERIMENTS.md, "The tree")
    scoreWeight: 0.1,
    scoreScale: size <= 9 ? 8 : size <= 13 ? 12 : 20,
    // one tree shared by the threads is stronger on 19×19 at equal clocks and no better on 9×9
    // than a tree per thread (docs/EXPERIMENTS.md, "The tree"); 13×13 is not measured
    sharedTree: threads > 1 && size > 13 ? 1 : 0,
    virtualLoss: 1,
    // criticality helps on 19×19 and hurts on 9×9 in self-play at equal clocks; 13×13 is not
    // measured. Its threshold grows with the search (a share of the root's visits), as a fixed
    // one that suits short searches is too low for long ones (docs/EXPERIMENTS.md, "The tree").
    critRave: size > 13 ? 1.1 : 0,
    critRootShare: 0.25,
    critMinPlayouts: 100,
    // with the network (19×19): the nodes that reach 32 visits get its priors and its value as
    // 32 playouts; 16–4 against the root's prior alone at 2,000 playouts, for about a fifth more
    // time a move (docs/EXPERIMENTS.md, "The network")
    networkVisits: 32,
    networkValueVisits: 32,
  };
  const overrides = options.params ?? [];
  const tuned = applyParams(params, overrides);
  // one shared tree has the whole memory bound (unless it is set by name)
  if (tuned.sharedTree !== 0 && !overrides.some(([path]) => path === 'maxTreeBytes')) return { ...tuned, maxTreeBytes: treeBytes };
  return tuned;
}

export class Searcher {
  private pool: Piscina | null = null;
  /** settles when every worker has started (and loaded the move knowledge) */
  private ready: Promise<unknown> = Promise.resolve();
  private readonly threads: number;
  /** The last move searched below the resign threshold. */
  private lostAt: { color: 1 | 2; moveNumber: number } | null = null;
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
      this.ready = Promise.all(Array.from({ length: this.threads }, () => pool.run({ kind: 'ready' } satisfies ReadyTask))).catch(() => {});
      if (this.options.network && !this.network) this.network = Network.load(this.options.network, this.threads);
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
  private async run(position: SearchPosition, spec: RunSpec): Promise<RunResult> {
    const pool = this.getPool();
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
        position: {
          size: position.size,
          board: position.board,
          toMove: position.toMove,
          komi: position.komi,
          history: position.history,
          illegal: position.illegal,
          moveNumber: position.moveNumber,
          lastMoves: position.lastMoves,
          prior,
        },
        // every worker its own stream; the seed stays fixed per worker so a 1-thread search
        // with a seed and fixed playouts is reproducible
        params: { ...params, seed: params.seed + k * 1000003 },
        forbidPass: spec.forbidPass,
        noTerminal: spec.noTerminal ?? false,
        mergeMs: 25,
        tree,
        network: prior && this.options.network ? this.options.network : undefined,
      };
      tasks.push(pool.run(task));
    }
    let finished = false;
    let failure: unknown = null;
    const all = Promise.all(tasks).then(
      (r) => {
        finished = true;
        return r;
      },
      (e) => {
        finished = true;
        failure = e;
        return [] as SearchTaskResult[];
      },
    );
    this.running.set(all, stop);
    all.finally(() => this.running.delete(all));
    const now = performance.now();
    const start = spec.since === undefined ? now : Math.max(spec.since, now - Math.max(0, (spec.maxMs ?? Infinity) - MIN_SEARCH_MS));
    const interval = Math.max(10, spec.infoIntervalMs ?? 1000);
    let nextInfo = start + interval;
    while (!finished) {
      await new Promise((r) => setTimeout(r, 10));
      if (finished) break;
      const elapsed = performance.now() - start;
      if (spec.maxMs !== undefined && elapsed >= spec.maxMs) break;
      if (spec.onInfo && performance.now() >= nextInfo) {
        spec.onInfo(this.collect(layout, sab, position).info);
        nextInfo += interval;
      }
      if (spec.targetMs !== undefined && (elapsed >= spec.targetMs || spec.earlyStop)) {
        if (this.shouldStop(layout, sab, elapsed, spec)) break;
      }
    }
    stop();
    const results = await all;
    spec.signal?.removeEventListener('abort', stop);
    if (failure) throw failure;
    const out = this.collect(layout, sab, position);
    out.info.tree = { nodes: results.reduce((a, r) => a + r.nodes, 0), strays: results.reduce((a, r) => a + r.strays, 0) };
    return out;
  }

  /** The shared tree's memory: made once, again only when its bound changes. */
  private sharedTree(bytes: number): { id: number; buffers: SharedTreeBuffers } {
    if (!this.tree || this.tree.bytes !== bytes) this.tree = { id: (this.tree?.id ?? 0) + 1, bytes, buffers: sharedTreeBuffers(bytes) };
    return { id: this.tree.id, buffers: this.tree.buffers };
  }

  /** Time-based stop rules, checked between the target and the max time. */
  private shouldStop(layout: RootStatsLayout, sab: SharedArrayBuffer, elapsed: number, spec: RunSpec): boolean {
    const target = spec.targetMs ?? 0;
    const max = spec.maxMs ?? target;
    // visits of the two best moves, summed over workers
    let best = 0;
    let second = 0;
    let bestWin = 0;
    let secondWin = 0;
    let playouts = 0;
    for (let k = 0; k < this.threads; k++) playouts += layout.slot(sab, k)[H_PLAYOUTS];
    for (let m = 0; m < layout.moves; m++) {
      let v = 0;
      let w = 0;
      let weights = 0;
      for (let k = 0; k < this.threads; k++) {
        const slot = layout.slot(sab, k);
        const vk = slot[layout.at(m, M_VISITS)];
        const wk = layout.weight(slot, m);
        v += vk;
        w += wk * slot[layout.at(m, M_WIN)];
        weights += wk;
      }
      if (weights === 0) {
        // a shared tree's visits from an earlier search only: the tree's value (slot 0)
        w = layout.slot(sab, 0)[layout.at(m, M_WIN)];
        weights = 1;
      }
      if (v > best) {
        second = best;
        secondWin = bestWin;
        best = v;
        bestWin = w / weights / FIX;
      } else if (v > second) {
        second = v;
        secondWin = w / weights / FIX;
      }
    }
    if (elapsed >= target) {
      // extend while the two best are close (Pachi: best2_ratio 2.5); give up at max
      const close = best < 1.5 * second || secondWin > bestWin + 0.02;
      if (!close || elapsed >= max) return true;
    }
    if (!spec.earlyStop || elapsed < 0.2 * target || playouts < 200) return false;
    // the best move cannot be caught in the time that remains
    const rate = playouts / elapsed;
    const remaining = rate * (Math.max(target, max) - elapsed);
    return best - second > remaining;
  }

  /** Combines the workers' slots into SearchInfo. */
  private collect(layout: RootStatsLayout, sab: SharedArrayBuffer, position: SearchPosition): RunResult {
    const points = layout.points;
    const slots = Array.from({ length: this.threads }, (_, k) => layout.slot(sab, k));
    const sign = position.toMove === 1 ? 1 : -1;
    let playouts = 0;
    let samples = 0;
    let scoreSum = 0;
    for (const s of slots) {
      playouts += s[H_PLAYOUTS];
      samples += s[H_SAMPLES];
      scoreSum += (s[H_PLAYOUTS] * s[H_SCORE]) / 100;
    }
    // the position's mean score, for the moves not tried yet
    const rootLead = playouts > 0 ? (scoreSum / playouts) * sign : 0;
    const ownership = new Float32Array(points);
    const dame = new Float32Array(points);
    for (const s of slots) {
      const weight = samples > 0 ? s[H_SAMPLES] / samples : 1 / slots.length;
      for (let p = 0; p < points; p++) {
        ownership[p] += (weight * s[layout.ownAt + p]) / FIX;
        dame[p] += (weight * s[layout.dameAt + p]) / FIX;
      }
    }
    const candidates: Candidate[] = [];
    const untried: Candidate[] = [];
    let triedVisits = 0;
    let triedWins = 0;
    let priorSum = 0;
    for (let m = 0; m < layout.moves; m++) {
      let v = 0;
      let w = 0;
      let sc = 0;
      let weights = 0;
      let illegal = false;
      let bestSlot = 0;
      let bestSlotVisits = -1;
      for (let k = 0; k < slots.length; k++) {
        const s = slots[k];
        const vk = s[layout.at(m, M_VISITS)];
        // win rate and score: means over each worker's playouts (root parallelism: weighted by
        // its tree's visits); visits, illegal and PVs: from the tree (shared: slot 0 alone)
        const wk = layout.weight(s, m);
        v += vk;
        w += wk * (s[layout.at(m, M_WIN)] / FIX);
        sc += wk * (s[layout.at(m, M_SCORE)] / 100);
        weights += wk;
        if (s[layout.at(m, M_ILLEGAL)]) illegal = true;
        if (vk > bestSlotVisits) {
          bestSlotVisits = vk;
          bestSlot = k;
        }
      }
      if (weights === 0) {
        // a shared tree's visits from an earlier search only: the tree's value (slot 0)
        w = slots[0][layout.at(m, M_WIN)] / FIX;
        weights = 1;
      }
      if (illegal) continue;
      const prior = slots[0][layout.at(m, M_PRIOR)] / FIX;
      if (v === 0 && prior <= 0) continue; // no move here (an occupied point)
      // priors as a soft preference over the moves listed, for display
      const pr = Math.exp(8 * prior);
      priorSum += pr;
      const move = m === 0 ? PASS : m - 1;
      if (v === 0) {
        // a legal move the search has not tried yet (GUIs ask for some with minmoves); also the
        // move when a search is stopped before its first playout (workers publish priors first).
        // Its value is the position's (set below) and its lcb that of a single visit
        untried.push({ move, visits: 0, winrate: 0.5, prior: pr, lcb: 0, scoreLead: rootLead, pv: [move], pvVisits: [0] });
        continue;
      }
      const winrate = w / weights;
      triedVisits += v;
      triedWins += v * winrate;
      candidates.push({
        move,
        visits: v,
        winrate,
        prior: pr, // normalised below once the sum is known
        lcb: lowerBound(winrate, v),
        scoreLead: (sc / weights) * sign,
        ...this.pvFor(layout, slots[bestSlot], move, v, bestSlotVisits),
      });
    }
    // tried moves by visits, then the untried ones by prior
    candidates.sort((a, b) => b.visits - a.visits || b.winrate - a.winrate);
    untried.sort((a, b) => b.prior - a.prior);
    for (const c of untried) {
      if (triedVisits > 0) c.winrate = triedWins / triedVisits;
      c.lcb = lowerBound(c.winrate, 1);
    }
    candidates.push(...untried);
    for (const c of candidates) c.prior = priorSum > 0 ? c.prior / priorSum : 0;
    const best = candidates[0];
    const info: SearchInfo = {
      playouts,
      winrate: best ? best.winrate : 0.5,
      scoreLead: best ? best.scoreLead : 0,
      candidates,
      ownership,
    };
    return { info, dame };
  }

  /**
   * The published line of a root move, from the slot whose tree has the most visits of it
   * (slotVisits); its visits scaled to all workers' together (visits), which the first has.
   */
  private pvFor(layout: RootStatsLayout, slot: Int32Array, move: number, visits: number, slotVisits: number): { pv: number[]; pvVisits: number[] } {
    for (let k = 0; k < PV_COUNT; k++) {
      const base = layout.pvAt + k * PV_INTS;
      const len = slot[base];
      if (len > 0 && slot[base + 1] === move) {
        const pvVisits = Array.from(slot.subarray(base + 1 + PV_LEN, base + 1 + PV_LEN + len), (n) => Math.round((n * visits) / slotVisits));
        pvVisits[0] = visits;
        return { pv: Array.from(slot.subarray(base + 1, base + 1 + len)), pvVisits };
      }
    }
    return { pv: [move], pvVisits: [visits] };
  }

  /** The most playouts a search may run: the request's or --playouts, and the level's cap (Infinity: no bound). */
  private playoutLimit(spec: RunSpec): number {
    const requested = spec.playouts !== undefined ? Math.max(1, Math.floor(spec.playouts)) : Infinity;
    return Math.min(requested, spec.levelCap ? levelSettings(this.options.level).maxPlayouts : Infinity);
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
    const size = position.size;
    const me = position.toMove;
    const mine = (blackMinusWhite: number): number => (me === 1 ? blackMinusWhite : -blackMinusWhite);
    const last = position.lastMoves.length > 0 ? position.lastMoves[position.lastMoves.length - 1] : 0;
    const opponentPassed = position.lastMoves.length > 0 && last === PASS;
    const asIs = mine(areaScoreAsIs(position.board, size) - position.komi);
    // no resigning in the opening
    const pastOpening = gameStage(position) >= (size * size) / 4;

    let forbidPass = false;
    /** cleanup: the search chooses among the liberties of the dead opponent stones */
    let cleanupPoints: number[] = [];
    const judgeStart = performance.now();
    if (opponentPassed || limits.cleanup) {
      // Passing may end the game, or cleanup forbids it: judge the board by playouts first.
      const judgeMs = passJudgeMs(spec.targetMs, spec.maxMs);
      // with the capturing races read out, as final_score judges them: a race the playouts
      // misjudge would otherwise pass a lost game, or resign a won one
      const { judged, ...chains } = await this.judgeEnd(position, 2000, judgeMs);
      const regions = judgeRegions(position.board, size, chains.dead, judged.ownership);
      const byJudge = mine(regions.area - position.komi);
      const deadOpponent = chains.dead.filter((p) => position.board[p] === 3 - me);
      // settled: every chain's fate is clear (Pachi's pass_is_safe); then only dame are left,
      // worth a point each by area and nothing by territory, and the open points the playouts
      // leave unclear, worth at most a point each whoever gets them (without this the winner
      // often played on after a pass with only such points open and a larger margin)
      const settled = chains.unsettled.length === 0;
      const open = regions.contested.length;
      const territory = limits.scoring === 'territory';
      if (opponentPassed && !limits.cleanup && settled) {
        // passing ends the game won: as the board stands (CGOS counts every stone alive) or
        // by territory, where the dead stones come off without being captured
        if (byJudge > open && (asIs > 0 || territory)) return { move: PASS, info: this.passInfo(judged, byJudge, 1) };
        // lost whatever is played: the dame and the open points cannot make up the margin
        // (no dame can by territory, where every further move inside one's own area costs a
        // point). Resign when allowed, after the opening, and when the margin is more than a
        // territory-area difference.
        const reach = (territory ? 0 : regions.dame.length) + open;
        if (byJudge < 0 && -byJudge > reach) {
          const resign = this.options.resignThreshold > 0 && pastOpening && -byJudge > 2;
          return { move: resign ? 'resign' : PASS, info: this.passInfo(judged, byJudge, 0) };
        }
        // a draw (whole-number komi) that nothing left can turn: playing on only fills one's own
        // area, move after move
        if (byJudge === 0 && reach === 0 && (asIs >= 0 || territory)) return { move: PASS, info: this.passInfo(judged, 0, 0.5) };
      }
      // dead opponent stones must come off the board before we pass: under area counting as
      // the board stands they would count for the opponent, and cleanup requires it anyway
      if (deadOpponent.length > 0 && (limits.cleanup || (asIs <= 0 && !territory))) forbidPass = true;
      // every playout counts the dead stones as captured whether they are or not, so nothing in
      // the search itself hurries their capture: cleanup plays on their liberties
      if (limits.cleanup) cleanupPoints = libertiesOfChains(position.board, size, deadOpponent);
    }

    // the judging came out of this move's time
    const used = performance.now() - judgeStart;
    const cut = (ms: number | undefined): number | undefined => (ms === undefined ? undefined : Math.max(20, ms - used));
    const since = spec.source === 'clock' ? performance.now() : undefined;
    const runSpec = { ...spec, targetMs: cut(spec.targetMs), maxMs: cut(spec.maxMs), forbidPass, since };
    let { info } = await this.run(cleanupPoints.length > 0 ? onlyAt(position, cleanupPoints) : position, runSpec);
    // no cleanup point could be played (pass is forbidden there): search the whole board
    if (!info.candidates.some((c) => c.visits > 0) && cleanupPoints.length > 0) ({ info } = await this.run(position, runSpec));
    info.plan = { source: spec.source ?? 'clock', playouts: spec.playouts, targetMs: cut(spec.targetMs), maxMs: cut(spec.maxMs), judgeMs: used };
    const candidates = info.candidates;
    if (candidates.length === 0) return { move: PASS, info }; // no legal move but pass
    const best = candidates[0];

    // resign: clearly lost after a real search, never in the opening, and on two moves in a
    // row (like KataGo's resignConsecTurns), so that one unlucky search does not give up a game
    const threshold = this.options.resignThreshold;
    // (a search capped lower, by the request, --playouts or the level, is as real as it gets)
    const minPlayouts = Math.min(1000, 100 * size, this.playoutLimit(spec));
    const lost = threshold > 0 && best.winrate < threshold && info.playouts >= minPlayouts && pastOpening;
    const lostBefore = this.lostAt?.color === me && this.lostAt.moveNumber === position.moveNumber - 2;
    this.lostAt = lost ? { color: me, moveNumber: position.moveNumber } : null;
    if (lost && lostBefore) return { move: 'resign', info };
    if (best.move === PASS && opponentPassed && asIs < 0 && !limits.cleanup) {
      // passing now would end the game lost as the board stands: play on while a move may
      // still change that, but no hopeless invasion (the search sees no chance in it)
      const bestNonPass = candidates.find((c) => c.move !== PASS && c.visits > 0);
      if (bestNonPass && bestNonPass.winrate >= HOPELESS && bestNonPass.winrate > best.winrate) return { move: bestNonPass.move, info };
    }
    return { move: best.move, info };
  }

  /** SearchInfo for a pass decided by judging the board rather than by search. */
  private passInfo(judged: Judgement, scoreLead: number, winrate: number): SearchInfo {
    const pass: Candidate = { move: PASS, visits: judged.playouts, winrate, prior: 1, lcb: winrate, scoreLead, pv: [PASS], pvVisits: [judged.playouts] };
    return { playouts: judged.playouts, winrate, scoreLead, candidates: [pass], ownership: judged.ownership };
  }

  /** Ownership and seki liberties from tree-less playouts, split over the workers. */
  private async judge(position: SearchPosition, playouts: number, ms: number): Promise<Judgement> {
    const pool = this.getPool();
    await this.ready; // the first search's clock starts once the workers can search
    const points = position.size * position.size;
    const seed = this.options.seed ?? 0x5eed;
    const tasks: Promise<OwnershipResult>[] = [];
    for (let k = 0; k < this.threads; k++) {
      const task: OwnershipTask = {
        kind: 'ownership',
        position: { ...position },
        policy: JUDGE_POLICY,
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

  async analyze(position: SearchPosition, limits: Limits): Promise<SearchInfo> {
    const { info } = await this.run(position, {
      playouts: limits.playouts,
      targetMs: limits.timeMs,
      maxMs: limits.timeMs,
      earlyStop: false,
      signal: limits.signal,
      onInfo: limits.onInfo,
      infoIntervalMs: limits.infoIntervalMs,
      forbidPass: false,
      levelCap: false,
    });
    return info;
  }

  async deadStones(position: SearchPosition): Promise<EndJudgement> {
    // Playouts without a tree from the final position, half of them with each side moving
    // first (Pachi judges from ≥ 500 playouts); at most about a second.
    const playouts = position.size <= 9 ? 3000 : position.size <= 13 ? 3000 : 2500;
    const { judged, dead, seki } = await this.judgeEnd(position, playouts, 900);
    const { black, white } = judgeRegions(position.board, position.size, dead, judged.ownership);
    return { dead, seki, settled: { black, white }, protective: protectivePoints(position.board, position.size, dead) };
  }

  /**
   * Dead, seki and unsettled stones of the position (judgeChains) with the capturing races the
   * playouts misjudge read out, and the ownership the regions are to be judged from. The
   * chains reading proves lost are captured on the board as a race ends (see afterCaptures)
   * and the playouts judge it again; a capture after which the capturer dies anyway (a seki,
   * one eye) proves nothing and is dropped, and the rest judged once more (at most three
   * judgements in all).
   */
  private async judgeEnd(
    position: SearchPosition,
    playouts: number,
    ms: number,
  ): Promise<{ judged: Judgement; dead: number[]; seki: number[]; unsettled: number[] }> {
    const { board, size } = position;
    let judged = await this.judge(position, playouts, ms);
    let { dead, seki, unsettled } = judgeChains(board, size, judged.ownership, judged.dame);
    let lost = lostInRaces(board, size, dead, unsettled);
    for (let round = 0; round < 2 && lost.length > 0; round++) {
      const after = afterCaptures(board, size, lost);
      const again = await this.judge({ ...position, board: after.board }, playouts, ms);
      const chains = judgeChains(after.board, size, again.ownership, again.dame);
      const isDead = new Set(chains.dead);
      // the capturer's stones on the liberties of the chain it took must live
      const kept = after.filled.filter((stones) => !libertiesOfChains(board, size, stones).some((p) => isDead.has(p)));
      if (kept.length < lost.length) {
        lost = kept;
        continue;
      }
      judged = again;
      dead = [...lost.flat(), ...chains.dead].sort((a, b) => a - b);
      seki = chains.seki;
      // the chains that took them won their race by reading: settled whatever share of the
      // playouts they lose (the capturer's stones on the liberties are not on the board)
      const winners = new Set(lost.flatMap((stones) => stones.flatMap((q) => neighbours(q, size))));
      unsettled = chains.unsettled.filter((p) => board[p] === after.board[p] && !chainAt(board, size, p).stones.some((q) => winners.has(q)));
      break;
    }
    return { judged, dead, seki, unsettled };
  }

  /** Tree-less playouts on every worker for ms milliseconds; returns how many (for the benchmark). */
  async rawPlayouts(position: SearchPosition, ms: number, policy: PolicyParams = FULL_POLICY): Promise<number> {
    const pool = this.getPool();
    const seed = this.options.seed ?? 0x5eed;
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
    if (network) await (await network).close();
  }
}
