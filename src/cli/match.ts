// `tengen match`: options → src/tournament/match.ts, which plays the games.

import { Command, Option } from 'commander';
import { MAX_MOVES_LIMIT } from '../tournament/game.js';
import { runMatch, type MatchOptions } from '../tournament/match.js';
import { MAX_SIZE, MIN_SIZE } from '../game/vertex.js';
import { clockOption, integer, real, reportingFailure, rulesName } from './options.js';

/** Options every run shares: where results go, how many at once, the queue. */
export function addRunOptions(command: Command): Command {
  return command
    .option('--sgf-dir <dir>', 'write an SGF file per game here')
    .option('--results <file>', 'write a JSON line per game here (tengen tournament --report FILE rebuilds the table)')
    .addOption(new Option('--concurrency <n>', 'games at once, each with its own engine processes').argParser(integer(1, 256)).default(1))
    .option('--openings <path>', 'start games from the moves of an SGF file, or of each .sgf file in a folder in turn (both games of a pair share one)')
    .addOption(new Option('--opening-moves <n>', 'play at most the first n moves of each opening').argParser(integer(1, MAX_MOVES_LIMIT)))
    .option('--queue <url>', 'put the games on a Redis queue (redis://[:password@]host:port/db) for `tengen worker`s')
    .option('--stderr', 'show the engines’ stderr');
}

export function matchCommand(): Command {
  const command = new Command('match')
    .description('play games between two GTP engines (like gogui-twogtp / cutechess-cli)')
    .option('--black <command>', 'engine that plays black in every game')
    .option('--white <command>', 'engine that plays white in every game')
    .option('--engine <command>', 'engine that plays black in odd games, white in even ones (pairs with colours swapped)')
    .option('--opponent <command>', 'its opponent')
    .option('--engines <file>', 'a tournament file: the four options above then name its engines (needed with --queue)')
    .addOption(new Option('--size <n>', 'board size').argParser(integer(MIN_SIZE, MAX_SIZE)).default(19))
    .addOption(new Option('--komi <k>', "komi (default: the --rules preset's, else 7.5)").argParser(real(-1000, 1000)))
    .addOption(new Option('--rules <name>', 'rules, sent as kgs-rules or kata-set-rules where listed').argParser(rulesName))
    .addOption(new Option('--games <n>', 'number of games; with --sprt the most (default 1, with --sprt 2000)').argParser(integer(1, 1e7)))
    .option('--referee <command>', 'engine that scores games with final_score (default: gnugo --level 0 if installed, else the black engine)')
    .addOption(new Option('--max-moves <n>', 'score a game after this many moves (default 3 × size²)').argParser(integer(1, MAX_MOVES_LIMIT)))
    .addOption(
      new Option('--clock <clock>', 'clock per side: S seconds of sudden death, or MAIN+PERIODSxSECONDS byo-yomi as 300+3x30 or 5m+3x30s (sent as kgs-time_settings byoyomi where listed, else time_settings; time_left before each genmove); a side out of time loses').argParser(clockOption),
    )
    .addOption(new Option('--time <seconds>', 'the same as --clock').argParser(real(0.001)).conflicts('clock').hideHelp())
    .addOption(new Option('--move-timeout <seconds>', 'without a clock, an engine silent this long has hung and loses').argParser(real(0.001)).default(300))
    .option('--sprt <spec>', 'stop on a decision: elo0=0,elo1=10,alpha=0.05,beta=0.05[,model=logistic|normalized]')
    .option('--resume', 'continue the stopped run of the --results file (same options): play only the games it lacks');
  return addRunOptions(command).action(
    reportingFailure('match', async (opts: MatchOptions) => {
      // Ctrl-C or SIGTERM stops the run with whole pairs in the results file (then --resume
      // continues it); a second one quits at once. A queue run keeps the signals' usual effect:
      // its state is in Redis.
      const stop = new AbortController();
      const signals: [NodeJS.Signals, number][] = [['SIGINT', 130], ['SIGTERM', 143]];
      const onSignal = (signal: NodeJS.Signals) => {
        const code = signals.find(([s]) => s === signal)![1];
        if (stop.signal.aborted) process.exit(code);
        process.exitCode = code;
        stop.abort();
      };
      if (opts.queue === undefined) for (const [signal] of signals) process.on(signal, onSignal);
      try {
        const summary = await runMatch({ ...opts, stop: stop.signal });
        if (summary.failed.length > 0) process.exitCode = 1;
      } finally {
        for (const [signal] of signals) process.off(signal, onSignal);
      }
    }),
  );
}
