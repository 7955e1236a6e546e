// `tengen play`: a person against tengen, or two people at one keyboard
// (`--hotseat`), in the terminal. Play ends as on a server: a
// pass only hands the turn over; two passes in a row stop play for dead-stone
// marking, where a chain is toggled dead or alive, `resume` clears the marks
// and plays on, and `confirm` counts. A resignation ends the game at once.
//
// The clock Go servers use: main time by board size, then byo-yomi periods; only
// the mover's clock runs, none during dead-stone marking, and a side whose
// last period runs out loses (B+T/W+T) the moment it does, even mid-prompt.
//
// In a terminal, input is read with node:readline (line editing, history),
// one interface per prompt so that the terminal is in its ordinary mode (and
// Ctrl-C works) while tengen thinks. The prompt carries the mover's clock and
// is redrawn as it counts down, the typed text kept. (readline-sync, which
// blocks the process while it waits, could neither redraw nor let the flag
// fall before Enter.) Piped input (scripts, tests) is read line by line and
// echoed; there the clock shows after each move, not in the prompt.

import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { Command, InvalidArgumentError, Option } from 'commander';
import { BitBoard } from '../game/bitboard.js';
import { GameClock, defaultTimeSettings, describeTimeLeft, formatClock, type Now, type TimeLeft, type TimeSettings } from '../game/clock.js';
import { REASON_TEXT } from '../game/game.js';
import { maxFixedHandicap } from '../game/handicap.js';
import { RULES_NAMES, rulesByName, type Rules } from '../game/rules.js';
import type { Count, SideCount } from '../game/scoring.js';
import { writeSgf } from '../game/sgf.js';
import { BLACK, PASS, WHITE, colorLetter, colorName, formatVertex, opponent, parseColor, parseVertex, type Color } from '../game/vertex.js';
import { percent } from '../engine/log.js';
import type { Player } from '../engine/player.js';
import { createPlayer } from '../engine/search-player.js';
import { Session } from '../engine/session.js';
import { clockOption, integer, networkFile, networkOption, real, rulesOption } from './options.js';
import { loadSettings, rememberRules, settingsPath } from './play-settings.js';
import { drawBoard, wantsColor } from './terminal-board.js';

export const PLAY_SIZES = [9, 13, 19] as const;

export interface PlaySetup {
  size: number;
  rules: Rules;
  komi: number;
  /** Fixed handicap stones for black (0 or 2..9); white then moves first. */
  handicap: number;
  /** The person's colour against tengen; null in a hotseat game. */
  human: Color | null;
  level: number;
  /** Draw with ANSI colours. */
  color: boolean;
  /** Save the finished game here instead of asking. */
  sgfPath?: string;
  /** Each side's clock (NO_TIME_LIMIT: none). */
  clock: TimeSettings;
}

/** How a prompt waits while a clock runs. */
export interface ReadOptions {
  /** Ends the wait (the flag fell); read then resolves to null. */
  signal?: AbortSignal;
  /** The prompt as it should read now; a terminal redraws it as it changes (the clock counting down). */
  live?: () => string;
}

/** Where the game talks to people: one line in, text out. */
export interface Terminal {
  /** Shows the prompt and waits for a line; null when input has ended (or options.signal ended the wait). */
  read(prompt: string, options?: ReadOptions): Promise<string | null>;
  write(text: string): void;
}

export interface PlayOutcome {
  /** `B+R`, `W+6.5`, `0`…, or null when the game was left unfinished. */
  result: string | null;
  sgfPath: string | null;
}

const PLAY_HELP = `Commands:
  D4 (or d4)  play there (columns are letters, skipping I; rows are numbers)
  pass        hand the turn over; two passes in a row stop play for counting
  undo        take back the last move (against tengen: your last move and tengen's reply)
  resign      give up; the game ends at once
  score       count the game (only after two passes, when dead stones are marked)
  help        this list
  quit        leave without finishing the game`;

const MARKING_HELP = `Play has stopped; mark the dead stones, then count.
  D4 (or d4)  mark the chain at that point dead, or alive again
  confirm     count the game with these stones dead (score shows the count first)
  resume      clear the marks and play on; two new passes in a row stop play again
  resign      give up; the game ends at once
  help        this list
  quit        leave without finishing the game`;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function capitalized(text: string): string {
  return text[0].toUpperCase() + text.slice(1);
}

