// The board the search plays on (tree descents and playouts) and the move features read.
// Separate from the rules core (board.ts, game.ts) because it is built only for speed:
//  - a padded 1-D layout (one border ring), so neighbours are fixed offsets and no bounds checks;
//  - chains as circular stone lists with a head index, pseudo-liberties kept with their count,
//    sum and sum of squares, so "is this chain in atari, and where" is O(1) (n·Σi² = (Σi)²
//    exactly when all pseudo-liberties are the same point);
//  - an O(1) list of empty points with a reverse index;
//  - every point's 3×3 neighbourhood code, kept up to date on each stone change, so pattern and
//    eye tests are one table lookup;
//  - a Zobrist hash of the stones (positional superko in the tree).
// No method allocates. Suicide is never played here; ko is the simple-ko point only (superko is
// the tree's job).

import { firstDir, neighboursOf, ORTHO, SHAPE, shapeEmpty, stonesAround } from './patterns.js';

export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;
export const OFF = 3;
/** Padded index used for a pass inside the search (index 0 is a border cell, never a point). */
export const PASS_IDX = 0;

/** The 8 neighbour directions in 3×3 code order; the opposite of direction d is 7 - d. */
export function dir8(width: number): Int32Array {
  return Int32Array.of(-width - 1, -width, -width + 1, -1, 1, width - 1, width, width + 1);
}

/** The diagonal directions among dir8 (NW, NE, SW, SE). */
export const DIAGONALS = [0, 2, 5, 7];

/** Are padded indices p and q orthogonal neighbours on a board of this width (size + 2)? */
export function adjacent(p: number, q: number, width: number): boolean {
  const d = p - q;
  return d === 1 || d === -1 || d === width || d === -width;
}

// Zobrist keys by padded index (sizes up to 25 → 27×27 cells), fixed seed so every board of a
// size hashes identically, including the rules-core boards the search converts.
const MAX_CELLS = 27 * 27;
const ZOBRIST = new Int32Array(MAX_CELLS * 8); // [idx*8 + color*2 + {0: lo, 1: hi}], color 0 and 3 keys are 0
{
  let s = 0x9e3779b9 | 0;
  for (let k = 0; k < ZOBRIST.length; k++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const color = (k >> 1) & 3;
    ZOBRIST[k] = color === BLACK || color === WHITE ? s : 0;
  }
}

/**
 * The most pseudo-liberties a chain of 1, 2, … 7+ stones can have when it has two liberties: a
 * point beside k of its stones needs 1 (k = 1), 3 (k = 2), 5 (k = 3) or 7 stones (k = 4), and
 * three stones have at most one point beside two of them.
 */
const MAX_PSEUDO_OF_TWO = [0, 2, 2, 3, 4, 6, 6, 8];

export class PlayoutBoard {
  readonly size: number;
  readonly width: number;
  readonly cells: number;
  /** padded index → point (y*size+x), -1 for border cells */
  readonly pointOf: Int32Array;
  /** point → padded index */
  readonly idxOf: Int32Array;
  readonly dir8: Int32Array;
  /** the 4 orthogonal neighbour offsets */
  readonly nb4: Int32Array;

  readonly color: Uint8Array;
  readonly chain: Int32Array; // head of the chain a stone belongs to
  readonly nextStone: Int32Array; // circular list of a chain's stones
  readonly libs: Int32Array; // per head: pseudo-liberty count
  readonly libSum: Int32Array; // per head: sum of pseudo-liberty indices
  readonly libSq: Int32Array; // per head: sum of their squares
  readonly stones: Int32Array; // per head: number of stones
  readonly pat: Uint16Array; // 3×3 code, 2 bits per neighbour in dir8 order
  readonly empty: Int32Array;
  readonly emptyPos: Int32Array;
  emptyCount = 0;

