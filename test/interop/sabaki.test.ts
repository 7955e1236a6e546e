// tengen driven by @sabaki/gtp, the engine controller library Sabaki itself
// uses, exactly as Sabaki and Lizzie drive engines.

import { afterEach, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { Controller, ControllerStateTracker, Command } = require('@sabaki/gtp');

const MAIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

interface Reply {
  id: number | null;
  content: string;
  error: boolean;
}

interface Analysis {
  move: string;
  visits: number;
  winrate: number;
  pv: string[];
}

/** Sabaki's analysis parser (src/modules/analysis.js): split on `info`, `pv` last, PV cut at pass. */
function parseAnalysisLine(line: string, floats: boolean): Analysis[] {
  return line
    .split(/\s*info\s+/)
    .slice(1)
    .map((segment) => {
      const pvAt = segment.indexOf(' pv ');
      expect(pvAt).toBeGreaterThan(0);
      const keys = segment.slice(0, pvAt).trim().split(/\s+/);
      const fields: Record<string, string> = {};
      for (let i = 0; i + 1 < keys.length; i += 2) fields[keys[i]] = keys[i + 1];
      const pv = segment.slice(pvAt + 4).trim().split(/\s+/);
      const cut = pv.indexOf('pass');
      const winrate = Number(fields.winrate);
      return {
        move: fields.move,
        visits: Number(fields.visits),
        winrate: floats ? winrate : winrate / 10000,
        pv: cut >= 0 ? pv.slice(0, cut) : pv,
      };
    })
    .filter((a) => a.move !== 'pass');
}

/** Waits until the condition holds (the stream has produced lines); worker start-up time varies with load. */
async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for analysis output');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Sends an analysis command, waits for `count` info lines, interrupts the stream with `stop`
 * (as Sabaki and Lizzie do with their next command) and returns the stream's and stop's replies.
 */
async function analyse(controller: ReturnType<typeof start>, command: string, count: number, stop: string): Promise<{ lines: string[]; response: Reply; stopped: Reply }> {
  const lines: string[] = [];
  const analysis = controller.sendCommand(Command.fromString(command), ({ line }: { line: string }) => {
    if (line.startsWith('info')) lines.push(line);
  });
  await until(() => lines.length >= count);
  const stopped: Reply = await controller.sendCommand(Command.fromString(stop));
  return { lines, response: await analysis, stopped };
}

let controllers: { stop: (t?: number) => Promise<void>; process: { exitCode: number | null } | null }[] = [];

function start(args: string[] = []) {
  const controller = new Controller(process.execPath, [MAIN, 'gtp', '--threads', '1', ...args]);
  controller.start();
  controllers.push(controller);
  return controller;
}

afterEach(async () => {
  await Promise.all(controllers.map((c) => c.stop(3000)));
  controllers = [];
});

describe('Sabaki through @sabaki/gtp', () => {
  it('answers the pipelined start-up commands in order', async () => {
    const controller = start();
    const replies: Reply[] = await Promise.all(
      ['name', 'version', 'protocol_version', 'list_commands'].map((name) => controller.sendCommand({ name })),
    );
    expect(replies.map((r) => r.error)).toEqual([false, false, false, false]);
    expect(replies[0].content).toBe('tengen');
    expect(replies[2].content).toBe('2');
    const commands = replies[3].content.split('\n');
    for (const name of ['analyze', 'genmove_analyze', 'kata-analyze', 'undo', 'set_free_handicap', 'komi', 'boardsize']) {
      expect(commands).toContain(name);
    }
  });

  it('syncs komi before boardsize and the history through undo/play and set_free_handicap', async () => {
    const controller = start();
    const tracker = new ControllerStateTracker(controller);
    const sent: string[] = [];
    controller.on('command-sent', ({ command }: { command: { name: string } }) => sent.push(command.name));
    const play = (color: string, vertex: string) => Command.fromString(`play ${color} ${vertex}`);
    const history = [Command.fromString('set_free_handicap D4 F6'), play('W', 'C3'), play('B', 'E5'), play('W', 'D5')];
    await tracker.sync({ komi: 0.5, boardsize: [9, 9], history });
    expect(sent.indexOf('komi')).toBeLessThan(sent.indexOf('boardsize'));
    const stones = async (color: string) => (await controller.sendCommand({ name: 'list_stones', args: [color] })).content.split(' ').sort();
    expect(await stones('black')).toEqual(['D4', 'E5', 'F6']);
    expect(await stones('white')).toEqual(['C3', 'D5']);
    // A different last move: Sabaki takes it back with undo and plays the new one.
    await tracker.sync({ komi: 0.5, boardsize: [9, 9], history: [...history.slice(0, 3), play('W', 'G7')] });
    expect(sent).toContain('undo');
    expect(await stones('white')).toEqual(['C3', 'G7']);
    // Without undo Sabaki clears and replays; the result must be the same.
    for (const line of ['clear_board', 'set_free_handicap D4 F6', 'play W C3', 'play B E5', 'play W G7']) {
      expect((await controller.sendCommand(Command.fromString(line))).error).toBe(false);
    }
    expect(await stones('black')).toEqual(['D4', 'E5', 'F6']);
    expect((await controller.sendCommand(Command.fromString('komi'))).error).toBe(true);
    expect((await controller.sendCommand(Command.fromString('final_score'))).content).toMatch(/^(B|W)\+\d+(\.5)?$/);
  });

  it('streams `analyze B 50` in Sabaki format and stops on protocol_version', async () => {
    const controller = start();
    await controller.sendCommand(Command.fromString('boardsize 9'));
    await controller.sendCommand(Command.fromString('play B E5'));
    const { lines, response, stopped } = await analyse(controller, 'analyze B 50', 2, 'protocol_version');
    expect(response.error).toBe(false);
    expect(stopped.content).toBe('2');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const parsed = parseAnalysisLine(lines[lines.length - 1], false);
    expect(parsed.length).toBeGreaterThan(0);
    for (const a of parsed) {
      expect(a.move).toMatch(/^[A-HJ-T]\d+$/);
      expect(a.winrate).toBeGreaterThanOrEqual(0);
      expect(a.winrate).toBeLessThanOrEqual(1);
      expect(a.pv[0]).toBe(a.move);
    }
    // Integers for `analyze`: Sabaki reads them as ten-thousandths.
    expect(lines[lines.length - 1]).toMatch(/winrate \d+ /);
  });

  it('streams `kata-analyze B 50 ownership true` with floats and W×H ownership values', async () => {
    const controller = start();
    await controller.sendCommand(Command.fromString('boardsize 9'));
    const { lines } = await analyse(controller, 'kata-analyze B 50 ownership true', 1, 'protocol_version');
    const last = lines[lines.length - 1];
    expect(last).toMatch(/winrate 0\.\d+|winrate 1\.0+/);
    const ownership = last.split(' ownership ')[1].trim().split(' ').map(Number);
    expect(ownership).toHaveLength(81);
    for (const v of ownership) expect(Math.abs(v)).toBeLessThanOrEqual(1);
    expect(parseAnalysisLine(last.split(' ownership ')[0], true).length).toBeGreaterThan(0);
  });

  it('plays with genmove_analyze: `=`, info lines, then `play <vertex>`', async () => {
    const controller = start(['--time', '0.5']);
    await controller.sendCommand(Command.fromString('boardsize 9'));
    const response: Reply = await controller.sendCommand(Command.fromString('genmove_analyze B 20'));
    const last = response.content.trim().split('\n').pop()!;
    expect(last).toMatch(/^play ([A-HJ-J]\d|pass|resign)$/);
    expect((await controller.sendCommand(Command.fromString('list_stones black'))).content).toBe(last.slice(5));
  });

  it('ends genmove_analyze with the whole search as the line before `play`, even a search shorter than the interval', async () => {
    const controller = start(['--time', '0.3']);
    await controller.sendCommand(Command.fromString('boardsize 9'));
    // CGOS's client sends no interval (1 s by default) and uploads the last info line before the move
    const response: Reply = await controller.sendCommand(Command.fromString('kata-genmove_analyze B'));
    const [info, play] = response.content.trim().split('\n').slice(-2);
    expect(play).toMatch(/^play [A-HJ]\d$/);
    expect(info).toMatch(/^info move [A-HJ]\d visits \d+ /);
    expect(parseAnalysisLine(info, true).map((m) => m.move)).toContain(play.slice(5));
  });

  it('quits with the process gone within 3 s', async () => {
    const controller = start();
    await controller.sendCommand(Command.fromString('boardsize 19'));
    const child = controller.process as import('node:child_process').ChildProcess;
    const exited = new Promise<number>((resolve) => child.once('exit', () => resolve(Date.now())));
    const analysis = controller.sendCommand(Command.fromString('kata-analyze B 50'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const asked = Date.now();
    await controller.sendCommand(Command.fromString('quit'));
    await analysis;
    expect((await exited) - asked).toBeLessThan(3000);
  });
});

describe('Lizzie', () => {
  it('analyses with `lz-analyze 50` (no colour), stops on `name`, and moves with lz-genmove_analyze', async () => {
    const controller = start(['--time', '0.5']);
    await controller.sendCommand(Command.fromString('boardsize 9'));
    const { lines, stopped } = await analyse(controller, 'lz-analyze 50', 1, 'name');
    expect(stopped.content).toBe('tengen');
    expect(parseAnalysisLine(lines[lines.length - 1], false).length).toBeGreaterThan(0);
    const move: Reply = await controller.sendCommand(Command.fromString('lz-genmove_analyze b 50'));
    expect(move.content.trim().split('\n').pop()).toMatch(/^play ([A-HJ]\d|pass|resign)$/);
  });

  it('lists untried moves up to `minmoves` and each pv\'s visits with `pvVisits true`', async () => {
    const controller = start(['--time', '0.5']);
    await controller.sendCommand(Command.fromString('boardsize 9'));
    await controller.sendCommand(Command.fromString('play B E5'));
    // the search's own lines, not the first look's while the workers start: final_score needs them up
    await controller.sendCommand(Command.fromString('final_score'));
    const { lines } = await analyse(controller, 'lz-analyze W 20 minmoves 75 pvVisits true', 2, 'name');
    const segments = lines[lines.length - 1].split(/\s*info\s+/).slice(1);
    expect(segments.length).toBe(75);
    const visits = segments.map((segment) => Number(/visits (\d+)/.exec(segment)![1]));
    const winrates = segments.map((segment) => Number(/winrate (\d+)/.exec(segment)![1]));
    expect(visits[0]).toBeGreaterThan(0);
    expect(visits[74]).toBe(0);
    for (let k = 1; k < 75; k++) expect(visits[k]).toBeLessThanOrEqual(visits[k - 1]);
    // an untried move is worth the position, not more than the best tried one
    const bestTried = Math.max(...winrates.filter((_, k) => visits[k] > 0));
    for (const [k, winrate] of winrates.entries()) if (visits[k] === 0) expect(winrate).toBeLessThanOrEqual(bestTried);
    for (const [k, segment] of segments.entries()) {
      const [, pv, pvVisits] = /pv (.*) pvVisits (.*)$/.exec(segment.trim())!;
      const counts = pvVisits.split(' ').map(Number);
      expect(counts.length).toBe(pv.split(' ').length);
      expect(counts[0]).toBe(visits[k]);
      // (read while the search runs: the workers may be publishing, so no order is asserted)
      for (const n of counts) expect(Number.isInteger(n) && n >= 0).toBe(true);
    }
    // the line a genmove_analyze ends with comes after the search: each reply fewer visits
    const reply: Reply = await controller.sendCommand(Command.fromString('lz-genmove_analyze W 20 pvVisits true'));
    const final = reply.content.trim().split('\n').slice(-2)[0];
    for (const segment of final.split(/\s*info\s+/).slice(1)) {
      const counts = /pvVisits (.*)$/.exec(segment.trim())![1].split(' ').map(Number);
      for (let j = 1; j < counts.length; j++) expect(counts[j]).toBeLessThan(counts[j - 1]);
    }
  });

  it('keeps the first move within `allow` and away from `avoid`, and refuses malformed clauses', async () => {
    const controller = start(['--time', '0.5']);
    await controller.sendCommand(Command.fromString('boardsize 9'));
    await controller.sendCommand(Command.fromString('play B E5'));
    const avoided = ['D4', 'D5', 'D6', 'E4', 'E6', 'F4', 'F5', 'F6'];
    // the clause for black restricts black's replies, which this engine leaves alone
    const { lines } = await analyse(controller, `kata-analyze W 20 avoid W ${avoided.join(',')} 1 avoid B C3 1`, 2, 'name');
    const moves = lines.flatMap((line) => parseAnalysisLine(line, true).map((a) => a.move));
    expect(moves.length).toBeGreaterThan(0);
    for (const move of moves) expect(avoided).not.toContain(move);

    const played: Reply = await controller.sendCommand(Command.fromString('lz-genmove_analyze W 20 allow W C7,G3 1'));
    expect(['play C7', 'play G3']).toContain(played.content.trim().split('\n').pop());
    for (const bad of ['avoid W D4', 'avoid W D4 0', 'avoid X D4 1', 'avoid W Z9 1', 'allow W D4,,E5 1']) {
      expect((await controller.sendCommand(Command.fromString(`lz-analyze W 20 ${bad}`))).error).toBe(true);
    }
    expect((await controller.sendCommand(Command.fromString('list_stones white'))).content).toBe(
      played.content.trim().split('\n').pop()!.slice(5),
    );
  });
});
