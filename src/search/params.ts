// The search's parameters, in one place: what each one does (MctsParams, the tree search of
// one worker; PolicyParams and PriorParams in policy.ts and priors.ts), their defaults per board
// size (searchParams), and named overrides (`--param priors.even=20`), so that a tuning
// experiment is a command line anyone can repeat rather than a patched build. A name is a
// path into MctsParams (`equivRave`, `policy.patternRate`, `priors.even`); only numbers
// that the parameters already have can be set, and only to a value in the parameter's range.

import { levelSettings } from './level.js';
import type { PolicyParams } from './policy.js';
import { boardPriors, type PriorParams } from './priors.js';
import type { SearchOptions } from './types.js';

export interface MctsParams {
  equivRave: number;
  /** a leaf is expanded once it has this many visits */
  expandVisits: number;
  policy: PolicyParams;
  priors: PriorParams;
  maxTreeBytes: number;
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
}

export type ParamOverrides = ReadonlyArray<readonly [path: string, value: number]>;

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

/** Parses `name=value`; throws an Error naming the problem. */
export function parseParam(text: string): [string, number] {
  const eq = text.indexOf('=');
  const path = text.slice(0, eq).trim();
  const value = Number(text.slice(eq + 1));
  if (eq < 0 || path === '' || text.slice(eq + 1).trim() === '' || !Number.isFinite(value)) throw new Error(`expected name=number, got "${text}"`);
  return [path, value];
}

/** The settable names of params, e.g. `equivRave`, `priors.even`. */
export function paramNames(params: MctsParams): string[] {
  const names: string[] = [];
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'number') names.push(path);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
  };
  walk(params, '');
  return names;
}

/** A copy of params with the overrides applied; throws on a name params does not have. */
export function applyParams(params: MctsParams, overrides: ParamOverrides): MctsParams {
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
};

function checkRange(path: string, name: string, value: number): void {
  const [least, most, whole] = RANGES[name] ?? (name.endsWith('Rate') ? [0, 1, false] : [0, Infinity, false]);
  if (value < least || value > most || (whole && !Number.isInteger(value))) {
    const kind = whole ? 'a whole number' : 'a number';
    const range = most === Infinity ? (least > 0 ? 'above 0' : `at least ${least}`) : `from ${least} to ${most}`;
    throw new Error(`parameter "${path}" must be ${kind} ${range}, got ${value}`);
  }
}

function unknownParam(path: string, params: MctsParams): Error {
  return new Error(`unknown parameter "${path}"; known: ${paramNames(params).join(', ')}`);
}
