// `tengen play`, driven as a person would drive it.
//
// How input reaches the game: `tengen play` reads lines with node:readline,
// which takes a piped stdin as well as a terminal. (readline-sync would not do:
// it opens /dev/tty and never reads a piped stdin, and it blocks the event
// loop.) So most tests spawn `node dist/cli/main.js play …` with the whole
// input piped in (spawnSync); the game against tengen answers prompt by
// prompt (Dialogue) because tengen's moves are not known in advance; one test
// runs the game under a pseudo-terminal with util-linux `script -qec` to check
// colours appear on a real terminal, another the clock counting down and
// falling. Every run points XDG_CONFIG_HOME at a temporary folder so no test
// reads or writes the real settings, and runs in a temporary folder so that
// nothing lands in the repository. Clock arithmetic runs in process on an
// injected clock.
// The tests use dist/: build first (`npm test` does).

import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sgf from '@sabaki/sgf';
import { describe, expect, it } from 'vitest';
import { PlayGame, playCommand, type PlaySetup, type ReadOptions, type Terminal } from '../../src/cli/play.js';
import { NO_TIME_LIMIT, parseClock, type TimeLeft, type TimeSettings } from '../../src/game/clock.js';
import { loadSettings, rememberRules, settingsPath } from '../../src/cli/play-settings.js';
import { PRESETS } from '../../src/game/rules.js';
import { BLACK, PASS, WHITE, formatVertex, parseVertex } from '../../src/game/vertex.js';
import type { MoveRequest, Player } from '../../src/engine/player.js';
import type { Session } from '../../src/engine/session.js';
import { tempDirs } from '../support/temp-dir.js';

const MAIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const ESC = '\x1b[';

const temporaryDir = tempDirs('tengen-play-');

/** The environment of a run: no colour forcing from outside, settings in `config`. */
function environment(config: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CONFIG_HOME: config, ...extra };
  if (!('FORCE_COLOR' in extra)) delete env.FORCE_COLOR;
  if (!('NO_COLOR' in extra)) delete env.NO_COLOR;
  // Node's tty.hasColors() answers no whenever CI is set (as it is in CI runs).
  delete env.CI;
  return env;
}

/** Runs `tengen play args` with the lines piped in, in a fresh folder (or `cwd`); returns stdout, stderr and the exit status. */
function play(args: string[], lines: string[], options: { config?: string; env?: Record<string, string>; cwd?: string } = {}) {
  const config = options.config ?? temporaryDir();
  const run = spawnSync(process.execPath, [MAIN, 'play', ...args], {
    input: lines.map((l) => l + '\n').join(''),
    encoding: 'utf8',
    timeout: 20_000,
    env: environment(config, options.env),
    cwd: options.cwd ?? temporaryDir(),
  });
  return { out: run.stdout, err: run.stderr, status: run.status };
}

/** Lines of the last board drawn (top row first), as plain text rows of marks per column. */
function lastBoard(out: string, size: number): string[] {
  const lines = out.split('\n');
  const header = '    ' + 'ABCDEFGHJKLMNOPQRST'.slice(0, size).split('').join(' ');
  const bottom = lines.lastIndexOf(header);
  expect(bottom).toBeGreaterThan(size);
  return lines.slice(bottom - size, bottom).map((row) => Array.from({ length: size }, (_, x) => row[4 + 2 * x]).join(''));
}

/** The 9x9 walls game: black on column D, white on column F (18 moves, white last). */
function walls(): string[] {
  const moves: string[] = [];
  for (let row = 1; row <= 9; row++) moves.push(`d${row}`, `f${row}`);
  return moves;
}

