// A game session: what GTP commands act on. It owns the board size, komi,
// rules, the game history and the clocks, and validates every change before
// making it, so a refused command leaves the session exactly as it was.

import { readFileSync } from 'node:fs';
import { BitBoard } from '../game/bitboard.js';
import { Game, type IllegalReason, type Move } from '../game/game.js';
import { fixedHandicap, freeHandicap } from '../game/handicap.js';
import { DEFAULT_RULES, handicapCompensation, rulesByName, type Rules } from '../game/rules.js';
import { count, regions, type Count } from '../game/scoring.js';
import { readSgf, setupProblem } from '../game/sgf.js';
import { BLACK, MAX_SIZE, MIN_SIZE, PASS, WHITE, type Color } from '../game/vertex.js';
import type { EndJudgement, SearchInfo } from '../search/searcher.js';
import { initialTimeLeft, spend, type TimeLeft, type TimeSettings } from '../game/clock.js';

export class SessionError extends Error {}

/** Points of regions that touch both colours that the end-of-game judge gives to each side. */
type Settled = EndJudgement['settled'];

export class Session {
  size: number;
  komi: number;
  rules: Rules;
  game: Game;
  timeSettings: TimeSettings | null = null;
  /** time_left per colour (index 1 black, 2 white), null until a controller says. */
  timeLeft: [null, TimeLeft | null, TimeLeft | null] = [null, null, null];
  /** What the search last concluded, and for whom (chat, GUIs). */
  lastAnalysis: { info: SearchInfo; color: Color } | null = null;
  /** Set when a server says the game is over (kgs-game_over, cgos-gameover): no pondering. */
  gameOver = false;
  /** The opponent as CGOS names it. */
  opponent = { name: '', rating: '' };

  constructor(options: { size?: number; komi?: number; rules?: Rules } = {}) {
    this.size = options.size ?? 19;
    this.rules = options.rules ?? DEFAULT_RULES;
    this.komi = options.komi ?? this.rules.komi;
    this.game = new Game(this.size, this.rules);
  }

