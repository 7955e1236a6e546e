// Large spatial shapes around a move, as Pachi matches them (pasky/pachi pattern/spatial.c):
// the points within "gridcular" distance d = |dx| + |dy| + max(|dx|, |dy|) of the move, each
// empty / the mover's / the opponent's / off the board, hashed ring by ring so one pass gives
// the hash of every radius. Shapes are harvested from played moves only (Pachi: 30% → 37%
// prediction against harvesting around every candidate) and stored in one orientation; the
// dictionary holds all 8 symmetric hashes, so a lookup needs only the board as it stands.

import type { PlayoutBoard } from '../game/playout-board.js';

/** Radii of the shapes that are features (3 is covered by the 3×3 code with liberties). */
export const MIN_RADIUS = 4;
export const MAX_RADIUS = 10;

/** Offsets (dx, dy) by growing distance, the centre excluded; RING_END[d] = offsets with distance ≤ d. */
export const OFFSETS: [number, number][] = [];
export const RING_END = new Int32Array(MAX_RADIUS + 1);
{
  const all: [number, number, number][] = [];
  for (let dy = -MAX_RADIUS; dy <= MAX_RADIUS; dy++) {
    for (let dx = -MAX_RADIUS; dx <= MAX_RADIUS; dx++) {
      const d = gridcular(dx, dy);
      if (d > 0 && d <= MAX_RADIUS) all.push([d, dy, dx]);
    }
  }
  all.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  for (const [, dy, dx] of all) OFFSETS.push([dx, dy]);
  for (let d = 0; d <= MAX_RADIUS; d++) RING_END[d] = all.filter((o) => o[0] <= d).length;
}
const N = OFFSETS.length;

export function gridcular(dx: number, dy: number): number {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  return ax + ay + Math.max(ax, ay);
}

/** The 8 symmetries of the square acting on an offset. */
function transform(s: number, dx: number, dy: number): [number, number] {
  let x = dx;
  let y = dy;
  if (s & 1) x = -x;
  if (s & 2) y = -y;
  if (s & 4) [x, y] = [y, x];
  return [x, y];
}

/** SYM[s*N + k]: the index of offset k transformed by symmetry s (distances are kept). */
const SYM = new Int32Array(8 * N);
for (let s = 0; s < 8; s++) {
  for (let k = 0; k < N; k++) {
    const [x, y] = transform(s, OFFSETS[k][0], OFFSETS[k][1]);
    SYM[s * N + k] = OFFSETS.findIndex(([a, b]) => a === x && b === y);
  }
}

// Zobrist keys per (offset, value) and per radius (so that shapes of different radii never
// share a hash); value 0 (empty) has key 0, which the radius key makes harmless.
const Z_LO = new Int32Array(N * 4);
const Z_HI = new Int32Array(N * 4);
const R_LO = new Int32Array(MAX_RADIUS + 1);
const R_HI = new Int32Array(MAX_RADIUS + 1);
{
  let s = 0x6a09e667 | 0;
  const next = (): number => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s;
  };
  for (let k = 0; k < N * 4; k++) {
    Z_LO[k] = k % 4 === 0 ? 0 : next();
    Z_HI[k] = k % 4 === 0 ? 0 : next();
  }
  for (let d = 0; d <= MAX_RADIUS; d++) {
    R_LO[d] = next();
    R_HI[d] = next();
  }
}

/** Open-addressing table from a 64-bit shape hash to a feature index. */
export class ShapeDict {
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  private readonly id: Int32Array;
  private readonly mask: number;
  /** per shape: its radius and the values of its points in stored orientation */
  readonly shapes: { radius: number; values: Uint8Array }[] = [];

  constructor(capacity: number) {
    let cap = 1024;
    while (cap < capacity * 16) cap *= 2; // 8 hashes per shape, load factor ≤ 1/2
    this.lo = new Int32Array(cap);
    this.hi = new Int32Array(cap);
    this.id = new Int32Array(cap).fill(-1);
    this.mask = cap - 1;
  }

  get size(): number {
    return this.shapes.length;
  }

  /** Adds a shape (values: one per offset up to its radius) with all its symmetric hashes; returns its index. */
  add(radius: number, values: Uint8Array): number {
    const id = this.shapes.length;
    this.shapes.push({ radius, values });
    const n = RING_END[radius];
    for (let s = 0; s < 8; s++) {
      let lo = R_LO[radius];
      let hi = R_HI[radius];
      for (let k = 0; k < n; k++) {
        const v = values[SYM[s * N + k]];
        lo ^= Z_LO[k * 4 + v];
        hi ^= Z_HI[k * 4 + v];
      }
      this.insert(lo, hi, id);
    }
    return id;
  }

