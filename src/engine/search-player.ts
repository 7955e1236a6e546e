// The search (src/search) as a Player: turns the session into the search's
// position, and makes sure whatever it returns is legal under the session's rules.

import { BitBoard } from '../game/bitboard.js';
import { PASS, opponent, type Color } from '../game/vertex.js';
import { defaultTimeSettings } from '../game/clock.js';
import { availableParallelism } from 'node:os';
import { BaselinePlayer, type MoveRequest, type Player } from './player.js';
import type { Session } from './session.js';
import { Searcher, type EndJudgement, type SearchOptions, type SearchPosition } from '../search/searcher.js';
import { DEFAULT_MAX_TREE_MB, DEFAULT_RESIGN_THRESHOLD } from '../search/types.js';
import { HISTORY } from '../network/planes.js';

export class SearchPlayer implements Player {
  private readonly searcher: Searcher;

  constructor(options: SearchOptions) {
    this.searcher = new Searcher(options);
    this.searcher.warm();
  }

  async genmove(session: Session, request: MoveRequest) {
    const position = searchPosition(session, request.color, request.avoid);
    const { move, info } = await this.searcher.genmove(position, {
      playouts: request.playouts,
      timeMs: request.timeMs,
      signal: request.signal,
      onInfo: request.onInfo,
      infoIntervalMs: request.infoIntervalMs,
      cleanup: request.cleanup,
      askedAt: request.askedAt,
      scoring: session.rules.scoring,
      clock: { settings: session.timeSettings ?? defaultTimeSettings(session.size), left: session.timeLeft[request.color] },
    });
    if (move === 'resign') {
      // A side whose only legal move is pass passes rather than resigns.
      const game = session.game;
      return { move: [...game.board.empties()].some((p) => game.check(request.color, p) === null) ? move : PASS, info };
    }
    if (move === PASS || session.game.check(request.color, move) === null) return { move, info };
    // The search's superko check is approximate; the rules core has the last word.
    const legal = info.candidates.find((c) => c.move === PASS || session.game.check(request.color, c.move) === null);
    return { move: legal?.move ?? PASS, info };
  }

  async analyze(session: Session, request: MoveRequest) {
    return this.searcher.analyze(searchPosition(session, request.color, request.avoid), {
      playouts: request.playouts,
      timeMs: request.timeMs,
      signal: request.signal,
      onInfo: request.onInfo,
      infoIntervalMs: request.infoIntervalMs,
      askedAt: request.askedAt,
    });
  }

  /** The last judgement and what it was for: controllers ask for the dead stones and the score of one position in a row. */
  private judged: { state: object; komi: number; rules: string; result: Promise<EndJudgement> } | null = null;

  deadStones(session: Session) {
    const key = { state: session.game.state, komi: session.komi, rules: session.rules.name };
    const cached = this.judged;
    if (cached && cached.state === key.state && cached.komi === key.komi && cached.rules === key.rules) return cached.result;
    const result = this.searcher.deadStones(searchPosition(session, session.game.toMove));
    this.judged = { ...key, result };
    result.catch(() => {
      if (this.judged?.result === result) this.judged = null;
    });
    return result;
  }

  close() {
    return this.searcher.close();
  }
}

/** The session's current position as the search sees it, with `color` to move and the moves in avoid forbidden. */
export function searchPosition(session: Session, color: Color, avoid: number[] = []): SearchPosition {
  const game = session.game;
  const boards = game.boards();
  const board = game.board;
  // Superko can only forbid a capture in practice (a ko); check those against the rules core.
  const empties = board.empties();
  const illegal: number[] = [];
  const enemy = board.stones(opponent(color));
  for (const p of empties) {
    const single = new BitBoard(board.geometry);
    single.add(p);
    const touchesAtari = [...single.neighbours().intersect(enemy)].some((q) => board.liberties(board.chain(q)).count() === 1);
    if (touchesAtari && game.check(color, p) !== null) illegal.push(p);
  }
  return {
    size: session.size,
    board: board.toArray(),
    toMove: color,
    komi: session.areaKomi(),
    history: boards.slice(0, -1).map((b) => b.toArray()),
    historyToMove: session.rules.koRule === 'situational' ? game.turns().slice(0, -1) : undefined,
    illegal: [...illegal, ...avoid],
    moveNumber: game.moveCount,
    lastMoves: game.moves.slice(-HISTORY).map((m) => m.point),
  };
}

export interface PlayerOptions extends Partial<SearchOptions> {
  /** 0: the random baseline; 1..10: the search. */
  level?: number;
  seed?: number;
}

/** The player for the command-line options: the baseline at level 0, else the search. */
export function createPlayer(options: PlayerOptions): Player {
  const level = options.level ?? 10;
  if (level === 0) return new BaselinePlayer(options.seed);
  return new SearchPlayer({
    threads: options.threads ?? availableParallelism(),
    playouts: options.playouts,
    timeSec: options.timeSec,
    level,
    resignThreshold: options.resignThreshold ?? DEFAULT_RESIGN_THRESHOLD,
    maxTreeMb: options.maxTreeMb ?? DEFAULT_MAX_TREE_MB,
    seed: options.seed,
    params: options.params,
    network: options.network,
  });
}