  setBoardSize(size: number): void {
    if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE) throw new SessionError('unacceptable size');
    this.size = size;
    this.clear();
  }

  clear(): void {
    this.startGame(new Game(this.size, this.rules));
  }

  /** A new game (cleared or loaded): nothing of the last one's analysis, end or clocks stays. */
  private startGame(game: Game): void {
    this.game = game;
    this.lastAnalysis = null;
    this.gameOver = false;
    const settings = this.timeSettings;
    this.timeLeft = settings ? [null, initialTimeLeft(settings), initialTimeLeft(settings)] : [null, null, null];
  }

  setRules(name: string): void {
    const rules = rulesByName(name);
    if (!rules) throw new SessionError(`unknown rules ${name}`);
    this.rules = rules;
    this.game.rules = rules;
  }

  play(color: Color, point: number): IllegalReason | null {
    return this.game.play(color, point);
  }

  /** Plays the moves in order, all or none (gogui-play_sequence): the first illegal one's reason. */
  playAll(moves: Move[]): IllegalReason | null {
    for (const [k, { color, point }] of moves.entries()) {
      const reason = this.game.play(color, point);
      if (reason === null) continue;
      for (let j = 0; j < k; j++) this.game.undo();
      return reason;
    }
    return null;
  }

  private requireEmptyStart(): void {
    if (this.game.moveCount > 0 || !this.game.board.black.union(this.game.board.white).isEmpty()) {
      throw new SessionError('board not empty');
    }
  }

  private placeHandicap(points: number[]): void {
    this.game.setup(points, BLACK, WHITE);
    this.game.handicap = points.length;
  }

  fixedHandicap(n: number): number[] {
    this.requireEmptyStart();
    const points = fixedHandicap(this.size, n);
    if (!points) throw new SessionError('invalid handicap');
    this.placeHandicap(points);
    return points;
  }

  placeFreeHandicap(n: number): number[] {
    this.requireEmptyStart();
    const points = freeHandicap(this.size, n);
    if (!points) throw new SessionError('invalid handicap');
    this.placeHandicap(points);
    return points;
  }

  setFreeHandicap(points: number[]): void {
    this.requireEmptyStart();
    if (points.length < 2 || points.length >= this.size * this.size) throw new SessionError('invalid handicap');
    if (points.includes(PASS) || new Set(points).size !== points.length) throw new SessionError('invalid handicap');
    this.placeHandicap(points);
  }

  /** KataGo's set_position: a new game of these stones alone, no history, Black to move. */
  setPosition(stones: Move[]): void {
    this.startGame(this.gameWith([], [], stones, BLACK));
  }

  /** GoGui's gogui-setup: stones added to the position before the first move. */
  addSetupStones(stones: Move[]): void {
    this.requireNoMoves();
    const { board, toMove, handicap } = this.game;
    const game = this.gameWith([...board.black], [...board.white], stones, toMove);
    game.handicap = handicap;
    this.game = game;
    this.lastAnalysis = null;
  }

  /**
   * A game of setup stones: black and white points, and stones added to them. Refused for a
   * pass, a point given twice or a chain left without a liberty.
   */
  private gameWith(black: number[], white: number[], stones: Move[], toMove: Color): Game {
    const taken = new Set([...black, ...white]);
    for (const { color, point } of stones) {
      if (point === PASS || taken.has(point)) throw new SessionError('invalid setup: a pass or a point given twice');
      taken.add(point);
      (color === BLACK ? black : white).push(point);
    }
    const game = new Game(this.size, this.rules);
    game.setup(black, BLACK, toMove);
    game.setup(white, WHITE, toMove);
    const board = game.board;
    if ([...taken].some((p) => board.liberties(board.chain(p)).isEmpty())) throw new SessionError('invalid setup: a chain has no liberties');
    return game;
  }

  /** Who moves first, before the first move (gogui-setup_player). */
  setFirstToMove(color: Color): void {
    this.requireNoMoves();
    this.game.setToMove(color);
    this.lastAnalysis = null;
  }

  private requireNoMoves(): void {
    if (this.game.moveCount > 0) throw new SessionError('moves have been played');
  }

  /**
   * Loads the main line of an SGF file; with moveNumber, the position before
   * that move (GTP loadsgf). Returns the colour to move, and an RU that names
   * no preset (the current rules are kept).
   */
  loadSgf(path: string, moveNumber: number | null): { toMove: Color; unknownRules: string | null } {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      throw new SessionError('cannot load file');
    }
    let record;
    try {
      record = readSgf(text);
    } catch (error) {
      throw new SessionError(`cannot load file: ${(error as Error).message}`);
    }
    const limit = moveNumber === null ? record.moves.length : Math.max(0, Math.min(record.moves.length, moveNumber - 1));
    const problem = setupProblem(record, limit);
    if (problem !== null) throw new SessionError(`cannot load file: ${problem}`);
    const named = record.rules === null ? null : rulesByName(record.rules);
    const rules = named ?? this.rules;
    const game = new Game(record.size, rules);
    const { black, white } = record.setup;
    if (black.length > 0 || white.length > 0) {
      const firstToMove = record.firstToMove ?? (black.length > 0 && white.length === 0 && record.handicap > 0 ? WHITE : BLACK);
      game.setup(black, BLACK, firstToMove);
      if (white.length > 0) game.setup(white, WHITE, firstToMove);
      if (record.handicap > 0 && white.length === 0) game.handicap = black.length;
    } else if (record.firstToMove) {
      game.setup([], BLACK, record.firstToMove);
    }
    const board = game.board;
    if ([...board.black.union(board.white)].some((p) => board.liberties(board.chain(p)).isEmpty())) {
      throw new SessionError('cannot load file: a setup chain has no liberties');
    }
    for (let i = 0; i < limit; i++) {
      const move = record.moves[i];
      if (game.play(move.color, move.point) !== null) throw new SessionError(`cannot load file: move ${i + 1} is illegal`);
    }
    // before move N it is that move's player's turn, even where the record does not alternate
    if (limit < record.moves.length) game.setToMove(record.moves[limit].color);
    this.size = record.size;
    this.rules = rules;
    if (record.komi !== null) this.komi = record.komi;
    this.startGame(game);
    return { toMove: game.toMove, unknownRules: named === null ? record.rules : null };
  }

  /** The count with the given dead stones (and open points given to a side, see CountInput), under the session's rules. */
  count(dead: Iterable<number>, settled?: Settled, protective: Iterable<number> = []): Count {
    const state = this.game.state;
    const geometry = state.board.geometry;
    return count({
      board: state.board,
      rules: this.rules,
      komi: this.komi,
      handicap: this.game.handicap,
      prisoners: state.prisoners,
      dead: BitBoard.of(geometry, dead),
      settled: settled && { black: BitBoard.of(geometry, settled.black), white: BitBoard.of(geometry, settled.white) },
      protective: BitBoard.of(geometry, protective),
    });
  }

  /** Runs `color`'s clock down by a move that took `seconds` (time_left, when it comes, overrides it). */
  spendTime(color: Color, seconds: number): void {
    const left = this.timeLeft[color];
    if (this.timeSettings && left) this.timeLeft[color] = spend(this.timeSettings, left, seconds);
  }

  /**
   * Who owns the empty point p once `dead` stones are removed (0: nobody), open points as
   * `settled` gives them. A protective point (see CountInput) is nobody's by territory, as the
   * count scores it: the owner's stone goes there; by area that stone is the owner's point.
   */
  owner(p: number, dead: Iterable<number>, settled?: Settled, protective: Iterable<number> = []): Color | 0 {
    if (this.rules.scoring === 'territory' && [...protective].includes(p)) return 0;
    const board = this.game.board;
    const deadSet = BitBoard.of(board.geometry, dead);
    const region = regions(board.black.minus(deadSet), board.white.minus(deadSet)).find((r) => r.points.has(p));
    if (region && region.owner === 0 && settled) return settled.black.includes(p) ? BLACK : settled.white.includes(p) ? WHITE : 0;
    return region?.owner ?? 0;
  }

  /** Points White gets under area counting: komi plus the area handicap bonus (for playout scoring). */
  areaKomi(): number {
    return this.komi + handicapCompensation(this.rules, this.game.handicap);
  }
}
