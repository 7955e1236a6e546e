// How the playouts judge a self-atari (a move that leaves its own stones one liberty without
// capturing), after Pachi's tactics/selfatari.c, in three verdicts:
//  - REFUSE: three to six stones in atari that are no nakade (filling the opponent's eye space
//    so that the space left after their capture is dead: nakade.ts), stones that could run out
//    or capture instead, or more than six stones: never played;
//  - PLAY: such a nakade, a throw-in that makes an eye false or shortens the opponent's
//    liberties from inside, a snapback: played like any move;
//  - DOUBT: every other self-atari of one or two stones: refused by chance
//    (policy.selfAtariRate), as Pachi's playouts refuse what they cannot tell apart.
// Besides, a move that leaves a chain two liberties can be a clumsy suicide (threeLibSuicide):
// shape moves never are one, random moves are refused like a doubted self-atari.

import { adjacent, DIAGONALS, EMPTY, OFF, type PlayoutBoard } from '../game/playout-board.js';
import { firstDir, neighboursOf, ORTHO, SHAPE, shapeEmpty, shapeEye } from '../game/patterns.js';
import { deadShape, NAKADE_MAX, opensOut } from './nakade.js';

export const REFUSE = 0;
export const DOUBT = 1;
export const PLAY = 2;

export class SelfAtariJudge {
  private readonly heads = new Int32Array(4);
  private readonly area = new Int32Array(NAKADE_MAX);
  private readonly libs = new Int32Array(4);
  private readonly other = new Int32Array(4);

  /** big: tell nakade from big self-ataris (else DOUBT); throwIns: recognise useful small ones (else DOUBT) */
  constructor(
    private readonly big: boolean,
    private readonly throwIns: boolean,
  ) {}

  /**
   * The verdict on a legal move i by c that leaves its chain one liberty and captures nothing
   * (small: false leaves self-ataris of one or two stones unexamined, DOUBT).
   */
  judge(b: PlayoutBoard, i: number, c: number, small = true): number {
    const { chain, stones, dir8 } = b;
    const heads = this.heads;
    let nh = 0;
    let total = 1;
    for (let own = neighboursOf(b.pat[i], c) & ORTHO; own !== 0; own &= own - 1) {
      const h = chain[i + dir8[firstDir(own)]];
      let seen = false;
      for (let j = 0; j < nh; j++) if (heads[j] === h) seen = true;
      if (seen) continue;
      heads[nh++] = h;
      total += stones[h];
    }
    if (total >= 3) return !this.big ? DOUBT : this.nakade(b, i, c, nh, total) ? PLAY : REFUSE;
    return small && this.throwIns && this.throwIn(b, i, c, nh) ? PLAY : DOUBT;
  }

  /** Do the total (3 or more) stones of move i and the nh chains in heads make a nakade? */
  private nakade(b: PlayoutBoard, i: number, c: number, nh: number, total: number): boolean {
    if (total > NAKADE_MAX) return false;
    const { chain, pat, dir8 } = b;
    // could one of the chains run out by its other liberty, or capture something instead?
    const area = this.area;
    let n = 0;
    area[n++] = i;
    for (let j = 0; j < nh; j++) {
      const h = this.heads[j];
      if (this.canRun(b, h, i)) return false;
      let s = h;
      do {
        area[n++] = s;
        for (let theirs = neighboursOf(pat[s], 3 - c) & ORTHO; theirs !== 0; theirs &= theirs - 1) {
          if (b.inAtari(chain[s + dir8[firstDir(theirs)]])) return false;
        }
        s = b.nextStone[s];
      } while (s !== h);
    }
    return deadShape(area, n, b.width) && !opensOut(b, i, area, n);
  }

  /** Has chain h two liberties, the one besides i with room to run (two empty neighbours)? */
  private canRun(b: PlayoutBoard, h: number, i: number): boolean {
    if (!b.twoLibs(h, this.libs)) return false;
    const other = this.libs[0] === i ? this.libs[1] : this.libs[0];
    return shapeEmpty(SHAPE[b.pat[other]]) >= 2;
  }

  /**
   * Is the self-atari of one stone, or of two (nh = 1: joining a lone stone), useful: a snapback,
   * a throw-in into the opponent's false eye, an atari from inside the opponent's eye space, or
   * a second stone beside a throw-in stone already in atari?
   */
  private throwIn(b: PlayoutBoard, i: number, c: number, nh: number): boolean {
    const { color, chain, nb4 } = b;
    const own = nh === 1 ? this.heads[0] : -1;
    if (own >= 0 && this.canRun(b, own, i)) return false;
    // the liberty the stones keep
    let last = 0;
    for (let k = 0; k < 4; k++) if (color[i + nb4[k]] === EMPTY) last = i + nb4[k];
    if (own >= 0) {
      if (b.inAtari(own)) return true;
      for (let k = 0; k < 4; k++) if (color[own + nb4[k]] === EMPTY && own + nb4[k] !== i) last = own + nb4[k];
    } else {
      if (this.snapback(b, i, c, last)) return true;
      const t = this.falseEyeThrowIn(b, i, c, last);
      if (t >= 0) return t === 1;
    }
    // an atari from inside: every opponent chain of two liberties beside i keeps the one
    // liberty our stones keep, and that point is inside (no other empty neighbour, no other
    // chain of ours beside it)
    const o = 3 - c;
    let atari = false;
    for (let k = 0; k < 4; k++) {
      const n = i + nb4[k];
      if (color[n] !== o || !b.twoLibs(chain[n], this.libs)) continue;
      const other = this.libs[0] === i ? this.libs[1] : this.libs[0];
      if (other !== last) return false;
      atari = true;
    }
    if (!atari) return false;
    for (let k = 0; k < 4; k++) {
      const m = last + nb4[k];
      if (m === i) continue;
      if (color[m] === EMPTY || (color[m] === c && chain[m] !== own)) return false;
    }
    return true;
  }

