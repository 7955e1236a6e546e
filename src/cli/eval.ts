// `tengen eval`: how often an engine's genmove is the move a strong player chose. Each record
// of a set (the Tygem oracle's unfinished set: 9-dan games from months nobody trains on, each
// cut at a move between 150 and 200; `node scripts/tygem-oracle.mjs build` writes it) is set
// up without its last move with clear_board and play, on any GTP engine (Pachi too), and the
// engine's genmove is compared with that last move. A cheap, engine-neutral measure of what a
// search makes of its playouts: at a fixed number of playouts, a search whose playouts judge
// fights better picks the strong player's move more often.

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, Option } from 'commander';
import { colorLetter, formatVertex } from '../game/vertex.js';
import { GtpClient } from '../gtp/client.js';
import { readRecords } from '../knowledge/records.js';
import { integer, real, reportingFailure } from './options.js';

export interface Agreement {
  positions: number;
  /** genmove answered the recorded move */
  same: number;
  seconds: number;
}

/** Asks the engine for the last move of each record of the set (at most limit records). */
export async function searchAgreement(engine: string, set: string, options: { limit: number; komi: number }): Promise<Agreement> {
  const rows = readFileSync(join(set, 'unfinished.tsv'), 'utf8').trim().split('\n').slice(0, options.limit);
  const client = new GtpClient(engine);
  let same = 0;
  let positions = 0;
  const t0 = performance.now();
  try {
    const ask = async (command: string) => {
      const reply = await client.send(command);
      if (!reply.ok) throw new Error(`${command}: ${reply.text}`);
      return reply.text.trim();
    };
    for (const row of rows) {
      const [record] = readRecords(join(set, 'unfinished', row.split('\t')[0]));
      const moves = record.moves.map((m) => ({ color: colorLetter(m.color), vertex: formatVertex(m.point, record.size) }));
      const target = moves.pop();
      if (!target) continue;
      for (const command of [`boardsize ${record.size}`, 'clear_board', `komi ${options.komi}`]) await ask(command);
      for (const m of moves) await ask(`play ${m.color} ${m.vertex}`);
      const answer = await client.send(`genmove ${target.color}`);
      positions++;
      if (answer.ok && answer.text.trim().toUpperCase() === target.vertex.toUpperCase()) same++;
    }
  } finally {
    await client.close();
  }
  return { positions, same, seconds: (performance.now() - t0) / 1000 };
}

/** This build's engine, as eval runs it when no other is named. */
function ownEngine(): string {
  return `${process.execPath} ${fileURLToPath(new URL('./main.js', import.meta.url))} gtp --quiet`;
}

export function evalCommand(): Command {
  return new Command('eval')
    .description("how often an engine's genmove is the move a strong player chose next, over a set of game records")
    .addOption(new Option('--engine <command>', 'the GTP engine to evaluate, e.g. "tengen gtp --playouts 2000 --threads 1" (default: this tengen)'))
    .addOption(new Option('--set <dir>', 'a folder with unfinished.tsv and unfinished/*.sgf, as `node scripts/tygem-oracle.mjs build` writes').default(`${process.env.TENGEN_DATA ?? 'tengen-data'}/oracle`, '$TENGEN_DATA/oracle'))
    .addOption(new Option('--limit <n>', 'at most this many records').argParser(integer(1)).default(200))
    .addOption(new Option('--komi <k>', 'komi for every record').argParser(real(-1000, 1000)).default(6.5))
    .action(
      reportingFailure('eval', async (options: { engine?: string; set: string; limit: number; komi: number }) => {
        const engine = options.engine ?? ownEngine();
        const r = await searchAgreement(engine, resolve(options.set), options);
        const share = r.positions > 0 ? ((100 * r.same) / r.positions).toFixed(1) : '-';
        console.log(`${engine}: positions ${r.positions}, same move ${r.same} (${share}%), ${(r.seconds / Math.max(1, r.positions)).toFixed(2)} s a position`);
      }),
    );
}
