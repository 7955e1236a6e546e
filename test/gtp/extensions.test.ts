// The extensions GoGui, KGS, CGOS and gtp2ogs send, against the real search.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { GtpClient } from '../../src/gtp/client.js';

const MAIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const engine = (args = '') => `"${process.execPath}" "${MAIN}" gtp --threads 1 ${args}`;

let clients: GtpClient[] = [];
afterEach(async () => {
  await Promise.all(clients.map((c) => c.close()));
  clients = [];
});

function start(args = ''): GtpClient {
  const client = new GtpClient(engine(args));
  clients.push(client);
  return client;
}

// GoGui's analyze command types (doc/manual/xml/analyze.xml).
const GOGUI_TYPES = ['bwboard', 'cboard', 'dboard', 'eplist', 'gfx', 'hstring', 'hpstring', 'none', 'param', 'plist', 'pspairs', 'pstring', 'sboard', 'string', 'var', 'varb', 'varc', 'varp', 'varpo', 'varw'];

describe('GoGui', () => {
  it('lists analyze commands as type/label/command lines that the engine knows', async () => {
    const gtp = start();
    const { ok, text } = await gtp.send('gogui-analyze_commands');
    expect(ok).toBe(true);
    const lines = text.split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    const types = new Set<string>();
    for (const line of lines) {
      const [type, label, command] = line.split('/');
      expect(GOGUI_TYPES).toContain(type);
      expect(label.length).toBeGreaterThan(0);
      types.add(type);
      expect((await gtp.send(`known_command ${command.split(' ')[0]}`)).text).toBe('true');
    }
    expect(types).toEqual(new Set(['gfx', 'plist', 'string']));
    expect((await gtp.send('known_command gogui-interrupt')).text).toBe('true');
    expect((await gtp.send('gogui-title')).text).toMatch(/^tengen \d+\.\d+\.\d+ - 19x19, chinese, komi 7\.5$/); // ASCII: GoGui may not read UTF-8
  });

  it('draws ownership as INFLUENCE, best moves as LABEL and the pv as VAR', async () => {
    const gtp = start();
    await gtp.send('boardsize 9');
    await gtp.send('play b e5');
    const influence = (await gtp.send('tengen-ownership')).text.split(' ');
    expect(influence[0]).toBe('INFLUENCE');
    expect(influence.length).toBe(1 + 2 * 81);
    for (let i = 1; i < influence.length; i += 2) {
      expect(influence[i]).toMatch(/^[A-HJ][1-9]$/);
      expect(Math.abs(Number(influence[i + 1]))).toBeLessThanOrEqual(1);
    }
    expect((await gtp.send('tengen-best_moves')).text).toMatch(/^LABEL( [A-HJ][1-9] \d+%)+$/);
    const variation = (await gtp.send('tengen-pv')).text;
    expect(variation).toMatch(/^VAR w [A-HJ][1-9]( b [A-HJ][1-9] w [A-HJ][1-9])*( b [A-HJ][1-9])?$/);
  });
});

describe('KGS and CGOS', () => {
  it('accepts the game-information commands and answers chat with its estimate', async () => {
    const gtp = start('--time 0.3');
    for (const line of ['cgos-opponent_name GnuGo', 'cgos-opponent_rating 1800?', 'boardsize 9', 'kgs-time_settings byoyomi 10 5 3', 'time_left b 10 0']) {
      expect((await gtp.send(line)).ok).toBe(true);
    }
    expect((await gtp.send('genmove b')).text).toMatch(/^[A-HJ][1-9]$/);
    expect((await gtp.send('kgs-chat game someone what is your winrate?')).text).toMatch(/^\d+ playouts, win rate \d+\.\d% for B, score (?:[BW]\+\d+\.\d|0), pv [A-HJ][1-9]/);
    expect((await gtp.send('kgs-chat private someone who is winning')).text).toMatch(/^\d+ playouts, win rate \d+\.\d% for B/);
    expect((await gtp.send('kgs-chat private someone hello')).text).toMatch(/Ask me "winrate"/);
    // the rest of a game's chat gets no answer (a failure, which kgsGtp does not post)
    for (const line of ['kgs-chat game someone hello', 'kgs-chat game someone nice window', 'kgs-chat private someone gg']) {
      expect((await gtp.send(line)).ok, line).toBe(false);
    }
    expect((await gtp.send('kgs-chat game')).ok).toBe(false);
    expect((await gtp.send('cgos-gameover B+Resign')).ok).toBe(true);
    expect((await gtp.send('kgs-game_over')).ok).toBe(true);
  });

  it('answers cgos-genmove_analyze with one JSON line for the search, then `play <vertex>`', async () => {
    const gtp = start('--time 0.3');
    expect((await gtp.send('boardsize 9')).ok).toBe(true);
    const reply = await gtp.send('cgos-genmove_analyze w');
    const [json, play] = reply.text.split('\n');
    expect(play).toMatch(/^play [A-HJ][1-9]$/);
    const analysis = JSON.parse(json);
    expect(analysis.ownership).toMatch(/^[A-Za-z0-9+/]{81}$/);
    expect(analysis.visits).toBeGreaterThan(0);
    expect(analysis.winrate).toBeGreaterThanOrEqual(0);
    expect(analysis.winrate).toBeLessThanOrEqual(1);
    // the chosen move is among the moves listed, and the move was played for White
    expect(analysis.moves.map((m: { move: string }) => m.move)).toContain(play.slice(5));
    expect((await gtp.send('list_stones white')).text).toBe(play.slice(5));
    expect((await gtp.send('cgos-genmove_analyze purple')).ok).toBe(false);
    expect((await gtp.send('list_stones black')).text).toBe('');
  });
});

describe('options', () => {
  it('--ponder keeps searching after its move and still answers the next command at once', async () => {
    const gtp = start('--ponder --time 0.3');
    await gtp.send('boardsize 9');
    const first = (await gtp.send('genmove b')).text;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const asked = Date.now();
    expect((await gtp.send('name')).text).toBe('tengen');
    expect(Date.now() - asked).toBeLessThan(1000);
    expect((await gtp.send(`play w ${first === 'C3' ? 'G7' : 'C3'}`)).ok).toBe(true);
    expect((await gtp.send('genmove b')).text).toMatch(/^[A-HJ][1-9]$/);
  });

  it('--chat writes MALKOVICH lines on stderr and keeps stdout pure protocol', async () => {
    const child = spawn(process.execPath, [MAIN, 'gtp', '--threads', '1', '--time', '0.3', '--chat'], { stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.end('boardsize 9\ngenmove b\nquit\n');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(stderr).toMatch(/^MALKOVICH: \d+ playouts, win rate \d+\.\d% for B, score (?:[BW]\+\d+\.\d|0), pv [A-HJ][1-9]/m);
    expect(stdout).toMatch(/^= \n\n= [A-HJ][1-9]\n\n= \n\n$/);
  });
});
