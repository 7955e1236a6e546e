// Every tuned number of the search, in one place, each with a line saying what it does (as
// KataGo's SearchParams): the tree search of one worker (MctsParams), the playout policy
// (PolicyParams), the priors of new nodes (PriorParams), and the Searcher's own rules — when a
// search stops, when to resign or not to pass, how the end of the game is judged
// (SearchParams). searchParams gives their defaults per board size, thread count and playing
// level; levelSettings the playing levels. Any of them can be set by name for a tuning
// experiment (`--param priors.even=20`, `--param stop.best2Ratio=2`), so that an experiment is a
// command line anyone can repeat rather than a patched build: a name is a path into
// SearchParams, and only numbers it already has can be set, to a value in the parameter's range.

import { DEFAULT_MAX_TREE_MB, DEFAULT_RESIGN_THRESHOLD, type SearchOptions } from './types.js';

/** The seed of the search's random streams when the options give none. */
export const DEFAULT_SEED = 0x5eed;

/**
 * The least a search on a clock is left: after the wait for the workers and the network, and
 * after the judging of the board that came out of the move's time.
 */
export const MIN_SEARCH_MS = 20;

/** The playout policy: how moves are chosen after the tree (policy.ts). */
export interface PolicyParams {
  /** chance to look for local captures / atari escapes after the last move */
  captureRate: number;
  /** chance to look for 3×3 shapes around the last move */
  patternRate: number;
  /** chance a random self-atari move is rejected */
  selfAtariRate: number;
  /** chance to play the vital point of a 3-point eye space the opponent is making */
  nakadeRate: number;
  /** 1: never put 3 or more stones in atari except as nakade, always play nakade (tactics/selfatari.ts) */
  bigSelfAtari: number;
  /** 1: always play the useful self-ataris of one or two stones (throw-ins, snapbacks) */
  throwIns: number;
  /** 1: a clumsy fill of a three-liberty chain's liberty counts as a self-atari (tactics/selfatari.ts) */
  threeLibSuicide: number;
  /** chance to look for two-liberty fights around the last move (Pachi's local_2lib_check) */
  twoLibRate: number;
  /** our chains of at least this many stones put in atari are always answered (0: never forced) */
  forceStones: number;
  /** 1: a shape move is drawn in proportion to Pachi's weight for its shape (0: uniformly) */
  shapeGammas: number;
}

// The full policy follows Pachi's moggy, checked move by move against Pachi's own playouts
// (scripts/policy-agreement.mjs). Random self-ataris the judge doubts are rejected 60% of the
// time, not 90%: that played stronger in self-play, as it did for Pachi (docs/EXPERIMENTS.md,
// "The playouts").
export const FULL_POLICY: PolicyParams = { captureRate: 0.9, patternRate: 0.95, selfAtariRate: 0.6, nakadeRate: 0.8, bigSelfAtari: 1, throwIns: 1, threeLibSuicide: 1, twoLibRate: 0.8, forceStones: 3, shapeGammas: 1 };
/** Uniformly random playouts that only keep out of their own eyes (benchmarks, tests). */
export const LIGHT_POLICY: PolicyParams = { captureRate: 0, patternRate: 0, selfAtariRate: 0, nakadeRate: 0, bigSelfAtari: 0, throwIns: 0, threeLibSuicide: 0, twoLibRate: 0, forceStones: 0, shapeGammas: 0 };

/** The priors of a new node's children, as virtual visits and wins (priors.ts). */
export interface PriorParams {
  /** virtual visits at an even result for every move */
  even: number;
  /** share of the learned prior (1 = full, 0 = off) */
  learned: number;
  /** virtual wins √p·learnedWins for a move of learned probability p, at a full share */
  learnedWins: number;
  /** the same wins in the AMAF statistics */
  learnedAmaf: number;
  /** 1: new nodes leave out escapes into a working ladder (Pachi's prune_ladders); 0: keep them */
  pruneLadders: number;
  /**
   * virtual wins √p·networkWins for a root move the network gives probability p, in place of
   * the learned prior's (Pachi's dcnn_eqex, 1300)
   */
  networkWins: number;
}

// Escapes into a working ladder are pruned on every board size, as Pachi does (measured on
// 19×19 only: docs/EXPERIMENTS.md, "Move knowledge").
export const FULL_PRIORS: PriorParams = { even: 14, learned: 1, learnedWins: 300, learnedAmaf: 100, pruneLadders: 1, networkWins: 1300 };

/**
 * The priors for a board size from the 19×19 ones (FULL_PRIORS: E = 300 in the real and 100
 * in the AMAF statistics): 9×9 and smaller 0.7·E = 210 in the real statistics only (as
 * Pachi's); between, by area.
 */
