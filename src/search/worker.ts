// The piscina worker: one Mcts per thread, kept between tasks so the tree is reused across
// moves. A search task runs until the shared stop flag or playout limit says so, merging root
// statistics with the other workers through the shared buffer (root-stats.ts).

import { shippedWeights } from '../knowledge/model.js';
import { PlayoutBoard } from './playout-board.js';
import { PlayoutPolicy, type PolicyParams } from './policy.js';
import { Rng } from './rng.js';
import { absorb, CTRL_LIMIT, CTRL_PLAYOUTS, CTRL_STOP, publish, RootStatsLayout } from './root-stats.js';
import { countOwners, Mcts, type MctsParams, type RootPosition } from './search.js';

export interface SearchTask {
  kind: 'search';
  sab: SharedArrayBuffer;
  slot: number;
  threads: number;
  position: RootPosition;
  params: MctsParams;
  forbidPass: boolean;
  /** dead-stone judging: passes in the tree do not end the game (Mcts.noTerminal) */
  noTerminal: boolean;
  mergeMs: number;
}

export interface RawTask {
  kind: 'raw';
  position: RootPosition;
  policy: PolicyParams;
  ms: number;
  seed: number;
}

/** Playouts without a tree from a (settled) position, for judging dead stones. */
export interface OwnershipTask {
  kind: 'ownership';
  position: RootPosition;
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

function searchTask(task: SearchTask): SearchTaskResult {
  const key = JSON.stringify([task.position.size, task.params]);
  if (!engine || key !== engineKey) {
    engine = new Mcts(task.position.size, task.params);
    engineKey = key;
  }
  const mcts = engine;
  const reused = mcts.setPosition(task.position);
  mcts.forbidPass = task.forbidPass;
  mcts.noTerminal = task.noTerminal;
  const layout = new RootStatsLayout(task.position.size * task.position.size, task.threads);
  const ctrl = layout.ctrl(task.sab);
  const slot = layout.slot(task.sab, task.slot);
  const limit = Atomics.load(ctrl, CTRL_LIMIT);
  const shared = task.threads > 1;
  let nextMerge = performance.now() + task.mergeMs;
  let pvDue = 0;
  publish(layout, slot, mcts, true);
  for (;;) {
    if (Atomics.load(ctrl, CTRL_STOP) !== 0) break;
    const started = Atomics.add(ctrl, CTRL_PLAYOUTS, 1);
    if (limit > 0 && started >= limit) break;
    mcts.playout();
    if ((mcts.playouts & 15) === 0) {
      const now = performance.now();
      if (now >= nextMerge) {
        // PVs cost a walk per move; refresh them every few merges only
        publish(layout, slot, mcts, pvDue++ % 4 === 0);
        if (shared) absorb(layout, task.sab, task.slot, mcts);
        nextMerge = now + task.mergeMs;
      }
    }
  }
  publish(layout, slot, mcts, true);
  return { playouts: mcts.playouts, nodes: mcts.tree.count, reused };
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

export default function run(task: Task): Result {
  if (task.kind === 'ready') return null;
  if (task.kind === 'raw') return rawTask(task);
  if (task.kind === 'ownership') return ownershipTask(task);
  return searchTask(task);
}
