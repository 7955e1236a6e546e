// Start-up, first move and memory of GTP engines, each on fresh processes: the time from the
// spawn to the reply to `name`, the time of the first `genmove` of a game on a whole-game clock
// (`time_settings S 0 0`, an empty board of --size), and the process's peak resident memory
// (VmHWM, Linux; worker threads included) after that move. Medians over --runs processes, the
// engines taking turns. Run after `npm run build`:
//   node scripts/startup.mjs [--runs 7] [--size 19] [--clock 300] "ENGINE COMMAND" ...
// e.g. "node dist/cli/main.js gtp" "node dist/cli/main.js gtp --network none" "/usr/games/gnugo --mode gtp"

import { readFileSync } from 'node:fs';
import { GtpClient } from '../dist/gtp/client.js';
import { numberOption, scriptArgs, usageError } from './args.mjs';

const args = scriptArgs('node scripts/startup.mjs [--runs 7] [--size 19] [--clock 300] "ENGINE COMMAND" ...', { runs: { type: 'string', default: '7' }, size: { type: 'string', default: '19' }, clock: { type: 'string', default: '300' } }, { positionals: true });
const runs = numberOption(args, 'runs', 1);
const size = numberOption(args, 'size', 2, 25);
const clock = numberOption(args, 'clock', 1);
const engines = args.positionals;
if (engines.length === 0) usageError(args.usage, 'no engine command');

function peakRssMb(pid) {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function once(command) {
  const start = performance.now();
  const client = new GtpClient(command);
  try {
    const ask = async (line) => {
      const reply = await client.send(line);
      if (!reply.ok) throw new Error(`${command}: ${line}: ${reply.text}`);
      return reply;
    };
    await ask('name');
    const name = performance.now() - start;
    await ask(`boardsize ${size}`);
    await ask('clear_board');
    await ask(`time_settings ${clock} 0 0`);
    const t = performance.now();
    await ask('genmove b');
    return { name, move: performance.now() - t, rss: peakRssMb(client.pid) };
  } finally {
    await client.close();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = engines.map(() => /** @type {{ name: number, move: number, rss: number }[]} */ ([]));
for (let r = 0; r < runs; r++) for (const [k, command] of engines.entries()) results[k].push(await once(command));
for (const [k, command] of engines.entries()) {
  const rs = results[k];
  console.log(`${command}: name ${median(rs.map((x) => x.name)).toFixed(0)} ms, first genmove ${median(rs.map((x) => x.move)).toFixed(0)} ms, peak RSS ${median(rs.map((x) => x.rss)).toFixed(0)} MB (medians of ${runs}, ${size}×${size}, time_settings ${clock} 0 0)`);
}