  private insert(lo: number, hi: number, id: number): void {
    let h = (lo ^ Math.imul(hi, 0x9e3779b1)) & this.mask;
    for (;;) {
      const cur = this.id[h];
      if (cur < 0) {
        this.lo[h] = lo;
        this.hi[h] = hi;
        this.id[h] = id;
        return;
      }
      if (this.lo[h] === lo && this.hi[h] === hi) return; // a symmetric shape: same hash twice
      h = (h + 1) & this.mask;
    }
  }

  get(lo: number, hi: number): number {
    let h = (lo ^ Math.imul(hi, 0x9e3779b1)) & this.mask;
    for (;;) {
      const cur = this.id[h];
      if (cur < 0) return -1;
      if (this.lo[h] === lo && this.hi[h] === hi) return cur;
      h = (h + 1) & this.mask;
    }
  }
}

/** AS_SEEN[c*4 + colour]: a point's shape value for mover c (empty 0, mover 1, opponent 2, off 3). */
const AS_SEEN = Uint8Array.of(0, 0, 0, 0, 0, 1, 2, 3, 0, 2, 1, 3);

/** Reads the shape values around points of one board size: empty 0, mover 1, opponent 2, off 3. */
export class ShapeReader {
  /** AT[p*N + k]: padded index of offset k from point p; 0 (a border cell, OFF) off the board */
  private readonly at: Int32Array;
  readonly values = new Uint8Array(N);

  constructor(readonly size: number) {
    this.at = new Int32Array(size * size * N);
    const width = size + 2;
    for (let p = 0; p < size * size; p++) {
      const x0 = p % size;
      const y0 = Math.floor(p / size);
      for (let k = 0; k < N; k++) {
        const x = x0 + OFFSETS[k][0];
        const y = y0 + OFFSETS[k][1];
        this.at[p * N + k] = x < 0 || y < 0 || x >= size || y >= size ? 0 : (y + 1) * width + x + 1;
      }
    }
  }

  /** Fills this.values for point p, colours seen by mover c. */
  read(b: PlayoutBoard, p: number, c: number, upTo = N): void {
    const { at, values } = this;
    const color = b.color;
    const base = p * N;
    const seen = c * 4;
    for (let k = 0; k < upTo; k++) values[k] = AS_SEEN[seen + color[at[base + k]]];
  }

  /**
   * Feature indices of the dictionary shapes at p for mover c, smallest radius first, into
   * out from position at; returns the new position. A shape contains the smaller ones, so it
   * is never more frequent: matching stops at the first radius that misses.
   */
  match(b: PlayoutBoard, p: number, c: number, dict: ShapeDict, base: number, out: Int32Array, at: number): number {
    const idx = this.at;
    const color = b.color;
    const o = p * N;
    const seen = c * 4;
    let lo = 0;
    let hi = 0;
    let k = 0;
    for (let d = MIN_RADIUS; d <= MAX_RADIUS; d++) {
      const end = RING_END[d];
      for (; k < end; k++) {
        const v = AS_SEEN[seen + color[idx[o + k]]];
        lo ^= Z_LO[k * 4 + v];
        hi ^= Z_HI[k * 4 + v];
      }
      const id = dict.get(lo ^ R_LO[d], hi ^ R_HI[d]);
      if (id < 0) break;
      out[at++] = base + id;
    }
    return at;
  }
}

/**
 * For harvesting: the canonical (smallest of the 8 symmetric hashes) key of the shape of each
 * radius in values, as a 53-bit number, and which symmetry gave it.
 */
export function canonicalKeys(values: Uint8Array, keys: Float64Array, syms: Int32Array): void {
  const lo = new Int32Array(8);
  const hi = new Int32Array(8);
  let k = 0;
  for (let d = 1; d <= MAX_RADIUS; d++) {
    const end = RING_END[d];
    for (; k < end; k++) {
      for (let s = 0; s < 8; s++) {
        const v = values[SYM[s * N + k]];
        lo[s] ^= Z_LO[k * 4 + v];
        hi[s] ^= Z_HI[k * 4 + v];
      }
    }
    if (d < MIN_RADIUS) continue;
    let best = Infinity;
    let bestS = 0;
    for (let s = 0; s < 8; s++) {
      const key = ((hi[s] ^ R_HI[d]) >>> 0) * 2097152 + ((lo[s] ^ R_LO[d]) >>> 11);
      if (key < best) {
        best = key;
        bestS = s;
      }
    }
    keys[d] = best;
    syms[d] = bestS;
  }
}

/** The values of a shape of radius d in orientation s (as canonicalKeys chose it). */
export function orient(values: Uint8Array, radius: number, s: number): Uint8Array {
  const n = RING_END[radius];
  const out = new Uint8Array(n);
  for (let k = 0; k < n; k++) out[k] = values[SYM[s * N + k]];
  return out;
}
