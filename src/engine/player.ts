// Who chooses tengen's moves: the search (levels 1..10) or the level-0 baseline.
// GTP handlers talk to this interface only.

import type { Session } from './session.js';
import { randomMove, seededRandom } from './baseline.js';
import type { Color } from '../game/vertex.js';

export interface CandidateInfo {
  move: number;
  visits: number;
  /** 0..1 for the side to move. */
  winrate: number;
  prior: number;
  lcb: number;
  scoreLead: number;
  pv: number[];
}

export interface AnalysisInfo {
  playouts: number;
  winrate: number;
  scoreLead: number;
  candidates: CandidateInfo[];
  /** Per point, +1 black owns … -1 white owns. */
  ownership: Float32Array;
}

export interface MoveRequest {
  color: Color;
  /** kgs-genmove_cleanup: never pass while dead opponent stones remain. */
  cleanup?: boolean;
  signal?: AbortSignal;
  onInfo?: (info: AnalysisInfo) => void;
  infoIntervalMs?: number;
  /** Fixed limits for this request, overriding the player's own settings and the clock. */
  playouts?: number;
  timeMs?: number;
}

export interface Player {
  genmove(session: Session, request: MoveRequest): Promise<{ move: number | 'resign'; info: AnalysisInfo | null }>;
  /** Searches until the signal aborts, reporting through onInfo. */
  analyze(session: Session, request: MoveRequest): Promise<AnalysisInfo | null>;
  deadStones(session: Session): Promise<{ dead: number[]; seki: number[] }>;
  close(): Promise<void>;
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
    return { dead: [], seki: [] };
  }

  async close() {}
}
