// The piscina worker: one Mcts per thread, kept between tasks so the tree is reused across
// moves. A search task runs until the shared stop flag or playout limit says so, merging root
// statistics with the other workers through the shared buffer (root-stats.ts), or, with
// MctsParams.sharedTree, searching one tree in shared memory together with them.

import { shippedWeights } from '../knowledge/model.js';
import { PlayoutBoard } from '../game/playout-board.js';
import { PlayoutPolicy } from './policy.js';
import { Rng } from '../game/rng.js';
import {
  absorb,
  CTRL_ACTIVE,
  CTRL_LIMIT,
  CTRL_PLAYOUTS,
  CTRL_SETUP,
  CTRL_STOP,
  publish,
  RootStatsLayout,
  SETUP_BUSY,
  SETUP_FAILED,
  SETUP_FRESH,
  SETUP_NONE,
  SETUP_REUSED,
} from './root-stats.js';
import { countOwners, Mcts } from './mcts.js';
import type { MctsParams, PolicyParams } from './params.js';
import type { SearchPosition } from './types.js';
import type { SharedTreeBuffers } from './tree.js';
import { Network } from '../network/network.js';

export interface SearchTask {
  kind: 'search';
  sab: SharedArrayBuffer;
  slot: number;
  threads: number;
  position: SearchPosition;
  params: MctsParams;
  forbidPass: boolean;
  /** dead-stone judging: passes in the tree do not end the game (Mcts.noTerminal) */
  noTerminal: boolean;
  mergeMs: number;
  /** params.sharedTree: the tree every worker searches, and its id (a new id, a new tree) */
  tree?: { id: number; buffers: SharedTreeBuffers };
  /** the network file that rates nodes deeper than the root (params.networkVisits) */
  network?: string;
}

export interface RawTask {
  kind: 'raw';
  position: SearchPosition;
  policy: PolicyParams;
  ms: number;
  seed: number;
}

/** Playouts without a tree from a (settled) position, for judging dead stones. */
export interface OwnershipTask {
  kind: 'ownership';
  position: SearchPosition;
  policy: PolicyParams;
  playouts: number;
  ms: number;
  seed: number;
}

export interface OwnershipResult {
  playouts: number;
  /** per point: playouts it ended black / white / empty between both colours */
  black: Int32Array;
  white: Int32Array;
  dame: Int32Array;
}

export interface SearchTaskResult {
  playouts: number;
  nodes: number;
  reused: boolean;
  /** see Mcts.strays */
  strays: number;
}

// The move knowledge (search/priors.ts) is read when the thread starts, not inside the first
// timed search: parsing the weight file takes about half a second.
shippedWeights();

/** Answered once the thread is up and its knowledge loaded. */
export interface ReadyTask {
  kind: 'ready';
}

let engine: Mcts | null = null;
let engineKey = '';
/** this thread's network, one evaluation thread of its own (the search waits for it) */
let network: { path: string; net: Promise<Network> } | null = null;

function threadNetwork(path: string): Promise<Network> {
  if (network?.path !== path) network = { path, net: Network.load(path, 1) };
  return network.net;
}

async function searchTask(task: SearchTask): Promise<SearchTaskResult> {
  const net = task.network && task.params.networkVisits > 0 ? await threadNetwork(task.network) : null;
  const tree = task.tree ?? null;
  // with a shared tree the engine does not depend on the slot (its seed): workers may get
  // other slots from one search to the next
  const key = tree ? JSON.stringify([task.position.size, { ...task.params, seed: 0 }, tree.id]) : JSON.stringify([task.position.size, task.params]);
  if (!engine || key !== engineKey) {
    engine = new Mcts(task.position.size, task.params, tree?.buffers ?? null);
    engineKey = key;
  }
  const mcts = engine;
  const layout = new RootStatsLayout(task.position.size * task.position.size, task.threads, tree !== null);
  const ctrl = layout.ctrl(task.sab);
  if (!tree) return searchLoop(task, mcts, layout, mcts.setPosition(task.position), net);
  Atomics.add(ctrl, CTRL_ACTIVE, 1);
  try {
    return await searchLoop(task, mcts, layout, joinSharedSearch(mcts, task.position, ctrl), net);
  } finally {
    Atomics.sub(ctrl, CTRL_ACTIVE, 1);
    Atomics.notify(ctrl, CTRL_ACTIVE);
  }
}

/**
 * Shared tree: the first worker to arrive sets the tree up for the position (tree reuse,
 * root expansion, illegal moves) while the others wait, then each sets its own root board.
 * (The first to arrive rather than a fixed slot: it is running, so no one can wait for a
 * worker that has not started.) Returns whether the tree was reused.
 */