describe('hotseat: end of game', () => {
  // After the walls, black plays H5, white passes, black H6, white passes,
  // black passes: play stops (moves 19-23). Counted by hand, with the black
  // chain H5-H6 dead: black has 9 stones and columns A-C (27 points); white has
  // 9 stones and columns G, H, J (27 points, H5 and H6 included once the dead
  // stones are removed); column E touches both colours and is nobody's.
  // Area, komi 7.5: 36 against 43.5, W+7.5.
  const script = [
    ...walls(),
    'h5', 'pass', 'h6', 'pass',
    'score', // before the second pass: not yet
    'pass', // play stops
    'h6', // the whole chain H5-H6 dead
    'e5', // empty: nothing happens
    'resume',
    'score', // after resume, play is on again
    'pass', 'pass', // two new passes
    'h5',
    'confirm',
  ];

  it('reaches marking, toggles a chain, resumes, stops again and counts', () => {
    const sgfPath = join(temporaryDir(), 'game.sgf');
    const { out, status } = play(['--hotseat', '--size', '9', '--sgf', sgfPath], script);
    expect(status).toBe(0);
    expect(out).toContain('tengen play: 9x9, chinese rules (area counting), komi 7.5.');

    // A single pass only hands the turn over.
    expect(out).toContain('white> pass\nWhite passes. A pass in reply stops play.');
    expect(out.split('Two passes in a row: play stops.').length - 1).toBe(2);
    expect(out).toContain('black> score\nThe game is still on: pass first.');

    // First marking: H6 marks its chain (H5 too); an empty point does nothing.
    const [beforeResume, afterResume] = out.split('mark> resume\n');
    expect(beforeResume).toContain('mark> h6\nThe black chain at H6 (2 stones) is now marked dead.');
    expect(lastBoard(beforeResume, 9).map((row) => row[7]).join('')).toBe('...xx....'); // column H, rows 9..1
    expect(beforeResume).toContain('mark> e5\nE5 is empty: nothing to mark.');
    expect(beforeResume.slice(beforeResume.lastIndexOf('mark> e5'))).not.toContain('is now marked');

    // Resume clears the marks and needs two new passes.
    expect(afterResume).toMatch(/^Marks cleared; play resumes\./);
    const board = lastBoard(afterResume.split('white> score')[0], 9);
    expect(board.map((row) => row[7]).join('')).toBe('...XX....');
    expect(afterResume).toContain('white> score\nThe game is still on: pass first.');
    expect(afterResume).toContain('Marking dead stones: 0 black and 0 white marked dead');

    // Second marking, then the count.
    expect(afterResume).toContain('mark> h5\nThe black chain at H5 (2 stones) is now marked dead.');
    expect(afterResume).toContain('Counting by area (chinese rules):\n  Black: 9 stones + 27 territory = 36\n  White: 9 stones + 27 territory + 7.5 komi = 43.5\nResult: W+7.5 (white wins by 7.5 points)');
    expect(out).toContain(`Game saved to ${sgfPath}.`);

    const [root] = sgf.parse(readFileSync(sgfPath, 'utf8'));
    expect(root.data).toMatchObject({ SZ: ['9'], KM: ['7.5'], RU: ['chinese'], RE: ['W+7.5'] });
    let moves = 0;
    for (let node = root.children[0]; node; node = node.children[0]) moves++;
    expect(moves).toBe(25); // 18 + H5 pass H6 pass pass + pass pass
  });

  it('counts the same position by territory', () => {
    // Black: 27 territory; white: 27 territory + 2 dead black stones + komi 6.5 = 35.5.
    const { out } = play(['--hotseat', '--size', '9', '--rules', 'japanese'], [...walls(), 'h5', 'pass', 'h6', 'pass', 'pass', 'h5', 'confirm', '']);
    expect(out).toContain('Counting by territory (japanese rules):\n  Black: 27 territory + 0 prisoners + 0 dead white stones = 27\n  White: 27 territory + 0 prisoners + 2 dead black stones + 6.5 komi = 35.5\nResult: W+8.5');
  });

  it('gives white the handicap bonus under chinese rules and lets white move first', () => {
    const { out } = play(['--hotseat', '--size', '9', '--handicap', '2'], ['pass', 'pass', 'confirm', '']);
    expect(out).toContain('Move 1: white to play.');
    const board = lastBoard(out.split('white> pass')[0], 9);
    expect(board[6][2]).toBe('X'); // C3
    expect(board[2][6]).toBe('X'); // G7
    // Black: 2 stones + 79 points; white: komi 7.5 + 2 for the handicap.
    expect(out).toContain('  Black: 2 stones + 79 territory = 81\n  White: 0 stones + 0 territory + 7.5 komi + 2 handicap = 9.5\nResult: B+71.5');
  });

  it('resign ends the game at once for the side to move', () => {
    const { out } = play(['--hotseat', '--size', '9'], ['e5', 'resign', '']);
    expect(out).toContain('white> resign\nWhite resigns. Result: B+R');
    expect(out).toContain('Save the game as SGF? File name (Enter to skip): \n');
  });
});

