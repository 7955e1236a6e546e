// Sends a batch of GTP commands to a GtpClient in one write. GtpClient.send
// writes each command on its own (one pipe write per command); corking the
// engine's stdin around a batch turns a move's commands into one write, which
// halves the cross-check's system time. If GtpClient's internals change, this
// still works, only unbatched.

import type { Writable } from 'node:stream';
import type { GtpClient, GtpReply } from '../../src/gtp/client.js';

function stdinOf(client: GtpClient): Writable | undefined {
  const child = (client as unknown as { child?: { stdin?: Writable | null } }).child;
  return child?.stdin ?? undefined;
}

/** Sends every command now (pipelined) and resolves with the replies in order. */
export function sendAll(client: GtpClient, commands: string[]): Promise<GtpReply[]> {
  const stdin = stdinOf(client);
  stdin?.cork();
  try {
    return Promise.all(commands.map((command) => client.send(command)));
  } finally {
    stdin?.uncork();
  }
}
