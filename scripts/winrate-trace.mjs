// Both engines' own win rates, move by move, for the games of one match against Pachi: where
// each thought itself ahead, and where one of them saw a turn the other did not.
// tengen: its stderr under `--log-json` (one JSON object a line; an older human log, "B Q16: …
// win rate 49.6% for B, score W+1.1", is read too); Pachi: its stderr ("*** WINNER is D16 with
// score 51.6%", then "Move: N"). The logs must hold the games of one `tengen match` run:
// tengen's games are told apart by its colour, which alternates. Needs a build (npm run build).
//   node scripts/winrate-trace.mjs TENGEN.err PACHI.err [--every N] [--game K]

import { readFileSync } from 'node:fs';
import { formatLead } from '../dist/engine/log.js';
import { BLACK, WHITE } from '../dist/game/vertex.js';
import { numberOption, scriptArgs, usageError } from './args.mjs';

const args = scriptArgs('node scripts/winrate-trace.mjs TENGEN.err PACHI.err [--every N] [--game K]', { every: { type: 'string', default: '10' }, game: { type: 'string', default: '0' } }, { positionals: true });
const every = numberOption(args, 'every', 1);
const only = numberOption(args, 'game', 0);
if (args.positionals.length !== 2) usageError(args.usage, 'expected two logs');
const [tengenLog, pachiLog] = args.positionals;

/** tengen's moves grouped into games: a new game starts when its colour changes. */
function byGame(moves) {
  const games = [];
  for (const m of moves) {
    const game = games.at(-1);
    if (game && game[0].colour === m.colour) game.push(m);
    else games.push([m]);
  }
  return games;
}

/** One of tengen's searched moves from a `--log-json` line (or a human log's move line), or null. */
function tengenMove(line) {
  if (line.startsWith('{')) {
    const record = JSON.parse(line);
    if (record.move === undefined || record.winrate === null) return null;
    const score = formatLead(record.scoreLead, record.color === 'B' ? BLACK : WHITE);
    return { colour: record.color, move: record.move, win: record.winrate * 100, score };
  }
  const m = line.match(/^([BW]) (\S+): \d+ playouts, .*win rate ([\d.]+)% for [BW], score (\S+)/);
  return m ? { colour: m[1], move: m[2], win: Number(m[3]), score: m[4] } : null;
}

const tengen = readFileSync(tengenLog, 'utf8').split('\n').map(tengenMove).filter((m) => m !== null);
// Pachi: each "*** WINNER" line is followed by the board after its move ("Move: N"); a move
// number lower than the one before starts a new game
const pachiGames = [];
let pending = null;
let last = Infinity;
for (const line of readFileSync(pachiLog, 'utf8').split('\n')) {
  const m = line.match(/^\*\*\* WINNER is (\S+) with score ([\d.]+)%/);
  if (m) pending = { move: m[1], win: Number(m[2]) };
  const n = line.match(/^Move: +(\d+) /);
  if (n && pending) {
    const number = Number(n[1]);
    if (number < last) pachiGames.push(new Map());
    pachiGames[pachiGames.length - 1].set(number, pending);
    last = number;
    pending = null;
  }
}

const tengenGames = byGame(tengen);
for (let g = 0; g < tengenGames.length; g++) {
  if (only && g + 1 !== only) continue;
  const ours = tengenGames[g];
  const theirs = pachiGames[g] ?? new Map();
  const black = ours[0].colour === 'B';
  console.log(`game ${g + 1}: tengen ${black ? 'Black' : 'White'}`);
  console.log('  move  tengen  win%  its score | Pachi (next move)  win% | sum');
  for (let i = 0; i < ours.length; i++) {
    if (i % every !== 0 && i !== ours.length - 1) continue;
    const a = ours[i];
    const number = black ? 2 * i + 1 : 2 * i + 2;
    const b = theirs.get(number + 1);
    const pachiPart = b ? `${b.move.padEnd(6)} ${b.win.toFixed(1).padStart(16)} | ${(a.win + b.win).toFixed(0)}` : '';
    console.log(`  ${String(number).padStart(4)}  ${a.move.padEnd(6)} ${a.win.toFixed(1).padStart(5)}  ${a.score.padEnd(9)} | ${pachiPart}`);
  }
}
