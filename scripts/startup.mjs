// Start-up, first move and memory of GTP engines, each on fresh processes: the time from the
// spawn to the reply to `name`, the time of the first `genmove` of a game on a whole-game clock
// (`time_settings S 0 0`, an empty board of --size), and the process's peak resident memory
// (VmHWM, Linux; worker threads included) after that move. With --analyze CS, also the time from
// `lz-analyze B CS` sent to a fresh process (after `name` and `boardsize`) to its first and second
// `info` lines, for engines that know the command. Medians over --runs processes, the engines
// taking turns. Run after `npm run build`:
//   node scripts/startup.mjs [--runs 7] [--size 19] [--clock 300] [--analyze 50] "ENGINE COMMAND" ...
// e.g. "node scripts/bare-gtp.mjs" (the floor) "node dist/cli/main.js gtp" "/usr/games/gnugo --mode gtp"

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { GtpClient } from '../dist/gtp/client.js';
import { numberOption, scriptArgs, usageError } from './args.mjs';

const args = scriptArgs(
  'node scripts/startup.mjs [--runs 7] [--size 19] [--clock 300] [--analyze CS] "ENGINE COMMAND" ...',
  { runs: { type: 'string', default: '7' }, size: { type: 'string', default: '19' }, clock: { type: 'string', default: '300' }, analyze: { type: 'string' } },
  { positionals: true },
);
const runs = numberOption(args, 'runs', 1);
const size = numberOption(args, 'size', 2, 25);
const clock = numberOption(args, 'clock', 1);
const analyze = args.values.analyze === undefined ? 0 : numberOption(args, 'analyze', 1);
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

/**
 * ms from `lz-analyze B analyze` to the first and the second `info` line on a fresh process, or
 * null when the engine refuses the command or sends no info line within 10 s. The stream is read
 * directly: the analysis reply has no end until the next command.
 */
async function analysisLines(command) {
  const child = spawn('sh', ['-c', `exec ${command}`], { stdio: ['pipe', 'pipe', 'ignore'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => (await lines.next()).value ?? '';
  const reply = async (line) => {
    child.stdin.write(`${line}\n`);
    let first = await next();
    while (first === '') first = await next();
    if (first.startsWith('=')) for (let l = first; l !== ''; l = await next());
    return first;
  };
  try {
    await reply('name');
    await reply(`boardsize ${size}`);
    const asked = performance.now();
    child.stdin.write(`lz-analyze B ${analyze}\n`);
    const times = [];
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    /** @type {Promise<string>} */
    const silent = new Promise((done) => (timer = setTimeout(done, 10_000, '?')));
    try {
      while (times.length < 2) {
        const line = await Promise.race([next(), silent]);
        if (line.startsWith('?')) return null;
        if (line.startsWith('info')) times.push(performance.now() - asked);
      }
    } finally {
      clearTimeout(timer);
    }
    return times;
  } finally {
    const exited = child.exitCode !== null ? Promise.resolve() : new Promise((done) => child.once('exit', done));
    child.stdin.end('quit\n');
    await exited;
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = engines.map(() => /** @type {{ name: number, move: number, rss: number }[]} */ ([]));
const lines = engines.map(() => /** @type {(number[] | null)[]} */ ([]));
for (let r = 0; r < runs; r++) {
  for (const [k, command] of engines.entries()) {
    results[k].push(await once(command));
    if (analyze > 0) lines[k].push(await analysisLines(command));
  }
}
for (const [k, command] of engines.entries()) {
  const rs = results[k];
  let line = `${command}: name ${median(rs.map((x) => x.name)).toFixed(0)} ms, first genmove ${median(rs.map((x) => x.move)).toFixed(0)} ms, peak RSS ${median(rs.map((x) => x.rss)).toFixed(0)} MB`;
  if (analyze > 0) {
    const seen = lines[k].filter((x) => x !== null);
    line += seen.length < lines[k].length ? ', no lz-analyze info lines' : `, lz-analyze ${analyze}: info lines at ${median(seen.map((x) => x[0])).toFixed(0)} and ${median(seen.map((x) => x[1])).toFixed(0)} ms`;
  }
  console.log(`${line} (medians of ${runs}, ${size}×${size}, time_settings ${clock} 0 0)`);
}
