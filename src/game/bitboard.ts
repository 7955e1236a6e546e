// A set of board points as a bitboard: bit p of a Uint32Array (p = y * size + x).
// The geometry of one board size (its masks) is computed once and shared.

export class Geometry {
  readonly points: number;
  readonly words: number;
  /** Every point of the board. */
  readonly all: BitBoard;
  /** Every point except column A (where a shift to the right may not land). */
  readonly notFirstColumn: BitBoard;
  /** Every point except the last column (where a shift to the left may not land). */
  readonly notLastColumn: BitBoard;

  private static cache = new Map<number, Geometry>();

  static of(size: number): Geometry {
    let geometry = Geometry.cache.get(size);
    if (!geometry) {
      geometry = new Geometry(size);
      Geometry.cache.set(size, geometry);
    }
    return geometry;
  }

  private constructor(readonly size: number) {
    this.points = size * size;
    this.words = (this.points + 31) >>> 5;
    this.all = new BitBoard(this);
    this.notFirstColumn = new BitBoard(this);
    this.notLastColumn = new BitBoard(this);
    for (let p = 0; p < this.points; p++) {
      this.all.add(p);
      if (p % size !== 0) this.notFirstColumn.add(p);
      if (p % size !== size - 1) this.notLastColumn.add(p);
    }
  }
}

export class BitBoard {
  readonly words: Uint32Array;

  constructor(readonly geometry: Geometry, words?: Uint32Array) {
    this.words = words ?? new Uint32Array(geometry.words);
  }

  static of(geometry: Geometry, points: Iterable<number>): BitBoard {
    const set = new BitBoard(geometry);
    for (const p of points) set.add(p);
    return set;
  }

  clone(): BitBoard {
    return new BitBoard(this.geometry, this.words.slice());
  }

  has(p: number): boolean {
    return (this.words[p >>> 5] & (1 << (p & 31))) !== 0;
  }

  add(p: number): void {
    this.words[p >>> 5] |= 1 << (p & 31);
  }

  delete(p: number): void {
    this.words[p >>> 5] &= ~(1 << (p & 31));
  }

  isEmpty(): boolean {
    for (let i = 0; i < this.words.length; i++) if (this.words[i] !== 0) return false;
    return true;
  }

  equals(other: BitBoard): boolean {
    for (let i = 0; i < this.words.length; i++) if (this.words[i] !== other.words[i]) return false;
    return true;
  }

  intersects(other: BitBoard): boolean {
    for (let i = 0; i < this.words.length; i++) if ((this.words[i] & other.words[i]) !== 0) return true;
    return false;
  }

  count(): number {
    let n = 0;
    for (let i = 0; i < this.words.length; i++) {
      let w = this.words[i];
      w = w - ((w >>> 1) & 0x55555555);
      w = (w & 0x33333333) + ((w >>> 2) & 0x33333333);
      n += (Math.imul((w + (w >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
    }
    return n;
  }

  /** The lowest point in the set, or -1 when empty. */
  first(): number {
    for (let i = 0; i < this.words.length; i++) {
      const w = this.words[i];
      if (w !== 0) return (i << 5) + 31 - Math.clz32(w & -w);
    }
    return -1;
  }

  *[Symbol.iterator](): IterableIterator<number> {
    for (let i = 0; i < this.words.length; i++) {
      let w = this.words[i];
      while (w !== 0) {
        const low = w & -w;
        yield (i << 5) + 31 - Math.clz32(low);
        w ^= low;
      }
    }
  }

  union(other: BitBoard): BitBoard {
    const out = this.clone();
    for (let i = 0; i < out.words.length; i++) out.words[i] |= other.words[i];
    return out;
  }

  intersect(other: BitBoard): BitBoard {
    const out = this.clone();
    for (let i = 0; i < out.words.length; i++) out.words[i] &= other.words[i];
    return out;
  }

  minus(other: BitBoard): BitBoard {
    const out = this.clone();
    for (let i = 0; i < out.words.length; i++) out.words[i] &= ~other.words[i];
    return out;
  }

  /** Points not in the set, within the board. */
  complement(): BitBoard {
    return this.geometry.all.minus(this);
  }

  /** The set plus every point orthogonally next to it. */
  dilate(): BitBoard {
    const g = this.geometry;
    const w = this.words;
    const out = new Uint32Array(w.length);
    const notFirst = g.notFirstColumn.words;
    const notLast = g.notLastColumn.words;
    const all = g.all.words;
    for (let i = 0; i < w.length; i++) {
      const sideways = (shiftedWord(w, i, 1) & notFirst[i]) | (shiftedWord(w, i, -1) & notLast[i]);
      out[i] = (w[i] | shiftedWord(w, i, g.size) | shiftedWord(w, i, -g.size) | sideways) & all[i];
    }
    return new BitBoard(g, out);
  }

  /** Points orthogonally next to the set but not in it. */
  neighbours(): BitBoard {
    return this.dilate().minus(this);
  }

  /** The connected part of `within` that contains `seed` (which must be in `within`). */
  static flood(seed: number, within: BitBoard): BitBoard {
    let region = new BitBoard(within.geometry);
    region.add(seed);
    for (;;) {
      const grown = region.dilate().intersect(within);
      if (grown.equals(region)) return region;
      region = grown;
    }
  }
}

/**
 * Word i of the set moved by `by` points (bit p goes to p + by; |by| < 32,
 * bits shifted in from outside the array are zero).
 */
function shiftedWord(words: Uint32Array, i: number, by: number): number {
  if (by > 0) {
    const lower = i > 0 ? words[i - 1] >>> (32 - by) : 0;
    return (words[i] << by) | lower;
  }
  const shift = -by;
  const upper = i + 1 < words.length ? words[i + 1] << (32 - shift) : 0;
  return (words[i] >>> shift) | upper;
}