export function boardPriors(size: number, p: PriorParams): PriorParams {
  const area = Math.max(0, Math.min(1, (size * size - 81) / (361 - 81)));
  return { ...p, learnedWins: p.learnedWins * (0.7 + 0.3 * area), learnedAmaf: p.learnedAmaf * area };
}

/** The tree search of one worker (mcts.ts). */
export interface MctsParams {
  /** RAVE's weight fades as a node's visits pass this ("sylvain" β; Pachi's equiv_rave) */
  equivRave: number;
  /** a leaf is expanded once it has this many visits */
  expandVisits: number;
  policy: PolicyParams;
  priors: PriorParams;
  /** the memory of one worker's tree (of the shared tree, with sharedTree) */
  maxTreeBytes: number;
  /** the first of the workers' random streams */
  seed: number;
  /**
   * Share of a playout's value that comes from the score margin rather than the win (Pachi's
   * val_scale idea): keeps the search from drifting into won-by-half-a-point lines, which
   * are the first to turn into losses when the evaluation is off.
   */
  scoreWeight: number;
  /** points over which the score share saturates (tanh scale) */
  scoreScale: number;
  /**
   * 0: every worker searches its own tree and they share root statistics (root parallelism);
   * 1: all workers search one tree in shared memory (tree parallelism, see worker.ts).
   */
  sharedTree: number;
  /**
   * Shared tree: each thread searching below a node counts as this many extra lost visits
   * when choosing among its siblings, so threads spread over different lines (Pachi's
   * virtual_loss, 1 there).
   */
  virtualLoss: number;
  /**
   * Criticality (Coulom 2009; Pachi's crit_rave): how much more often than chance the owner of
   * a move's point at the end of a playout was its winner, added to the move's AMAF value as
   * that share of its AMAF visits won; 0 = off.
   */
  critRave: number;
  /**
   * A node's criticality counts once it has more visits than this share of the root's (Pachi's
   * crit_plthres_coef), and than critMinPlayouts: the estimate is noisy below both.
   */
  critRootShare: number;
  critMinPlayouts: number;
  /**
   * With a network: a node's moves get the network's prior (in place of the move patterns')
   * once the node has this many visits; 0 = the root's only. The root's are rated before the
   * search starts.
   */
  networkVisits: number;
  /**
   * With a network rating nodes (networkVisits > 0): the value head's win rate for a rated node
   * counts as this many virtual playouts of the node (0 = the value head is not used), mixing
   * the network's judgement with the playouts' as AlphaGo's λ does.
   */
  networkValueVisits: number;
  /**
   * PUCT at the nodes the network has rated (AlphaGo Zero's c_puct, on win rates 0..1): a
   * child is chosen by its value + puct·P·√N/(1 + n), P the network's probability of its move,
   * N and n the node's and the child's visits; the network's prior then adds no virtual wins.
   * 0 = off: the prior counts as √P·priors.networkWins virtual wins and the RAVE value alone
   * chooses (Pachi's way with its network).
   */
  puct: number;
}

/** When a search on a clock stops (stop-rules.ts), between the time plan's target and its most. */
export interface StopParams {
  /**
   * Past the target, the search goes on while the best move has fewer than this many times the
   * second's visits (Pachi's best2_ratio, 2.5 there)…
   */
  best2Ratio: number;
  /** …or while the second's win rate is above the best's by more than this */
  best2WinMargin: number;
  /** no early stop (the best move can no longer be overtaken) before this share of the target */
  earlyShare: number;
  /** nor before this many playouts, below which the playout rate is too noisy to tell */
  earlyPlayouts: number;
}

/** When a genmove resigns (pass-resign.ts); the win rate below which it does is the option resignThreshold. */
export interface ResignParams {
  /** a search is evidence enough from this many playouts… */
  minPlayouts: number;
  /** …or this many per line of the board, if fewer (a search capped lower by the limits counts when it reaches its cap) */
  minPlayoutsPerLine: number;
  /** never before this share of the board's points have been played (or hold stones): the opening */
  openingShare: number;
  /** after a pass, a game judged lost is resigned only when by more than this many points (a territory–area difference) */
  judgedMargin: number;
}

/** Whether a genmove passes (pass-resign.ts). */
export interface PassParams {
  /** a move below this win rate is no reason not to pass into a loss as the board stands (no hopeless invasion) */
  hopeless: number;
}

