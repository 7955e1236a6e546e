// `tengen gtp`: the GTP engine on stdin/stdout.

import { Command } from 'commander';
import { BaselinePlayer, type Player } from '../engine/player.js';
import { Session } from '../engine/session.js';
import { GtpServer } from '../gtp/server.js';
import { addGameOptions, type GameOptions } from './options.js';
import { NAME, VERSION } from './version.js';

export function gtpCommand(): Command {
  const command = new Command('gtp').description('run the GTP engine on stdin/stdout (the default)');
  addGameOptions(command).action(async (options: GameOptions) => {
    await runGtp(options, new BaselinePlayer(options.seed));
  });
  return command;
}

export async function runGtp(options: GameOptions, player: Player): Promise<void> {
  const log = (message: string) => {
    if (options.verbose) process.stderr.write(message + '\n');
  };
  const session = new Session({ size: options.size, komi: options.komi, rules: options.rules });
  const server = new GtpServer({ input: process.stdin, output: process.stdout, session, player, name: NAME, version: VERSION, log });
  await server.done;
  await player.close();
  process.stdin.pause();
  // Exit once everything written has been flushed; no worker or timer may keep us alive.
  process.stdout.write('', () => process.exit(0));
}
