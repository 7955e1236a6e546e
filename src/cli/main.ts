#!/usr/bin/env node
// tengen's command line: `tengen` alone is `tengen gtp`.

import { Command } from 'commander';
import { gtpCommand } from './gtp.js';
import { NAME, VERSION } from './version.js';

const program = new Command(NAME).version(VERSION).description('tengen, a Go engine that speaks GTP');
program.addCommand(gtpCommand(), { isDefault: true });

await program.parseAsync(process.argv);
