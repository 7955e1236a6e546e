// Playout speed table for `npm run bench`: raw playouts (no tree) and full searches, from the
// empty board and from a middle-game position, on 9×9 and 19×19, with 1 thread and N threads.

import os from 'node:os';
import { Searcher, type SearchPosition } from './index.js';
import { PASS_IDX, PlayoutBoard } from './playout-board.js';
import { FULL_POLICY, PlayoutPolicy } from './policy.js';
import { Rng } from './rng.js';

export interface BenchOptions {
  /** threads for the second column (default: all cores) */
  threads?: number;
  /** seconds per measurement (default 3) */
  seconds?: number;
  sizes?: number[];
}

/** A deterministic middle-game position: about a third of the board played by the playout policy. */
export function middleGame(size: number): SearchPosition {
  const b = new PlayoutBoard(size);
  const policy = new PlayoutPolicy(FULL_POLICY);
  const rng = new Rng(2024);
  const history: Int8Array[] = [];
  const lastMoves: number[] = [];
  const moves = Math.round(size * size * 0.33);
  for (let n = 0; n < moves; n++) {
    history.push(b.toArray(new Int8Array(size * size)));
    const m = policy.choose(b, rng);
    if (m === PASS_IDX) {
      b.pass();
      lastMoves.push(-1);
    } else {
      b.play(m);
      lastMoves.push(b.pointOf[m]);
    }
  }
  return {
    size,
    board: b.toArray(new Int8Array(size * size)),
    toMove: b.toMove as 1 | 2,
    komi: 7.5,
    history,
    illegal: [],
    moveNumber: moves,
    lastMoves: lastMoves.slice(-8),
  };
}

function emptyBoard(size: number): SearchPosition {
  return { size, board: new Int8Array(size * size), toMove: 1, komi: 7.5, history: [], illegal: [], moveNumber: 0, lastMoves: [] };
}

async function measure(threads: number, position: SearchPosition, kind: 'raw' | 'search', seconds: number): Promise<number> {
  const s = new Searcher({ threads, level: 10, resignThreshold: 0, maxTreeMb: 1024, seed: 1 });
  try {
    // warm-up: worker start and the JIT's optimising tiers take a second or two to settle
    if (kind === 'raw') {
      await s.rawPlayouts(position, 1500);
      return (await s.rawPlayouts(position, seconds * 1000)) / seconds;
    }
    await s.analyze(position, { timeMs: 1500 });
    const t0 = performance.now();
    const info = await s.analyze({ ...position, komi: position.komi + 1 }, { timeMs: seconds * 1000 }); // new komi: no tree reuse
    return info.playouts / ((performance.now() - t0) / 1000);
  } finally {
    await s.close();
  }
}

export async function benchSearch(opts: BenchOptions = {}): Promise<string> {
  const n = opts.threads ?? os.availableParallelism();
  const seconds = opts.seconds ?? 3;
  const sizes = opts.sizes ?? [9, 19];
  const rows: string[][] = [['position', 'kind', '1 thread', `${n} threads`, 'speed-up']];
  for (const size of sizes) {
    for (const [name, pos] of [
      ['empty', emptyBoard(size)],
      ['middle game', middleGame(size)],
    ] as const) {
      for (const kind of ['raw', 'search'] as const) {
        const one = await measure(1, pos, kind, seconds);
        const many = n > 1 ? await measure(n, pos, kind, seconds) : one;
        rows.push([`${size}x${size} ${name}`, kind === 'raw' ? 'raw playouts/s' : 'search playouts/s', fmt(one), fmt(many), (many / one).toFixed(2) + '×']);
      }
    }
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]): string => r.map((cell, c) => (c < 2 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join(' | ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.slice(1).map(line)].join('\n');
}

function fmt(x: number): string {
  return Math.round(x).toLocaleString('en-US');
}