describe('refused moves', () => {
  it('says why: occupied, suicide, superko', () => {
    const { out } = play(['--hotseat', '--size', '9'], [
      'a2', 'a2', // occupied
      'j9', 'b1', 'a1', // suicide: A1 is surrounded by black A2 and B1
      'j8',
      // A ko at D4/E4: black D5 C4 D3, white E5 D4 E3 F4; black E4 takes D4.
      'd5', 'e5', 'c4', 'd4', 'd3', 'e3', 'a9', 'f4', 'e4',
      'd4', // retaking at once repeats the position
      'k10', 'j10', 'hello', // not moves on 9x9
      'quit',
    ]);
    expect(out).toContain('white> a2\nA2 is not allowed: the point is occupied.\nwhite> j9\n');
    expect(out).toContain('white> a1\nA1 is not allowed: the move is suicide.\nwhite> j8\n');
    expect(out).toContain('black> e4\n');
    expect(out).toContain('Prisoners taken: black 1, white 0. Last: black E4.');
    expect(out).toContain('white> d4\nD4 is not allowed: the move repeats an earlier position (superko).\nwhite> k10\n');
    expect(out).toContain('white> k10\nNot a move or command: k10.');
    expect(out).toContain('white> j10\nNot a move or command: j10.');
    expect(out).toContain('white> hello\nNot a move or command: hello.');
    expect(out).toContain('Game left unfinished.');
  });
});

/** A spawned `tengen play` answered prompt by prompt. */
class Dialogue {
  output = '';
  private read = 0;
  private waiter: (() => void) | null = null;
  readonly exit: Promise<number | null>;
  private readonly child: ChildProcessWithoutNullStreams;

  constructor(args: string[], config: string) {
    this.child = spawn(process.execPath, [MAIN, 'play', ...args], { env: environment(config), cwd: temporaryDir() });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      this.output += chunk;
      this.waiter?.();
    });
    this.exit = new Promise((resolve) => this.child.on('close', (code) => resolve(code)));
  }

  /** Waits until the output since the last match ends with the prompt; returns that output. */
  async prompt(prompt: string, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (!this.output.endsWith(prompt) || this.output.length === this.read) {
      if (Date.now() > deadline) throw new Error(`no prompt ${JSON.stringify(prompt)}; output so far:\n${this.output}`);
      await new Promise<void>((resolve) => {
        this.waiter = resolve;
        setTimeout(resolve, 200);
      });
    }
    const text = this.output.slice(this.read);
    this.read = this.output.length;
    return text;
  }

  send(line: string): void {
    this.child.stdin.write(line + '\n');
  }
}

describe('against tengen (level 1)', () => {
  it('opens as black when the person takes white, takes back pairs, and ends on resign', async () => {
    const sgfPath = join(temporaryDir(), 'tengen.sgf');
    const game = new Dialogue(['--size', '9', '--color', 'white', '--level', '1'], temporaryDir());
    let text = await game.prompt('white> ');
    expect(text).toContain('You play white; tengen (level 1) plays black.');
    const tengenMove = /tengen \(black\) plays ([A-HJ]\d) \(\d+\.\d s(?:, win rate \d{1,3}%)?\)\./;
    const first = tengenMove.exec(text);
    expect(first).not.toBeNull();
    expect(text).toContain('Move 2: your turn (white).');

    game.send('undo');
    text = await game.prompt('white> ');
    expect(text).toContain('There is no move of yours to take back.');

    // Play on the first empty point of the board as drawn.
    const board = lastBoard(game.output, 9);
    const y = board.findIndex((row) => /[.+]/.test(row));
    const mine = formatVertex((8 - y) * 9 + board[y].search(/[.+]/), 9);
    game.send(mine.toLowerCase());
    text = await game.prompt('white> ');
    const reply = tengenMove.exec(text);
    expect(reply).not.toBeNull();
    expect(text).toContain('Move 4: your turn (white).');

    game.send('undo');
    text = await game.prompt('white> ');
    expect(text).toContain(`Took back white ${mine}, black ${reply![1]}.`);
    expect(text).toContain('Move 2: your turn (white).');

    game.send('resign');
    text = await game.prompt('File name (Enter to skip): ');
    expect(text).toContain('You resign. Result: B+R');
    game.send(sgfPath);
    expect(await game.exit).toBe(0);
    expect(game.output).toContain(`Game saved to ${sgfPath}.`);

    const [root] = sgf.parse(readFileSync(sgfPath, 'utf8'));
    expect(root.data).toMatchObject({ RE: ['B+R'], PB: ['tengen (level 1)'], PW: ['You'] });
    expect(root.children).toHaveLength(1); // only tengen's opening is left
    expect(root.children[0].data.B).toEqual([sgfPoint(first![1])]);
    expect(root.children[0].children).toHaveLength(0);
  });
});

