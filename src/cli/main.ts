#!/usr/bin/env node
// tengen's command line: `tengen` alone is `tengen gtp`. Each subcommand's module is imported
// only when it runs (or for the help that lists them all), so `tengen gtp` starts without the
// match runner's queue or the trainer.

import { Command } from 'commander';
import { NAME, VERSION } from './version.js';

const SUBCOMMANDS: Record<string, () => Promise<Command[]>> = {
  gtp: async () => [(await import('./gtp.js')).gtpCommand()],
  regress: async () => [(await import('./regress.js')).regressCommand()],
  match: async () => [(await import('./match.js')).matchCommand()],
  bench: async () => [(await import('./bench.js')).benchCommand()],
  eval: async () => [(await import('./eval.js')).evalCommand()],
  play: async () => [(await import('./play.js')).playCommand()],
  review: async () => [(await import('./review.js')).reviewCommand()],
  tournament: async () => [(await import('./tournament.js')).tournamentCommand()],
  worker: async () => [(await import('./worker.js')).workerCommand()],
  train: async () => [(await import('./knowledge.js')).trainCommand()],
  accuracy: async () => [(await import('./knowledge.js')).accuracyCommand()],
  'export-positions': async () => [(await import('./knowledge.js')).exportPositionsCommand()],
};

const args = process.argv.slice(2);
const named = args[0] !== undefined && !args[0].startsWith('-') ? args[0] : null;
// Commander would hand a mistyped name to the default command as its argument ("too many arguments for 'gtp'").
if (named !== null && !Object.hasOwn(SUBCOMMANDS, named)) {
  process.stderr.write(`error: unknown command '${named}' (tengen --help lists them)\n`);
  process.exit(1);
}
const help = args.some((a) => ['-h', '--help', '-V', '--version'].includes(a));
/** The subcommands this command line needs: the one it names, else all for the help, else gtp (options alone). */
const needed = named !== null ? [named] : help ? Object.keys(SUBCOMMANDS) : ['gtp'];

const program = new Command(NAME).version(VERSION).description('tengen, a Go engine that speaks GTP');
for (const name of needed) {
  for (const command of await SUBCOMMANDS[name]()) program.addCommand(command, { isDefault: name === 'gtp' });
}
await program.parseAsync(process.argv);