function joinSharedSearch(mcts: Mcts, position: SearchPosition, ctrl: Int32Array): boolean {
  if (Atomics.compareExchange(ctrl, CTRL_SETUP, SETUP_NONE, SETUP_BUSY) === SETUP_NONE) {
    let state = SETUP_FAILED;
    try {
      state = mcts.setPosition(position) ? SETUP_REUSED : SETUP_FRESH;
    } finally {
      Atomics.store(ctrl, CTRL_SETUP, state);
      Atomics.notify(ctrl, CTRL_SETUP);
    }
    return state === SETUP_REUSED;
  }
  let state = Atomics.load(ctrl, CTRL_SETUP);
  while (state === SETUP_BUSY) {
    Atomics.wait(ctrl, CTRL_SETUP, SETUP_BUSY, 100);
    state = Atomics.load(ctrl, CTRL_SETUP);
  }
  if (state === SETUP_FAILED) throw new Error('shared tree: another worker failed to set the position up');
  mcts.joinPosition(position);
  return state === SETUP_REUSED;
}

async function searchLoop(task: SearchTask, mcts: Mcts, layout: RootStatsLayout, reused: boolean, net: Network | null): Promise<SearchTaskResult> {
  mcts.forbidPass = task.forbidPass;
  mcts.noTerminal = task.noTerminal;
  const ctrl = layout.ctrl(task.sab);
  const slot = layout.slot(task.sab, task.slot);
  const limit = Atomics.load(ctrl, CTRL_LIMIT);
  const sharedTree = layout.sharedTree;
  // with a shared tree, slot 0 publishes the tree's statistics, and no one merges
  const withTree = !sharedTree || task.slot === 0;
  const shared = task.threads > 1 && !sharedTree;
  let nextMerge = performance.now() + task.mergeMs;
  let pvDue = 0;
  publish(layout, slot, mcts, true, withTree);
  for (;;) {
    if (Atomics.load(ctrl, CTRL_STOP) !== 0) break;
    const started = Atomics.add(ctrl, CTRL_PLAYOUTS, 1);
    if (limit > 0 && started >= limit) break;
    mcts.playout();
    if (net) {
      const request = mcts.takeRequest();
      if (request) mcts.networkRating(request.node, await net.evaluate(request.board, request.lastMoves));
    }
    if ((mcts.playouts & 15) === 0) {
      const now = performance.now();
      if (now >= nextMerge) {
        // PVs cost a walk per move; refresh them every few merges only
        publish(layout, slot, mcts, pvDue++ % 4 === 0, withTree);
        if (shared) absorb(layout, task.sab, task.slot, mcts);
        nextMerge = now + task.mergeMs;
      }
    }
  }
  if (sharedTree && withTree) {
    // the final statistics include the other workers' last playouts
    for (let active = Atomics.load(ctrl, CTRL_ACTIVE); active > 1; active = Atomics.load(ctrl, CTRL_ACTIVE)) Atomics.wait(ctrl, CTRL_ACTIVE, active, 20);
  }
  publish(layout, slot, mcts, true, withTree);
  return { playouts: mcts.playouts, nodes: withTree ? mcts.tree.count : 0, reused, strays: mcts.strays };
}

/** Playouts without a tree, for the benchmark. */
function rawTask(task: RawTask): { playouts: number; moves: number } {
  const size = task.position.size;
  const root = new PlayoutBoard(size);
  root.setup(task.position.board, task.position.toMove);
  const b = new PlayoutBoard(size);
  const policy = new PlayoutPolicy(task.policy);
  const rng = new Rng(task.seed);
  const seq = new Int32Array(size * size * 3 + 16);
  let playouts = 0;
  let moves = 0;
  const end = performance.now() + task.ms;
  while (performance.now() < end) {
    for (let k = 0; k < 16; k++) {
      b.copyFrom(root);
      moves += policy.run(b, rng, seq, 0, seq.length);
      b.scorePlayout(null);
      playouts++;
    }
  }
  return { playouts, moves };
}

function ownershipTask(task: OwnershipTask): OwnershipResult {
  const size = task.position.size;
  const points = size * size;
  const root = new PlayoutBoard(size);
  root.setup(task.position.board, task.position.toMove);
  const b = new PlayoutBoard(size);
  const policy = new PlayoutPolicy(task.policy);
  const rng = new Rng(task.seed);
  const seq = new Int32Array(points * 3 + 16);
  const owner = new Uint8Array(points);
  const black = new Int32Array(points);
  const white = new Int32Array(points);
  const dame = new Int32Array(points);
  const end = performance.now() + task.ms;
  let n = 0;
  while (n < task.playouts && performance.now() < end) {
    b.copyFrom(root);
    // half the playouts start with the other side, so being to move does not bias the verdict
    if ((n & 1) === 1) b.toMove = 3 - b.toMove;
    policy.run(b, rng, seq, 0, seq.length);
    b.scorePlayout(owner);
    countOwners(owner, black, white, dame);
    n++;
  }
  return { playouts: n, black, white, dame };
}

type Task = SearchTask | RawTask | OwnershipTask | ReadyTask;
type Result = SearchTaskResult | { playouts: number; moves: number } | OwnershipResult | null;

export default function run(task: Task): Result | Promise<Result> {
  if (task.kind === 'ready') return null;
  if (task.kind === 'raw') return rawTask(task);
  if (task.kind === 'ownership') return ownershipTask(task);
  return searchTask(task);
}
