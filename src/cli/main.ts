#!/usr/bin/env node
// tengen's command line: `tengen` alone is `tengen gtp`.

import { Command } from 'commander';
import { benchCommand } from './bench.js';
import { gtpCommand } from './gtp.js';
import { accuracyCommand, exportPositionsCommand, trainCommand } from './knowledge.js';
import { playCommand } from './play.js';
import { matchCommand } from './match.js';
import { regressCommand } from './regress.js';
import { reviewCommand } from './review.js';
import { tournamentCommand } from './tournament.js';
import { workerCommand } from './worker.js';
import { NAME, VERSION } from './version.js';

const program = new Command(NAME).version(VERSION).description('tengen, a Go engine that speaks GTP');
program.addCommand(gtpCommand(), { isDefault: true });
program.addCommand(regressCommand());
program.addCommand(matchCommand());
program.addCommand(benchCommand());
program.addCommand(playCommand());
program.addCommand(reviewCommand());
program.addCommand(tournamentCommand());
program.addCommand(workerCommand());
program.addCommand(trainCommand());
program.addCommand(accuracyCommand());
program.addCommand(exportPositionsCommand());

await program.parseAsync(process.argv);
