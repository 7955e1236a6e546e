// The features of a candidate move, after Coulom 2007 ("Computing Elo Ratings of Move Patterns
// in the Game of Go") and Pachi's pattern features: a move is a team of features, and the
// learned model rates it by the sum of its features' weights. Every legal move of a position
// (and pass) gets its team here; the learner, the accuracy check and the tree priors all read
// positions through this one function, so they cannot disagree about what a feature means.
//
// Feature indices: the fixed tactical and distance features first, then one slot per 3×3 code
// (the 8 neighbours, each empty / mover / opponent / off, plus an atari bit for each of the 4
// orthogonal neighbour chains: 20 bits, reduced to one code per symmetry class), then the
// large shapes of the dictionary.

import { EMPTY, PASS_IDX, PlayoutBoard } from '../game/playout-board.js';
import { firstDir, neighboursOf, ORTHO, stonesAround } from '../game/patterns.js';
import { LadderReader, touchesAtari } from '../tactics/ladder.js';
import { gridcular, MAX_RADIUS, MIN_RADIUS, ShapeReader, type ShapeDict } from './shapes.js';

/** The fixed features, in index order. */
export const FIXED_NAMES = [
  'pass',
  'pass after pass',
  'capture: the last move',
  'capture: saves a chain in atari',
  'capture: takes a ko',
  'capture: 1 stone',
  'capture: 2-3 stones',
  'capture: 4+ stones',
  'escape: 3+ liberties',
  'escape: 2 liberties',
  'escape: into a ladder',
  'escape: from an atari by the last move',
  'self-atari: 1 stone',
  'self-atari: 2+ stones',
  'atari: ladder',
  'atari: while a ko is open',
  'atari: other',
  ...[1, 2, 3, 4].map((l) => `line ${l}`),
  ...Array.from({ length: 16 }, (_, k) => `distance to the last move ${k < 15 ? k + 2 : '17+'}`),
  ...Array.from({ length: 16 }, (_, k) => `distance to the move before ${k < 15 ? k + 2 : '17+'}`),
];

export const F_PASS = 0;
export const F_PASS_AFTER_PASS = 1;
export const F_CAPTURE_LAST = 2;
export const F_CAPTURE_SAVES = 3;
export const F_CAPTURE_KO = 4;
export const F_CAPTURE = 5; // + 0, 1, 2 by size
export const F_ESCAPE_FREE = 8;
export const F_ESCAPE_TWO = 9;
export const F_ESCAPE_LADDER = 10;
export const F_ESCAPE_NEW = 11;
export const F_SELF_ATARI_ONE = 12;
export const F_SELF_ATARI_MANY = 13;
export const F_ATARI_LADDER = 14;
export const F_ATARI_KO = 15;
export const F_ATARI_OTHER = 16;
export const F_LINE = 17; // + line 0..3
export const F_DIST_LAST = 21; // + min(d, 17) - 2
export const F_DIST_LAST2 = 37;
export const FIXED = FIXED_NAMES.length;
/** Where the 3×3 codes start, and how many slots they have. */
export const THREE = FIXED;
export const THREE_CODES = 1 << 20;
/** Where the dictionary's shapes start. */
export const SHAPES = THREE + THREE_CODES;
/** The atari bit of the 3×3 code (0–3 for N W E S) of each orthogonal direction of dir8. */
const ATARI_BIT = [0, 0, 0, 1, 2, 0, 3, 0];

/** At most this many features in one team. */
export const MAX_TEAM = 6 + 2 + 1 + 1 + 1 + 2 + 2 + (MAX_RADIUS - MIN_RADIUS + 1) + 4;

// --- 3×3 codes ----------------------------------------------------------------------------

// dir8 slot order NW N NE W E SW S SE; the 4 atari bits follow in the order N W E S.
const SLOT_XY: [number, number][] = [
  [-1, -1],
  [0, -1],
  [1, -1],
  [-1, 0],
  [1, 0],
  [-1, 1],
  [0, 1],
  [1, 1],
];
const ORTHO_SLOTS = [1, 3, 4, 6];

/** PERM[s*8 + j]: the slot that slot j goes to under symmetry s. */
const PERM = new Int32Array(64);
for (let s = 0; s < 8; s++) {
  for (let j = 0; j < 8; j++) {
    let [x, y] = SLOT_XY[j];
    if (s & 1) x = -x;
    if (s & 2) y = -y;
    if (s & 4) [x, y] = [y, x];
    PERM[s * 8 + j] = SLOT_XY.findIndex(([a, b]) => a === x && b === y);
  }
}

