// `tengen match`: play games between two GTP engines, like gogui-twogtp.
// One process per engine for the whole match. A game ends on two passes
// (scored by the referee's `final_score`), a resignation, an illegal move
// (the other engine refuses the `play`: the mover loses), a failed genmove,
// a flag fall (with --time) or the move limit (then scored as it stands).

import { accessSync, constants, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Command, InvalidArgumentError } from 'commander';
import sgf from '@sabaki/sgf';
import { GtpClient, type GtpReply } from '../gtp/client.js';
import { BLACK, MAX_SIZE, MIN_SIZE, PASS, WHITE, colorLetter, colorName, formatVertex, opponent, parseVertex, type Color } from '../game/vertex.js';

export interface MatchOptions {
  /** Fixed colours: this engine always plays black… */
  black?: string;
  /** …and this one white. */
  white?: string;
  /** Alternating colours: this engine plays black in odd-numbered games… */
  engine?: string;
  /** …and this one in even-numbered games. */
  opponent?: string;
  size?: number;
  komi?: number;
  /** Sent as `kgs-rules` or `kata-set-rules` to engines that list one of them. */
  rules?: string;
  games?: number;
  /** Engine that scores finished games; default: GNU Go (see defaultReferee), else the first engine. */
  referee?: string;
  /** Write one SGF per game here. */
  sgfDir?: string;
  /** Stop and score a game after this many moves (default 3 × size²). */
  maxMoves?: number;
  /** Sudden-death seconds per side per game; a side that exceeds it loses. */
  time?: number;
  stderr?: boolean;
  log?: (line: string) => void;
  /** Called after each game, while the engines are still running; throwing ends the match. */
  onGame?: (record: GameRecord) => void;
}

export type GameEnd = 'score' | 'resign' | 'illegal' | 'genmove-error' | 'time' | 'max-moves';

export interface GameRecord {
  number: number;
  /** Index into MatchSummary.players of the black player. */
  blackPlayer: 0 | 1;
  black: string;
  white: string;
  /** SGF RE style: `B+3.5`, `W+R`, `B+T` (time), `W+F` (forfeit: illegal move), `0` (jigo), `?` (unscored). */
  result: string;
  /** Index of the winning player, or null for a draw or no result. */
  winner: 0 | 1 | null;
  end: GameEnd;
  /** Moves played, passes included; an illegal move is not counted. */
  moves: number;
  seconds: number;
  /** The refused move, when the game ended on an illegal move. */
  illegalMove?: string;
  sgfPath?: string;
}

export interface PlayerSummary {
  role: 'black' | 'white' | 'engine' | 'opponent';
  name: string;
  command: string;
  wins: number;
  /** (wins + draws / 2) / games with a result. */
  winRate: number;
  /** Wilson score interval for winRate at 95 %. */
  interval: [number, number];
  /** Genmoves answered. */
  moves: number;
  secondsPerMove: number;
  illegalMoves: number;
  lostOnTime: number;
}

export interface MatchSummary {
  games: GameRecord[];
  players: [PlayerSummary, PlayerSummary];
  draws: number;
  noResult: number;
  referee: string;
}

interface Player {
  role: PlayerSummary['role'];
  command: string;
  client: GtpClient;
  name: string;
  commands: Set<string>;
  moves: number;
  seconds: number;
  illegalMoves: number;
  lostOnTime: number;
}

interface Settings {
  size: number;
  komi: number;
  rules?: string;
  maxMoves: number;
  time?: number;
}

interface Move {
  color: Color;
  point: number;
}

/** Sends a command that must succeed. */
async function must(client: GtpClient, command: string): Promise<string> {
  const reply = await client.send(command);
  if (!reply.ok) throw new Error(`"${command}" failed: ${reply.text}`);
  return reply.text;
}

async function startPlayer(role: Player['role'], command: string, stderr: boolean | undefined): Promise<Player> {
  const client = new GtpClient(command, { stderr });
  try {
    const name = (await client.send('name')).text.trim() || command;
    const version = await client.send('version');
    const list = await client.send('list_commands');
    return {
      role,
      command,
      client,
      name: version.ok && version.text.trim() ? `${name} ${version.text.trim()}` : name,
      commands: new Set(list.ok ? list.text.split('\n').map((c) => c.trim()) : []),
      moves: 0,
      seconds: 0,
      illegalMoves: 0,
      lostOnTime: 0,
    };
  } catch (error) {
    await client.close();
    throw error;
  }
}

