// `tengen tournament FILE` and `tengen tournament --report results.jsonl`:
// options → src/tournament/tournament.ts.

import { Command } from 'commander';
import { reportResults, runTournament, type TournamentOptions } from '../tournament/tournament.js';
import { addRunOptions } from './match.js';
import { reportingFailure } from './options.js';

export function tournamentCommand(): Command {
  const command = new Command('tournament')
    .description('a round robin or gauntlet of the engines in a tournament file, with a ratings table')
    .argument('[file]', 'tournament file (JSON: engines, format, games, size, komi, rules, clock, …)')
    .option('--report <results>', 'print the table of a results file instead of playing');
  return addRunOptions(command).action(
    reportingFailure('tournament', async (file: string | undefined, opts: TournamentOptions & { report?: string }) => {
      if (opts.report !== undefined) {
        for (const line of reportResults(opts.report)) console.log(line);
        return;
      }
      if (file === undefined) throw new Error('give a tournament file, or --report RESULTS');
      const outcome = await runTournament(file, opts);
      if (outcome.failed.length > 0) process.exitCode = 1;
    }),
  );
}
