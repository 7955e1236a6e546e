// The shape counts of the playouts' random phase (src/knowledge/playout-shapes.ts): for every
// 3×3 neighbourhood, how often strong players had such a point and how often they chose one.
//
//   node scripts/playout-shapes.mjs --out data/knowledge/playout-shapes.json [--games 5000] FILE…
//
// The first N games of the files in order (Tygem one-game-a-line zips or SGF files). The
// shipped file: 5,000 games of 2015-05 (2016 is held out for the move model).

import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { readRecords } from '../dist/knowledge/records.js';
import { countShapes, FORMAT } from '../dist/knowledge/playout-shapes.js';

const { values, positionals: files } = parseArgs({ options: { out: { type: 'string' }, games: { type: 'string', default: '5000' } }, allowPositionals: true });
const out = values.out;
const games = Number(values.games);
if (!out || files.length === 0 || !(games > 0)) {
  console.error('usage: node scripts/playout-shapes.mjs --out FILE [--games 5000] FILE…');
  process.exit(2);
}

const records = [];
for (const file of files) {
  if (records.length >= games) break;
  records.push(...readRecords(file, games - records.length));
}
const { positions, codes } = countShapes(records);
const data = `${files.map((f) => basename(f)).join(', ')}: the first ${records.length} games (yenw/computer-go-dataset TYGEM/Kifu)`;
const command = `node scripts/playout-shapes.mjs --out ${out} --games ${games} ${files.map((f) => basename(f)).join(' ')}`;
writeFileSync(out, JSON.stringify({ format: FORMAT, data, command, games: records.length, positions, codes }) + '\n');
console.error(`${records.length} games, ${positions} positions, ${codes.length} shapes → ${out}`);
