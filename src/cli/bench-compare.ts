// `tengen bench --compare DIST…`: the playout speed of builds compared in one process. Each
// build's full-policy playouts run in short interleaved rounds, and the best, first-quartile and
// median nanoseconds per move are reported: a machine's speed drifts by ±20% between runs and
// even within one, so separate `tengen bench` runs cannot show a 5% change; interleaving in one
// process and reading the best rounds can. A build is a `dist` directory (e.g. a worktree of
// another commit, built).

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface CompareOptions {
  size: number;
  rounds: number;
  /** the length of one round; the warm-up (the JIT's optimising tier) is 2.5 rounds */
  roundMs: number;
}

export interface BuildSpeed {
  dir: string;
  /** nanoseconds per playout move: the best round, the first quartile, the median */
  best: number;
  quartile: number;
  median: number;
}

interface PlayoutBoardLike {
  copyFrom(other: PlayoutBoardLike): void;
}

interface Build {
  dir: string;
  root: PlayoutBoardLike;
  board: PlayoutBoardLike;
  policy: { run(b: PlayoutBoardLike, rng: unknown, seq: Int32Array, seqLen: number, maxLen: number): number };
  newRng: (seed: number) => unknown;
  nsPerMove: number[];
}

/** This build's dist directory. */
export function ownDist(): string {
  return resolve(fileURLToPath(new URL('..', import.meta.url)));
}

async function loadBuild(dir: string, size: number): Promise<Build> {
  const root = resolve(dir);
  if (!existsSync(resolve(root, 'game/playout-board.js'))) throw new Error(`${dir}: not a built dist directory (no game/playout-board.js)`);
  const load = (file: string) => import(pathToFileURL(resolve(root, file)).href);
  const { PlayoutBoard } = await load('game/playout-board.js');
  const { PlayoutPolicy } = await load('search/policy.js');
  const { Rng } = await load('game/rng.js');
  // the full policy's parameters moved from search/policy.js to search/params.js
  const fullPolicy = (await load('search/policy.js')).FULL_POLICY ?? (await load('search/params.js')).FULL_POLICY;
  return { dir, root: new PlayoutBoard(size), board: new PlayoutBoard(size), policy: new PlayoutPolicy(fullPolicy), newRng: (seed) => new Rng(seed), nsPerMove: [] };
}

/** Nanoseconds per move of playouts from the empty board for about ms milliseconds. */
function round(build: Build, seq: Int32Array, ms: number): number {
  const rng = build.newRng(7);
  let moves = 0;
  const t0 = performance.now();
  do {
    for (let k = 0; k < 20; k++) {
      build.board.copyFrom(build.root);
      moves += build.policy.run(build.board, rng, seq, 0, seq.length);
    }
  } while (performance.now() - t0 < ms);
  return (1e6 * (performance.now() - t0)) / Math.max(1, moves);
}

export async function compareBuilds(dirs: string[], options: CompareOptions): Promise<BuildSpeed[]> {
  const seq = new Int32Array(options.size * options.size * 3 + 16);
  const builds: Build[] = [];
  for (const dir of dirs) builds.push(await loadBuild(dir, options.size));
  for (const build of builds) round(build, seq, 2.5 * options.roundMs);
  for (let r = 0; r < options.rounds; r++) {
    // every other round in reverse order, so no build always runs right after the same one
    const order = r % 2 === 0 ? builds : [...builds].reverse();
    for (const build of order) build.nsPerMove.push(round(build, seq, options.roundMs));
  }
  return builds.map((build) => {
    const s = [...build.nsPerMove].sort((a, b) => a - b);
    const at = (q: number) => s[Math.floor(q * (s.length - 1))];
    return { dir: build.dir, best: at(0), quartile: at(0.25), median: at(0.5) };
  });
}
