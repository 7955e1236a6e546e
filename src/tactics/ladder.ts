// Ladder reading on the playout board: does a chain in atari (its owner to move) get away by
// extending, when the attacker keeps giving atari? The prey escapes when it reaches three
// liberties or can capture an attacking stone (a simplification Pachi's is_ladder makes too);
// it is caught when extending leaves it one liberty. Boards for each ply come from a pool, so
// reading allocates nothing after the first deep ladder.

import { firstDir, neighboursOf, ORTHO } from '../game/patterns.js';
import { PlayoutBoard } from '../game/playout-board.js';

/** Reading this deep without an answer counts as an escape (a ladder crosses 19×19 in < 80 plies). */
const MAX_PLIES = 120;

/** Is one of chain h's neighbours a chain of colour c in atari? */
export function touchesAtari(b: PlayoutBoard, h: number, c: number): boolean {
  const { chain, nextStone, pat, dir8 } = b;
  let s = h;
  do {
    for (let own = neighboursOf(pat[s], c) & ORTHO; own !== 0; own &= own - 1) {
      if (b.inAtari(chain[s + dir8[firstDir(own)]])) return true;
    }
    s = nextStone[s];
  } while (s !== h);
  return false;
}

export class LadderReader {
  private readonly pool: PlayoutBoard[] = [];
  private readonly libs = new Int32Array(4);

  constructor(readonly size: number) {}

  private board(ply: number): PlayoutBoard {
    while (this.pool.length <= ply) this.pool.push(new PlayoutBoard(this.size));
    return this.pool[ply];
  }

  /** True when the chain of stone s (in atari, its colour to move on b) is caught in a ladder. */
  caught(b: PlayoutBoard, s: number): boolean {
    return !this.escapes(b, s, 0);
  }

  /**
   * True when the chain of stone s, with exactly two liberties and the attacker to move on b,
   * can be laddered: an atari on one of its liberties that the prey cannot escape.
   */
  ladderable(b: PlayoutBoard, s: number): boolean {
    if (!b.twoLibs(b.chain[s], this.libs)) return false;
    return this.attack(b, s, this.libs[0], this.libs[1], 0);
  }

  private attack(b: PlayoutBoard, s: number, l0: number, l1: number, ply: number): boolean {
    const attacker = b.toMove;
    for (let k = 0; k < 2; k++) {
      const a = k === 0 ? l0 : l1;
      if (!b.isLegal(a, attacker)) continue;
      const nb = this.board(ply);
      nb.copyFrom(b);
      nb.play(a);
      // a capture by the atari stone may have given the prey liberties: then it is no atari
      if (!nb.inAtari(nb.chain[s])) continue;
      if (!this.escapes(nb, s, ply + 1)) return true;
    }
    return false;
  }

  private escapes(b: PlayoutBoard, s: number, ply: number): boolean {
    if (ply >= MAX_PLIES) return true;
    const h = b.chain[s];
    const prey = b.color[s];
    const attacker = 3 - prey;
    // an attacking chain in atari next to the prey can be captured
    if (touchesAtari(b, h, attacker)) return true;
    const lib = b.atariLib(h);
    if (!b.isLegal(lib, prey)) return false;
    const nb = this.board(ply);
    nb.copyFrom(b);
    nb.play(lib);
    const head = nb.chain[s];
    if (nb.inAtari(head)) return false;
    if (!nb.twoLibs(head, this.libs)) return true;
    return !this.attack(nb, s, this.libs[0], this.libs[1], ply + 1);
  }
}
