// How alike tengen's playout policy and Pachi's moggy choose the next playout move. Pachi's replay
// engine (every `genmove` is the first move of one of its playouts, with all its checks) is
// sampled once from positions of the Tygem oracle's unfinished set — each position as recorded
// and after 20 and 60 moves of tengen's own playout from it — and the samples are saved. A tengen
// build is then scored by the mean log-probability its policy gives Pachi's moves (its own
// distribution estimated from many draws; higher is more like Pachi), and on the positions where
// Pachi plays one move at least half the time, how often tengen's most frequent move is that one.
// --show N prints the N positions where the build is least like Pachi, around the last move.
//   node scripts/policy-agreement.mjs sample [--positions 100] [--samples 300] [--out FILE]
//   node scripts/policy-agreement.mjs score [--in FILE] [--draws 4000] [--show N] dist dist:name=value …
// (a build as in playout-eval.mjs: a built dist directory, optionally with policy parameters)

import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PlayoutBoard } from '../dist/game/playout-board.js';
import { FULL_POLICY } from '../dist/search/params.js';
import { PlayoutPolicy } from '../dist/search/policy.js';
import { Rng } from '../dist/game/rng.js';
import { readRecords, replay } from '../dist/knowledge/records.js';
import { colorLetter, formatVertex, parseVertex } from '../dist/game/vertex.js';
/** @typedef {import('../dist/game/vertex.js').Color} Color */
import { GtpClient } from '../dist/gtp/client.js';
import { scriptArgs, usageError } from './args.mjs';

const args = scriptArgs(
  'node scripts/policy-agreement.mjs sample [--positions 100] [--samples 300] [--out FILE] | score [--in FILE] [--draws 4000] [--show N] dist dist:name=value …',
  { out: { type: 'string' }, in: { type: 'string' }, positions: { type: 'string' }, samples: { type: 'string' }, draws: { type: 'string' }, show: { type: 'string' } },
  { positionals: true },
);
const [mode, ...builds] = args.positionals;
if (mode !== 'sample' && mode !== 'score') usageError(args.usage, 'sample or score?');
/** An option's text, or fallback when it is not given. */
const take = (name, fallback) => args.values[name.slice(2)] ?? fallback;
const file = resolve(take(mode === 'sample' ? '--out' : '--in', `${process.env.TENGEN_DATA ?? 'tengen-data'}/policy-agreement.json`));
const N = 19;
const PACHI = `${process.env.PACHI ?? 'pachi'} -e replay runs=1 -d 0`;
const AFTER = [0, 20, 60];

/** A move's name in the saved samples: a GTP vertex or "pass". */
const vertexOf = (b, m) => (m === 0 ? 'pass' : formatVertex(b.pointOf[m], N).toLowerCase());

/** The board after the GTP `play` commands of a sampled position. */
function boardOf(plays) {
  const b = new PlayoutBoard(N);
  for (const cmd of plays) {
    const v = cmd.split(' ')[2];
    if (v === 'pass') b.pass();
    else b.play(b.idxOf[/** @type {number} */ (parseVertex(v, N))]);
  }
  return b;
}

async function sample() {
  const positions = Number(take('--positions', 100));
  const samples = Number(take('--samples', 300));
  const set = `${process.env.TENGEN_DATA ?? 'tengen-data'}/oracle`;
  const rows = readFileSync(join(set, 'unfinished.tsv'), 'utf8').trim().split('\n').slice(0, positions);
  const policy = new PlayoutPolicy({ ...FULL_POLICY });
  const rng = new Rng(1);
  const pachi = new GtpClient(PACHI);
  const send = async (command) => {
    const reply = await pachi.send(command);
    if (!reply.ok) throw new Error(`${command}: ${reply.text}`);
    return reply.text.trim().toLowerCase();
  };
  const out = [];
  for (const row of rows) {
    const name = row.split('\t')[0];
    const [record] = readRecords(join(set, 'unfinished', name));
    const root = new PlayoutBoard(N);
    replay(record, root, () => {});
    const recorded = record.moves.map((m) => `play ${colorLetter(m.color)} ${m.point < 0 ? 'pass' : formatVertex(m.point, N)}`);
    for (const after of AFTER) {
      const b = new PlayoutBoard(N);
      b.copyFrom(root);
      const plays = [...recorded];
      for (let j = 0; j < after && b.passes === 0; j++) {
        const m = policy.choose(b, rng);
        plays.push(`play ${colorLetter(/** @type {Color} */ (b.toMove))} ${vertexOf(b, m)}`);
        if (m === 0) b.pass();
        else b.play(m);
      }
      if (b.passes > 0) continue;
      for (const command of ['boardsize 19', 'clear_board', 'komi 6.5', ...plays]) await send(command);
      const counts = {};
      const genmove = `genmove ${colorLetter(/** @type {Color} */ (b.toMove))}`;
      for (let j = 0; j < samples; j++) {
        const v = await send(genmove);
        counts[v] = (counts[v] ?? 0) + 1;
        await send('undo');
      }
      out.push({ name, after, plays, counts });
    }
  }
  pachi.close();
  writeFileSync(file, JSON.stringify(out));
  console.log(`${out.length} positions, ${samples} Pachi moves each: ${file}`);
}

