// Playout speed table for `npm run bench`: raw playouts (no tree) and full searches, from the
// empty board and from a middle-game position, on 9×9 and 19×19, with 1 thread and N threads;
// light playouts from the empty board measure the machine itself.

import os from 'node:os';
import { Searcher } from './searcher.js';
import { DEFAULT_MAX_TREE_MB, type SearchPosition } from './types.js';
import { PlayoutBoard } from '../game/playout-board.js';
import { FULL_POLICY, LIGHT_POLICY } from './params.js';

export interface BenchOptions {
  /** threads for the second column (default: all cores) */
  threads?: number;
  /** seconds per measurement (default 3) */
  seconds?: number;
  /** measurements per cell, reported as their median (default 1): this machine's speed varies by ±20% */
  repeat?: number;
  sizes?: number[];
}

// The middle-game positions: about a third of the board, as the playout policy of commit
// 7c86fa8 played it from the empty board (seed 2024). Frozen as moves, two letters each (x then
// y of the point y*size + x, 'a' = 0), so that the figures stay comparable when the policy
// changes.
const MIDDLE_GAMES: Record<number, string> = {
  9: 'gebaebigihhhhigighiibbabacbccbccdcddedeefdfcfbgcgbhbga',
  19:
    'rjfagdaphrgbemsjrkskslsirishrhsgrgsfrfseresdrdscrcsbrbraqaqbsanihdjmjefdfcgcpdpbpaoaraadjhjpeh' +
    'ecebfbeadbdcddcccdbckdkefegegfffggfgghmnpqlonjodbdacbmckbjcjbkclcmblakalamnlbrlingkrhajknonnonoo' +
    'oppopnqnqmpmqlplqkpkpjcpbhcibichcgbgagafbfdgdfsj',
};

/** A fixed middle-game position (see MIDDLE_GAMES) with its history. */
export function middleGame(size: number): SearchPosition {
  const moves = MIDDLE_GAMES[size];
  if (!moves) throw new Error(`no middle-game position for ${size}x${size}`);
  const b = new PlayoutBoard(size);
  const history: Int8Array[] = [];
  const lastMoves: number[] = [];
  for (let k = 0; k < moves.length; k += 2) {
    history.push(b.toArray(new Int8Array(size * size)));
    const p = (moves.charCodeAt(k + 1) - 97) * size + (moves.charCodeAt(k) - 97);
    b.play(b.idxOf[p]);
    lastMoves.push(p);
  }
  return {
    size,
    board: b.toArray(new Int8Array(size * size)),
    toMove: b.toMove as 1 | 2,
    komi: 7.5,
    history,
    illegal: [],
    moveNumber: lastMoves.length,
    lastMoves: lastMoves.slice(-8),
  };
}

function emptyBoard(size: number): SearchPosition {
  return { size, board: new Int8Array(size * size), toMove: 1, komi: 7.5, history: [], illegal: [], moveNumber: 0, lastMoves: [] };
}

type Kind = 'light' | 'raw' | 'search';

const KIND_LABEL: Record<Kind, string> = {
  light: 'light playouts/s',
  raw: 'raw playouts/s',
  search: 'search playouts/s',
};

async function measure(threads: number, position: SearchPosition, kind: Kind, seconds: number): Promise<number> {
  const s = new Searcher({ threads, level: 10, resignThreshold: 0, maxTreeMb: DEFAULT_MAX_TREE_MB, seed: 1 });
  try {
    // warm-up: worker start and the JIT's optimising tiers take a second or two to settle
    if (kind !== 'search') {
      const policy = kind === 'light' ? LIGHT_POLICY : FULL_POLICY;
      await s.rawPlayouts(position, 1500, policy);
      return (await s.rawPlayouts(position, seconds * 1000, policy)) / seconds;
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
  const repeat = Math.max(1, Math.floor(opts.repeat ?? 1));
  const sizes = opts.sizes ?? [9, 19];
  const rows: string[][] = [['position', 'kind', '1 thread', `${n} threads`, 'speed-up']];
  for (const size of sizes) {
    for (const [name, pos] of [
      ['empty', emptyBoard(size)],
      ['middle game', middleGame(size)],
    ] as const) {
      // light playouts (uniformly random moves that do not fill own eyes) from the empty board:
      // a yardstick for the machine, comparable with other engines' light-playout figures
      const kinds: Kind[] = name === 'empty' ? ['light', 'raw', 'search'] : ['raw', 'search'];
      for (const kind of kinds) {
        const ones: number[] = [];
        const manys: number[] = [];
        for (let r = 0; r < repeat; r++) {
          ones.push(await measure(1, pos, kind, seconds));
          if (n > 1) manys.push(await measure(n, pos, kind, seconds));
        }
        const one = median(ones);
        const many = n > 1 ? median(manys) : one;
        rows.push([`${size}x${size} ${name}`, KIND_LABEL[kind], fmt(one), fmt(many), (many / one).toFixed(2) + '×']);
      }
    }
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]): string => r.map((cell, c) => (c < 2 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join(' | ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.slice(1).map(line)].join('\n');
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

function fmt(x: number): string {
  return Math.round(x).toLocaleString('en-US');
}