function sgfPoint(vertex: string): string {
  const p = parseVertex(vertex, 9)!;
  return sgf.stringifyVertex([p % 9, 8 - Math.floor(p / 9)]);
}

/** Prompts answered from a list; everything shown is collected. */
function scriptedTerminal(lines: string[]): Terminal & { text(): string } {
  const shown: string[] = [];
  return {
    write: (text) => void shown.push(text),
    async read(prompt) {
      shown.push(prompt);
      const line = lines.shift();
      if (line === undefined) return null;
      shown.push(line + '\n');
      return line;
    },
    text: () => shown.join(''),
  };
}

/** A player that plays the given moves, then passes, and proposes the given dead stones. */
class ScriptedPlayer implements Player {
  requests: MoveRequest[] = [];
  /** The clock the player was told at each genmove, as time_left tells it. */
  told: { settings: TimeSettings | null; left: TimeLeft | null }[] = [];
  constructor(
    private readonly moves: string[],
    private readonly dead: string[],
    /** Runs while the player thinks (a test's clock moves on). */
    private readonly think: () => void = () => {},
  ) {}
  async genmove(session: Session, request: MoveRequest) {
    this.requests.push(request);
    this.told.push({ settings: session.timeSettings, left: session.timeLeft[request.color] && { ...session.timeLeft[request.color]! } });
    this.think();
    const text = this.moves.shift() ?? 'pass';
    return { move: parseVertex(text, session.size)!, info: { playouts: 100, winrate: 0.42, scoreLead: 0, candidates: [], ownership: new Float32Array(0) } };
  }
  async analyze() {
    return null;
  }
  async deadStones(session: Session) {
    return { dead: this.dead.map((v) => parseVertex(v, session.size)!), seki: [], settled: { black: [], white: [] } };
  }
  async close() {}
}

describe('against a scripted player (in process)', () => {
  const setup: PlaySetup = { size: 9, rules: PRESETS.chinese, komi: 7.5, handicap: 0, human: BLACK, level: 1, color: false, clock: NO_TIME_LIMIT };

  it("shows tengen's win rate, its dead-stone proposal, and counts after two passes", async () => {
    const terminal = scriptedTerminal(['c3', 'pass', 'confirm', '']);
    const player = new ScriptedPlayer(['g7'], ['g7']);
    const outcome = await new PlayGame(setup, terminal, player).run();
    const text = terminal.text();
    expect(text).toMatch(/tengen \(white\) plays G7 \(\d+\.\d s, win rate 42%\)\./);
    expect(text).toMatch(/tengen \(white\) passes \(\d+\.\d s, win rate 42%\)\./);
    expect(text).toContain('Two passes in a row: play stops.');
    expect(text).toContain('tengen proposes these stones as dead: G7.');
    expect(text).toContain('Marking dead stones: 0 black and 1 white marked dead');
    // G7 dead: black has its stone and the other 80 points.
    expect(text).toContain('  Black: 1 stone + 80 territory = 81\n  White: 0 stones + 0 territory + 7.5 komi = 7.5\nResult: B+73.5');
    expect(outcome).toEqual({ result: 'B+73.5', sgfPath: null });
    expect(player.requests.map((r) => r.color)).toEqual([2, 2]);
  });

  it('undo takes back tengen\'s reply and the person\'s move, then tengen answers again', async () => {
    const terminal = scriptedTerminal(['c3', 'undo', 'd4', 'quit']);
    const player = new ScriptedPlayer(['g7', 'g3'], []);
    const game = new PlayGame(setup, terminal, player);
    const outcome = await game.run();
    expect(terminal.text()).toContain('Took back black C3, white G7.');
    expect(game.session.game.moves.map((m) => formatVertex(m.point, 9))).toEqual(['D4', 'G3']);
    expect(outcome.result).toBeNull();
  });

  it('a resumed game needs two new passes before marking', async () => {
    const terminal = scriptedTerminal(['pass', 'resume', 'pass', 'confirm', '']);
    // tengen passes at every turn: pass (black) pass (white) → marking; resume;
    // black passes; tengen passes → marking again.
    const player = new ScriptedPlayer([], []);
    const game = new PlayGame(setup, terminal, player);
    const outcome = await game.run();
    expect(terminal.text().split('Two passes in a row: play stops.').length - 1).toBe(2);
    expect(game.session.game.moves.every((m) => m.point === PASS)).toBe(true);
    expect(game.session.game.moveCount).toBe(4);
    expect(outcome.result).toBe('W+7.5');
  });
});

