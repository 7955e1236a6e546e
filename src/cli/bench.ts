// `tengen bench`: speed of the rules core (plays/s in random games) and, when
// available, of the search; with --compare, the playout speed of this build beside others
// (bench-compare.ts). A script for measuring, not a test.

import { Command } from 'commander';
import { randomMove, seededRandom } from '../engine/baseline.js';
import { Game } from '../game/game.js';
import { PASS, opponent, type Color } from '../game/vertex.js';
import { availableParallelism } from 'node:os';
import { benchNetwork } from '../network/bench.js';
import { defaultNetworkPath } from '../network/network.js';
import { benchSearch, middleGame } from '../search/bench.js';
import { rootBoard } from '../search/network-prior.js';
import { integer, real, reportingFailure } from './options.js';

/** Plays random games (no eye filling) for about `ms` and returns plays per second. */
export function benchRulesCore(size: number, ms: number, seed = 1): { playsPerSecond: number; games: number } {
  const random = seededRandom(seed);
  let plays = 0;
  let games = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    const game = new Game(size);
    let color: Color = 1;
    let passes = 0;
    while (passes < 2 && game.moveCount < size * size * 3) {
      const move = randomMove(game, color, random);
      game.play(color, move);
      plays++;
      passes = move === PASS ? passes + 1 : 0;
      color = opponent(color);
    }
    games++;
  }
  return { playsPerSecond: plays / ((performance.now() - start) / 1000), games };
}

export function benchCommand(): Command {
  return new Command('bench')
    .description('measure the speed of the rules core and of the search')
    .option('--seconds <s>', 'seconds per measurement', real(0.1), 3)
    .option('--repeat <n>', 'measurements per search cell, reported as their median', integer(1, 100), 1)
    .option('--no-search', 'measure the rules core only')
    .option('--network [file]', 'measure only the network: evaluations/s on a 19×19 middle game (default: the shipped network)')
    .option('--compare <dist...>', "compare this build's playout speed with other builds' (dist directories, e.g. another commit's, built), in interleaved rounds")
    .option('--size <n>', 'with --compare: the board size', integer(2, 25), 9)
    .option('--rounds <n>', 'with --compare: rounds per build', integer(1, 10000), 15)
    .option('--round-ms <ms>', 'with --compare: the length of a round', integer(1, 60000), 400)
    .action(
      reportingFailure('bench', async (options: { seconds: number; repeat: number; search: boolean; network?: string | true; compare?: string[]; size: number; rounds: number; roundMs: number }) => {
        if (options.compare) {
          const { compareBuilds, ownDist } = await import('./bench-compare.js');
          const rows = await compareBuilds([ownDist(), ...options.compare], { size: options.size, rounds: options.rounds, roundMs: options.roundMs });
          console.log(`playouts from the empty ${options.size}x${options.size} board, ${options.rounds} interleaved rounds of ${options.roundMs} ms:`);
          for (const r of rows) console.log(`  ${r.dir}: ns/move best ${r.best.toFixed(0)}, first quartile ${r.quartile.toFixed(0)}, median ${r.median.toFixed(0)}`);
          return;
        }
        if (options.network) {
          const path = options.network === true ? defaultNetworkPath() : options.network;
          const pos = middleGame(19);
          console.log(`network ${path} (19x19 middle game, a new session per thread count):`);
          const rows = await benchNetwork(path, rootBoard(pos), pos.lastMoves, options.seconds, [1, availableParallelism()], [1, 8]);
          for (const r of rows) console.log(`  ${r.threads} thread(s), batch ${r.batch}: ${Math.round(r.evaluationsPerSecond)} evaluations/s (${r.msPerBatch.toFixed(2)} ms a batch)`);
          return;
        }
        const ms = options.seconds * 1000;
        console.log('rules core (random legal games, full legality and superko checks):');
        for (const size of [9, 19]) {
          benchRulesCore(size, 300); // warm-up so the JIT settles
          const { playsPerSecond, games } = benchRulesCore(size, ms);
          console.log(`  ${size}x${size}: ${Math.round(playsPerSecond).toLocaleString('en')} plays/s (${games} games)`);
        }
        if (options.search) {
          console.log('\nsearch (playouts/s; raw = playouts without a tree, search = full MCTS):');
          console.log(await benchSearch({ seconds: options.seconds, repeat: options.repeat }));
        }
      }),
    );
}
