// 1-thread search playouts per second of tengen and Pachi on the empty 9×9 and 19×19 boards,
// interleaved in one run so that both see the same machine (this kind of machine drifts by
// ±20%). tengen: a timed search through the Searcher (after a warm-up search). Pachi: its own
// "mcts … games/s" line for a fixed-playout genmove (`-t =N threads=1`). Build first.
//   node scripts/speed-vs-pachi.mjs [--pachi $PACHI] [--rounds 3] [--seconds 5]

import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { numberOption, scriptArgs } from './args.mjs';

const args = scriptArgs('node scripts/speed-vs-pachi.mjs [--pachi $PACHI] [--rounds 3] [--seconds 5]', { pachi: { type: 'string', default: process.env.PACHI ?? 'pachi' }, rounds: { type: 'string', default: '3' }, seconds: { type: 'string', default: '5' } });
const pachi = String(args.values.pachi);
const rounds = numberOption(args, 'rounds', 1);
const seconds = numberOption(args, 'seconds', 0.1, Infinity, true);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { Searcher } = await import(pathToFileURL(resolve(root, 'dist/search/searcher.js')).href);

const empty = (size) => ({ size, board: new Int8Array(size * size), toMove: 1, komi: 7.5, history: [], illegal: [], moveNumber: 0, lastMoves: [] });

async function tengen(size) {
  const s = new Searcher({ threads: 1, level: 10, resignThreshold: 0, maxTreeMb: 1024, seed: 1 });
  try {
    await s.analyze(empty(size), { timeMs: 1500 });
    const t0 = performance.now();
    const info = await s.analyze({ ...empty(size), komi: 8.5 }, { timeMs: seconds * 1000 });
    return info.playouts / ((performance.now() - t0) / 1000);
  } finally {
    await s.close();
  }
}

/** Pachi's games/s for one genmove of about `seconds` at the rate guessed from its last run. */
function runPachi(size, playouts) {
  return new Promise((done, fail) => {
    const p = spawn(pachi, ['-t', `=${playouts}`, 'threads=1'], { cwd: dirname(pachi) });
    let err = '';
    p.stderr.on('data', (d) => (err += d));
    p.stdout.resume();
    p.on('error', fail);
    p.on('close', () => {
      const m = /mcts [\d.]+s \((\d+) games\/s/.exec(err);
      if (m) done(Number(m[1]));
      else fail(new Error(`no games/s line from pachi:\n${err.slice(-500)}`));
    });
    p.stdin.end(`boardsize ${size}\nclear_board\ngenmove b\nquit\n`);
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`1-thread search playouts/s from the empty board, ${rounds} interleaved rounds of about ${seconds} s`);
for (const size of [9, 19]) {
  const t = [];
  const q = [];
  let guess = size === 9 ? 4000 : 1000;
  for (let r = 0; r < rounds; r++) {
    t.push(await tengen(size));
    const rate = await runPachi(size, Math.round(guess * seconds));
    q.push(rate);
    guess = rate;
  }
  const fmt = (xs) => xs.map((x) => Math.round(x)).join(' ');
  console.log(`${size}x${size}: tengen ${fmt(t)} (median ${Math.round(median(t))}); pachi ${fmt(q)} (median ${Math.round(median(q))}); tengen/pachi ${(median(t) / median(q)).toFixed(2)}`);
}