function transform3(code: number, s: number): number {
  let out = 0;
  for (let j = 0; j < 8; j++) out |= ((code >> (2 * j)) & 3) << (2 * PERM[s * 8 + j]);
  for (let a = 0; a < 4; a++) {
    if ((code >> (16 + a)) & 1) out |= 1 << (16 + ORTHO_SLOTS.indexOf(PERM[s * 8 + ORTHO_SLOTS[a]]));
  }
  return out;
}

// filled on first use: the smallest of a code's 8 symmetric codes
const CANON = new Int32Array(THREE_CODES).fill(-1);

/** The representative of a 3×3 code's symmetry class. */
export function canonical3(code: number): number {
  let c = CANON[code];
  if (c < 0) {
    c = code;
    for (let s = 1; s < 8; s++) c = Math.min(c, transform3(code, s));
    CANON[code] = c;
  }
  return c;
}

/** A 2-bit-per-point code with black and white swapped (codes are stored black to play). */
export function swapColors(code: number): number {
  const m = stonesAround(code);
  return code ^ (m | (m << 1));
}

// --- extraction ---------------------------------------------------------------------------

/** The candidates of one position: moves (padded indices, PASS_IDX) and their teams. */
export class Candidates {
  count = 0;
  readonly move: Int32Array;
  /** features of candidate k: feats[start[k] .. start[k+1]) */
  readonly start: Int32Array;
  readonly feats: Int32Array;

  constructor(points: number) {
    this.move = new Int32Array(points + 1);
    this.start = new Int32Array(points + 2);
    this.feats = new Int32Array((points + 1) * MAX_TEAM);
  }

  /** The candidate index of a move, or -1. */
  indexOf(move: number): number {
    for (let k = 0; k < this.count; k++) if (this.move[k] === move) return k;
    return -1;
  }
}

/**
 * Whether candidate k extends a chain out of atari into a working ladder (two liberties, and
 * an atari the chain cannot escape) without capturing anything.
 */
export function escapesIntoLadder(cands: Candidates, k: number): boolean {
  let ladder = false;
  for (let j = cands.start[k]; j < cands.start[k + 1]; j++) {
    const f = cands.feats[j];
    if (f >= F_CAPTURE && f < F_CAPTURE + 3) return false;
    if (f === F_ESCAPE_LADDER) ladder = true;
  }
  return ladder;
}

export class FeatureExtractor {
  private readonly shapes: ShapeReader;
  private readonly ladder: LadderReader;
  private readonly after: PlayoutBoard;
  /** the move played on this.after, -1 when it is stale */
  private afterFor = -1;
  private readonly xOf: Int32Array;
  private readonly yOf: Int32Array;
  private readonly heads = new Int32Array(4);
  private readonly libBuf = new Int32Array(3);

  constructor(
    readonly size: number,
    readonly dict: ShapeDict | null,
  ) {
    this.shapes = new ShapeReader(size);
    this.ladder = new LadderReader(size);
    this.after = new PlayoutBoard(size);
    const width = size + 2;
    this.xOf = new Int32Array(width * width);
    this.yOf = new Int32Array(width * width);
    for (let p = 0; p < size * size; p++) {
      const i = (Math.floor(p / size) + 1) * width + (p % size) + 1;
      this.xOf[i] = p % size;
      this.yOf[i] = Math.floor(p / size);
    }
  }

  /** Fills out with every legal move of b's side to move (simple ko, no suicide) and pass. */
  extract(b: PlayoutBoard, out: Candidates): void {
    const { idxOf } = b;
    const points = b.size * b.size;
    let k = 0;
    let at = 0;
    const feats = out.feats;
    for (let p = 0; p < points; p++) {
      const i = idxOf[p];
      if (b.color[i] !== EMPTY || !b.isLegal(i, b.toMove)) continue;
      out.move[k] = i;
      out.start[k] = at;
      at = this.team(b, i, p, feats, at);
      k++;
    }
    out.move[k] = PASS_IDX;
    out.start[k] = at;
    feats[at++] = b.passes > 0 ? F_PASS_AFTER_PASS : F_PASS;
    k++;
    out.start[k] = at;
    out.count = k;
  }