/** Judging the end of the game by tree-less playouts (end-judgement.ts). */
export interface JudgeParams {
  /**
   * the judging playouts' chance to reject a self-atari: high, so a seki (where the first to
   * play a shared liberty puts itself in atari) survives in most of them
   */
  selfAtariRate: number;
  /** the judging playouts always save chains of this many stones in atari (0: never, as always saving one can let a dead group live) */
  forceStones: number;
  /** playouts judging the board after the opponent's pass, or in cleanup */
  passPlayouts: number;
  /** playouts judging the final position (final_status_list), half with each side to move first (Pachi: ≥ 500) */
  finalPlayouts: number;
  /** the most a judgement of the final position may take, ms */
  finalMs: number;
}

/** Every parameter of the search: one worker's tree search and the Searcher's own rules. */
export interface SearchParams extends MctsParams {
  /** root parallelism: how often each worker merges its root statistics with the others', ms */
  mergeMs: number;
  stop: StopParams;
  resign: ResignParams;
  pass: PassParams;
  judge: JudgeParams;
}

/** A playing level's parameters (levelSettings). */
export interface LevelSettings {
  policy: PolicyParams;
  priors: PriorParams;
  /** playouts per move at most (Infinity at level 10) */
  maxPlayouts: number;
}

/** Level 1's playouts per move; each level up doubles them (each halving costs roughly 100 Elo, MoGo §7). */
const LEVEL_ONE_PLAYOUTS = 300;
/** Levels up to this one lose most of the playout heuristics and the knowledge priors. */
const WEAK_LEVELS = 3;
/** The learned prior's share at level 1 (it stays at every level). */
const LEVEL_ONE_LEARNED = 0.5;

/**
 * Playing levels 1..10. Level 10 is full strength; lower levels cap the playouts per move and,
 * at the bottom, weaken the playout policy and the priors so the play is also less shapely,
 * not just shallower.
 */
export function levelSettings(level: number): LevelSettings {
  const l = Math.max(1, Math.min(10, Math.round(level)));
  if (l >= 10) return { policy: FULL_POLICY, priors: FULL_PRIORS, maxPlayouts: Infinity };
  // level 1: 300 playouts … level 9: about 300·2^8 = 77k
  const maxPlayouts = Math.round(LEVEL_ONE_PLAYOUTS * 2 ** (l - 1));
  const k = l <= WEAK_LEVELS ? (l - 1) / WEAK_LEVELS : 1;
  // (the self-atari verdicts stay: a weaker level plays fewer playouts, not sillier ones)
  const policy: PolicyParams = {
    ...FULL_POLICY,
    captureRate: FULL_POLICY.captureRate * k,
    patternRate: FULL_POLICY.patternRate * k,
    selfAtariRate: FULL_POLICY.selfAtariRate * (0.5 + 0.5 * k),
    nakadeRate: FULL_POLICY.nakadeRate * k,
    twoLibRate: FULL_POLICY.twoLibRate * k,
  };
  const priors: PriorParams = { ...FULL_PRIORS, learned: LEVEL_ONE_LEARNED + (1 - LEVEL_ONE_LEARNED) * k };
  return { policy, priors, maxPlayouts };
}

export type ParamOverrides = ReadonlyArray<readonly [path: string, value: number]>;

/** The search's parameters for a board size: the level's, then the options' overrides. */
export function searchParams(size: number, options: SearchOptions, threads: number): SearchParams {
  const lvl = levelSettings(options.level);
  const treeBytes = (options.maxTreeMb > 0 ? options.maxTreeMb : DEFAULT_MAX_TREE_MB) * 1048576;
  const params: SearchParams = {
    equivRave: size <= 9 ? 3000 : 4000, // Pachi's equiv_rave per board size
    // on 9×9, 3 visits play at least as well as 2 and take a tenth less time a move (rating a
    // new node's moves is the expensive part); docs/EXPERIMENTS.md, "Move knowledge"
    expandVisits: size <= 9 ? 3 : size <= 13 ? 4 : 8,
    policy: lvl.policy,
    priors: boardPriors(size, lvl.priors),
    maxTreeBytes: treeBytes / threads,
    seed: options.seed ?? DEFAULT_SEED,
    // a tenth of a playout's value from its score margin: less was weaker on 19×19 in
    // self-play, more no better (docs/EXPERIMENTS.md, "The tree")
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
    // 32 playouts, stronger than the root's prior alone for about a fifth more time a move
    // (docs/EXPERIMENTS.md, "The network")
    networkVisits: 32,
    networkValueVisits: 32,
    puct: 0,
    mergeMs: 25,
    stop: { best2Ratio: 1.5, best2WinMargin: 0.02, earlyShare: 0.2, earlyPlayouts: 200 },
    resign: { minPlayouts: 1000, minPlayoutsPerLine: 100, openingShare: 0.25, judgedMargin: 2 },
    pass: { hopeless: 0.05 },
    judge: { selfAtariRate: 0.95, forceStones: 0, passPlayouts: 2000, finalPlayouts: size <= 13 ? 3000 : 2500, finalMs: 900 },
  };
  const overrides = options.params ?? [];
  const tuned = applyParams(params, overrides);
  // one shared tree has the whole memory bound (unless it is set by name)
  if (tuned.sharedTree !== 0 && !overrides.some(([path]) => path === 'maxTreeBytes')) return { ...tuned, maxTreeBytes: treeBytes };
  return tuned;
}