/** The count for each side as the preset counts it, then the result. */
export function describeCount(count: Count, rules: Rules): string[] {
  const side = (color: Color, s: SideCount): string => {
    const parts =
      rules.scoring === 'area'
        ? [plural(s.stones, 'stone'), `${s.regions} territory`]
        : [`${s.regions} territory`, plural(s.prisoners, 'prisoner'), `${s.dead} dead ${colorName(opponent(color))} ${s.dead === 1 ? 'stone' : 'stones'}`];
    if (s.komi !== 0) parts.push(`${s.komi} komi`);
    if (s.handicapBonus !== 0) parts.push(`${s.handicapBonus} handicap`);
    return `  ${capitalized(colorName(color))}: ${parts.join(' + ')} = ${s.total}`;
  };
  const margin = Math.abs(count.margin);
  const verdict = count.margin === 0 ? 'a draw' : `${count.margin > 0 ? 'black' : 'white'} wins by ${margin} ${margin === 1 ? 'point' : 'points'}`;
  return [
    `Counting by ${rules.scoring} (${rules.name} rules):`,
    side(BLACK, count.black),
    side(WHITE, count.white),
    `Result: ${count.result} (${verdict})`,
  ];
}

/** Answers to the save prompt that mean "do not save", never file names. */
const NO_FILE = new Set(['', 'q', 'quit', 'exit', 'n', 'no']);

/** One game from the first move to its result (or until someone quits). */
export class PlayGame {
  readonly session: Session;
  /** Both sides' clocks; null without a clock. */
  readonly clock: GameClock | null;
  /** Each move's clock after it, for the SGF (index: move number - 1). */
  private readonly clockAfter: (TimeLeft | undefined)[] = [];
  private phase: 'play' | 'marking' = 'play';
  /** Dead stones marked in the dead-stone phase. */
  private dead: BitBoard;
  /** Passes before this move number do not count towards stopping play (set by resume). */
  private resumeAt = 0;
  private result: string | null = null;
  private abandoned = false;
  /** Draw the board before the next prompt (the position changed since it was last drawn). */
  private stale = true;

  constructor(
    readonly setup: PlaySetup,
    private readonly terminal: Terminal,
    private readonly player: Player | null,
    now?: Now,
  ) {
    this.session = new Session({ size: setup.size, komi: setup.komi, rules: setup.rules });
    if (setup.handicap > 0) this.session.fixedHandicap(setup.handicap);
    this.dead = this.noStones();
    this.clock = setup.clock.kind === 'none' ? null : new GameClock(setup.clock, now);
    // tengen plans its moves on the game's clock, told its time before each move as time_left would
    if (this.clock) this.session.timeSettings = setup.clock;
  }

  async run(): Promise<PlayOutcome> {
    this.say(this.introduction());
    while (this.result === null && !this.abandoned) {
      if (this.phase === 'marking') await this.markingTurn();
      else if (this.isTengensTurn()) await this.tengenTurn();
      else await this.personTurn();
    }
    if (this.result === null) {
      this.say('Game left unfinished.');
      return { result: null, sgfPath: null };
    }
    return { result: this.result, sgfPath: await this.save() };
  }

  private get game() {
    return this.session.game;
  }

  private say(text: string): void {
    this.terminal.write(text + '\n');
  }

  private noStones(): BitBoard {
    return new BitBoard(this.game.board.geometry);
  }

  private introduction(): string {
    const { size, rules, komi, handicap, human, level } = this.setup;
    const lines = [`tengen play: ${size}x${size}, ${rules.name} rules (${rules.scoring} counting), komi ${komi}${handicap > 0 ? `, handicap ${handicap}` : ''}.`];
    if (human === null) lines.push('Hotseat: black and white take turns at this keyboard.');
    else lines.push(`You play ${colorName(human)}; tengen (level ${level}) plays ${colorName(opponent(human))}.`);
    const clock = this.setup.clock;
    if (clock.kind === 'byoyomi') {
      lines.push(
        `Clock: ${formatClock(clock)} each: main time, then ${plural(clock.periods, 'byo-yomi period')} of ${clock.periodTime} s ` +
          `(a move within a period keeps it; running out of the last loses on time).`,
      );
    } else if (clock.kind !== 'none') lines.push(`Clock: ${formatClock(clock)} each (running out loses on time).`);
    lines.push('Type a point such as D4 to play, or help for the commands.');
    return lines.join('\n');
  }