  /** Writes the team of legal move i (point p) from position at; returns the new position. */
  private team(b: PlayoutBoard, i: number, p: number, out: Int32Array, at: number): number {
    const c = b.toMove;
    const o = 3 - c;
    const { color, chain, dir8 } = b;
    const heads = this.heads;
    this.afterFor = -1;

    // 3×3 code, black to play, with atari bits on the orthogonal neighbours
    const around = b.pat[i];
    let code = c === 1 ? around : swapColors(around);
    for (let stones = stonesAround(around) & ORTHO; stones !== 0; stones &= stones - 1) {
      const d = firstDir(stones);
      if (b.inAtari(chain[i + dir8[d]])) code |= 1 << (16 + ATARI_BIT[d]);
    }
    out[at++] = THREE + canonical3(code);

    // captures and escapes
    let captured = 0;
    let capLast = false;
    let saves = false;
    let nHeads = 0;
    let inAtariOwn = false;
    let escapeNew = false;
    let touchesOwn = false;
    const last = b.lastMove;
    for (let theirs = neighboursOf(around, o) & ORTHO; theirs !== 0; theirs &= theirs - 1) {
      const h = chain[i + dir8[firstDir(theirs)]];
      if (!b.inAtari(h) || this.seen(h, nHeads)) continue;
      heads[nHeads++] = h;
      captured += b.stones[h];
      if (last !== PASS_IDX && color[last] === o && chain[last] === h) capLast = true;
      if (!saves && touchesAtari(b, h, c)) saves = true;
    }
    for (let own = neighboursOf(around, c) & ORTHO; own !== 0; own &= own - 1) {
      touchesOwn = true;
      const h = chain[i + dir8[firstDir(own)]];
      if (b.inAtari(h)) {
        inAtariOwn = true;
        if (last !== PASS_IDX && this.adjacentTo(b, last, h)) escapeNew = true;
      }
    }
    const libs = b.libsAfter(i, c, 3);
    if (captured > 0) {
      out[at++] = F_CAPTURE + (captured === 1 ? 0 : captured <= 3 ? 1 : 2);
      if (capLast) out[at++] = F_CAPTURE_LAST;
      if (saves) out[at++] = F_CAPTURE_SAVES;
      if (captured === 1 && !touchesOwn && libs <= 1) out[at++] = F_CAPTURE_KO;
    }
    if (inAtariOwn && libs >= 2) {
      if (libs >= 3) out[at++] = F_ESCAPE_FREE;
      else out[at++] = this.ladder.ladderable(this.afterMove(b, i), i) ? F_ESCAPE_LADDER : F_ESCAPE_TWO;
      if (escapeNew) out[at++] = F_ESCAPE_NEW;
    }
    if (libs < 2 && captured === 0) out[at++] = b.chainSizeAfter(i, c) > 1 ? F_SELF_ATARI_MANY : F_SELF_ATARI_ONE;

    // ataris: an opponent chain left with one liberty
    if (libs >= 2 || captured > 0) {
      let atari = 0;
      for (let theirs = neighboursOf(around, o) & ORTHO; theirs !== 0 && atari !== F_ATARI_LADDER; theirs &= theirs - 1) {
        const n = i + dir8[firstDir(theirs)];
        const h = chain[n];
        if (!b.twoLibs(h, this.libBuf)) continue;
        const after = this.afterMove(b, i);
        if (after.color[n] !== o || !after.inAtari(after.chain[n])) continue;
        atari = this.ladder.caught(after, n) ? F_ATARI_LADDER : b.ko !== 0 ? F_ATARI_KO : F_ATARI_OTHER;
      }
      if (atari !== 0) out[at++] = atari;
    }

    // position: the edge, the last two moves
    const x = this.xOf[i];
    const y = this.yOf[i];
    const line = Math.min(x, y, this.size - 1 - x, this.size - 1 - y);
    if (line < 4) out[at++] = F_LINE + line;
    if (last !== PASS_IDX) out[at++] = F_DIST_LAST + Math.min(gridcular(x - this.xOf[last], y - this.yOf[last]), 17) - 2;
    const last2 = b.lastMove2;
    if (last2 !== PASS_IDX && last2 !== i) out[at++] = F_DIST_LAST2 + Math.min(gridcular(x - this.xOf[last2], y - this.yOf[last2]), 17) - 2;

    if (this.dict) at = this.shapes.match(b, p, c, this.dict, SHAPES, out, at);
    return at;
  }

  /** b after move i (played once per team, only for the candidates that need it). */
  private afterMove(b: PlayoutBoard, i: number): PlayoutBoard {
    if (this.afterFor !== i) {
      this.after.copyFrom(b);
      this.after.play(i);
      this.afterFor = i;
    }
    return this.after;
  }

  private seen(h: number, n: number): boolean {
    for (let k = 0; k < n; k++) if (this.heads[k] === h) return true;
    return false;
  }

  /** Is point m next to a stone of chain h? */
  private adjacentTo(b: PlayoutBoard, m: number, h: number): boolean {
    for (let stones = stonesAround(b.pat[m]) & ORTHO; stones !== 0; stones &= stones - 1) {
      if (b.chain[m + b.dir8[firstDir(stones)]] === h) return true;
    }
    return false;
  }
}