/** Throws an Error naming the problem when param is not a parameter the search has, or out of its range. */
export function checkParam(param: readonly [string, number]): void {
  searchParams(19, { threads: 1, level: 10, resignThreshold: DEFAULT_RESIGN_THRESHOLD, maxTreeMb: DEFAULT_MAX_TREE_MB, params: [param] }, 1);
}

/** Parses `name=value`; throws an Error naming the problem. */
export function parseParam(text: string): [string, number] {
  const eq = text.indexOf('=');
  const path = text.slice(0, eq).trim();
  const value = Number(text.slice(eq + 1));
  if (eq < 0 || path === '' || text.slice(eq + 1).trim() === '' || !Number.isFinite(value)) throw new Error(`expected name=number, got "${text}"`);
  return [path, value];
}

/** The settable names of params, e.g. `equivRave`, `priors.even`. */
export function paramNames(params: SearchParams): string[] {
  const names: string[] = [];
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'number') names.push(path);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
  };
  walk(params, '');
  return names;
}

/** A copy of params with the overrides applied; throws on a name params does not have. */
export function applyParams(params: SearchParams, overrides: ParamOverrides): SearchParams {
  if (overrides.length === 0) return params;
  const copy = structuredClone(params);
  for (const [path, value] of overrides) {
    const keys = path.split('.');
    let holder: Record<string, unknown> = copy as unknown as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) {
      const next = Object.hasOwn(holder, key) ? holder[key] : undefined;
      if (!next || typeof next !== 'object') throw unknownParam(path, params);
      holder = next as Record<string, unknown>;
    }
    const last = keys[keys.length - 1];
    if (!Object.hasOwn(holder, last) || typeof holder[last] !== 'number') throw unknownParam(path, params);
    checkRange(path, last, value);
    holder[last] = value;
  }
  return copy;
}

// [least, most, whole numbers only]; every other parameter is a count, a weight or a scale ≥ 0
const RANGES: Record<string, readonly [number, number, boolean]> = {
  expandVisits: [1, 1e6, true],
  networkVisits: [0, 1e9, true],
  networkValueVisits: [0, 1e9, false],
  maxTreeBytes: [1, Number.MAX_SAFE_INTEGER, true],
  seed: [0, 2 ** 32 - 1, true],
  scoreWeight: [0, 1, false],
  critRootShare: [0, 1, false],
  scoreScale: [Number.MIN_VALUE, Infinity, false],
  sharedTree: [0, 1, true],
  pruneLadders: [0, 1, true],
  bigSelfAtari: [0, 1, true],
  throwIns: [0, 1, true],
  threeLibSuicide: [0, 1, true],
  shapeGammas: [0, 1, true],
  mergeMs: [1, 1e6, false],
  best2Ratio: [1, Infinity, false],
  best2WinMargin: [0, 1, false],
  earlyShare: [0, 1, false],
  earlyPlayouts: [0, 1e9, true],
  minPlayouts: [0, 1e9, true],
  minPlayoutsPerLine: [0, 1e9, true],
  openingShare: [0, 1, false],
  hopeless: [0, 1, false],
  passPlayouts: [1, 1e9, true],
  finalPlayouts: [1, 1e9, true],
  finalMs: [1, 1e7, false],
};

function checkRange(path: string, name: string, value: number): void {
  const [least, most, whole] = RANGES[name] ?? (name.endsWith('Rate') ? [0, 1, false] : [0, Infinity, false]);
  if (value < least || value > most || (whole && !Number.isInteger(value))) {
    const kind = whole ? 'a whole number' : 'a number';
    const range = most === Infinity ? (least === Number.MIN_VALUE ? 'above 0' : `at least ${least}`) : `from ${least} to ${most}`;
    throw new Error(`parameter "${path}" must be ${kind} ${range}, got ${value}`);
  }
}

function unknownParam(path: string, params: SearchParams): Error {
  return new Error(`unknown parameter "${path}"; known: ${paramNames(params).join(', ')}`);
}