async function policyOf(spec) {
  const [dir, paramText = ''] = spec.split(':');
  const load = (sub, f) => import(pathToFileURL(resolve(dir, sub, f)).href);
  const { FULL_POLICY: full, PlayoutPolicy: Policy } = await load('search', 'policy.js');
  const params = { ...full };
  for (const pair of paramText.split(',').filter(Boolean)) {
    const [name, value] = pair.split('=');
    if (!Object.hasOwn(params, name) || !Number.isFinite(Number(value))) throw new Error(`unknown or bad policy parameter: ${pair}`);
    params[name] = Number(value);
  }
  return new Policy(params);
}

/** A picture of the 9×9 around b's last move. */
function picture(b) {
  const letters = 'ABCDEFGHJKLMNOPQRST';
  const lp = b.lastMove > 0 ? b.pointOf[b.lastMove] : 180;
  const cx = Math.min(N - 5, Math.max(4, lp % N));
  const cy = Math.min(N - 5, Math.max(4, Math.floor(lp / N)));
  const lines = [];
  for (let y = cy + 4; y >= cy - 4; y--) {
    let line = `${String(y + 1).padStart(2)} `;
    for (let x = cx - 4; x <= cx + 4; x++) {
      const i = b.idxOf[y * N + x];
      const c = b.color[i];
      const stone = c === 1 ? 'x' : c === 2 ? 'o' : '.';
      line += `${i === b.lastMove ? stone : stone.toUpperCase()} `;
    }
    lines.push(line);
  }
  lines.push(`   ${letters.slice(cx - 4, cx + 5).split('').join(' ')}`);
  return lines.join('\n');
}

async function score() {
  const draws = Number(take('--draws', 4000));
  const show = Number(take('--show', 0));
  const positions = JSON.parse(readFileSync(file, 'utf8'));
  for (const spec of builds) {
    const policy = await policyOf(spec);
    const rng = new Rng(2);
    let logp = 0;
    let moves = 0;
    let forced = 0;
    let agreed = 0;
    const worst = [];
    for (const pos of positions) {
      const b = boardOf(pos.plays);
      const own = new Map();
      for (let j = 0; j < draws; j++) {
        const v = vertexOf(b, policy.choose(b, rng));
        own.set(v, (own.get(v) ?? 0) + 1);
      }
      // smoothed: every empty point and pass keeps half a draw
      const denom = draws + 0.5 * (b.emptyCount + 1);
      const total = Object.values(pos.counts).reduce((a, c) => a + c, 0);
      let here = 0;
      for (const [v, c] of Object.entries(pos.counts)) here += c * Math.log(((own.get(v) ?? 0) + 0.5) / denom);
      logp += here;
      moves += total;
      const [pachiTop, pachiCount] = Object.entries(pos.counts).sort((p, q) => q[1] - p[1])[0];
      if (pachiCount >= total / 2) {
        forced++;
        const ownTop = [...own.entries()].sort((p, q) => q[1] - p[1])[0][0];
        if (ownTop === pachiTop) agreed++;
      }
      const top = (m) => Object.entries(m).sort((p, q) => q[1] - p[1]).slice(0, 4);
      worst.push({ per: here / total, pos, b, pachi: top(pos.counts).map(([v, c]) => `${v} ${(c / total).toFixed(2)}`), own: top(Object.fromEntries(own)).map(([v, c]) => `${v} ${(c / draws).toFixed(2)}`) });
    }
    console.log(`${spec}: positions ${positions.length}, log-probability of Pachi's moves ${(logp / moves).toFixed(4)}, Pachi's forced moves matched ${agreed} of ${forced}`);
    worst.sort((p, q) => p.per - q.per);
    for (const w of worst.slice(0, show)) {
      console.log(`\n${w.per.toFixed(2)} ${w.pos.name} +${w.pos.after}, ${w.b.toMove === 1 ? 'black (X)' : 'white (O)'} to move\n  Pachi: ${w.pachi.join(', ')}\n  tengen: ${w.own.join(', ')}`);
      console.log(picture(w.b));
    }
  }
}

if (mode === 'sample') await sample();
else if (mode === 'score') await score();
else {
  console.error('usage: node scripts/policy-agreement.mjs sample [--positions N] [--samples K] [--out FILE] | score [--in FILE] [--draws K] [--show N] <dist>[:name=value,…] …');
  process.exit(1);
}
