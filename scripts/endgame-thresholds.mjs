// The thresholds of the end-of-game judgement compared on the Tygem oracle, in one process:
// each position is judged once (the same playouts for every variant), then counted with each
// dead-stone threshold (a chain is dead when its mean ownership, seen from its side, is at or
// below it: 0 = the opponent owns it in most playouts) and each open-region threshold
// (false: open regions count for nobody). Prints exact-result and winner agreement per
// variant. Run after `npm run build` and `scripts/tygem-oracle.mjs build`:
//   node scripts/endgame-thresholds.mjs [--set counted|unfinished] [--limit N] [--playouts 2500] [--out $TENGEN_DATA/oracle]

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Session } from '../dist/engine/session.js';
import { searchPosition } from '../dist/engine/search-player.js';
import { Searcher } from '../dist/search/searcher.js';
import { chainsOf, judgeRegions } from '../dist/search/dead-stones.js';
import { numberOption, scriptArgs, usageError } from './args.mjs';

const args = scriptArgs('node scripts/endgame-thresholds.mjs [--set counted|unfinished] [--limit N] [--playouts 2500] [--out $TENGEN_DATA/oracle]', {
  out: { type: 'string', default: `${process.env.TENGEN_DATA ?? 'tengen-data'}/oracle` },
  set: { type: 'string', default: 'counted' },
  playouts: { type: 'string', default: '2500' },
  limit: { type: 'string', default: 'Infinity' },
});
const out = String(args.values.out);
const set = String(args.values.set);
if (set !== 'counted' && set !== 'unfinished') usageError(args.usage, `--set: counted or unfinished, got "${set}"`);
const playouts = numberOption(args, 'playouts', 1);
const limit = args.values.limit === 'Infinity' ? Infinity : numberOption(args, 'limit', 1);
const rows = readFileSync(join(out, `${set}.tsv`), 'utf8')
  .trim()
  .split('\n')
  .slice(0, limit)
  .map((r) => r.split('\t'));
/** @type {{ dead: number, open: number | false }[]} */
const variants = [];
for (const dead of [-0.34, 0, 0.1]) for (const open of /** @type {(number | false)[]} */ ([false, 0.6, 0.4, 0.2])) variants.push({ dead, open });
const tally = variants.map(() => ({ exact: 0, winner: 0 }));
const searcher = new Searcher({ threads: 2, level: 10, resignThreshold: 0.1, maxTreeMb: 256 });
try {
  for (const [file, recorded] of rows) {
    const session = new Session();
    session.loadSgf(join(out, set, file), null);
    session.komi = 6.5;
    session.setRules('korean');
    const position = searchPosition(session, session.game.toMove);
    // the Searcher's own judging playouts, without its time cap
    // @ts-expect-error judge is private to the Searcher; this script measures it directly
    const judged = await searcher.judge(position, playouts, 600_000);
    const chains = chainsOf(position.board, position.size).map((stones) => {
      const sign = position.board[stones[0]] === 1 ? 1 : -1;
      return { stones, own: stones.reduce((a, p) => a + judged.ownership[p] * sign, 0) / stones.length };
    });
    variants.forEach((v, k) => {
      const dead = chains.filter((c) => c.own <= v.dead).flatMap((c) => c.stones);
      const settled = v.open === false ? undefined : judgeRegions(position.board, position.size, dead, judged.ownership, v.open);
      const result = session.count(dead, settled).result;
      if (result === recorded) tally[k].exact++;
      if (result[0] === recorded[0]) tally[k].winner++;
    });
  }
} finally {
  await searcher.close();
}
variants.forEach((v, k) => console.log(`dead at ≤ ${v.dead}, open points ${v.open === false ? 'for nobody' : `at ${v.open}`}: exact ${tally[k].exact}, winner ${tally[k].winner} of ${rows.length}`));
