// The one command table: every GTP command tengen answers, name → handler.
// list_commands and known_command read it, so they cannot disagree with it.

import { ANALYSIS_COMMANDS } from './analysis.js';
import type { CommandSpec } from './command.js';
import { CORE_COMMANDS } from './commands.js';
import { EXTENSION_COMMANDS } from './extensions.js';

export const COMMANDS: Readonly<Record<string, CommandSpec>> = { ...CORE_COMMANDS, ...ANALYSIS_COMMANDS, ...EXTENSION_COMMANDS };

export const COMMAND_NAMES: readonly string[] = Object.keys(COMMANDS);
