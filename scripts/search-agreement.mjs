// How often an engine's genmove is the move a 9-dan player chose: the positions of the Tygem
// oracle's unfinished set (`node scripts/tygem-oracle.mjs build`; months nobody trains on;
// each record cut at a move between 150 and 200), set up without the record's last move with
// clear_board and play (any GTP engine, Pachi too), then genmove against that last move. A cheap, engine-neutral
// measure of what a search makes of its playouts: at a fixed number of playouts a search whose
// playouts judge fights better picks the strong player's move more often.
//   node scripts/search-agreement.mjs --engine "CMD" [--set DIR] [--limit N]

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GtpClient } from '../dist/gtp/client.js';
import { readRecords } from '../dist/knowledge/records.js';
import { colorLetter, formatVertex } from '../dist/game/vertex.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : args[i + 1];
};
const engine = option('--engine', null);
const set = resolve(option('--set', `${process.env.TENGEN_DATA ?? 'tengen-data'}/oracle`));
const limit = Number(option('--limit', 200));
if (!engine || !(limit >= 1)) {
  console.error('usage: node scripts/search-agreement.mjs --engine "CMD" [--set DIR] [--limit N≥1]');
  process.exit(1);
}

const rows = readFileSync(join(set, 'unfinished.tsv'), 'utf8').trim().split('\n').slice(0, limit);
const client = new GtpClient(engine);
let same = 0;
let asked = 0;
const t0 = performance.now();
try {
  for (const row of rows) {
    const [record] = readRecords(join(set, 'unfinished', row.split('\t')[0]));
    const moves = record.moves.map((m) => ({ color: colorLetter(m.color), vertex: formatVertex(m.point, record.size) }));
    const target = moves.pop();
    if (!target) continue;
    for (const command of [`boardsize ${record.size}`, 'clear_board', 'komi 6.5']) await client.send(command);
    for (const m of moves) {
      const reply = await client.send(`play ${m.color} ${m.vertex}`);
      if (!reply.ok) throw new Error(`${record.id}: play ${m.color} ${m.vertex}: ${reply.text}`);
    }
    const reply = await client.send(`genmove ${target.color}`);
    asked++;
    if (reply.ok && reply.text.trim().toUpperCase() === target.vertex.toUpperCase()) same++;
  }
} finally {
  await client.close();
}
const sec = (performance.now() - t0) / 1000;
console.log(`${engine}: positions ${asked}, same move ${same} (${((100 * same) / asked).toFixed(1)}%), ${(sec / asked).toFixed(2)} s a position`);