  private isTengensTurn(): boolean {
    return this.player !== null && this.game.toMove !== this.setup.human;
  }

  /** What a side is called in messages: "You", "tengen", or the colour in a hotseat game. */
  private who(color: Color): string {
    if (this.setup.human === null) return capitalized(colorName(color));
    return color === this.setup.human ? 'You' : 'tengen';
  }

  private passesInARow(): number {
    return Math.min(this.game.state.passes, this.game.moveCount - this.resumeAt);
  }

  private lastStone(): number | null {
    const move = this.game.state.move;
    return move && move.point !== PASS ? move.point : null;
  }

  private drawPosition(): void {
    const { game } = this;
    const prisoners = game.state.prisoners;
    const move = game.state.move;
    this.say('');
    this.say(drawBoard({ board: game.board, last: this.lastStone(), dead: this.phase === 'marking' ? this.dead : undefined }, this.setup.color));
    const last = move ? ` Last: ${colorName(move.color)} ${formatVertex(move.point, game.size)}.` : '';
    this.say(`Prisoners taken: black ${prisoners[BLACK]}, white ${prisoners[WHITE]}.${last}`);
    if (this.phase === 'marking') {
      const black = this.dead.intersect(game.board.black).count();
      const white = this.dead.intersect(game.board.white).count();
      this.say(`Marking dead stones: ${black} black and ${white} white marked dead (shown as x and o).`);
    } else {
      const turn = this.setup.human === null ? `${colorName(game.toMove)} to play` : `your turn (${colorName(game.toMove)})`;
      this.say(`Move ${game.moveCount + 1}: ${turn}.`);
    }
    if (this.clock) this.say(`Clock: black ${this.reading(BLACK)}; white ${this.reading(WHITE)}.${this.phase === 'marking' ? ' (stopped while dead stones are marked)' : ''}`);
    this.stale = false;
  }

  /** What `color`'s clock reads now. */
  private reading(color: Color): string {
    return describeTimeLeft(this.setup.clock, this.clock!.current(color));
  }

  /** Asks the person to move for `color` while their clock runs; the flag falling ends the wait and the game. */
  private async askOnClock(color: Color, prompt: string): Promise<string | null> {
    const clock = this.clock;
    if (!clock) return this.ask(prompt);
    const flag = new AbortController();
    const timer = setTimeout(() => flag.abort(), Math.min(2 ** 31 - 1, Math.ceil(clock.untilFlag(color) * 1000) + 20));
    const name = prompt.replace(/> $/, '');
    try {
      const line = await this.terminal.read(prompt, { signal: flag.signal, live: () => `${name} (${this.reading(color)})> ` });
      if (flag.signal.aborted || clock.flagFell(color)) {
        this.timeUp(color);
        return null;
      }
      if (line === null) this.abandoned = true;
      return line?.trim() ?? null;
    } finally {
      clearTimeout(timer);
    }
  }

  /** `color` ran out of time: the game is lost on time. */
  private timeUp(color: Color): void {
    this.clock?.stop();
    this.result = `${colorLetter(opponent(color))}+T`;
    const whose = this.setup.human === null ? `${capitalized(colorName(color))}'s` : color === this.setup.human ? 'Your' : "tengen's";
    const how = this.setup.clock.kind === 'byoyomi' ? 'the last byo-yomi period ran out' : 'the clock ran out';
    this.say(`${whose} time is up (${how}). Result: ${this.result}`);
  }

  private async ask(prompt: string): Promise<string | null> {
    const line = await this.terminal.read(prompt);
    if (line === null) {
      this.abandoned = true;
      return null;
    }
    return line.trim();
  }

