// Command-line options shared by the subcommands that set up a game and a player.

import { existsSync } from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import { defaultNetworkPath } from '../network/file.js';
import { isRulesName, rulesByName, RULES_NAMES, type Rules } from '../game/rules.js';
import { parseClock, type TimeSettings } from '../game/clock.js';
import { MAX_SIZE, MIN_SIZE } from '../game/vertex.js';
import { DEFAULT_MAX_TREE_MB, DEFAULT_RESIGN_THRESHOLD } from '../search/types.js';

/** A decimal integer in [min, max] (not blank, which Number reads as 0, nor hexadecimal). */
export function integer(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (text: string): number => {
    const value = Number(text);
    if (!/^\s*[+-]?\d+\s*$/.test(text) || value < min || value > max) {
      throw new InvalidArgumentError(max < Number.MAX_SAFE_INTEGER ? `expected an integer from ${min} to ${max}` : `expected an integer ≥ ${min}`);
    }
    return value;
  };
}

/** A decimal number in [min, max] (not blank, nor hexadecimal or binary, which Number reads too). */
export function real(min: number, max = Infinity) {
  return (text: string): number => {
    const value = Number(text);
    if (!/^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(text) || !Number.isFinite(value) || value < min || value > max) throw new InvalidArgumentError(`expected a number from ${min}${max < Infinity ? ` to ${max}` : ''}`);
    return value;
  };
}

/** A subcommand's action whose failure is one line `name: message` on stderr and exit code 2, not a stack trace. */
export function reportingFailure<A extends unknown[]>(name: string, action: (...args: A) => unknown): (...args: A) => Promise<void> {
  return async (...args) => {
    try {
      await action(...args);
    } catch (error) {
      console.error(`${name}: ${(error as Error).message}`);
      process.exitCode = 2;
    }
  };
}

/** A rules name to send to other engines (kgs-rules, kata-set-rules), as tournament files have it. */
export function rulesName(text: string): string {
  if (!isRulesName(text)) throw new InvalidArgumentError('expected a rules name (letters, digits, _ and -)');
  return text;
}

/** `--clock`: `20m+3x30s`, `300+3x30`, `60` (seconds of sudden death) or `none`, as parseClock reads it. */
export function clockOption(text: string): TimeSettings {
  try {
    return parseClock(text);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

export function rulesOption(text: string): Rules {
  const rules = rulesByName(text);
  if (!rules) throw new InvalidArgumentError(`expected one of ${RULES_NAMES.join(', ')}`);
  return rules;
}

/** `--param name=value`: the texts, accumulated; checkParams reads them before the action. */
function collect(text: string, previous: string[]): string[] {
  return [...previous, text];
}

/**
 * Reads each --param as [name, value], refusing a text that is not `name=number`, a name the
 * search does not have or a value out of its range, as commander refuses an invalid option
 * value. A hook rather than the option's parser, so that the search's modules are loaded only
 * when a --param is given (`tengen gtp` answers its first command without them).
 */
async function checkParams(command: Command): Promise<void> {
  const texts = (command.opts() as { param?: string[] }).param ?? [];
  if (texts.length === 0) return;
  const { checkParam, parseParam } = await import('../search/params.js');
  const params: [string, number][] = [];
  for (const text of texts) {
    try {
      const param = parseParam(text);
      checkParam(param);
      params.push(param);
    } catch (error) {
      command.error(`error: option '--param <name=value>' argument '${text}' is invalid. ${(error as Error).message}`, { code: 'commander.invalidArgument' });
    }
  }
  command.setOptionValue('param', params);
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
    .option('--verbose', 'more detail on stderr');
}

export interface PlayerCliOptions {
  level: number;
  threads?: number;
  playouts?: number;
  time?: number;
  resignThreshold: number;
  maxTreeMb: number;
  param: [string, number][];
  network: string;
}

/** The search options every subcommand that plays shares. */
export function addPlayerOptions(command: Command, defaultLevel = 10): Command {
  return command
    .addOption(new Option('--level <n>', 'strength: 1 (a few hundred playouts) .. 10 (full); 0 = random baseline').argParser(integer(0, 10)).default(defaultLevel))
    .addOption(new Option('--threads <n>', 'search threads (default: the machine\'s cores)').argParser(integer(1, 256)))
    .addOption(new Option('--playouts <n>', 'fixed playouts per move').argParser(integer(1, 100_000_000)))
    .addOption(new Option('--time <s>', 'fixed seconds per move').argParser(real(0.01)))
    .addOption(new Option('--resign-threshold <p>', 'resign below this win rate (0 = never)').argParser(real(0, 1)).default(DEFAULT_RESIGN_THRESHOLD))
    .addOption(new Option('--max-tree-mb <n>', 'memory bound of the search tree').argParser(integer(16, 65536)).default(DEFAULT_MAX_TREE_MB))
    .addOption(networkOption())
    .addOption(new Option('--param <name=value>', 'override a search parameter, for tuning (repeatable; e.g. priors.even=20)').argParser(collect).default([]))
    .hook('preAction', checkParams);
}

export function playerOptions(options: PlayerCliOptions & { seed?: number }) {
  return {
    level: options.level,
    threads: options.threads,
    playouts: options.playouts,
    timeSec: options.time,
    resignThreshold: options.resignThreshold,
    maxTreeMb: options.maxTreeMb,
    seed: options.seed,
    params: options.param,
    network: networkFile(options.network),
  };
}

/** --network: the file, or none; the one that ships by default. */
export function networkOption(): Option {
  return new Option('--network <file>', "the network (.onnx) that rates the root's moves on 19×19, or none").argParser(existingNetwork).default(shippedNetwork(), 'the one that ships');
}

/** The player's network from --network's value (null: none). */
export function networkFile(option: string): string | null {
  return option === 'none' ? null : option;
}

/** The shipped network's path, or none when the installation has none. */
function shippedNetwork(): string {
  const path = defaultNetworkPath();
  return existsSync(path) ? path : 'none';
}

function existingNetwork(text: string): string {
  if (text !== 'none' && !existsSync(text)) throw new InvalidArgumentError(`no such file: ${text}`);
  return text;
}