  /**
   * A lone stone at i with one liberty last that the opponent can take only to be captured back
   * at i: last has no other empty neighbour and every chain around it would stay short of
   * liberties.
   */
  private snapback(b: PlayoutBoard, i: number, c: number, last: number): boolean {
    const { color, chain, nb4 } = b;
    const o = 3 - c;
    if (shapeEmpty(SHAPE[b.pat[last]]) !== 1) return false;
    let opponent = false;
    for (let k = 0; k < 4; k++) {
      const m = last + nb4[k];
      if (color[m] === c) {
        if (b.inAtari(chain[m])) return false;
      } else if (color[m] === o) {
        opponent = true;
        const h = chain[m];
        if (b.inAtari(h)) continue;
        if (!b.twoLibs(h, this.libs) || (this.libs[0] !== i && this.libs[1] !== i)) return false;
      }
    }
    if (!opponent) return false;
    for (let k = 0; k < 4; k++) {
      const n = i + nb4[k];
      if (color[n] === o && b.twoLibs(chain[n], this.libs)) return true;
    }
    return false;
  }

  /**
   * A lone stone thrown into the opponent's false eye at i (three sides the opponent's or the
   * edge's, our stones on the diagonals): 1 when its liberty last is no way out, 0 when it is,
   * -1 when i is no such eye.
   */
  private falseEyeThrowIn(b: PlayoutBoard, i: number, c: number, last: number): number {
    const { color, dir8, nb4, width } = b;
    const o = 3 - c;
    let walls = 0;
    let edges = 0;
    for (let k = 0; k < 4; k++) {
      const n = color[i + nb4[k]];
      if (n === o) walls++;
      else if (n === OFF) edges++;
    }
    if (edges === 2 || walls + edges !== 3) return -1;
    let ours = 0;
    let offDiag = 0;
    for (const d of DIAGONALS) {
      const n = color[i + dir8[d]];
      if (n === c) ours++;
      else if (n === OFF) offDiag = 1;
    }
    if (ours + offDiag < 2) return -1;
    // the liberty must be hemmed in: two opponent or edge neighbours (one of them the
    // opponent's), and the points beside it across the line from i both blocked
    let around = 0;
    let theirs = 0;
    for (let k = 0; k < 4; k++) {
      const n = color[last + nb4[k]];
      if (n === o) theirs++;
      if (n === o || n === OFF) around++;
    }
    if (theirs === 0 || around < 2) return 0;
    const side = last - i === 1 || i - last === 1 ? width : 1;
    const s1 = color[last + side];
    const s2 = color[last - side];
    return (s1 === o || s1 === OFF) && (s2 === o || s2 === OFF) ? 1 : 0;
  }

  /**
   * For a move i by c with at most one empty neighbour that leaves its chain two liberties: is
   * it a clumsy suicide — our one chain of three liberties filling one of
   * them for no gain, so that the opponent takes one of the last two and the other leads
   * nowhere (no fresh liberties, no friend to join)? Not when an opponent chain beside i is
   * short of liberties itself (a race, a nakade, a capture) or the chain keeps a one-point eye.
   */
  threeLibSuicide(b: PlayoutBoard, i: number, c: number): boolean {
    const { chain, pat, dir8, width } = b;
    const o = 3 - c;
    let h = -1;
    for (let own = neighboursOf(pat[i], c) & ORTHO; own !== 0; own &= own - 1) {
      const g = chain[i + dir8[firstDir(own)]];
      if (h >= 0 && g !== h) return false;
      h = g;
    }
    // (more than 12 pseudo-liberties are more than 3 liberties: a point counts at most 4 times)
    const libs = this.libs;
    if (h < 0 || b.libs[h] > 12 || b.chainLibs(h, libs, 4) !== 3) return false;
    for (let theirs = neighboursOf(pat[i], o) & ORTHO; theirs !== 0; theirs &= theirs - 1) {
      const g = chain[i + dir8[firstDir(theirs)]];
      if (b.libs[g] <= 12 && b.chainLibs(g, this.other, 4) <= 3) return false;
    }
    // the two liberties left besides i
    const l0 = libs[0] === i ? libs[2] : libs[0];
    const l1 = libs[1] === i ? libs[2] : libs[1];
    const linked = adjacent(l0, l1, width) ? 1 : 0;
    for (let t = 0; t < 2; t++) {
      const run = t === 0 ? l0 : l1;
      const other = t === 0 ? l1 : l0;
      if (shapeEye(SHAPE[b.pat[other]]) === c) return false;
      // fresh empty neighbours of the point the chain would run to
      if (shapeEmpty(SHAPE[b.pat[run]]) - linked - (adjacent(run, i, width) ? 1 : 0) > 1) continue;
      let friend = false;
      for (let own = neighboursOf(pat[run], c) & ORTHO; own !== 0; own &= own - 1) {
        const g = chain[run + dir8[firstDir(own)]];
        if (g !== h && !b.inAtari(g)) friend = true;
      }
      if (!friend) return true;
    }
    return false;
  }
}
