// Memory soak: one tengen process plays many consecutive games against GNU Go, and its
// resident memory is read after each game. Requirement: RSS after the last game within
// 10% of RSS after game 5 (by then the tree pools, the JIT and the heap have warmed up,
// so later growth means a leak). Workers are threads of the engine process, so its
// /proc status counts them too. Run after `npm run build`:
//   node scripts/soak.mjs [--games 50] [--size 9] [-- tengen gtp options, e.g. --time 0.2 --threads 2]
// Exit status: 0 ok, 1 RSS grew more than 10%, 2 illegal move or engine error.

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runMatch } from '../dist/tournament/match.js';
import { numberOption, scriptArgs } from './args.mjs';

// Our own options; the words after `--` go to `tengen gtp`.
const args = scriptArgs('node scripts/soak.mjs [--games 50] [--size 9] [-- tengen gtp options, e.g. --time 0.2 --threads 2]', { games: { type: 'string', default: '50' }, size: { type: 'string', default: '9' } }, { positionals: true });
const games = numberOption(args, 'games', 6);
const size = numberOption(args, 'size', 2, 25);
const gtpOptions = args.positionals;
const BASELINE = 5;

const main = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const engineWords = [process.execPath, main, 'gtp', ...gtpOptions];
// Level 1 keeps GNU Go's moves fast: the games only have to exercise tengen.
const opponent = '/usr/games/gnugo --mode gtp --level 1 --chinese-rules';

// runMatch owns the engine processes; find tengen's among our children by its exact argv
// (GtpClient spawns it without a shell).
function enginePid() {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const ppid = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(0, -1);
      if (ppid === process.pid && argv.join(' ') === engineWords.join(' ')) return Number(pid);
    } catch {
      // the process ended while we looked
    }
  }
  throw new Error('tengen process not found');
}

/** VmRSS and VmHWM (peak RSS) of a process, in MB. */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) / 1024;
  return { rss: mb('VmRSS'), hwm: mb('VmHWM') };
}

console.log(`soak: ${games} games on ${size}x${size}, tengen gtp ${gtpOptions.join(' ')} vs ${opponent}`);
let pid;
const rss = [];
try {
  const summary = await runMatch({
    engine: engineWords.join(' '),
    opponent,
    size,
    komi: 7,
    rules: 'chinese',
    games,
    log: () => {}, // we print our own line per game
    progress: () => {},
    onGame(record) {
      pid ??= enginePid();
      const { rss: now, hwm } = memory(pid);
      rss[record.number] = now;
      const colour = record.black === 'engine' ? 'B' : 'W';
      console.log(
        `game ${record.number}: tengen ${colour}, ${record.moves} moves, ${record.result}, ` +
          `${record.seconds.toFixed(1)} s, RSS ${now.toFixed(1)} MB (peak ${hwm.toFixed(1)} MB)`,
      );
      if (record.end === 'illegal') throw new Error(`illegal move ${record.illegalMove} in game ${record.number}`);
      if (record.end === 'genmove-error') throw new Error(`genmove failed in game ${record.number}`);
    },
  });
  const [tengen, gnugo] = summary.players;
  console.log(`tengen ${tengen.wins} wins, GNU Go ${gnugo.wins} wins, ${tengen.noResult} without result`);
} catch (error) {
  console.error(`soak: ${error instanceof Error ? error.message : error}`);
  process.exit(2);
}

if (games < BASELINE) {
  console.log(`fewer than ${BASELINE} games: no growth figure`);
} else {
  const growth = (100 * (rss[games] - rss[BASELINE])) / rss[BASELINE];
  console.log(
    `RSS after game ${BASELINE}: ${rss[BASELINE].toFixed(1)} MB, after game ${games}: ${rss[games].toFixed(1)} MB, ` +
      `growth ${growth.toFixed(1)}% (limit 10%)`,
  );
  // RSS saws up and down with V8's major collections, so a single reading can sit anywhere
  // in that cycle: the range shows how much of the growth figure is noise.
  const later = rss.slice(BASELINE);
  console.log(`RSS range over games ${BASELINE}–${games}: ${Math.min(...later).toFixed(1)}–${Math.max(...later).toFixed(1)} MB`);
  if (growth > 10) process.exitCode = 1;
}