  /** Plays a move (stone or pass) for either side and stops its clock; stops play on the second pass in a row. */
  private async move(color: Color, point: number): Promise<ReturnType<Session['play']>> {
    const reason = this.session.play(color, point);
    if (reason) return reason;
    const charged = this.clock?.stop();
    this.clockAfter.length = this.game.moveCount - 1;
    this.clockAfter.push(charged?.left);
    this.stale = true;
    if (point === PASS && this.passesInARow() >= 2) await this.startMarking();
    return null;
  }

  private resign(color: Color): void {
    this.result = `${colorLetter(opponent(color))}+R`;
    this.say(`${this.who(color)} ${color === this.setup.human ? 'resign' : 'resigns'}. Result: ${this.result}`);
  }

  /** help, quit and resign, which mean the same in play and in marking; true when command was one. */
  private commonCommand(command: string, help: string, resigner: Color): boolean {
    switch (command) {
      case 'help':
      case '?':
        this.say(help);
        return true;
      case 'quit':
      case 'exit':
        this.abandoned = true;
        return true;
      case 'resign':
        this.resign(resigner);
        return true;
    }
    return false;
  }

  private async personTurn(): Promise<void> {
    const color = this.game.toMove;
    this.clock?.start(color);
    if (this.stale) this.drawPosition();
    const line = await this.askOnClock(color, `${colorName(color)}> `);
    if (line === null || line === '') return;
    const command = line.toLowerCase();
    if (this.commonCommand(command, PLAY_HELP, color)) return;
    switch (command) {
      case 'undo':
        this.undo();
        return;
      case 'score':
      case 'confirm':
        this.say('The game is still on: pass first. Two passes in a row stop play; then mark dead stones and confirm to count.');
        return;
      case 'resume':
        this.say('Play is already on.');
        return;
    }
    const point = parseVertex(command, this.game.size);
    if (point === null) {
      this.say(`Not a move or command: ${line}. Type a point such as D4, pass, or help.`);
      return;
    }
    const reason = await this.move(color, point);
    if (reason) this.say(`${formatVertex(point, this.game.size)} is not allowed: ${REASON_TEXT[reason]}.`);
    else if (point === PASS && this.phase === 'play') this.say(`${this.who(color)} ${this.who(color) === 'You' ? 'pass' : 'passes'}. A pass in reply stops play.`);
  }

  /** Hotseat: the last move. Against tengen: back to the person's previous turn (their move and tengen's reply). */
  private undo(): void {
    const { game } = this;
    const human = this.setup.human;
    const taken: string[] = [];
    const takeBack = () => {
      const move = game.state.move!;
      taken.unshift(`${colorName(move.color)} ${formatVertex(move.point, game.size)}`);
      game.undo();
    };
    if (human === null) {
      if (game.moveCount > 0) takeBack();
    } else if (game.moves.some((m) => m.color === human)) {
      while (game.state.move!.color !== human) takeBack();
      takeBack();
    }
    if (taken.length === 0) {
      this.say('There is no move of yours to take back.');
      return;
    }
    this.resumeAt = Math.min(this.resumeAt, game.moveCount);
    this.stale = true;
    this.say(`Took back ${taken.join(', ')}.`);
  }

  private async tengenTurn(): Promise<void> {
    const player = this.player!;
    const color = this.game.toMove;
    if (this.clock) {
      this.clock.start(color);
      this.session.timeLeft[color] = this.clock.current(color);
    }
    const started = performance.now();
    const { move, info } = await player.genmove(this.session, { color });
    const seconds = (performance.now() - started) / 1000;
    if (this.clock?.flagFell(color)) {
      this.timeUp(color);
      return;
    }
    const details = [`${seconds.toFixed(1)} s`];
    if (info) details.push(`win rate ${percent(info.winrate, 0)}`);
    if (move === 'resign') {
      this.say(`tengen (${colorName(color)}) resigns after ${details.join(', ')}.`);
      this.resign(color);
      return;
    }
    let point = move;
    const reason = this.session.game.check(color, point);
    if (reason) {
      // A bug in the player must not end the person's game: tengen passes instead.
      process.stderr.write(`tengen chose an illegal move ${formatVertex(point, this.game.size)} (${REASON_TEXT[reason]}); it passes instead\n`);
      point = PASS;
    }
    const what = point === PASS ? 'passes' : `plays ${formatVertex(point, this.game.size)}`;
    this.say(`tengen (${colorName(color)}) ${what} (${details.join(', ')}).`);
    await this.move(color, point);
    if (point === PASS && this.phase === 'play') this.say('Pass too to stop play, or play on.');
  }

