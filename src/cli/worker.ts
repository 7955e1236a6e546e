// `tengen worker`: options → src/tournament/queue.ts. Runs until stopped
// (SIGINT or SIGTERM: games in flight are given up, the queue hands them on).

import { Command, Option } from 'commander';
import { readTournamentFile } from '../tournament/file.js';
import { startWorker } from '../tournament/queue.js';
import { integer, real } from './options.js';

interface WorkerCliOptions {
  queue: string;
  engines: string;
  concurrency: number;
  referee?: string;
  stallTimeout: number;
  stderr?: boolean;
}

export function workerCommand(): Command {
  return new Command('worker')
    .description('play games from a Redis queue with the engines of a local tournament file')
    .requiredOption('--queue <url>', 'the queue: redis://[:password@]host:port/db (rediss:// for TLS)')
    .requiredOption('--engines <file>', 'tournament file whose engines this worker may run (jobs name engines; commands come only from here)')
    .addOption(new Option('--concurrency <n>', 'games at once').argParser(integer(1, 256)).default(1))
    .option('--referee <command>', 'engine that scores games (default: the file’s referee, else GNU Go --level 0 counting by each run’s rules)')
    .addOption(new Option('--stall-timeout <seconds>', 'a dead worker’s game goes to another worker after about twice this').argParser(real(1)).default(30))
    .option('--stderr', 'show the engines’ stderr')
    .action(async (opts: WorkerCliOptions) => {
      try {
        const file = readTournamentFile(opts.engines);
        const log = (line: string) => console.error(line);
        const worker = await startWorker({
          url: opts.queue,
          engines: file.engines,
          concurrency: opts.concurrency,
          referee: opts.referee ?? file.referee,
          stallSeconds: opts.stallTimeout,
          log,
          stderr: opts.stderr,
        });
        const stop = () => {
          log('worker: stopping');
          void worker.close(true).then(() => process.exit(0));
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      } catch (error) {
        console.error(`worker: ${(error as Error).message}`);
        process.exitCode = 2;
      }
    });
}
