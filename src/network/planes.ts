// The network's input: one definition of the planes, used both to write training files from
// game records (positions.ts) and to feed the network at search time. Every plane is 0/1 and
// seen from the side to move, point p = y*size + x at [plane][y][x] (row 0 the bottom row).
//
// The choice follows the features that measured well in the literature: stones and history
// (AlphaGo: the move history alone is worth about 7 points of top-1), liberties 1/2/3 (KataGo's
// planes; they add raw strength more than accuracy), ko, ladders (KataGo reads which stones can
// be laddered), whose turn it is and whether the last move was a pass. No komi plane: every
// training record is played at komi 6.5, so such a plane would be a constant the network
// cannot learn from.

import { BLACK, EMPTY, type PlayoutBoard } from '../game/playout-board.js';
import { LadderReader } from '../tactics/ladder.js';

export const PLANE = {
  /** every point of the board (the padding around it is 0, which marks the edge) */
  onBoard: 0,
  own: 1,
  opponent: 2,
  /** stones of either colour whose chain has exactly 1, 2, 3 liberties */
  libs1: 3,
  libs2: 4,
  libs3: 5,
  /** the point the side to move may not play because of a simple ko */
  ko: 6,
  /** the point of the move 1, 2, … 5 moves ago (nothing for a pass) */
  lastMove: 7,
  /** own stones in atari that cannot escape by extending (a working ladder) */
  ownCaught: 12,
  /** own stones with two liberties the opponent can ladder */
  ownLadderable: 13,
  /** opponent stones with two liberties the side to move can ladder */
  opponentLadderable: 14,
  /** every point when Black is to move */
  blackToMove: 15,
  /** every point when the last move was a pass */
  lastWasPass: 16,
} as const;

export const PLANES = 17;
export const HISTORY = 5;

export class PlaneEncoder {
  readonly size: number;
  readonly points: number;
  private readonly ladders: LadderReader;
  private readonly libs = new Int32Array(4);
  /** per padded index: the chain head's liberty count, reset for each position */
  private readonly headLibs: Int32Array;

  constructor(size: number) {
    this.size = size;
    this.points = size * size;
    this.ladders = new LadderReader(size);
    this.headLibs = new Int32Array((size + 2) * (size + 2));
  }

  /**
   * Writes the planes of b's position (its side to move) into out at offset (PLANES × points
   * floats). lastMoves: the game's moves so far as points, most recent last, -1 a pass.
   * b.toMove is changed during the ladder reading and restored.
   */
  encode(b: PlayoutBoard, lastMoves: ArrayLike<number>, out: Float32Array, offset: number): void {
    const { points, headLibs } = this;
    out.fill(0, offset, offset + PLANES * points);
    const at = (plane: number, p: number): number => offset + plane * points + p;
    const us = b.toMove;
    headLibs.fill(0);
    for (let p = 0; p < points; p++) {
      out[at(PLANE.onBoard, p)] = 1;
      if (us === BLACK) out[at(PLANE.blackToMove, p)] = 1;
      const i = b.idxOf[p];
      const c = b.color[i];
      if (c === EMPTY) continue;
      out[at(c === us ? PLANE.own : PLANE.opponent, p)] = 1;
      const h = b.chain[i];
      if (headLibs[h] === 0) headLibs[h] = b.chainLibs(h, this.libs, 4);
      const n = headLibs[h];
      if (n <= 3) out[at(PLANE.libs1 + n - 1, p)] = 1;
    }
    if (b.ko !== 0 && b.pointOf[b.ko] >= 0) out[at(PLANE.ko, b.pointOf[b.ko])] = 1;
    for (let k = 0; k < HISTORY && k < lastMoves.length; k++) {
      const m = lastMoves[lastMoves.length - 1 - k];
      if (m >= 0) out[at(PLANE.lastMove + k, m)] = 1;
    }
    if (lastMoves.length > 0 && lastMoves[lastMoves.length - 1] < 0) {
      out.fill(1, at(PLANE.lastWasPass, 0), at(PLANE.lastWasPass, points));
    }
    this.ladderPlanes(b, us, (plane, h) => this.markChain(b, h, out, at(plane, 0)));
  }

  /**
   * Chains in atari of the side to move that a ladder catches, and chains of two liberties
   * either side can ladder (the attacker to move for the reading).
   */
  private ladderPlanes(b: PlayoutBoard, us: number, mark: (plane: number, head: number) => void): void {
    const { headLibs } = this;
    for (let p = 0; p < this.points; p++) {
      const i = b.idxOf[p];
      const c = b.color[i];
      if (c === EMPTY || b.chain[i] !== i) continue; // once per chain, at its head
      const n = headLibs[i];
      if (n === 1 && c === us) {
        if (this.ladders.caught(b, i)) mark(PLANE.ownCaught, i);
      } else if (n === 2) {
        b.toMove = 3 - c;
        const caught = this.ladders.ladderable(b, i);
        b.toMove = us;
        if (caught) mark(c === us ? PLANE.ownLadderable : PLANE.opponentLadderable, i);
      }
    }
  }

  private markChain(b: PlayoutBoard, h: number, out: Float32Array, base: number): void {
    let s = h;
    do {
      out[base + b.pointOf[s]] = 1;
      s = b.nextStone[s];
    } while (s !== h);
  }
}
