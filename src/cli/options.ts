// Command-line options shared by the subcommands that set up a game and a player.

import { Command, InvalidArgumentError, Option } from 'commander';
import { rulesByName, RULES_NAMES, type Rules } from '../game/rules.js';
import { MAX_SIZE, MIN_SIZE } from '../game/vertex.js';

export function integer(min: number, max: number) {
  return (text: string): number => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min || value > max) throw new InvalidArgumentError(`expected an integer from ${min} to ${max}`);
    return value;
  };
}

export function real(min: number, max = Infinity) {
  return (text: string): number => {
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value) || value < min || value > max) throw new InvalidArgumentError(`expected a number from ${min}${max < Infinity ? ` to ${max}` : ''}`);
    return value;
  };
}

export function rulesOption(text: string): Rules {
  const rules = rulesByName(text);
  if (!rules) throw new InvalidArgumentError(`expected one of ${RULES_NAMES.join(', ')}`);
  return rules;
}

export interface GameOptions {
  size: number;
  komi?: number;
  rules: Rules;
  seed?: number;
  verbose?: boolean;
}

export function addGameOptions(command: Command, defaultSize = 19): Command {
  return command
    .addOption(new Option('--size <n>', 'board size').argParser(integer(MIN_SIZE, MAX_SIZE)).default(defaultSize))
    .addOption(new Option('--komi <k>', "komi (default: the rules' komi)").argParser(real(-1000, 1000)))
    .addOption(new Option('--rules <name>', `rules: ${RULES_NAMES.join(', ')}`).argParser(rulesOption).default(rulesByName('chinese'), 'chinese'))
    .addOption(new Option('--seed <n>', 'random seed').argParser(integer(0, 2 ** 31 - 1)))
    .option('--verbose', 'log to stderr');
}
