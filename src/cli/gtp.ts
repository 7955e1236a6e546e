// `tengen gtp`: the GTP engine on stdin/stdout.

import { Command, Option } from 'commander';
import { EngineLog } from '../engine/log.js';
import { DeferredPlayer, type Player } from '../engine/player.js';
import { Session } from '../engine/session.js';
import { GtpServer } from '../gtp/server.js';
import { addGameOptions, addPlayerOptions, playerOptions, type GameOptions, type PlayerCliOptions } from './options.js';
import { NAME, VERSION } from './version.js';

interface GtpOptions extends GameOptions, PlayerCliOptions {
  ponder?: boolean;
  chat?: boolean;
  quiet?: boolean;
  logJson?: boolean;
  overrideVersion?: string;
}

export function gtpCommand(): Command {
  const command = new Command('gtp').description('run the GTP engine on stdin/stdout (the default)');
  addPlayerOptions(addGameOptions(command))
    .option('--ponder', "keep searching on the opponent's time")
    .option('--chat', 'write gtp2ogs chat lines (DISCUSSION:/MALKOVICH:) to stderr')
    .addOption(new Option('--quiet', 'no engine log on stderr (--verbose: more of it)').conflicts('verbose'))
    .addOption(new Option('--log-json', 'the engine log as one JSON object a line (each generated move with its search), for scripts').conflicts(['quiet', 'verbose']))
    .option('--override-version <string>', 'answer `version` with this (Lizzie wants a Leela Zero version: 0.17)')
    .action(async (options: GtpOptions) => {
      // the search is loaded after the first reply (GtpServer warms the player) or when first asked for
      const player = new DeferredPlayer(async () => (await import('../engine/search-player.js')).createPlayer(playerOptions(options)));
      await runGtp(options, player);
    });
  return command;
}

export async function runGtp(options: GtpOptions, player: Player): Promise<void> {
  const level = options.quiet ? 'quiet' : options.verbose ? 'verbose' : 'normal';
  const log = new EngineLog((text) => process.stderr.write(text + '\n'), level, options.logJson ? 'json' : 'text');
  // A controller that goes away mid-reply must not crash us with EPIPE.
  process.stdout.on('error', () => process.exit(0));
  const session = new Session({ size: options.size, komi: options.komi, rules: options.rules });
  const server = new GtpServer({
    input: process.stdin,
    output: process.stdout,
    session,
    player,
    name: NAME,
    version: VERSION,
    reportedVersion: options.overrideVersion,
    log,
    ponder: options.ponder,
    chat: options.chat,
  });
  await server.done;
  await player.close();
  process.stdin.pause();
  // Exit once everything written has been flushed; no worker or timer may keep us alive.
  process.stdout.write('', () => process.exit(0));
}
