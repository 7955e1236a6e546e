// Openings for `tengen match --openings DIR` from game records: the first moves of each game
// (SGF files, or the Tygem one-game-a-line format, plain or zipped), one SGF file per opening,
// skipping games whose first moves repeat an opening already written, and games with setup
// stones or first moves `match --openings` would refuse (src/tournament/openings.ts).
//
//   node scripts/openings.mjs --out DIR [--games 100] [--moves 12] [--size 19] FILE…
//
// e.g. from the held-out Tygem year (no game of it is trained on):
//   node scripts/openings.mjs --out openings --games 100 --moves 12 $TENGEN_DATA/tygem/TYGEM/Kifu/2016-12.zip

import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { sgfGame } from '../dist/game/sgf.js';
import { readRecords } from '../dist/knowledge/records.js';
import { openingProblem } from '../dist/tournament/openings.js';
import { numberOption, scriptArgs, usageError } from './args.mjs';

const args = scriptArgs('node scripts/openings.mjs --out DIR [--games 100] [--moves 12] [--size 19] FILE…', { out: { type: 'string' }, games: { type: 'string', default: '100' }, moves: { type: 'string', default: '12' }, size: { type: 'string', default: '19' } }, { positionals: true });
const out = args.values.out === undefined ? usageError(args.usage, 'no --out') : String(args.values.out);
const games = numberOption(args, 'games', 1);
const moves = numberOption(args, 'moves', 1);
const size = numberOption(args, 'size', 2, 25);
if (args.positionals.length === 0) usageError(args.usage, 'no record files');

/** The record's first moves when `match --openings` takes them, else null. */
function opening(record) {
  if (record.size !== size || record.black.length + record.white.length > 0 || record.moves.length < moves) return null;
  const first = record.moves.slice(0, moves);
  return openingProblem(first, size) === null ? first : null;
}

mkdirSync(out, { recursive: true });
const seen = new Set();
let written = 0;
for (const file of args.positionals) {
  for (const record of readRecords(file)) {
    if (written >= games) break;
    const first = opening(record);
    const key = first?.map((m) => m.point).join(',');
    if (!first || seen.has(key)) continue;
    seen.add(key);
    written++;
    const name = `opening-${String(written).padStart(4, '0')}.sgf`;
    const root = { GM: ['1'], FF: ['4'], CA: ['UTF-8'], SZ: [String(size)], GC: [`first ${moves} moves of ${record.id || basename(file)} (${basename(file)})`] };
    writeFileSync(join(out, name), sgfGame(root, first, size));
  }
}
console.log(`${written} openings of ${moves} moves in ${out}`);
if (written < games) process.exitCode = 1;
