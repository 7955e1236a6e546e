// Tree parallelism: one tree in shared memory, searched by several threads with virtual loss.
// The threads run the compiled dist/ (npm test builds it); the test reads the same memory
// through the sources' Tree, whose layout is the same.
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it, vi } from 'vitest';
// @ts-ignore -- compiled output, no declarations
import { Searcher } from '../../dist/search/searcher.js';
import { boardFromRows as board } from '../support/position.js';
import { searchParams } from '../../src/search/params.js';
import { CTRL_LIMIT, RootStatsLayout } from '../../src/search/root-stats.js';
import { FLAG_TERMINAL, SHARED_NODE_BYTES, sharedTreeBuffers, Tree, type SharedTreeBuffers } from '../../src/search/tree.js';
import { PlayoutBoard } from '../../src/game/playout-board.js';
import type { SearchOptions, SearchPosition } from '../../src/search/types.js';
import type { SearchTask, SearchTaskResult } from '../../src/search/worker.js';

// searches on a loaded machine: generous limits
vi.setConfig({ testTimeout: 180_000 });

const dist = (file: string): string => new URL(`../../dist/search/${file}`, import.meta.url).href;

/** A thread that imports a compiled module and answers each message with one call of `call` (awaited). */
function thread(url: string, call: string): { ready: Promise<unknown>; run: (msg: unknown) => Promise<unknown>; stop: () => Promise<number> } {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.url).then((mod) => {
      parentPort.on('message', async (msg) => parentPort.postMessage(await (${call})));
      parentPort.postMessage('ready');
    });`;
  const w = new Worker(code, { eval: true, workerData: { url } });
  const queue: ((v: unknown) => void)[] = [];
  const ready = new Promise((r) => queue.push(r));
  w.on('message', (v) => queue.shift()!(v));
  w.on('error', (e) => {
    throw e;
  });
  return {
    ready,
    run: async (msg) => {
      await ready;
      const answer = new Promise((r) => queue.push(r));
      w.postMessage(msg);
      return answer;
    },
    stop: () => w.terminate(),
  };
}

describe('shared tree: allocation', () => {
  it('a bound the system will not reserve at once gives the largest half, quarter, … it will', () => {
    const petabyte = 2 ** 50;
    const buffers = sharedTreeBuffers(petabyte);
    const asked = Math.floor(petabyte / SHARED_NODE_BYTES);
    expect(buffers.maxNodes).toBeLessThan(asked);
    let halved = asked;
    while (halved > buffers.maxNodes) halved = Math.floor(halved / 2);
    expect(buffers.maxNodes).toBe(halved);
    expect(buffers.nodes.byteLength).toBe(buffers.maxNodes * SHARED_NODE_BYTES);
  });

  it('two threads reserving blocks at once never get the same nodes, and stop at the bound', async () => {
    const buffers = sharedTreeBuffers(20_000 * 45);
    const tree = new Tree(0, 0, buffers);
    tree.reset();
    // go[0]: the start; go[1], go[2]: blocks each thread has taken
    const go = new Int32Array(new SharedArrayBuffer(12));
    // each thread, once released: blocks of 1..90 nodes until the bound, each node marked with
    // the thread and the block, a random tail given back as expansion does. Neither runs more
    // than 8 blocks ahead of the other, so that they really take turns on a loaded machine
    // (where one could otherwise fill the tree before the other is scheduled).
    const fill = `(() => {
      const t = new mod.Tree(0, 0, msg.buffers);
      const me = msg.id, other = 3 - msg.id;
      Atomics.wait(msg.go, 0, 0);
      const blocks = [];
      let seed = msg.id * 7919 + 1;
      const rnd = (n) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n);
      for (;;) {
        let ahead;
        while ((ahead = Atomics.load(msg.go, other)) + 8 < Atomics.load(msg.go, me)) Atomics.wait(msg.go, other, ahead, 1);
        const k = 1 + rnd(90);
        const start = t.alloc(k);
        if (start < 0) { if (k === 1) break; continue; }
        const used = 1 + rnd(k);
        for (let i = start; i < start + used; i++) { t.initNode(i, msg.id); t.firstChild[i] = start; }
        t.shrinkLast(start, used);
        blocks.push(start, used);
        Atomics.add(msg.go, me, 1);
        Atomics.notify(msg.go, me);
      }
      Atomics.store(msg.go, me, 1e9); // done: never wait for this thread again
      Atomics.notify(msg.go, me);
      return blocks;
    })()`;
    const threads = [thread(dist('tree.js'), fill), thread(dist('tree.js'), fill)];
    await Promise.all(threads.map((th) => th.ready));
    const answers = threads.map((th, id) => th.run({ buffers, go, id: id + 1 }));
    await new Promise((r) => setTimeout(r, 100)); // both waiting for the start
    Atomics.store(go, 0, 1);
    Atomics.notify(go, 0);
    const results = (await Promise.all(answers)) as number[][];
    await Promise.all(threads.map((th) => th.stop()));

    const blocks: { start: number; used: number; id: number }[] = [];
    results.forEach((r, k) => {
      for (let j = 0; j < r.length; j += 2) blocks.push({ start: r[j], used: r[j + 1], id: k + 1 });
    });
    expect(Math.min(blocks.filter((b) => b.id === 1).length, blocks.filter((b) => b.id === 2).length)).toBeGreaterThan(20);
    blocks.sort((a, b) => a.start - b.start);
    expect(blocks[0].start).toBeGreaterThanOrEqual(1); // the root is no one's
    for (let j = 1; j < blocks.length; j++) expect(blocks[j].start).toBeGreaterThanOrEqual(blocks[j - 1].start + blocks[j - 1].used);
    // every node still holds what its owner wrote
    for (const b of blocks)
      for (let i = b.start; i < b.start + b.used; i++) {
        expect(tree.move[i]).toBe(b.id);
        expect(tree.firstChild[i]).toBe(b.start);
      }
    // filled up to the bound (the last single node refused), never beyond
    const last = blocks[blocks.length - 1];
    expect(tree.count).toBeLessThanOrEqual(buffers.maxNodes);
    expect(last.start + last.used).toBeLessThanOrEqual(buffers.maxNodes);
    expect(tree.count).toBeGreaterThan(buffers.maxNodes - 90);
    expect(tree.alloc(buffers.maxNodes - tree.count + 1)).toBe(-1);
    expect(tree.count).toBeLessThanOrEqual(buffers.maxNodes);
  });
});

const OPTIONS: SearchOptions = { threads: 2, level: 10, resignThreshold: 0.1, maxTreeMb: 64, seed: 7, params: [['sharedTree', 1]] };

describe('shared tree: parameters', () => {
  it('is on by default only on large boards with 2+ threads; on, the one tree has the whole memory bound', () => {
    const defaults = { ...OPTIONS, params: [] };
    expect(searchParams(19, defaults, 2).sharedTree).toBe(1);
    expect(searchParams(19, defaults, 2).maxTreeBytes).toBe(64 * 1048576);
    expect(searchParams(19, defaults, 1).sharedTree).toBe(0);
    expect(searchParams(19, { ...defaults, params: [['sharedTree', 0]] }, 2).sharedTree).toBe(0);
    const root = searchParams(9, defaults, 2);
    expect(root.sharedTree).toBe(0);
    expect(root.virtualLoss).toBe(1);
    expect(root.maxTreeBytes).toBe(32 * 1048576);
    expect(searchParams(9, OPTIONS, 2).maxTreeBytes).toBe(64 * 1048576);
    expect(searchParams(9, { ...OPTIONS, params: [['sharedTree', 1], ['maxTreeBytes', 1000]] }, 2).maxTreeBytes).toBe(1000);
  });
});

/** Checks the accounting of a shared tree after a search; returns the nodes walked. */
function checkSharedTree(t: Tree, expandVisits: number): number {
  let walked = 0;
  let extra = 0;
  const stack = [0];
  while (stack.length > 0) {
    const node = stack.pop()!;
    walked++;
    // every thread that went down through a node came back up
    expect(t.vl[node]).toBe(0);
    const first = t.firstChild[node];
    if (first < 0) continue;
    let sum = 0;
    for (let c = first; c < first + t.childCount[node]; c++) {
      sum += t.visits[c];
      // visits are exact (Atomics); wins and AMAF may lose an update to another thread, which
      // only ever lowers them: the bounds hold, AMAF's with a little slack for a lost count
      expect(t.wins[c]).toBeGreaterThanOrEqual(0);
      expect(t.wins[c]).toBeLessThanOrEqual(t.visits[c] + 1e-3);
      expect(t.raveW[c]).toBeLessThanOrEqual(t.raveN[c] + 2);
      expect(t.raveN[c]).toBeLessThanOrEqual(t.visits[node]);
      stack.push(c);
    }
    const own = t.visits[node] - sum;
    if (node === 0) expect(own).toBe(0);
    else if (!(t.flags[node] & FLAG_TERMINAL)) {
      // expanded after expandVisits playouts of its own
      expect(own).toBeGreaterThanOrEqual(expandVisits);
      extra += own - expandVisits;
    }
  }
  // while one thread rates a node's moves the others play out from it as a leaf: a few
  // playouts at some nodes (most at the first expansions, before the code is compiled; 2% of
  // the playouts in trial runs), not a share of the search
  expect(extra).toBeLessThan(0.1 * t.visits[0]);
  return walked;
}

function emptyPosition(): SearchPosition {
  return { size: 9, board: new Int8Array(81), toMove: 1, komi: 7, history: [], illegal: [], moveNumber: 0, lastMoves: [] };
}

describe('shared tree: two workers search one tree', () => {
  it('visits add up exactly, virtual losses come back to 0, and the next move reuses the subtree', async () => {
    const params = searchParams(9, OPTIONS, 2);
    const buffers: SharedTreeBuffers = sharedTreeBuffers(params.maxTreeBytes);
    const workers = [0, 1].map(() => thread(dist('worker.js'), 'mod.default(msg)'));
    const search = async (position: SearchPosition, playouts: number): Promise<SearchTaskResult[]> => {
      const layout = new RootStatsLayout(81, 2, true);
      const sab = new SharedArrayBuffer(layout.bytes());
      Atomics.store(layout.ctrl(sab), CTRL_LIMIT, playouts);
      const task = (slot: number): SearchTask => ({
        kind: 'search',
        sab,
        slot,
        threads: 2,
        position,
        params: { ...params, seed: params.seed + slot },
        forbidPass: false,
        noTerminal: false,
        mergeMs: 25,
        tree: { id: 1, buffers },
      });
      return (await Promise.all(workers.map((w, slot) => w.run(task(slot))))) as SearchTaskResult[];
    };
    try {
      // both threads up (each loads the move knowledge) before the search, so neither starts late
      await Promise.all(workers.map((w) => w.ready));
      const first = await search(emptyPosition(), 3000);
      const t = new Tree(0, 0, buffers);
      // both threads searched, the playout budget exactly: every playout passes the root once,
      // and visits are counted with Atomics, so the root has exactly as many (tolerance 0)
      expect(first.map((r) => r.playouts).every((n) => n > 100)).toBe(true);
      expect(first[0].playouts + first[1].playouts).toBe(3000);
      expect(t.visits[0]).toBe(3000);
      expect(first.map((r) => r.reused)).toEqual([false, false]);
      expect(checkSharedTree(t, params.expandVisits)).toBeGreaterThan(500);

      // the two most visited moves are played: the tree keeps the subtree below them
      const b = new PlayoutBoard(9);
      const c1 = t.bestChild(0);
      const c2 = t.bestChild(c1);
      let grandchildren = 0;
      for (let c = t.firstChild[c2]; c >= 0 && c < t.firstChild[c2] + t.childCount[c2]; c++) grandchildren += t.visits[c];
      expect(grandchildren).toBeGreaterThan(20);
      const p1 = b.pointOf[t.move[c1]];
      const p2 = b.pointOf[t.move[c2]];
      const after = new Int8Array(81);
      after[p1] = 1;
      after[p2] = 2;
      const next: SearchPosition = {
        ...emptyPosition(),
        board: after,
        history: [new Int8Array(81), after.map((c, p) => (p === p1 ? 1 : 0))],
        moveNumber: 2,
        lastMoves: [p1, p2],
      };
      const second = await search(next, 1000);
      expect(second.map((r) => r.reused)).toEqual([true, true]);
      expect(t.visits[0]).toBe(grandchildren + 1000);
      checkSharedTree(t, params.expandVisits);
      // the new root's children are the moves of the position after p1 and p2
      for (let c = t.firstChild[0]; c < t.firstChild[0] + t.childCount[0]; c++) {
        expect(t.move[c] === 0 || (b.pointOf[t.move[c]] !== p1 && b.pointOf[t.move[c]] !== p2)).toBe(true);
      }
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  });
});

const searchers: Searcher[] = [];
function searcher(over: Record<string, unknown> = {}): Searcher {
  const s = new Searcher({ ...OPTIONS, ...over });
  searchers.push(s);
  return s;
}
afterAll(async () => {
  await Promise.all(searchers.map((s) => s.close()));
});

const at = (col: string, row: number): number => (row - 1) * 9 + 'ABCDEFGHJ'.indexOf(col);

describe('shared tree: through the Searcher (threads 2, sharedTree=1)', () => {
  const mid: SearchPosition = {
    size: 9,
    board: board(['.........', '...O.....', '..XO.O...', '..XXO....', '...X.O...', '..X..X...', '.........', '.........', '.........']),
    toMove: 1,
    komi: 7,
    history: [],
    illegal: [],
    moveNumber: 12,
    lastMoves: [at('F', 5)],
  };

  it('plays a legal move and reports the tree once: visits add up to the playouts', async () => {
    const s = searcher();
    const r = await s.genmove(mid, { playouts: 2000 });
    expect(typeof r.move).toBe('number');
    expect(mid.board[r.move as number]).toBe(0);
    expect(r.info.playouts).toBe(2000);
    // the final statistics wait for both workers' last playouts; no illegal root move here
    const visits = r.info.candidates.reduce((a: number, c: { visits: number }) => a + c.visits, 0);
    expect(visits).toBe(2000);
    const best = r.info.candidates[0];
    expect(best.move).toBe(r.move);
    expect(best.pv[0]).toBe(best.move);
    expect(best.pv.length).toBeGreaterThan(2);
    expect(best.winrate).toBeGreaterThan(0.2);
    expect(best.winrate).toBeLessThan(0.95);
    expect(r.info.ownership.length).toBe(81);
    // the next search for the same position (the opponent's move, then ours) reuses the tree
    const again = await s.analyze(mid, { playouts: 500 });
    expect(again.playouts).toBe(500);
    expect(again.candidates.reduce((a: number, c: { visits: number }) => a + c.visits, 0)).toBe(2500);
  });

  it('finds the dame that turns the result after an opponent pass, as the default mode does', async () => {
    // the position of searcher.test.ts: E5 is the one neutral point between the walls; by
    // area black wins with it at komi 8.5
    const rows = ['....XO...', '....XO...', '....XO...', '....XO...', 'XXXX.OOOO', '....XO...', '....XO...', '....XO...', '....XO...'];
    const pos: SearchPosition = { size: 9, board: board(rows), toMove: 1, komi: 8.5, history: [], illegal: [], moveNumber: 60, lastMoves: [at('J', 9), -1] };
    const r = await searcher().genmove(pos, { playouts: 1500 });
    expect(r.move).toBe(at('E', 5));
  });
});
