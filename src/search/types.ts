// The search's public types: what a caller gives it (the position, the options, a move's
// limits) and what it gives back (the candidates, the search's summary, the end of the game).
// Points are p = y*size+x and a pass is -1 throughout.

import type { TimeLeft, TimeSettings } from '../game/clock.js';
import type { ParamOverrides } from './params.js';

/** The position to search. */
export interface SearchPosition {
  size: number;
  /** size*size, 0/1/2 */
  board: Int8Array;
  toMove: 1 | 2;
  /** points White gets under area counting (komi + area handicap bonus), used for playout scoring */
  komi: number;
  /** earlier boards of the game, oldest first (superko) */
  history: Int8Array[];
  /**
   * who was to move at each history board, given only under situational superko (aga,
   * new_zealand): then a board repeats only with the same side to move
   */
  historyToMove?: number[];
  /** root moves the rules core forbids right now (superko etc.) — never returned */
  illegal: number[];
  /** moves played so far in the game */
  moveNumber: number;
  /** most recent last, PASS = -1 */
  lastMoves: number[];
  /** the network's probability of each root move (by point, pass last), when a network rates the root */
  prior?: Float32Array;
}

/** Resign below this win rate, unless told otherwise (--resign-threshold). */
export const DEFAULT_RESIGN_THRESHOLD = 0.1;
/** The search trees' memory in MB, unless told otherwise (--max-tree-mb). */
export const DEFAULT_MAX_TREE_MB = 1024;

/** How the engine searches: set once, from the command line. */
export interface SearchOptions {
  threads: number;
  /** fixed playouts per move */
  playouts?: number;
  /** fixed seconds per move */
  timeSec?: number;
  /** 1..10, 10 = full strength; 1 = a few hundred playouts, weakened policy */
  level: number;
  /** resign below this win rate (DEFAULT_RESIGN_THRESHOLD); 0 = never resign */
  resignThreshold: number;
  /** the trees' memory in MB (DEFAULT_MAX_TREE_MB) */
  maxTreeMb: number;
  seed?: number;
  /** overrides of the search parameters by name (see params.ts), for tuning experiments */
  params?: ParamOverrides;
  /** the network file (.onnx) that rates the root's moves on 19×19; none when null or absent */
  network?: string | null;
}

/** One root move as the search saw it. */
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

/** What a search found: reported while it runs (analysis) and when it ends. */
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

/** The limits of one request (genmove or analysis). */
export interface Limits {
  playouts?: number;
  timeMs?: number;
  signal?: AbortSignal;
  onInfo?: (info: SearchInfo) => void;
  infoIntervalMs?: number;
  /** performance.now() when the controller asked: an analysis's first info line is due an interval after it, a move's clock ran from then */
  askedAt?: number;
  /** kgs-genmove_cleanup: never pass while dead opponent stones remain */
  cleanup?: boolean;
  clock?: { settings: TimeSettings; left: TimeLeft | null };
  /** How the game is counted (default area): under territory a move inside one's own area costs a point. */
  scoring?: 'area' | 'territory';
}

/** The end of the game as correct play would settle it. */
export interface EndJudgement {
  dead: number[];
  seki: number[];
  /** points of regions that still touch both colours that each side will own (dame: neither) */
  settled: { black: number[]; white: number[] };
  /** empty points of one-colour regions where the owner must still play (see protectivePoints) */
  protective?: number[];
}