/**
 * The default referee: GNU Go, if installed, scoring by area unless the rules
 * say territory. Level 0 because at its default level final_score can take
 * minutes on a messy 9×9 board (measured: 372 s once), and after two passes
 * the status of the stones is rarely in doubt.
 */
export function defaultReferee(rules?: string): string | null {
  const scoring = rules !== undefined && /japanese|korean/i.test(rules) ? '--japanese-rules' : '--chinese-rules';
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/games'];
  for (const dir of dirs) {
    if (!dir) continue;
    const path = join(dir, 'gnugo');
    try {
      accessSync(path, constants.X_OK);
      return `${path} --mode gtp --level 0 ${scoring}`;
    } catch {
      // not here
    }
  }
  return null;
}

/** Wilson score interval (z = 1.96) for a proportion p observed over n trials. */
export function wilsonInterval(p: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const z2n = (z * z) / n;
  const center = (p + z2n / 2) / (1 + z2n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n))) / (1 + z2n);
  return [Math.max(0, center - half), Math.min(1, center + half)];
}

async function newGame(player: Player, settings: Settings): Promise<void> {
  const { client, commands } = player;
  if (settings.rules !== undefined) {
    if (commands.has('kgs-rules')) await must(client, `kgs-rules ${settings.rules}`);
    else if (commands.has('kata-set-rules')) await must(client, `kata-set-rules ${settings.rules}`);
  }
  await must(client, `boardsize ${settings.size}`);
  await must(client, 'clear_board');
  await must(client, `komi ${settings.komi}`);
  if (settings.time !== undefined && commands.has('time_settings')) {
    // GTP times are whole seconds; the clock here keeps the exact value.
    await client.send(`time_settings ${Math.ceil(settings.time)} 0 0`);
  }
}

const RESULT = /^(?:[BW]\+(?:\d+(?:\.\d+)?|R|T|F)|0)$/;

/** Asks the referee for the score; a separate referee gets the game replayed first. */
async function score(referee: GtpClient, replay: boolean, moves: Move[], settings: Settings): Promise<string> {
  try {
    if (replay) {
      await must(referee, `boardsize ${settings.size}`);
      await must(referee, 'clear_board');
      await must(referee, `komi ${settings.komi}`);
      const plays = moves.map((m) => must(referee, `play ${colorName(m.color)} ${formatVertex(m.point, settings.size)}`));
      await Promise.all(plays);
    }
    const text = (await must(referee, 'final_score')).trim().toUpperCase();
    if (/^[BW]\+0(?:\.0*)?$/.test(text)) return '0';
    return RESULT.test(text) ? text : '?';
  } catch {
    return '?';
  }
}

async function playGame(
  number: number,
  players: [Player, Player],
  blackPlayer: 0 | 1,
  settings: Settings,
  referee: { client: GtpClient; replay: boolean },
): Promise<{ record: GameRecord; moves: Move[] }> {
  const start = performance.now();
  const byColor = (color: Color) => players[color === BLACK ? blackPlayer : 1 - blackPlayer];
  for (const player of players) await newGame(player, settings);

  const moves: Move[] = [];
  const clock = { [BLACK]: settings.time ?? Infinity, [WHITE]: settings.time ?? Infinity };
  let color: Color = BLACK;
  let passes = 0;
  let end: GameEnd = 'max-moves';
  let result = '?';
  let illegalMove: string | undefined;

  while (moves.length < settings.maxMoves) {
    const mover = byColor(color);
    const other = byColor(opponent(color));
    const winner = colorLetter(opponent(color));
    if (settings.time !== undefined && mover.commands.has('time_left')) {
      await mover.client.send(`time_left ${colorName(color)} ${Math.max(0, Math.floor(clock[color]))} 0`);
    }
    const t0 = performance.now();
    const reply: GtpReply = await mover.client.send(`genmove ${colorName(color)}`);
    const elapsed = (performance.now() - t0) / 1000;
    mover.moves++;
    mover.seconds += elapsed;
    clock[color] -= elapsed;
    if (clock[color] < 0) {
      mover.lostOnTime++;
      [end, result] = ['time', `${winner}+T`];
      break;
    }
    if (!reply.ok) {
      [end, result] = ['genmove-error', `${winner}+F`];
      break;
    }
    const answer = reply.text.trim();
    if (answer.toLowerCase() === 'resign') {
      [end, result] = ['resign', `${winner}+R`];
      break;
    }
    const point = parseVertex(answer, settings.size);
    const played = point === null ? null : await other.client.send(`play ${colorName(color)} ${answer}`);
    if (point === null || !played?.ok) {
      mover.illegalMoves++;
      illegalMove = answer;
      [end, result] = ['illegal', `${winner}+F`];
      break;
    }
    moves.push({ color, point });
    passes = point === PASS ? passes + 1 : 0;
    if (passes === 2) {
      end = 'score';
      break;
    }
    color = opponent(color);
  }
  if (end === 'score' || end === 'max-moves') result = await score(referee.client, referee.replay, moves, settings);

  const winnerColor = result.startsWith('B+') ? BLACK : result.startsWith('W+') ? WHITE : null;
  const record: GameRecord = {
    number,
    blackPlayer,
    black: byColor(BLACK).name,
    white: byColor(WHITE).name,
    result,
    winner: winnerColor === null ? null : winnerColor === BLACK ? blackPlayer : ((1 - blackPlayer) as 0 | 1),
    end,
    moves: moves.length,
    seconds: (performance.now() - start) / 1000,
  };
  if (illegalMove !== undefined) record.illegalMove = illegalMove;
  return { record, moves };
}

