// Which self-ataris a playout must never play: the ones that put three or more stones in atari
// for nothing. Such a move is good only as nakade — filling the opponent's eye space so that,
// once the stones are captured, the space left is a dead shape — and only when the stones could
// neither run out nor capture something instead (Pachi's "really bad" self-atari, the part its
// playouts refuse every time; smaller self-ataris are throw-ins and are left to chance).

import { EMPTY, type PlayoutBoard } from '../game/playout-board.js';
import { SHAPE, shapeEmpty } from '../game/patterns.js';

/** The largest eye space that can still be a dead shape (rabbity six). */
const NAKADE_MAX = 6;

export class SelfAtariJudge {
  private readonly heads = new Int32Array(4);
  private readonly area = new Int32Array(NAKADE_MAX);
  private readonly libs = new Int32Array(3);

  /**
   * For a legal move i by c that leaves its chain in atari (b.libsAfter(i, c, 2) < 2) and
   * captures nothing: does it put 3 or more stones in atari where nakade does not explain it?
   */
  bigSelfAtari(b: PlayoutBoard, i: number, c: number): boolean {
    const { color, chain, stones, nb4 } = b;
    const heads = this.heads;
    let nh = 0;
    let total = 1;
    for (let k = 0; k < 4; k++) {
      const n = i + nb4[k];
      if (color[n] !== c) continue;
      const h = chain[n];
      let seen = false;
      for (let j = 0; j < nh; j++) if (heads[j] === h) seen = true;
      if (seen) continue;
      heads[nh++] = h;
      total += stones[h];
    }
    if (total < 3) return false;
    if (total > NAKADE_MAX) return true;
    // could one of the chains run out by its other liberty, or capture something instead?
    const area = this.area;
    let n = 0;
    area[n++] = i;
    for (let j = 0; j < nh; j++) {
      const h = heads[j];
      if (b.chainLibs(h, this.libs, 3) === 2) {
        const other = this.libs[0] === i ? this.libs[1] : this.libs[0];
        if (shapeEmpty(SHAPE[b.pat[other]]) >= 2) return true;
      }
      let s = h;
      do {
        area[n++] = s;
        for (let k = 0; k < 4; k++) {
          const m = s + nb4[k];
          if (color[m] === 3 - c && b.inAtari(chain[m])) return true;
        }
        s = b.nextStone[s];
      } while (s !== h);
    }
    return !deadShape(area, n, b.width) || this.opensOut(b, i, n);
  }

  /**
   * After the move, does the chain's last liberty (the empty neighbour of its n stones in
   * area) open onto more empty points, i.e. the stones are not inside an eye space?
   */
  private opensOut(b: PlayoutBoard, i: number, n: number): boolean {
    const { color, nb4 } = b;
    const area = this.area;
    for (let a = 0; a < n; a++) {
      const s = area[a];
      for (let k = 0; k < 4; k++) {
        const m = s + nb4[k];
        if (color[m] !== EMPTY || m === i) continue;
        // m's empty neighbours other than i
        let free = 0;
        for (let q = 0; q < 4; q++) if (color[m + nb4[q]] === EMPTY && m + nb4[q] !== i) free++;
        if (free > 0) return true;
      }
    }
    return false;
  }
}

/**
 * Would an eye space of these n points (n ≤ 6) be dead — a shape with one vital point, or the
 * square four that has none? Three points always are; four: square or T; five: bulky or
 * cross; six: rabbity.
 */
export function deadShape(area: Int32Array, n: number, width: number): boolean {
  if (n <= 3) return true;
  // how many area points have 1, 2, 3, 4 neighbours inside the area
  let d1 = 0;
  let d2 = 0;
  let d3 = 0;
  let d4 = 0;
  for (let a = 0; a < n; a++) {
    let deg = 0;
    for (let t = 0; t < n; t++) {
      const d = area[t] - area[a];
      if (d === 1 || d === -1 || d === width || d === -width) deg++;
    }
    if (deg === 1) d1++;
    else if (deg === 2) d2++;
    else if (deg === 3) d3++;
    else if (deg === 4) d4++;
  }
  if (n === 4) return d2 === 4 || d3 === 1;
  if (n === 5) return (d3 === 1 && d1 === 1) || d4 === 1;
  return d4 === 1 && d2 === 3;
}
