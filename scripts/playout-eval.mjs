// How well the playout policy alone judges real positions: from every position of the Tygem
// oracle's unfinished set (9-dan games resigned later; a position between moves 150 and 200,
// the recorded winner; `node scripts/tygem-oracle.mjs build`), K playouts each, and the share
// the recorded winner won. Prints, per build, the positions the majority of playouts called
// right and the mean log-loss of the playouts' win rate (lower is better). A policy whose
// playouts misread fights calls more of these games for the wrong side.
//
// A build is a `dist` directory (e.g. a worktree of another commit, built), optionally with
// policy parameters after a colon:
//   node scripts/playout-eval.mjs [--set DIR] [--playouts K] [--limit N] dist dist:captureRate=0 …

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const take = (name, fallback) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : args.splice(i, 2)[1];
};
const set = resolve(take('--set', '/work/data/oracle'));
const playouts = Number(take('--playouts', 64));
const limit = Number(take('--limit', Infinity));
if (args.length === 0 || !(playouts >= 1) || !(limit >= 1)) {
  console.error('usage: node scripts/playout-eval.mjs [--set DIR] [--playouts K≥1] [--limit N] <dist>[:name=value,…] …');
  process.exit(1);
}

const KOMI = 6.5;
const rows = readFileSync(join(set, 'unfinished.tsv'), 'utf8').trim().split('\n').slice(0, limit);
const positions = rows.map((row) => {
  const [file, result] = row.split('\t');
  return { path: join(set, 'unfinished', file), winner: result[0] === 'B' ? 1 : 2 };
});

const builds = [];
for (const spec of args) {
  const [dir, paramText = ''] = spec.split(':');
  const load = (sub, file) => import(pathToFileURL(resolve(dir, sub, file)).href);
  const { PlayoutBoard } = await load('game', 'playout-board.js');
  const { FULL_POLICY, PlayoutPolicy } = await load('search', 'policy.js');
  const { Rng } = await load('game', 'rng.js');
  const { readRecords, replay } = await load('knowledge', 'records.js');
  const params = { ...FULL_POLICY };
  for (const pair of paramText.split(',').filter(Boolean)) {
    const [name, value] = pair.split('=');
    if (!Object.hasOwn(params, name) || !Number.isFinite(Number(value))) throw new Error(`unknown or bad policy parameter: ${pair}`);
    params[name] = Number(value);
  }
  builds.push({ spec, PlayoutBoard, policy: new PlayoutPolicy(params), Rng, readRecords, replay });
}

/** The share of the playouts from the position (random seed k) that the recorded winner won. */
function winnerShare(build, pos, k) {
  const [record] = build.readRecords(pos.path);
  const root = new build.PlayoutBoard(record.size);
  build.replay(record, root, () => {});
  const board = new build.PlayoutBoard(record.size);
  const seq = new Int32Array(record.size * record.size * 3 + 16);
  const rng = new build.Rng(k);
  let won = 0;
  for (let j = 0; j < playouts; j++) {
    board.copyFrom(root);
    build.policy.run(board, rng, seq, 0, seq.length);
    const score = board.scorePlayout(null) - KOMI;
    if ((score > 0 ? 1 : 2) === pos.winner) won++;
  }
  return won / playouts;
}

for (const build of builds) {
  let right = 0;
  let loss = 0;
  const t0 = performance.now();
  positions.forEach((pos, k) => {
    const share = winnerShare(build, pos, k + 1);
    if (share > 0.5) right++;
    else if (share === 0.5) right += 0.5;
    // the share shrunk towards even, so a unanimous wrong call costs a finite amount
    loss -= Math.log((share * playouts + 0.5) / (playouts + 1));
  });
  const n = positions.length;
  const sec = (performance.now() - t0) / 1000;
  console.log(`${build.spec}: positions ${n}, right ${((100 * right) / n).toFixed(1)}%, log-loss ${(loss / n).toFixed(4)}, ${sec.toFixed(0)} s`);
}
