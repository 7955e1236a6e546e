// Compares the playout speed of builds in one process: each build's full-policy playouts run
// in short interleaved rounds and the best, first-quartile and median nanoseconds per move are
// printed. This machine's speed drifts by ±20% between runs and even within one, so separate
// `npm run bench` runs cannot show a 5% change; interleaving in one process and reading the
// best rounds can. Builds are `dist` directories (e.g. a worktree of another commit, built):
//   node scripts/playout-ab.mjs [--size 9] [--rounds 15] dist /tmp/other/dist …

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const take = (name, fallback) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : Number(args.splice(i, 2)[1]);
};
const size = take('--size', 9);
const rounds = take('--rounds', 15);
if (args.length === 0 || !Number.isInteger(size) || size < 2 || size > 25 || !Number.isInteger(rounds) || rounds < 1) {
  console.error('usage: node scripts/playout-ab.mjs [--size 2..25] [--rounds N≥1] <dist> [<dist> …]');
  process.exit(1);
}

const seq = new Int32Array(size * size * 3 + 16);
const builds = [];
for (const dir of args) {
  const load = (file) => import(pathToFileURL(resolve(dir, file)).href);
  const { PlayoutBoard } = await load('game/playout-board.js');
  const { FULL_POLICY, PlayoutPolicy } = await load('search/policy.js');
  const { Rng } = await load('game/rng.js');
  const root = new PlayoutBoard(size);
  const board = new PlayoutBoard(size);
  const policy = new PlayoutPolicy(FULL_POLICY);
  builds.push({ dir, root, board, policy, Rng, nsPerMove: /** @type {number[]} */ ([]) });
}

/** Nanoseconds per move of playouts from the empty board for about ms milliseconds. */
function round(build, ms) {
  const rng = new build.Rng(7);
  let moves = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    for (let k = 0; k < 20; k++) {
      build.board.copyFrom(build.root);
      moves += build.policy.run(build.board, rng, seq, 0, seq.length);
    }
  }
  return (1e6 * (performance.now() - t0)) / moves;
}

for (const build of builds) round(build, 1000); // warm-up: the JIT's optimising tier
for (let r = 0; r < rounds; r++) {
  // every other round in reverse order, so no build always runs right after the same one
  const order = r % 2 === 0 ? builds : [...builds].reverse();
  for (const build of order) build.nsPerMove.push(round(build, 400));
}
for (const build of builds) {
  const s = [...build.nsPerMove].sort((a, b) => a - b);
  const at = (q) => s[Math.floor(q * (s.length - 1))].toFixed(0);
  console.log(`${build.dir}: ns/move best ${at(0)}, first quartile ${at(0.25)}, median ${at(0.5)}`);
}
