// How long the end-of-game judgement takes on a fresh engine process (issue 11 targets: the
// first `final_status_list` on 19x19 within 1.5 s; `final_score` on a finished 19x19 game
// within 2 s with 2 threads). Each run starts a new process, loads the game, and times one
// command from its sending to its reply (worker start-up included). Run after `npm run build`:
//   node scripts/endgame-speed.mjs [--runs 5] [--threads 2] [SGF ...]
// Default SGFs: the counted Tygem games of gtp-fixtures/sgf/tygem/ (first five).

import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GtpClient } from '../dist/gtp/client.js';
import { numberOption, scriptArgs } from './args.mjs';

const args = scriptArgs('node scripts/endgame-speed.mjs [--runs 5] [--threads 2] [SGF ...]', { runs: { type: 'string', default: '5' }, threads: { type: 'string', default: '2' } }, { positionals: true });
const runs = numberOption(args, 'runs', 1);
const threads = numberOption(args, 'threads', 1, 256);
const repo = fileURLToPath(new URL('..', import.meta.url));
const tygem = join(repo, 'gtp-fixtures', 'sgf', 'tygem');
const files = args.positionals.length > 0 ? args.positionals.map((f) => resolve(f)) : readdirSync(tygem).sort().slice(0, 5).map((f) => join(tygem, f));
const engine = `"${process.execPath}" "${join(repo, 'dist', 'cli', 'main.js')}" gtp --threads ${threads}`;

async function timeFirst(file, command) {
  const client = new GtpClient(engine);
  try {
    const load = await client.send(`loadsgf ${file}`);
    if (!load.ok) throw new Error(`loadsgf ${file}: ${load.text}`);
    await client.send('komi 6.5');
    await client.send('kata-set-rules korean');
    const start = performance.now();
    const reply = await client.send(command);
    if (!reply.ok) throw new Error(`${command}: ${reply.text}`);
    return performance.now() - start;
  } finally {
    await client.close();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const command of ['final_status_list dead', 'final_score']) {
  const times = [];
  for (let r = 0; r < runs; r++) for (const file of files) times.push(await timeFirst(file, command));
  const ms = times.map((t) => Math.round(t));
  console.log(`${command}: median ${median(ms)} ms, max ${Math.max(...ms)} ms over ${ms.length} fresh processes (${files.length} positions, ${threads} threads)`);
}