/** A clock for PlayGame that moves only when told: milliseconds. */
function fakeTime() {
  let ms = 0;
  return { now: () => ms, advance: (seconds: number) => void (ms += seconds * 1000) };
}

/** Prompts answered from a list of [seconds taken, line] on a fake clock; everything shown is collected. */
function timedTerminal(lines: [number, string][], advance: (seconds: number) => void): Terminal & { text(): string; prompts: string[] } {
  const shown: string[] = [];
  const prompts: string[] = [];
  return {
    write: (text) => void shown.push(text),
    async read(prompt, options?: ReadOptions) {
      shown.push(prompt);
      prompts.push(options?.live?.() ?? prompt);
      const next = lines.shift();
      if (next === undefined) return null;
      advance(next[0]);
      shown.push(next[1] + '\n');
      return next[1];
    },
    text: () => shown.join(''),
    prompts,
  };
}

describe('the clock in play (in process, on an injected clock)', () => {
  const hotseat = (clock: string, sgfPath?: string): PlaySetup => ({
    size: 9,
    rules: PRESETS.chinese,
    komi: 7.5,
    handicap: 0,
    human: null,
    level: 1,
    color: false,
    clock: parseClock(clock),
    sgfPath,
  });

  it('keeps a period for a move within it, uses one for a longer move, and loses on time after the last; the SGF records it', async () => {
    const time = fakeTime();
    const sgfPath = join(temporaryDir(), 'timed.sgf');
    const terminal = timedTerminal(
      [
        [12, 'c3'], // black: 10 s of main time and 2 s into the first period, which it keeps
        [1, 'd4'], // white: 1 s of main time
        [4, 'e5'], // black: within the period
        [1, 'f6'],
        [7, 'g7'], // black: longer than a 5 s period, which it loses
        [1, 'pass'],
        [5, 'help'], // black: not a move, the clock runs on...
        [1, 'h8'], // ...and the flag has fallen: 6 s with 5 s left
      ],
      time.advance,
    );
    const game = new PlayGame(hotseat('10s+2x5s', sgfPath), terminal, null, time.now);
    const outcome = await game.run();
    const text = terminal.text();
    expect(outcome).toEqual({ result: 'W+T', sgfPath });
    expect(text).toContain("Black's time is up (the last byo-yomi period ran out). Result: W+T");
    expect(text).toContain('Clock: 10s+2x5s each: main time, then 2 byo-yomi periods of 5 s');
    expect(text).toContain('Clock: black byo-yomi 0:05 (2 periods); white 0:09 + 2x5s.'); // after d4
    expect(text).toContain('Clock: black byo-yomi 0:05 (last period); white 0:08 + 2x5s.'); // after f6... and g7
    expect(game.session.game.moves.map((m) => formatVertex(m.point, 9))).toEqual(['C3', 'D4', 'E5', 'F6', 'G7', 'pass']); // h8 came too late
    // prompts carry the mover's clock as it reads when asked
    expect(terminal.prompts[0]).toBe('black (0:10 + 2x5s)> ');
    expect(terminal.prompts.at(-1)).toBe('black (byo-yomi 0:00 (last period))> ');

    const [root] = sgf.parse(readFileSync(sgfPath, 'utf8'));
    expect(root.data).toMatchObject({ RE: ['W+T'], TM: ['10'], OT: ['2x5 byo-yomi'] });
    const nodes: Record<string, string[]>[] = [];
    for (let node = root.children[0]; node; node = node.children[0]) nodes.push(node.data);
    expect(nodes.map((d) => [d.BL ?? d.WL, d.OB ?? d.OW])).toEqual([
      [['5'], ['2']],
      [['9'], undefined],
      [['5'], ['2']],
      [['8'], undefined],
      [['5'], ['1']],
      [['7'], undefined],
    ]);
  });

  it('stops both clocks while dead stones are marked, and runs them again on resume', async () => {
    const time = fakeTime();
    const terminal = timedTerminal(
      [
        [20, 'pass'], // black: 20 s
        [30, 'pass'], // white: 30 s; play stops
        [600, 'e5'], // marking: ten minutes pass on no clock
        [600, 'resume'],
        [1, 'quit'],
      ],
      time.advance,
    );
    const game = new PlayGame(hotseat('5m+3x30s'), terminal, null, time.now);
    await game.run();
    const text = terminal.text();
    expect(text).toContain('Clock: black 4:40 + 3x30s; white 4:30 + 3x30s. (stopped while dead stones are marked)');
    const afterResume = text.split('mark> resume')[1];
    expect(afterResume).toContain('Clock: black 4:40 + 3x30s; white 4:30 + 3x30s.');
    expect(game.clock!.current(BLACK)).toEqual({ seconds: 279, stones: 0 }); // quit came after 1 s
    expect(game.clock!.current(WHITE)).toEqual({ seconds: 270, stones: 0 });
  });

  it('ends the game the moment the flag falls, without waiting for the line', async () => {
    let asked = 0;
    const terminal: Terminal = {
      write: () => {},
      read: (_prompt, options) =>
        new Promise((resolve) => {
          asked++;
          // the person never answers the move prompt; the save prompt is answered at once
          if (!options?.signal) resolve('');
          options?.signal?.addEventListener('abort', () => resolve(null));
        }),
    };
    const started = performance.now();
    const outcome = await new PlayGame(hotseat('0.05+1x0.1s'), terminal, null).run();
    expect(outcome.result).toBe('W+T');
    expect(asked).toBe(2);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("tells tengen its time before each move, as time_left would, and charges tengen's thinking to its clock", async () => {
    const time = fakeTime();
    const terminal = timedTerminal([[1, 'c3'], [1, 'd4'], [1, 'quit']], time.advance);
    const player = new ScriptedPlayer(['g7', 'g3'], [], () => time.advance(12)); // tengen thinks 12 s a move
    const game = new PlayGame({ ...hotseat('20s+3x10s'), human: BLACK }, terminal, player, time.now);
    await game.run();
    expect(player.told.map((t) => t.settings?.kind)).toEqual(['byoyomi', 'byoyomi']);
    expect(player.told.map((t) => t.left)).toEqual([
      { seconds: 20, stones: 0 },
      { seconds: 8, stones: 0 },
    ]);
    // the second 12 s: the last 8 s of main time and 4 s of the first period, which tengen keeps
    expect(terminal.text()).toContain('Clock: black 0:18 + 3x10s; white byo-yomi 0:10 (3 periods).');
  });
});

describe('the save prompt', () => {
  it('takes quit, q, no and an empty answer as "do not save", never as file names; yes asks for the name', () => {
    for (const answer of ['quit', 'q', 'Q', 'no', '']) {
      const cwd = temporaryDir();
      const { out, status } = play(['--hotseat', '--size', '9'], ['e5', 'resign', answer], { cwd });
      expect(status).toBe(0);
      expect(out).toContain('Game not saved.');
      expect(readdirSync(cwd)).toEqual([]);
    }
    const cwd = temporaryDir();
    const { out } = play(['--hotseat', '--size', '9'], ['e5', 'resign', 'yes', 'game.sgf'], { cwd });
    expect(out).toContain('File name to save the game to (Enter to skip): game.sgf\nGame saved to game.sgf.');
    expect(readdirSync(cwd)).toEqual(['game.sgf']);
  });
});

describe('remembered rules', () => {
  it('keeps the rules chosen against tengen for the next game and for hotseat games', () => {
    const config = temporaryDir();
    const file = join(config, 'tengen', 'settings.json');

    const fresh = play(['--hotseat', '--size', '9'], ['quit'], { config });
    expect(fresh.out).toContain('chinese rules (area counting), komi 7.5.');
    expect(existsSync(file)).toBe(false);

    const first = play(['--size', '9', '--rules', 'japanese'], ['quit'], { config });
    expect(first.out).toContain('The japanese rules will be the default for your next game.');
    expect(first.out).toContain('japanese rules (territory counting), komi 6.5.');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ rules: 'japanese' });

    const second = play(['--size', '9'], ['quit'], { config });
    expect(second.out).toContain('japanese rules (territory counting), komi 6.5.');
    expect(second.out).not.toContain('will be the default');

    const hotseat = play(['--hotseat', '--size', '9'], ['quit'], { config });
    expect(hotseat.out).toContain('japanese rules (territory counting), komi 6.5.');

    // Rules chosen for a hotseat game are not remembered; komi follows the preset unless given.
    const aga = play(['--hotseat', '--size', '9', '--rules', 'aga', '--komi', '0.5'], ['quit'], { config });
    expect(aga.out).toContain('aga rules (area counting), komi 0.5.');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ rules: 'japanese' });
  });

  it('falls back to ~/.config without XDG_CONFIG_HOME', () => {
    const home = temporaryDir();
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home };
    delete env.XDG_CONFIG_HOME;
    const run = spawnSync(process.execPath, [MAIN, 'play', '--size', '9', '--rules', 'korean'], { input: 'quit\n', encoding: 'utf8', env, timeout: 20_000, cwd: temporaryDir() });
    expect(run.status).toBe(0);
    expect(JSON.parse(readFileSync(join(home, '.config', 'tengen', 'settings.json'), 'utf8'))).toEqual({ rules: 'korean' });
  });

  it('reads and writes the settings file', () => {
    expect(settingsPath({ XDG_CONFIG_HOME: '/x/config' }, '/home/u')).toBe('/x/config/tengen/settings.json');
    expect(settingsPath({ XDG_CONFIG_HOME: 'relative' }, '/home/u')).toBe('/home/u/.config/tengen/settings.json');
    expect(settingsPath({}, '/home/u')).toBe('/home/u/.config/tengen/settings.json');

    const path = join(temporaryDir(), 'tengen', 'settings.json');
    expect(loadSettings(path)).toEqual({});
    rememberRules(path, PRESETS['tromp-taylor']);
    expect(loadSettings(path).rules).toBe(PRESETS['tromp-taylor']);

    // Other keys survive; a damaged file is ignored with a warning.
    writeFileSync(path, JSON.stringify({ theme: 'dark', rules: 'aga' }));
    rememberRules(path, PRESETS.korean);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ theme: 'dark', rules: 'korean' });
    writeFileSync(path, '{ not json');
    const warnings: string[] = [];
    expect(loadSettings(path, (w) => warnings.push(w))).toEqual({});
    expect(warnings[0]).toMatch(/not a JSON object/);
  });
});