  private async startMarking(): Promise<void> {
    this.phase = 'marking';
    this.dead = this.noStones();
    this.say('Two passes in a row: play stops. Mark the dead stones, then confirm to count (or resume to play on).');
    if (!this.player) return;
    const { dead } = await this.player.deadStones(this.session);
    for (const p of dead) if (this.game.board.color(p) !== 0) this.dead = this.dead.union(this.game.board.chain(p));
    const proposal = [...this.dead].map((p) => formatVertex(p, this.game.size));
    this.say(proposal.length === 0 ? 'tengen proposes: no dead stones.' : `tengen proposes these stones as dead: ${proposal.join(' ')}.`);
  }

  private async markingTurn(): Promise<void> {
    if (this.stale) this.drawPosition();
    const line = await this.ask('mark> ');
    if (line === null || line === '') return;
    const command = line.toLowerCase();
    if (this.commonCommand(command, MARKING_HELP, this.setup.human ?? this.game.toMove)) return;
    switch (command) {
      case 'resume':
        this.phase = 'play';
        this.dead = this.noStones();
        this.resumeAt = this.game.moveCount;
        this.stale = true;
        this.say('Marks cleared; play resumes. Two new passes in a row stop play again.');
        return;
      case 'score':
        for (const text of describeCount(this.session.count(this.dead), this.session.rules)) this.say(text);
        this.say('Type confirm to accept this count.');
        return;
      case 'confirm':
      case 'done': {
        const count = this.session.count(this.dead);
        for (const text of describeCount(count, this.session.rules)) this.say(text);
        this.result = count.result;
        return;
      }
      case 'pass':
      case 'undo':
        this.say('Play has stopped. Type resume to play on, or help.');
        return;
    }
    const point = parseVertex(command, this.game.size);
    if (point === null || point === PASS) {
      this.say(`Not a point or command: ${line}. Type a point such as D4, confirm, resume, or help.`);
      return;
    }
    const where = formatVertex(point, this.game.size);
    const color = this.game.board.color(point);
    if (color === 0) {
      this.say(`${where} is empty: nothing to mark.`);
      return;
    }
    const chain = this.game.board.chain(point);
    const alive = !chain.minus(this.dead).isEmpty();
    this.dead = alive ? this.dead.union(chain) : this.dead.minus(chain);
    this.stale = true;
    this.say(`The ${colorName(color as Color)} chain at ${where} (${plural(chain.count(), 'stone')}) is now marked ${alive ? 'dead' : 'alive'}.`);
  }

  /** Writes the SGF to --sgf, or to a file the person names (Enter, q or quit skip; none of them is a file name). */
  private async save(): Promise<string | null> {
    let path = this.setup.sgfPath ?? null;
    let prompt = 'Save the game as SGF? File name (Enter to skip): ';
    while (path === null) {
      const answer = await this.terminal.read(prompt);
      const name = answer?.trim() ?? '';
      if (answer === null || NO_FILE.has(name.toLowerCase())) {
        this.say('Game not saved.');
        return null;
      }
      if (/^(y|yes)$/i.test(name)) prompt = 'File name to save the game to (Enter to skip): ';
      else path = name;
    }
    const { human, level } = this.setup;
    const tengen = `tengen (level ${level})`;
    const names = human === null ? {} : { black: human === BLACK ? 'You' : tengen, white: human === WHITE ? 'You' : tengen };
    const clock = this.clock ? { settings: this.setup.clock, after: this.clockAfter } : undefined;
    const text = writeSgf(this.game, { komi: this.session.komi, rules: this.session.rules.name, result: this.result!, ...names, clock });
    try {
      writeFileSync(path, text + '\n');
    } catch (error) {
      this.say(`Could not save the game to ${path}: ${(error as Error).message}`);
      return null;
    }
    this.say(`Game saved to ${path}.`);
    return path;
  }
}

