// Who chooses tengen's moves: the search (levels 1..10) or the level-0 baseline.
// GTP handlers talk to this interface only.

import type { Color } from '../game/vertex.js';
import type { EndJudgement, SearchInfo } from '../search/searcher.js';
import { randomMove, seededRandom } from './baseline.js';
import type { Session } from './session.js';

/** What a search concluded: candidates best first, win rates for the side to move, ownership +1 black … -1 white. */
export type { Candidate, SearchInfo } from '../search/searcher.js';

export interface MoveRequest {
  color: Color;
  /** Moves (points, PASS) this request may not choose: the analyze commands' avoid and allow. */
  avoid?: number[];
  /** kgs-genmove_cleanup: never pass while dead opponent stones remain. */
  cleanup?: boolean;
  signal?: AbortSignal;
  onInfo?: (info: SearchInfo) => void;
  infoIntervalMs?: number;
  /** performance.now() when the controller asked: an analysis's first info line is due an interval after it, a move's clock ran from then */
  askedAt?: number;
  /** Fixed limits for this request, overriding the player's own settings and the clock. */
  playouts?: number;
  timeMs?: number;
}

export interface Player {
  genmove(session: Session, request: MoveRequest): Promise<{ move: number | 'resign'; info: SearchInfo | null }>;
  /** Searches until its limits (playouts, timeMs) are reached or the signal aborts, reporting through onInfo. */
  analyze(session: Session, request: MoveRequest): Promise<SearchInfo | null>;
  /** The status each stone would have after correct play, and the open points each side would get (see EndJudgement). */
  deadStones(session: Session): Promise<EndJudgement>;
  close(): Promise<void>;
  /** Gets ready for the first search in the background (loads the search, starts its threads); optional. */
  warm?(): void;
}

/**
 * A player whose module is loaded on first use, or when warmed: `tengen gtp` answers its first
 * command without the search's modules (the worker pool, the move knowledge, the network's runtime).
 */
export class DeferredPlayer implements Player {
  private player: Promise<Player> | null = null;
  private closed = false;

  constructor(private readonly load: () => Promise<Player>) {}

  private get(): Promise<Player> {
    this.player ??= this.load();
    return this.player;
  }

  warm(): void {
    // a failed load shows in the first request that needs the player
    if (!this.closed) this.get().then((player) => player.warm?.(), () => {});
  }

  async genmove(session: Session, request: MoveRequest) {
    return (await this.get()).genmove(session, request);
  }

  async analyze(session: Session, request: MoveRequest) {
    return (await this.get()).analyze(session, request);
  }

  async deadStones(session: Session) {
    return (await this.get()).deadStones(session);
  }

  async close() {
    this.closed = true;
    if (this.player) await (await this.player).close();
  }
}

/** Level 0: random legal moves that never fill an own eye; every stone counts alive. */
export class BaselinePlayer implements Player {
  private readonly random: () => number;

  constructor(seed = Date.now()) {
    this.random = seededRandom(seed);
  }

  async genmove(session: Session, request: MoveRequest) {
    return { move: randomMove(session.game, request.color, this.random), info: null };
  }

  async analyze(_session: Session, request: MoveRequest) {
    if (request.signal && !request.signal.aborted) {
      await new Promise((resolve) => request.signal!.addEventListener('abort', resolve, { once: true }));
    }
    return null;
  }

  async deadStones() {
    return { dead: [], seki: [], settled: { black: [], white: [] } };
  }

  async close() {}
}