  toMove = BLACK;
  ko = 0; // padded index the side to move may not play (simple ko), 0 = none
  lastMove = PASS_IDX;
  lastMove2 = PASS_IDX;
  passes = 0; // consecutive passes
  lastCaptured = 0; // stones captured by the last move
  hashLo = 0;
  hashHi = 0;

  // scratch for liberty counting without allocation
  private readonly mark: Int32Array;
  private stamp = 0;

  constructor(size: number) {
    this.size = size;
    this.width = size + 2;
    this.cells = this.width * (size + 2);
    const n = this.cells;
    this.pointOf = new Int32Array(n).fill(-1);
    this.idxOf = new Int32Array(size * size);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const i = (y + 1) * this.width + x + 1;
        this.pointOf[i] = y * size + x;
        this.idxOf[y * size + x] = i;
      }
    }
    this.dir8 = dir8(this.width);
    this.nb4 = Int32Array.of(-this.width, -1, 1, this.width);
    this.color = new Uint8Array(n);
    this.chain = new Int32Array(n);
    this.nextStone = new Int32Array(n);
    this.libs = new Int32Array(n);
    this.libSum = new Int32Array(n);
    this.libSq = new Int32Array(n);
    this.stones = new Int32Array(n);
    this.pat = new Uint16Array(n);
    this.empty = new Int32Array(size * size);
    this.emptyPos = new Int32Array(n);
    this.mark = new Int32Array(n);
    this.clear();
  }

  clear(): void {
    const { color, pat, cells } = this;
    color.fill(OFF);
    this.emptyCount = 0;
    for (let p = 0; p < this.size * this.size; p++) {
      const i = this.idxOf[p];
      color[i] = EMPTY;
      this.emptyPos[i] = this.emptyCount;
      this.empty[this.emptyCount++] = i;
    }
    // neighbourhood codes from scratch: OFF neighbours are 3
    for (let i = 0; i < cells; i++) {
      if (color[i] === OFF) continue;
      let code = 0;
      for (let d = 0; d < 8; d++) code |= color[i + this.dir8[d]] << (2 * d);
      pat[i] = code;
    }
    this.chain.fill(0);
    this.libs.fill(0);
    this.toMove = BLACK;
    this.ko = 0;
    this.lastMove = PASS_IDX;
    this.lastMove2 = PASS_IDX;
    this.passes = 0;
    this.lastCaptured = 0;
    this.hashLo = 0;
    this.hashHi = 0;
  }

  copyFrom(o: PlayoutBoard): void {
    this.color.set(o.color);
    this.chain.set(o.chain);
    this.nextStone.set(o.nextStone);
    this.libs.set(o.libs);
    this.libSum.set(o.libSum);
    this.libSq.set(o.libSq);
    this.stones.set(o.stones);
    this.pat.set(o.pat);
    this.empty.set(o.empty);
    this.emptyPos.set(o.emptyPos);
    this.emptyCount = o.emptyCount;
    this.toMove = o.toMove;
    this.ko = o.ko;
    this.lastMove = o.lastMove;
    this.lastMove2 = o.lastMove2;
    this.passes = o.passes;
    this.lastCaptured = o.lastCaptured;
    this.hashLo = o.hashLo;
    this.hashHi = o.hashHi;
  }

  /**
   * Sets up an arbitrary position (0/1/2 per point). Stones are placed one by one without
   * capturing; chains with no liberties (impossible in a legal position) are left as they are.
   */
  setup(board: ArrayLike<number>, toMove: number, ko = 0): void {
    this.clear();
    for (let p = 0; p < board.length; p++) {
      const c = board[p];
      if (c === BLACK || c === WHITE) this.place(this.idxOf[p], c);
    }
    this.toMove = toMove;
    this.ko = ko;
  }

  // --- chain queries -------------------------------------------------------------------

  /** True when the chain with head h has exactly one (real) liberty. */
  inAtari(h: number): boolean {
    const n = this.libs[h];
    const s = this.libSum[h];
    return n * this.libSq[h] === s * s;
  }

  /** The only liberty of a chain in atari. */
  atariLib(h: number): number {
    return this.libSum[h] / this.libs[h];
  }

  /**
   * True when chain h has exactly two liberties, then written to out[0] < out[1]. Without a walk:
   * two liberties a < b taken x and y times among the n pseudo-liberties give
   * n·Σi² − (Σi)² = x·y·(b − a)² and x·a + y·b = Σi, so each split x + y = n names one
   * candidate pair, and the pair is the answer when a and b touch the chain x and y times, for
   * then they account for every pseudo-liberty.
   */
  twoLibs(h: number, out: Int32Array): boolean {
    const n = this.libs[h];
    if (n < 2 || n > MAX_PSEUDO_OF_TWO[Math.min(this.stones[h], 7)]) return false;
    const s = this.libSum[h];
    const spread = n * this.libSq[h] - s * s;
    if (spread === 0) return false; // one liberty
    for (let x = n > 5 ? n - 4 : 1; x <= 4 && x < n; x++) {
      const y = n - x;
      const dd = spread / (x * y);
      const d = Math.round(Math.sqrt(dd));
      if (d * d !== dd) continue;
      const a = (s - y * d) / n;
      if (a !== Math.floor(a) || a <= 0 || a + d >= this.cells) continue;
      // two pseudo-liberties that differ are two liberties
      if (n === 2 || (this.touches(a, h) === x && this.touches(a + d, h) === y)) {
        out[0] = a;
        out[1] = a + d;
        return true;
      }
    }
    return false;
  }

  /** How many of empty point p's sides are stones of chain h (0 when p is not empty). */
  private touches(p: number, h: number): number {
    if (this.color[p] !== EMPTY) return 0;
    const { chain, dir8 } = this;
    let k = 0;
    for (let stones = stonesAround(this.pat[p]) & ORTHO; stones !== 0; stones &= stones - 1) {
      if (chain[p + dir8[firstDir(stones)]] === h) k++;
    }
    return k;
  }

  /**
   * A mark value no point holds yet. The marks start over before the stamp would leave Int32
   * range: a search's board passes 2³¹ marks within a few 19×19 games, and past it nothing ever
   * counted as marked (self-ataris and ladder escapes misread in the playouts and the tree).
   */
  private nextStamp(): number {
    if (this.stamp === 0x7fffffff) {
      this.mark.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  }

  /** Writes up to max distinct liberties of chain h into out; returns how many. */
  chainLibs(h: number, out: Int32Array, max: number): number {
    const { pat, nextStone, mark, dir8 } = this;
    const stamp = this.nextStamp();
    let count = 0;
    let s = h;
    do {
      for (let empty = neighboursOf(pat[s], EMPTY) & ORTHO; empty !== 0; empty &= empty - 1) {
        const n = s + dir8[firstDir(empty)];
        if (mark[n] !== stamp) {
          mark[n] = stamp;
          out[count++] = n;
          if (count >= max) return count;
        }
      }
      s = nextStone[s];
    } while (s !== h);
    return count;
  }

  // --- legality --------------------------------------------------------------------------

  /** Legal under simple ko and no suicide. */
  isLegal(i: number, c: number): boolean {
    if (this.color[i] !== EMPTY || i === this.ko) return false;
    const code = this.pat[i];
    if ((neighboursOf(code, EMPTY) & ORTHO) !== 0) return true;
    const { chain, dir8 } = this;
    for (let own = neighboursOf(code, c) & ORTHO; own !== 0; own &= own - 1) {
      if (!this.inAtari(chain[i + dir8[firstDir(own)]])) return true;
    }
    return this.captures(i, c);
  }

  /** Would playing i capture something? (i empty) */
  captures(i: number, c: number): boolean {
    const { chain, dir8 } = this;
    for (let theirs = neighboursOf(this.pat[i], 3 - c) & ORTHO; theirs !== 0; theirs &= theirs - 1) {
      if (this.inAtari(chain[i + dir8[firstDir(theirs)]])) return true;
    }
    return false;
  }

  /**
   * Distinct liberties the chain of a stone played at i by c would have, counting stops at
   * max (≥ 2 means "not in atari"). Captures count as liberties via the capturing neighbours'
   * points, which is enough to tell self-atari apart. Assumes i is empty.
   */
  libsAfter(i: number, c: number, max: number): number {
    const code = this.pat[i];
    // the empty neighbours alone may settle it (the common case in open positions)
    let count = shapeEmpty(SHAPE[code]);
    if (count >= max) return max;
    const { chain, mark, nextStone, pat, dir8 } = this;
    const stamp = this.nextStamp();
    mark[i] = stamp;
    for (let empty = neighboursOf(code, EMPTY) & ORTHO; empty !== 0; empty &= empty - 1) mark[i + dir8[firstDir(empty)]] = stamp;
    // a captured chain frees at least the adjacent point
    for (let theirs = neighboursOf(code, 3 - c) & ORTHO; theirs !== 0; theirs &= theirs - 1) {
      const n = i + dir8[firstDir(theirs)];
      if (this.inAtari(chain[n])) {
        mark[n] = stamp;
        if (++count >= max) return count;
      }
    }
    for (let own = neighboursOf(code, c) & ORTHO; own !== 0; own &= own - 1) {
      const h = chain[i + dir8[firstDir(own)]];
      if (mark[h] === stamp) continue; // a second stone of a chain already walked
      mark[h] = stamp; // (h is a stone, never a liberty, so the mark cannot collide)
      // A point is at most 4 pseudo-liberties, so > 4·max of them means more than max distinct
      // ones, at least max besides i: no need to walk a big chain.
      if (this.libs[h] > 4 * max) return max;
      let s = h;
      do {
        for (let empty = neighboursOf(pat[s], EMPTY) & ORTHO; empty !== 0; empty &= empty - 1) {
          const m = s + dir8[firstDir(empty)];
          if (mark[m] !== stamp) {
            mark[m] = stamp;
            if (++count >= max) return count;
          }
        }
        s = nextStone[s];
      } while (s !== h);
    }
    return count;
  }

  /** Size of the chain that a stone at i would join (including i). */
  chainSizeAfter(i: number, c: number): number {
    const { color, chain, nb4 } = this;
    let total = 1;
    let h0 = -1;
    let h1 = -1;
    let h2 = -1;
    for (let k = 0; k < 4; k++) {
      const n = i + nb4[k];
      if (color[n] !== c) continue;
      const h = chain[n];
      if (h === h0 || h === h1 || h === h2) continue;
      if (h0 < 0) h0 = h;
      else if (h1 < 0) h1 = h;
      else h2 = h;
      total += this.stones[h];
    }
    return total;
  }

  // --- moves ---------------------------------------------------------------------------

  pass(): void {
    this.ko = 0;
    this.lastMove2 = this.lastMove;
    this.lastMove = PASS_IDX;
    this.passes++;
    this.lastCaptured = 0;
    this.toMove = 3 - this.toMove;
  }

  /** Plays a legal move (isLegal) for the side to move. */
  play(i: number): void {
    const c = this.toMove;
    this.ko = 0;
    const captured = this.place(i, c);
    this.lastCaptured = captured;
    this.lastMove2 = this.lastMove;
    this.lastMove = i;
    this.passes = 0;
    this.toMove = 3 - c;
  }

  /** Puts a stone, merges, captures. Returns the number of stones captured and sets ko. */
  private place(i: number, c: number): number {
    const { color, chain, libs, libSum, libSq, pat, dir8 } = this;
    const o = 3 - c;
    const code = pat[i]; // i's neighbours (setColor(i) changes the neighbours' codes, not i's)
    this.removeEmpty(i);
    this.setColor(i, c);
    chain[i] = i;
    this.nextStone[i] = i;
    this.stones[i] = 1;
    let nl = 0;
    let ns = 0;
    let nq = 0;
    for (let empty = neighboursOf(code, EMPTY) & ORTHO; empty !== 0; empty &= empty - 1) {
      const n = i + dir8[firstDir(empty)];
      nl++;
      ns += n;
      nq += n * n;
    }
    const ii = i * i;
    for (let stones = stonesAround(code) & ORTHO; stones !== 0; stones &= stones - 1) {
      const h = chain[i + dir8[firstDir(stones)]];
      libs[h]--;
      libSum[h] -= i;
      libSq[h] -= ii;
    }
    libs[i] = nl;
    libSum[i] = ns;
    libSq[i] = nq;
    for (let own = neighboursOf(code, c) & ORTHO; own !== 0; own &= own - 1) {
      const h = chain[i + dir8[firstDir(own)]];
      const hi = chain[i];
      if (h !== hi) this.merge(hi, h);
    }
    let captured = 0;
    let capPoint = 0;
    for (let theirs = neighboursOf(code, o) & ORTHO; theirs !== 0; theirs &= theirs - 1) {
      const n = i + dir8[firstDir(theirs)];
      // (an earlier capture may have taken this stone already)
      if (color[n] === o) {
        const h = chain[n];
        if (libs[h] === 0) {
          captured += this.stones[h];
          capPoint = n;
          this.removeChain(h);
        }
      }
    }
    const hi = chain[i];
    if (captured === 1 && this.stones[hi] === 1 && libs[hi] === 1) this.ko = capPoint;
    return captured;
  }

  private merge(a: number, b: number): void {
    const { chain, nextStone, stones } = this;
    // relabel the smaller chain
    let big = a;
    let small = b;
    if (stones[a] < stones[b]) {
      big = b;
      small = a;
    }
    let s = small;
    do {
      chain[s] = big;
      s = nextStone[s];
    } while (s !== small);
    const t = nextStone[big];
    nextStone[big] = nextStone[small];
    nextStone[small] = t;
    stones[big] += stones[small];
    this.libs[big] += this.libs[small];
    this.libSum[big] += this.libSum[small];
    this.libSq[big] += this.libSq[small];
  }

  private removeChain(h: number): void {
    const { chain, nextStone, libs, libSum, libSq, pat, dir8 } = this;
    let s = h;
    do {
      this.setColor(s, EMPTY);
      this.addEmpty(s);
      const ss = s * s;
      for (let stones = stonesAround(pat[s]) & ORTHO; stones !== 0; stones &= stones - 1) {
        const g = chain[s + dir8[firstDir(stones)]];
        if (g !== h) {
          libs[g]++;
          libSum[g] += s;
          libSq[g] += ss;
        }
      }
      s = nextStone[s];
    } while (s !== h);
  }

  private setColor(i: number, c: number): void {
    const old = this.color[i];
    this.color[i] = c;
    // keys for EMPTY are zero, so this is branch-free
    const zo = i * 8 + old * 2;
    const zc = i * 8 + c * 2;
    this.hashLo ^= ZOBRIST[zo] ^ ZOBRIST[zc];
    this.hashHi ^= ZOBRIST[zo + 1] ^ ZOBRIST[zc + 1];
    // i is neighbour 7-d of the point in direction d: flip its 2 bits there from old to c
    const x = old ^ c;
    const pat = this.pat;
    const w = this.width;
    pat[i - w - 1] ^= x << 14;
    pat[i - w] ^= x << 12;
    pat[i - w + 1] ^= x << 10;
    pat[i - 1] ^= x << 8;
    pat[i + 1] ^= x << 6;
    pat[i + w - 1] ^= x << 4;
    pat[i + w] ^= x << 2;
    pat[i + w + 1] ^= x;
  }

  private removeEmpty(i: number): void {
    const pos = this.emptyPos[i];
    const last = this.empty[--this.emptyCount];
    this.empty[pos] = last;
    this.emptyPos[last] = pos;
  }

  private addEmpty(i: number): void {
    this.emptyPos[i] = this.emptyCount;
    this.empty[this.emptyCount++] = i;
  }

  // --- scoring and export --------------------------------------------------------------

  /**
   * Area score (black minus white, no komi) of a finished playout: stones plus empty points
   * whose neighbours are all one colour. Writes each point's owner (0/1/2) into owner when
   * given. Only exact for boards where every empty region is a single point or a seki; use
   * scoreAreaFull for anything else.
   */
  scorePlayout(owner: Uint8Array | null): number {
    const { color, idxOf, width } = this;
    let score = 0;
    const n = this.size * this.size;
    for (let p = 0; p < n; p++) {
      const i = idxOf[p];
      let c = color[i];
      if (c === EMPTY) {
        let seen = 0;
        seen |= 1 << color[i - width];
        seen |= 1 << color[i - 1];
        seen |= 1 << color[i + 1];
        seen |= 1 << color[i + width];
        const b = seen & 2;
        const w = seen & 4;
        c = b && !w ? BLACK : w && !b ? WHITE : EMPTY;
      }
      if (c === BLACK) score++;
      else if (c === WHITE) score--;
      if (owner) owner[p] = c;
    }
    return score;
  }

  /** Tromp-Taylor area score (black minus white, no komi) by flood fill; owner as above. */
  scoreAreaFull(owner: Uint8Array, queue: Int32Array): number {
    const { color, idxOf, pointOf, nb4 } = this;
    const n = this.size * this.size;
    owner.fill(255);
    let score = 0;
    for (let p = 0; p < n; p++) {
      if (owner[p] !== 255) continue;
      const i = idxOf[p];
      const c = color[i];
      if (c !== EMPTY) {
        owner[p] = c;
        score += c === BLACK ? 1 : -1;
        continue;
      }
      // flood the empty region, note which colours border it
      let head = 0;
      let tail = 0;
      let seen = 0;
      queue[tail++] = i;
      owner[p] = 254;
      while (head < tail) {
        const j = queue[head++];
        for (let k = 0; k < 4; k++) {
          const m = j + nb4[k];
          const cm = color[m];
          if (cm === EMPTY) {
            const q = pointOf[m];
            if (owner[q] === 255) {
              owner[q] = 254;
              queue[tail++] = m;
            }
          } else if (cm !== OFF) seen |= cm;
        }
      }
      const who = seen === BLACK ? BLACK : seen === WHITE ? WHITE : EMPTY;
      for (let k = 0; k < tail; k++) owner[pointOf[queue[k]]] = who;
      if (who === BLACK) score += tail;
      else if (who === WHITE) score -= tail;
    }
    return score;
  }

  /** The stones as a size*size array of 0/1/2. */
  toArray(out: Int8Array): Int8Array {
    for (let p = 0; p < this.size * this.size; p++) out[p] = this.color[this.idxOf[p]];
    return out;
  }
}

/** Zobrist hash (lo, hi) of a size*size 0/1/2 array, equal to a PlayoutBoard's for the same stones. */
export function hashOf(board: ArrayLike<number>, size: number): [number, number] {
  let lo = 0;
  let hi = 0;
  const width = size + 2;
  for (let p = 0; p < board.length; p++) {
    const c = board[p];
    if (c !== BLACK && c !== WHITE) continue;
    const i = (Math.floor(p / size) + 1) * width + (p % size) + 1;
    const z = i * 8 + c * 2;
    lo ^= ZOBRIST[z];
    hi ^= ZOBRIST[z + 1];
  }
  return [lo, hi];
}

/** One number (53 bits) from a (lo, hi) hash pair, for Set lookups. */
export function hashKey(lo: number, hi: number): number {
  return (hi >>> 0) * 2097152 + (lo >>> 11);
}
