// What genmove answers at the end of counted Tygem games (issue 11): in the last position of
// each counted record, after a pass of the recorded loser the recorded winner moves, and after
// a pass of the winner the loser moves (korean rules, komi 6.5, territory scoring). Both
// passed there, so a pass (or, for the loser, a resignation) is the expected answer; any other
// move costs a point by territory or plays on in a finished game. Prints one line per record
// and the counts. Run after `npm run build` and `scripts/tygem-oracle.mjs build`:
//   node scripts/endgame-passing.mjs [--dist DIR] [--from K] [--limit N] [--playouts 1500] [--out $TENGEN_DATA/oracle]
// --dist runs another build (e.g. a worktree's dist/ at an earlier commit).

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { numberOption, scriptArgs } from './args.mjs';

const args = scriptArgs('node scripts/endgame-passing.mjs [--dist DIR] [--from K] [--limit N] [--playouts 1500] [--out $TENGEN_DATA/oracle]', {
  dist: { type: 'string', default: new URL('../dist', import.meta.url).pathname },
  from: { type: 'string', default: '0' },
  limit: { type: 'string', default: 'Infinity' },
  playouts: { type: 'string', default: '1500' },
  out: { type: 'string', default: `${process.env.TENGEN_DATA ?? 'tengen-data'}/oracle` },
});
const dist = pathToFileURL(resolve(String(args.values.dist))).href;
const { Session } = await import(`${dist}/engine/session.js`);
const { searchPosition } = await import(`${dist}/engine/search-player.js`);
const { Searcher } = await import(`${dist}/search/searcher.js`);
const { formatVertex } = await import(`${dist}/game/vertex.js`);

const out = String(args.values.out);
const playouts = numberOption(args, 'playouts', 1);
const from = numberOption(args, 'from', 0);
const limit = args.values.limit === 'Infinity' ? Infinity : numberOption(args, 'limit', 1);
const rows = readFileSync(join(out, 'counted.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(from, from + limit)
  .map((r) => r.split('\t'));

const searcher = new Searcher({ threads: 1, level: 10, resignThreshold: 0.1, maxTreeMb: 256, seed: 5 });
const tally = { winner: { pass: 0, resign: 0, move: 0 }, loser: { pass: 0, resign: 0, move: 0 } };
const name = (move) => (move === -1 ? 'pass' : move === 'resign' ? 'resign' : formatVertex(move, 19));
try {
  for (const [file, recorded] of rows) {
    const winner = recorded[0] === 'B' ? 1 : 2;
    const line = [file, recorded];
    for (const [role, me] of /** @type {[string, number][]} */ ([
      ['winner', winner],
      ['loser', 3 - winner],
    ])) {
      const session = new Session();
      session.loadSgf(join(out, 'counted', file), null);
      session.komi = 6.5;
      session.setRules('korean');
      session.play(3 - me, -1);
      const { move, info } = await searcher.genmove(searchPosition(session, me), { playouts, scoring: 'territory' });
      tally[role][move === -1 ? 'pass' : move === 'resign' ? 'resign' : 'move']++;
      line.push(`${role} ${name(move)} (${info.scoreLead.toFixed(1)})`);
    }
    console.log(line.join('\t'));
  }
} finally {
  await searcher.close();
}
const n = rows.length;
console.log(
  `${n} positions: the winner passes in ${tally.winner.pass} (resigns ${tally.winner.resign}, plays ${tally.winner.move}); ` +
    `the loser passes in ${tally.loser.pass}, resigns in ${tally.loser.resign}, plays ${tally.loser.move}`,
);