describe('options and colour', () => {
  it('draws plain characters when piped, ANSI colours with FORCE_COLOR, none with --no-color', () => {
    const piped = play(['--hotseat', '--size', '9'], ['quit']);
    expect(piped.out).not.toContain(ESC);
    const forced = play(['--hotseat', '--size', '9'], ['quit'], { env: { FORCE_COLOR: '1' } });
    expect(forced.out).toContain(`${ESC}43m`);
    const plain = play(['--hotseat', '--size', '9', '--no-color'], ['quit'], { env: { FORCE_COLOR: '1' } });
    expect(plain.out).not.toContain(ESC);
  });

  it('keeps --color white and --no-color apart in either order', () => {
    for (const args of [['--color', 'white', '--no-color'], ['--no-color', '--color', 'white']]) {
      const { out } = play(['--size', '9', ...args], ['quit'], { env: { FORCE_COLOR: '1' } });
      expect(out).toContain('You play white; tengen (level 5) plays black.');
      expect(out).not.toContain(ESC);
    }
  });

  it('refuses sizes, levels, colours and handicaps it does not offer', async () => {
    const refusal = async (args: string[]) => {
      const errors: string[] = [];
      const command = playCommand().exitOverride().configureOutput({ writeErr: (text) => void errors.push(text) });
      await expect(command.parseAsync(args, { from: 'user' })).rejects.toThrow();
      return errors.join('');
    };
    expect(await refusal(['--size', '10'])).toMatch(/expected one of 9, 13, 19/);
    expect(await refusal(['--level', '11'])).toMatch(/expected an integer from 1 to 10/);
    expect(await refusal(['--color', 'red'])).toMatch(/expected black or white/);
    expect(await refusal(['--rules', 'ing'])).toMatch(/expected one of chinese, japanese/);
    expect(await refusal(['--size', '9', '--handicap', '1'])).toMatch(/expected 0, or 2 to 9 on 9x9/);
    expect(await refusal(['--size', '19', '--handicap', '10'])).toMatch(/expected an integer from 0 to 9/);
    expect(await refusal(['--hotseat', '--color', 'white'])).toMatch(/'--hotseat' cannot be used with option '--color/);
    expect(await refusal(['--color', 'black', '--hotseat'])).toMatch(/'--hotseat' cannot be used with option '--color/);
    expect(await refusal(['--clock', '20m+3'])).toMatch(/bad clock "20m\+3": expected MAIN or MAIN\+PERIODSxSECONDS/);
    expect(await refusal(['--clock', '0'])).toMatch(/sudden death needs a main time above 0/);
  });

  const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
  it.skipIf(!hasScript)('colours the board on a terminal (pseudo-terminal via script)', () => {
    const config = temporaryDir();
    const run = spawnSync('script', ['-qec', `"${process.execPath}" "${MAIN}" play --hotseat --size 9`, '/dev/null'], {
      input: 'e5\rquit\r',
      encoding: 'utf8',
      timeout: 20_000,
      env: environment(config, { TERM: 'xterm-256color' }),
      cwd: temporaryDir(),
    });
    expect(run.stdout).toContain(`${ESC}43m`);
    expect(run.stdout).toContain('Game left unfinished.');
  });

  it.skipIf(!hasScript)('counts the clock down in the prompt on a terminal and ends the game when the last period runs out (--clock 3s+2x1s)', async () => {
    const cwd = temporaryDir();
    const command = `"${process.execPath}" "${MAIN}" play --hotseat --size 9 --no-color --clock 3s+2x1s`;
    const child = spawn('script', ['-qec', command, '/dev/null'], { env: environment(temporaryDir(), { TERM: 'xterm' }), cwd });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
    const waitFor = async (text: string) => {
      const deadline = Date.now() + 30_000;
      while (!out.includes(text)) {
        if (Date.now() > deadline) throw new Error(`no ${JSON.stringify(text)} in:\n${out}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await waitFor('Move 1: black to play.');
    child.stdin.write('e5\r');
    await waitFor('File name (Enter to skip): ');
    child.stdin.write('timed.sgf\r');
    expect(await exit).toBe(0);

    // white's prompt counted down its main time, then each period, redrawn in place
    const readings = [...out.matchAll(/white \(([^)]*\)?)\)> /g)].map((m) => m[1]);
    const main = readings.filter((r) => /^0:0\d \+ 2x1s$/.test(r));
    expect(new Set(main).size).toBeGreaterThanOrEqual(2);
    expect(readings).toContain('byo-yomi 0:01 (2 periods)');
    expect(readings).toContain('byo-yomi 0:01 (last period)');
    expect(readings.indexOf('byo-yomi 0:01 (2 periods)')).toBeLessThan(readings.indexOf('byo-yomi 0:01 (last period)'));
    expect(out).toContain("White's time is up (the last byo-yomi period ran out). Result: B+T");

    const [root] = sgf.parse(readFileSync(join(cwd, 'timed.sgf'), 'utf8'));
    expect(root.data).toMatchObject({ RE: ['B+T'], TM: ['3'], OT: ['2x1 byo-yomi'] });
    const move = root.children[0].data;
    expect(move.B).toEqual(['ee']);
    expect(Number(move.BL[0])).toBeGreaterThan(0);
    expect(Number(move.BL[0])).toBeLessThanOrEqual(3);
    expect(move.OB).toBeUndefined();
    expect(root.children[0].children).toHaveLength(0);
  });
});