/** How often a terminal looks whether the live prompt changed (the clock shows whole seconds). */
const REDRAW_MS = 200;

/**
 * Reading from a terminal with node:readline: one interface per prompt, so that between prompts
 * (while tengen thinks) the terminal is in its ordinary mode and Ctrl-C stops the program; the
 * live prompt is redrawn whenever it changes, with what was typed kept.
 */
function ttyTerminal(input: NodeJS.ReadStream, output: NodeJS.WriteStream): Terminal & { close(): void } {
  let history: string[] = [];
  /** Lines typed ahead, in the same burst of input as the line a prompt took. */
  const typedAhead: string[] = [];
  /** The last prompt's interface lets go of the terminal before the next one takes it. */
  let released: Promise<void> = Promise.resolve();
  const readLine = (prompt: string, options: ReadOptions): Promise<string | null> =>
    new Promise((resolve) => {
      const rl = createInterface({ input, output, terminal: true, history, removeHistoryDuplicates: true });
      rl.on('history', (h: string[]) => (history = h));
      let shown = options.live?.() ?? prompt;
      let done = false;
      const finish = (line: string | null) => {
        if (done) return;
        done = true;
        clearInterval(ticker);
        options.signal?.removeEventListener('abort', onAbort);
        // The rest of this burst of input still reaches this interface (its lines are kept);
        // closing restores the terminal's mode (its own close listener must not be removed).
        released = new Promise((closed) =>
          setImmediate(() => {
            rl.close();
            closed();
          }),
        );
        resolve(line);
      };
      const onAbort = () => {
        output.write('\n');
        finish(null);
      };
      const ticker = setInterval(() => {
        const now = options.live?.() ?? prompt;
        if (now === shown) return;
        shown = now;
        rl.setPrompt(now);
        rl.prompt(true); // redraws the prompt, keeping what was typed
      }, REDRAW_MS);
      rl.on('line', (line) => (done ? typedAhead.push(line) : finish(line)));
      // Ctrl-D on an empty line, or Ctrl-C: leave the game
      rl.once('close', () => finish(null));
      rl.on('SIGINT', () => {
        output.write('\n');
        finish(null);
      });
      if (options.signal?.aborted) return onAbort();
      options.signal?.addEventListener('abort', onAbort);
      rl.setPrompt(shown);
      rl.prompt();
    });
  return {
    write: (text) => output.write(text),
    async read(prompt, options = {}) {
      await released;
      const ahead = typedAhead.shift();
      if (ahead === undefined) return readLine(prompt, options);
      output.write((options.live?.() ?? prompt) + ahead + '\n');
      return ahead;
    },
    close: () => {},
  };
}

/**
 * A Terminal on stdin/stdout: on a terminal, ttyTerminal; piped input is echoed after its prompt
 * so that the transcript reads like a session.
 */