/** The game as SGF: a root with the game info, then one node per move. */
function gameToSgf(record: GameRecord, moves: Move[], settings: Settings): string {
  const root: sgf.Node = {
    id: 0,
    parentId: null,
    children: [],
    data: {
      GM: ['1'],
      FF: ['4'],
      CA: ['UTF-8'],
      AP: ['tengen match'],
      SZ: [String(settings.size)],
      KM: [String(settings.komi)],
      PB: [record.black],
      PW: [record.white],
      RE: [record.result],
      DT: [new Date().toISOString().slice(0, 10)],
    },
  };
  if (settings.rules !== undefined) root.data.RU = [settings.rules];
  if (settings.time !== undefined) root.data.TM = [String(settings.time)];
  if (record.illegalMove !== undefined) root.data.GC = [`illegal move ${record.illegalMove} by ${record.result.startsWith('B') ? 'white' : 'black'}`];
  if (record.end === 'max-moves') root.data.GC = [`stopped after ${record.moves} moves`];

  let parent = root;
  for (const [i, move] of moves.entries()) {
    const size = settings.size;
    // SGF counts rows from the top; a pass is an empty value (FF[4]).
    const value = move.point === PASS ? '' : sgf.stringifyVertex([move.point % size, size - 1 - Math.floor(move.point / size)]);
    const node: sgf.Node = { id: i + 1, parentId: parent.id, children: [], data: { [colorLetter(move.color)]: [value] } };
    parent.children.push(node);
    parent = node;
  }
  return sgf.stringify([root]);
}

function summarize(players: [Player, Player], games: GameRecord[], referee: string): MatchSummary {
  const draws = games.filter((g) => g.result === '0').length;
  const noResult = games.filter((g) => g.winner === null && g.result !== '0').length;
  const decided = games.length - noResult;
  const summary = (p: Player, index: 0 | 1): PlayerSummary => {
    const wins = games.filter((g) => g.winner === index).length;
    const winRate = decided === 0 ? 0 : (wins + draws / 2) / decided;
    return {
      role: p.role,
      name: p.name,
      command: p.command,
      wins,
      winRate,
      interval: wilsonInterval(winRate, decided),
      moves: p.moves,
      secondsPerMove: p.moves === 0 ? 0 : p.seconds / p.moves,
      illegalMoves: p.illegalMoves,
      lostOnTime: p.lostOnTime,
    };
  };
  return { games, players: [summary(players[0], 0), summary(players[1], 1)], draws, noResult, referee };
}

const percent = (x: number) => `${(100 * x).toFixed(1)}%`;

