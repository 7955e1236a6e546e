import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { EngineLog } from '../../src/engine/log.js';
import { BaselinePlayer, type MoveRequest } from '../../src/engine/player.js';
import { Session } from '../../src/engine/session.js';
import { GtpServer } from '../../src/gtp/server.js';

// The server warms the player (loads the search, starts its threads) once, right after its
// first reply is written: the controller's first command never waits for the search.

class WarmedPlayer extends BaselinePlayer {
  /** what the output held each time warm() was called */
  readonly warmedAfter: string[] = [];
  constructor(private readonly written: () => string) {
    super(1);
  }
  warm(): void {
    this.warmedAfter.push(this.written());
  }
}

function serve(input: PassThrough) {
  const output = new PassThrough();
  let written = '';
  output.on('data', (chunk: Buffer) => (written += chunk.toString()));
  const player = new WarmedPlayer(() => written);
  const server = new GtpServer({ input, output, session: new Session(), player, name: 'tengen', version: '1', log: new EngineLog(() => {}, 'quiet') });
  return { server, player, written: () => written };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('GtpServer warms the player after its first reply', () => {
  it('once, with the first reply already written, however many commands follow', async () => {
    const input = new PassThrough();
    const { server, player, written } = serve(input);
    input.write('name\nprotocol_version\n');
    for (let k = 0; k < 5; k++) await turn();
    expect(player.warmedAfter.length).toBe(1);
    expect(player.warmedAfter[0].startsWith('= tengen\n\n')).toBe(true);
    input.write('boardsize 9\nversion\n');
    input.end();
    await server.done;
    expect(written()).toBe('= tengen\n\n= 2\n\n= \n\n= 1\n\n');
    expect(player.warmedAfter.length).toBe(1);
  });

  it('not when the first command is quit', async () => {
    const input = new PassThrough();
    const { server, player } = serve(input);
    input.end('quit\n');
    await server.done;
    for (let k = 0; k < 5; k++) await turn();
    expect(player.warmedAfter).toEqual([]);
  });
});

/** Records the time left it was told at each genmove (as time_left told it). */
class ClockWatcher extends BaselinePlayer {
  readonly told: unknown[] = [];
  constructor() {
    super(1);
  }
  genmove(session: Session, request: MoveRequest) {
    this.told.push(session.timeLeft[request.color]);
    return super.genmove(session, request);
  }
}

describe('a new game keeps nothing of the last one\'s clock', () => {
  it('time_left told without time_settings is gone after clear_board and boardsize', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const player = new ClockWatcher();
    const server = new GtpServer({ input, output, session: new Session(), player, name: 'tengen', version: '1', log: new EngineLog(() => {}, 'quiet') });
    const told = 'time_left b 3 0\ngenmove b\n';
    input.end(`boardsize 9\n${told}clear_board\ngenmove b\n${told}boardsize 9\ngenmove b\n`);
    await server.done;
    expect(player.told).toEqual([{ seconds: 3, stones: 0 }, null, { seconds: 3, stones: 0 }, null]);
  });
});

/** Counts the searches it is asked for without a reply waiting: pondering. */
class PonderWatcher extends BaselinePlayer {
  pondered = 0;
  constructor() {
    super(1);
  }
  analyze(session: Session, request: MoveRequest) {
    if (!request.onInfo) this.pondered++;
    return super.analyze(session, request);
  }
}

describe('--ponder', () => {
  it.each(['genmove b', 'kgs-genmove_cleanup b', 'genmove_analyze b 50', 'kata-genmove_analyze b 50', 'cgos-genmove_analyze b'])('ponders after %s (and not after play)', async (command) => {
    const input = new PassThrough();
    const output = new PassThrough();
    const player = new PonderWatcher();
    const server = new GtpServer({ input, output, session: new Session(), player, name: 'tengen', version: '1', log: new EngineLog(() => {}, 'quiet'), ponder: true });
    input.write('boardsize 9\nplay w e5\n');
    for (let k = 0; k < 10; k++) await turn();
    expect(player.pondered).toBe(0);
    input.write(`${command}\n`);
    for (let k = 0; k < 200 && player.pondered === 0; k++) await new Promise((resolve) => setTimeout(resolve, 5));
    input.end('quit\n');
    await server.done;
    expect(player.pondered).toBe(1);
  });
});
