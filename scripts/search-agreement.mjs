// How often an engine's genmove is the move a 9-dan player chose: positions from the Tygem
// oracle's unfinished set (`node scripts/tygem-oracle.mjs build`; months nobody trains on),
// one per record at a move number spread over 20..(end − 1) by the record's id, set up with
// clear_board and play (any GTP engine, Pachi too), then genmove. A cheap, engine-neutral
// measure of what a search makes of its playouts: at a fixed number of playouts a search whose
// playouts judge fights better picks the strong player's move more often.
//   node scripts/search-agreement.mjs --engine "CMD" [--set DIR] [--limit N]

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GtpClient } from '../dist/gtp/client.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : args[i + 1];
};
const engine = option('--engine', null);
const set = resolve(option('--set', '/work/data/oracle'));
const limit = Number(option('--limit', 200));
if (!engine || !(limit >= 1)) {
  console.error('usage: node scripts/search-agreement.mjs --engine "CMD" [--set DIR] [--limit N≥1]');
  process.exit(1);
}

const COLS = 'ABCDEFGHJKLMNOPQRST';
const vertex = (sgf) => (sgf === '' || sgf === 'tt' ? 'pass' : `${COLS[sgf.charCodeAt(0) - 97]}${19 - (sgf.charCodeAt(1) - 97)}`);

/** The same spread for every engine: a hash of the file name. */
function spread(text) {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

const rows = readFileSync(join(set, 'unfinished.tsv'), 'utf8').trim().split('\n').slice(0, limit);
const client = new GtpClient(engine);
let same = 0;
let asked = 0;
const t0 = performance.now();
try {
  for (const row of rows) {
    const file = row.split('\t')[0];
    const moves = [...readFileSync(join(set, 'unfinished', file), 'utf8').matchAll(/;([BW])\[([a-s]{0,2})\]/g)].map((m) => ({ color: m[1], vertex: vertex(m[2]) }));
    if (moves.length < 21) continue;
    const k = 20 + (spread(file) % (moves.length - 20));
    for (const command of ['boardsize 19', 'clear_board', 'komi 6.5']) await client.send(command);
    for (const m of moves.slice(0, k)) {
      const reply = await client.send(`play ${m.color} ${m.vertex}`);
      if (!reply.ok) throw new Error(`${file}: play ${m.color} ${m.vertex}: ${reply.text}`);
    }
    const reply = await client.send(`genmove ${moves[k].color}`);
    asked++;
    if (reply.ok && reply.text.trim().toUpperCase() === moves[k].vertex.toUpperCase()) same++;
  }
} finally {
  await client.close();
}
const sec = (performance.now() - t0) / 1000;
console.log(`${engine}: positions ${asked}, same move ${same} (${((100 * same) / asked).toFixed(1)}%), ${(sec / asked).toFixed(2)} s a position`);