/** Plays the match, logging a line per game and a summary; returns the summary. */
export async function runMatch(options: MatchOptions): Promise<MatchSummary> {
  const log = options.log ?? ((line: string) => console.log(line));
  const fixed = options.black !== undefined || options.white !== undefined;
  const alternating = options.engine !== undefined || options.opponent !== undefined;
  if (fixed === alternating) throw new Error('give either --black and --white, or --engine and --opponent');
  const [first, second] = fixed ? [options.black, options.white] : [options.engine, options.opponent];
  if (first === undefined || second === undefined) {
    throw new Error(fixed ? 'give both --black and --white' : 'give both --engine and --opponent');
  }
  const size = options.size ?? 19;
  if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE) throw new Error(`bad board size ${size}`);
  const settings: Settings = {
    size,
    komi: options.komi ?? 7.5,
    rules: options.rules,
    maxMoves: options.maxMoves ?? 3 * size * size,
    time: options.time,
  };
  const gameCount = options.games ?? 1;

  const started: GtpClient[] = [];
  try {
    const a = await startPlayer(fixed ? 'black' : 'engine', first, options.stderr);
    started.push(a.client);
    const b = await startPlayer(fixed ? 'white' : 'opponent', second, options.stderr);
    started.push(b.client);
    if (a.name === b.name) [a.name, b.name] = [`${a.name} (${a.role})`, `${b.name} (${b.role})`];
    const players: [Player, Player] = [a, b];

    const refereeCommand = options.referee ?? defaultReferee(settings.rules);
    let referee = { client: a.client, replay: false, name: `${a.name} (first engine)` };
    if (refereeCommand !== null) {
      const client = new GtpClient(refereeCommand, { stderr: options.stderr });
      started.push(client);
      await must(client, 'name');
      referee = { client, replay: true, name: refereeCommand };
    }
    log(`${a.role}: ${a.name}; ${b.role}: ${b.name}; referee: ${referee.name}`);

    const games: GameRecord[] = [];
    for (let n = 1; n <= gameCount; n++) {
      const blackPlayer = fixed || n % 2 === 1 ? 0 : 1;
      const { record, moves } = await playGame(n, players, blackPlayer, settings, referee);
      if (options.sgfDir !== undefined) {
        mkdirSync(options.sgfDir, { recursive: true });
        record.sgfPath = join(options.sgfDir, `game-${String(n).padStart(3, '0')}.sgf`);
        writeFileSync(record.sgfPath, gameToSgf(record, moves, settings));
      }
      const how = record.illegalMove !== undefined ? ` (illegal ${record.illegalMove})` : record.end === 'max-moves' ? ' (move limit)' : '';
      log(
        `game ${n}/${gameCount}: ${record.black} (B) vs ${record.white} (W): ${record.result}${how}, ` +
          `${record.moves} moves, ${record.seconds.toFixed(1)} s`,
      );
      games.push(record);
      options.onGame?.(record);
    }

    const summary = summarize(players, games, referee.name);
    for (const p of summary.players) {
      const [lo, hi] = p.interval;
      let line =
        `${p.name}: ${p.wins} wins, ${percent(p.winRate)} (95% ${percent(lo)}–${percent(hi)}), ` +
        `${p.secondsPerMove.toFixed(3)} s/move, ${p.illegalMoves} illegal moves`;
      if (settings.time !== undefined) line += `, ${p.lostOnTime} lost on time`;
      log(line);
    }
    log(`${games.length} games, ${summary.draws} draws, ${summary.noResult} without result`);
    return summary;
  } finally {
    await Promise.all(started.map((client) => client.close()));
  }
}

function numberOption(integer: boolean) {
  return (text: string): number => {
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
      throw new InvalidArgumentError(integer ? 'not an integer' : 'not a number');
    }
    return value;
  };
}

export function matchCommand(): Command {
  return new Command('match')
    .description('play games between two GTP engines (like gogui-twogtp)')
    .option('--black <command>', 'engine that plays black in every game')
    .option('--white <command>', 'engine that plays white in every game')
    .option('--engine <command>', 'engine that plays black in odd games, white in even ones')
    .option('--opponent <command>', 'its opponent')
    .option('--size <n>', 'board size', numberOption(true), 19)
    .option('--komi <k>', 'komi', numberOption(false), 7.5)
    .option('--rules <name>', 'rules, sent as kgs-rules or kata-set-rules where listed')
    .option('--games <n>', 'number of games', numberOption(true), 1)
    .option('--referee <command>', 'engine that scores games with final_score (default: gnugo --level 0 if installed, else the first engine)')
    .option('--sgf-dir <dir>', 'write an SGF file per game here')
    .option('--max-moves <n>', 'score a game after this many moves (default 3 × size²)', numberOption(true))
    .option('--time <seconds>', 'sudden-death time per side per game', numberOption(false))
    .option('--stderr', 'show the engines’ stderr')
    .action(async (opts: MatchOptions) => {
      try {
        await runMatch(opts);
      } catch (error) {
        console.error(`match: ${(error as Error).message}`);
        process.exitCode = 2;
      }
    });
}