export function consoleTerminal(input: NodeJS.ReadStream = process.stdin, output: NodeJS.WriteStream = process.stdout): Terminal & { close(): void } {
  if (input.isTTY && output.isTTY) return ttyTerminal(input, output);
  const rl = createInterface({ input, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  /** A line asked for by a read that the clock ended: the next read takes it. */
  let pending: Promise<IteratorResult<string>> | null = null;
  return {
    write: (text) => output.write(text),
    async read(prompt, options = {}) {
      output.write(prompt);
      const next = pending ?? lines.next();
      pending = next;
      const signal = options.signal;
      const aborted = new Promise<'aborted'>((resolve) => {
        if (signal?.aborted) resolve('aborted');
        signal?.addEventListener('abort', () => resolve('aborted'), { once: true });
      });
      const got = await Promise.race([next, aborted]);
      if (got === 'aborted') {
        output.write('\n');
        return null;
      }
      pending = null;
      if (got.done) {
        output.write('\n');
        return null;
      }
      output.write(got.value + '\n');
      return got.value;
    },
    close: () => rl.close(),
  };
}

interface PlayOptions {
  size: number;
  level: number;
  rules?: Rules;
  komi?: number;
  handicap: number;
  hotseat?: boolean;
  sgf?: string;
  seed?: number;
  clock?: TimeSettings;
  network: string;
}

function boardSize(text: string): number {
  const size = Number(text);
  if (!(PLAY_SIZES as readonly number[]).includes(size)) throw new InvalidArgumentError(`expected one of ${PLAY_SIZES.join(', ')}`);
  return size;
}

function stoneColor(text: string): Color {
  const color = parseColor(text);
  if (color === null) throw new InvalidArgumentError('expected black or white');
  return color;
}

export function playCommand(): Command {
  // `--color <black|white>` and `--no-color` share commander's attribute name,
  // so each is recorded here as it is parsed, whatever their order.
  let human: Color | undefined;
  let plain = false;
  const command = new Command('play')
    .description('play a game in the terminal, against tengen or (--hotseat) between two people')
    .addOption(new Option('--size <n>', `board size: ${PLAY_SIZES.join(', ')}`).argParser(boardSize).default(19))
    .addOption(new Option('--color <color>', 'your colour against tengen: black or white (black moves first)').argParser(stoneColor))
    .addOption(new Option('--level <n>', "tengen's strength, 1 to 10").argParser(integer(1, 10)).default(5))
    .addOption(new Option('--rules <name>', `rules: ${RULES_NAMES.join(', ')} (default: the rules last chosen against tengen, else chinese)`).argParser(rulesOption))
    .addOption(new Option('--komi <k>', "komi (default: the rules' komi)").argParser(real(-1000, 1000)))
    .addOption(new Option('--handicap <n>', 'fixed handicap stones for black (white then moves first)').argParser(integer(0, 9)).default(0))
    .option('--hotseat', 'two people take turns at this keyboard, black first')
    .option('--sgf <file>', 'save the finished game here (otherwise you are asked)')
    .addOption(
      new Option('--clock <clock>', 'each side\'s clock: MAIN+PERIODSxSECONDS byo-yomi as 20m+3x30s, MAIN alone for sudden death, or none (default: 5m, 10m or 20m by board size, +3x30s)').argParser(clockOption),
    )
    .option('--no-color', 'plain characters, no ANSI colours')
    .addOption(networkOption())
    .addOption(new Option('--seed <n>', 'random seed for tengen').argParser(integer(0, 2 ** 31 - 1)).hideHelp());
  command.on('option:color', () => {
    human = command.getOptionValue('color') as Color;
  });
  command.on('option:no-color', () => {
    plain = true;
  });
  command.action(async (options: PlayOptions) => {
    const warn = (message: string) => process.stderr.write(`tengen: ${message}\n`);
    if (options.handicap === 1 || options.handicap > maxFixedHandicap(options.size)) {
      command.error(`error: option '--handicap <n>' argument '${options.handicap}' is invalid. expected 0, or 2 to ${maxFixedHandicap(options.size)} on ${options.size}x${options.size}`);
    }
    if (options.hotseat && human !== undefined) command.error("error: option '--hotseat' cannot be used with option '--color <color>'");
    const path = settingsPath();
    const remembered = loadSettings(path, warn).rules;
    const rules = options.rules ?? remembered ?? rulesByName('chinese')!;
    const hotseat = Boolean(options.hotseat);
    const setup: PlaySetup = {
      size: options.size,
      rules,
      komi: options.komi ?? rules.komi,
      handicap: options.handicap,
      human: hotseat ? null : (human ?? BLACK),
      level: options.level,
      color: wantsColor(!plain, process.stdout),
      sgfPath: options.sgf,
      clock: options.clock ?? defaultTimeSettings(options.size),
    };
    const terminal = consoleTerminal();
    if (!hotseat && options.rules && options.rules !== remembered) {
      rememberRules(path, options.rules, warn);
      terminal.write(`The ${options.rules.name} rules will be the default for your next game.\n`);
    }
    const player = hotseat ? null : createPlayer({ level: options.level, seed: options.seed, network: networkFile(options.network) });
    await new PlayGame(setup, terminal, player).run();
    await player?.close();
    terminal.close();
    // Exit once everything written has been flushed; no worker or timer may keep us alive.
    process.stdout.write('', () => process.exit(0));
  });
  return command;
}
