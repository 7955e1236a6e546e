// How well the playout policy alone judges real positions: from every position of the Tygem
// oracle's unfinished set (9-dan games resigned later; a position between moves 150 and 200,
// the recorded winner; `node scripts/tygem-oracle.mjs build`), K playouts each, and the share
// the recorded winner won. Prints, per build, the positions the majority of playouts called
// right and the mean log-loss of the playouts' win rate (lower is better). A policy whose
// playouts misread fights calls more of these games for the wrong side.
//
// A build is a `dist` directory (e.g. a worktree of another commit, built), optionally with
// policy parameters after a colon, or `gtp:COMMAND`, an engine whose every `genmove` is one
// playout move (Pachi: `gtp:$PACHI -e replay runs=1 -d 0`), its playouts scored here:
//   node scripts/playout-eval.mjs [--set DIR] [--playouts K] [--limit N] [--seed S] [--shares FILE] dist dist:captureRate=0 …
// (--seed changes every position's random draws, to see how far two runs of one build differ;
// --shares writes each position's share per build, a tab-separated table, to compare builds
// position by position)

import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PlayoutBoard } from '../dist/game/playout-board.js';
import { readRecords, replay } from '../dist/knowledge/records.js';
import { colorLetter, formatVertex, parseVertex } from '../dist/game/vertex.js';
/** @typedef {import('../dist/game/vertex.js').Color} Color */
import { GtpClient } from '../dist/gtp/client.js';
import { numberOption, scriptArgs, usageError } from './args.mjs';

const args = scriptArgs('node scripts/playout-eval.mjs [--set DIR] [--playouts K≥1] [--limit N] [--seed S] [--shares FILE] <dist>[:name=value,…]|gtp:<command> …', {
  set: { type: 'string', default: `${process.env.TENGEN_DATA ?? 'tengen-data'}/oracle` },
  playouts: { type: 'string', default: '64' },
  limit: { type: 'string', default: 'Infinity' },
  seed: { type: 'string', default: '0' },
  shares: { type: 'string' },
}, { positionals: true });
const set = resolve(String(args.values.set));
const playouts = numberOption(args, 'playouts', 1);
const limit = args.values.limit === 'Infinity' ? Infinity : numberOption(args, 'limit', 1);
const seed = numberOption(args, 'seed', -(2 ** 31), 2 ** 31);
const sharesFile = args.values.shares === undefined ? null : String(args.values.shares);
const builds = args.positionals;
if (builds.length === 0) usageError(args.usage, 'no build');

const KOMI = 6.5;
const rows = readFileSync(join(set, 'unfinished.tsv'), 'utf8').trim().split('\n').slice(0, limit);
const positions = rows.map((row) => {
  const [file, result] = row.split('\t');
  const [record] = readRecords(join(set, 'unfinished', file));
  return { record, winner: result[0] === 'B' ? 1 : 2 };
});

/** Whether the recorded winner wins the played-out board b. */
const winnerWins = (b, pos) => (b.scorePlayout(null) - KOMI > 0 ? 1 : 2) === pos.winner;

/** A build of this project: its own board and policy classes play the playouts. */
async function distBuild(spec) {
  const [dir, paramText = ''] = spec.split(':');
  const load = (sub, file) => import(pathToFileURL(resolve(dir, sub, file)).href);
  const { PlayoutBoard: Board } = await load('game', 'playout-board.js');
  const { FULL_POLICY, PlayoutPolicy } = await load('search', 'policy.js');
  const { Rng } = await load('game', 'rng.js');
  const { replay: replayIn } = await load('knowledge', 'records.js');
  const params = { ...FULL_POLICY };
  for (const pair of paramText.split(',').filter(Boolean)) {
    const [name, value] = pair.split('=');
    if (!Object.hasOwn(params, name) || !Number.isFinite(Number(value))) throw new Error(`unknown or bad policy parameter: ${pair}`);
    params[name] = Number(value);
  }
  const policy = new PlayoutPolicy(params);
  return {
    spec,
    async winnerShare(pos, k) {
      const { record } = pos;
      const root = new Board(record.size);
      replayIn(record, root, () => {});
      const board = new Board(record.size);
      const seq = new Int32Array(record.size * record.size * 3 + 16);
      const rng = new Rng(k);
      let won = 0;
      for (let j = 0; j < playouts; j++) {
        board.copyFrom(root);
        policy.run(board, rng, seq, 0, seq.length);
        if (winnerWins(board, pos)) won++;
      }
      return won / playouts;
    },
  };
}

/** Another engine: the record is set up with `play`, then `genmove` until two passes. */
function gtpBuild(spec) {
  const engine = new GtpClient(spec.slice('gtp:'.length));
  const send = async (command) => {
    const reply = await engine.send(command);
    if (!reply.ok) throw new Error(`${command}: ${reply.text}`);
    return reply.text.trim().toLowerCase();
  };
  return {
    spec,
    close: () => engine.close(),
    async winnerShare(pos) {
      const { record } = pos;
      const size = record.size;
      if (record.black.length + record.white.length > 0) throw new Error('a record with set-up stones');
      const root = new PlayoutBoard(size);
      replay(record, root, () => {});
      const board = new PlayoutBoard(size);
      const setup = [`boardsize ${size}`, 'clear_board', `komi ${KOMI}`];
      for (const m of record.moves) setup.push(`play ${colorLetter(m.color)} ${m.point < 0 ? 'pass' : formatVertex(m.point, size)}`);
      let won = 0;
      for (let j = 0; j < playouts; j++) {
        await Promise.all(setup.map(send));
        board.copyFrom(root);
        // as long as tengen's own playouts may be
        for (let n = 0; board.passes < 2 && n < size * size * 3; n++) {
          const v = await send(`genmove ${colorLetter(/** @type {Color} */ (board.toMove))}`);
          if (v === 'pass') board.pass();
          else board.play(board.idxOf[/** @type {number} */ (parseVertex(v, size))]);
        }
        if (winnerWins(board, pos)) won++;
      }
      return won / playouts;
    },
  };
}

const table = positions.map((pos, k) => [rows[k].split('\t')[0]]);
for (const spec of builds) {
  const build = spec.startsWith('gtp:') ? gtpBuild(spec) : await distBuild(spec);
  let right = 0;
  let loss = 0;
  const t0 = performance.now();
  for (const [k, pos] of positions.entries()) {
    const share = await build.winnerShare(pos, seed * positions.length + k + 1);
    table[k].push(share.toFixed(4));
    if (share > 0.5) right++;
    else if (share === 0.5) right += 0.5;
    // the share shrunk towards even, so a unanimous wrong call costs a finite amount
    loss -= Math.log((share * playouts + 0.5) / (playouts + 1));
  }
  await build.close?.();
  const n = positions.length;
  const sec = (performance.now() - t0) / 1000;
  if (sharesFile) writeFileSync(sharesFile, ['position', ...builds.slice(0, table[0].length - 1)].join('\t') + '\n' + table.map((r) => r.join('\t')).join('\n') + '\n');
  console.log(`${build.spec}: positions ${n}, right ${((100 * right) / n).toFixed(1)}%, log-loss ${(loss / n).toFixed(4)}, ${sec.toFixed(0)} s`);
}
