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

/** The subcommands this command line needs: the one it names, gtp for options alone, else all (help, an unknown name). */
function needed(args: string[]): string[] {
  const first = args.find((a) => !a.startsWith('-'));
  if (first !== undefined) return first in SUBCOMMANDS ? [first] : Object.keys(SUBCOMMANDS);
  const help = args.some((a) => ['-h', '--help', '-V', '--version'].includes(a));
  return help ? Object.keys(SUBCOMMANDS) : ['gtp'];
}

// Commander would hand a mistyped name to the default command as its argument ("too many arguments for 'gtp'").
const first = process.argv[2];
if (first !== undefined && !first.startsWith('-') && !Object.hasOwn(SUBCOMMANDS, first)) {
  process.stderr.write(`error: unknown command '${first}' (tengen --help lists them)\n`);
  process.exit(1);
}

const program = new Command(NAME).version(VERSION).description('tengen, a Go engine that speaks GTP');
for (const name of needed(process.argv.slice(2))) {
  for (const command of await SUBCOMMANDS[name]()) program.addCommand(command, { isDefault: name === 'gtp' });
}
await program.parseAsync(process.argv);
