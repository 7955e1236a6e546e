import { describe, expect, it, vi } from 'vitest';
import { BLACK, EMPTY, PlayoutBoard, WHITE, hashOf } from '../../src/game/playout-board.js';
import { EYE, PATTERN3 } from '../../src/game/patterns.js';

// searches and long random-game checks: generous limits for a loaded machine
vi.setConfig({ testTimeout: 120_000 });

// An independent, deliberately naive reference: a plain 2-D board where every chain and its
// liberties are found by flood fill on demand.
class RefBoard {
  g: number[];
  ko = -1;
  constructor(readonly size: number) {
    this.g = new Array(size * size).fill(EMPTY);
  }
  nbrs(p: number): number[] {
    const s = this.size;
    const x = p % s;
    const y = Math.floor(p / s);
    const out: number[] = [];
    if (x > 0) out.push(p - 1);
    if (x < s - 1) out.push(p + 1);
    if (y > 0) out.push(p - s);
    if (y < s - 1) out.push(p + s);
    return out;
  }
  chainOf(p: number): { stones: number[]; libs: Set<number> } {
    const c = this.g[p];
    const stones = [p];
    const seen = new Set([p]);
    const libs = new Set<number>();
    for (let k = 0; k < stones.length; k++) {
      for (const n of this.nbrs(stones[k])) {
        if (this.g[n] === EMPTY) libs.add(n);
        else if (this.g[n] === c && !seen.has(n)) {
          seen.add(n);
          stones.push(n);
        }
      }
    }
    return { stones, libs };
  }
  /** Returns the captured stones, or null when illegal (occupied, ko, suicide). */
  tryPlay(p: number, c: number): number[] | null {
    if (this.g[p] !== EMPTY || p === this.ko) return null;
    this.g[p] = c;
    const captured: number[] = [];
    for (const n of this.nbrs(p)) {
      if (this.g[n] === 3 - c) {
        const ch = this.chainOf(n);
        if (ch.libs.size === 0) for (const s of ch.stones) { this.g[s] = EMPTY; captured.push(s); }
      }
    }
    const own = this.chainOf(p);
    if (own.libs.size === 0) {
      // suicide: nothing was captured (a capture always leaves a liberty), so undo is one point
      this.g[p] = EMPTY;
      return null;
    }
    this.ko = captured.length === 1 && own.stones.length === 1 && own.libs.size === 1 ? captured[0] : -1;
    return captured;
  }
}

function xorshift(seed: number): () => number {
  let s = seed | 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/** Clears pb and plays n random points (a pass where the point drawn is illegal). */
function randomGame(pb: PlayoutBoard, rnd: () => number, n: number): void {
  pb.clear();
  const points = pb.size * pb.size;
  for (let m = 0; m < n; m++) {
    const i = pb.idxOf[Math.floor(rnd() * points)];
    if (pb.isLegal(i, pb.toMove)) pb.play(i);
    else pb.pass();
  }
}

/** Room for every liberty of any chain (scratch for chainLibs). */
const libBuf = new Int32Array(27 * 27);

function check(ok: boolean, what: string): void {
  // plain throws: expect() per comparison would dominate the run time of these loops
  if (!ok) throw new Error(what);
}

function checkSame(pb: PlayoutBoard, ref: RefBoard, toMove: number): void {
  const size = ref.size;
  const arr = pb.toArray(new Int8Array(size * size));
  for (let p = 0; p < size * size; p++) check(arr[p] === ref.g[p], `stone differs at ${p}`);
  // every chain: in-atari test and liberty counts agree with flood fill
  for (let p = 0; p < size * size; p++) {
    if (ref.g[p] === EMPTY) continue;
    const i = pb.idxOf[p];
    const h = pb.chain[i];
    const ch = ref.chainOf(p);
    check(pb.stones[h] === ch.stones.length, `chain size at ${p}`);
    check(pb.inAtari(h) === (ch.libs.size === 1), `atari test at ${p}`);
    if (ch.libs.size === 1) check(pb.pointOf[pb.atariLib(h)] === [...ch.libs][0], `atari liberty at ${p}`);
    const libs = pb.chainLibs(h, libBuf, libBuf.length);
    const points = [...libBuf.subarray(0, libs)].map((i) => pb.pointOf[i]).sort((a, b) => a - b);
    check(points.join() === [...ch.libs].sort((a, b) => a - b).join(), `liberties at ${p}`);
  }
  // same legal moves for the side to move
  const probe = new RefBoard(size);
  for (let p = 0; p < size * size; p++) {
    probe.g = ref.g.slice();
    probe.ko = ref.ko;
    check(pb.isLegal(pb.idxOf[p], toMove) === (probe.tryPlay(p, toMove) !== null), `legality at ${p}`);
  }
  // empty list is exactly the empty points
  const empties = new Set<number>();
  for (let k = 0; k < pb.emptyCount; k++) empties.add(pb.pointOf[pb.empty[k]]);
  check(empties.size === pb.emptyCount, 'empty list has duplicates');
  check(empties.size === ref.g.filter((c) => c === EMPTY).length, 'empty list size');
  // hash matches a from-scratch hash, and 3×3 codes match the board
  const [lo, hi] = hashOf(arr, size);
  check(pb.hashLo === lo && pb.hashHi === hi, 'hash');
  for (let p = 0; p < size * size; p++) {
    const i = pb.idxOf[p];
    let code = 0;
    for (let d = 0; d < 8; d++) code |= pb.color[i + pb.dir8[d]] << (2 * d);
    check(pb.pat[i] === code, `3x3 code at ${p}`);
  }
}

describe('PlayoutBoard', () => {
  for (const size of [5, 9, 13, 19]) {
    it(`matches a flood-fill reference on random games (${size}x${size})`, () => {
      const games = size === 5 ? 1500 : size === 9 ? 400 : size === 13 ? 50 : 15;
      const rnd = xorshift(size * 7919);
      const pb = new PlayoutBoard(size);
      let captures = 0;
      let moves = 0;
      for (let game = 0; game < games; game++) {
        pb.clear();
        const ref = new RefBoard(size);
        let toMove = BLACK;
        const maxMoves = size * size * 3;
        // check fully at a few random moments per game (full checks are O(n²))
        const checkAt = new Set([Math.floor(rnd() * maxMoves), Math.floor(rnd() * maxMoves), maxMoves - 1]);
        for (let m = 0; m < maxMoves; m++) {
          // random legal move according to the reference (or pass)
          const empties: number[] = [];
          for (let p = 0; p < size * size; p++) if (ref.g[p] === EMPTY) empties.push(p);
          let played = -1;
          while (empties.length > 0) {
            const k = Math.floor(rnd() * empties.length);
            const p = empties[k];
            empties[k] = empties[empties.length - 1];
            empties.pop();
            // plain comparisons in the hot loop: expect() per move would dominate the run time
            const legalPb = pb.isLegal(pb.idxOf[p], toMove);
            const probe = ref.tryPlay(p, toMove);
            if (legalPb !== (probe !== null)) throw new Error(`legality differs at ${p} in game ${game}`);
            if (probe !== null) {
              pb.play(pb.idxOf[p]);
              if (pb.lastCaptured !== probe.length) throw new Error(`captures differ in game ${game}`);
              captures += probe.length;
              if ((pb.ko === 0 ? -1 : pb.pointOf[pb.ko]) !== ref.ko) throw new Error(`ko differs in game ${game}`);
              played = p;
              break;
            }
          }
          if (played < 0) {
            pb.pass();
            ref.ko = -1;
          }
          moves++;
          toMove = 3 - toMove;
          if (checkAt.has(m) && game % 5 === 0) checkSame(pb, ref, toMove);
        }
        checkSame(pb, ref, toMove);
      }
      expect(captures).toBeGreaterThan(games * 5); // the games really exercised captures
      expect(moves).toBe(games * size * size * 3);
    });
  }

  it('setup() from an array reproduces chains, hash and legality', () => {
    const size = 9;
    const rnd = xorshift(42);
    const pb = new PlayoutBoard(size);
    const copy = new PlayoutBoard(size);
    for (let game = 0; game < 200; game++) {
      pb.clear();
      const n = Math.floor(rnd() * 120);
      for (let m = 0; m < n; m++) {
        let tries = 0;
        let p = -1;
        while (tries++ < 50) {
          const q = Math.floor(rnd() * size * size);
          if (pb.isLegal(pb.idxOf[q], pb.toMove)) { p = q; break; }
        }
        if (p < 0) pb.pass();
        else pb.play(pb.idxOf[p]);
      }
      const arr = pb.toArray(new Int8Array(size * size));
      copy.setup(arr, pb.toMove);
      const ref = new RefBoard(size);
      ref.g = Array.from(arr);
      checkSame(copy, ref, pb.toMove);
    }
  });

  it('libsAfter agrees with playing the move, also once the marks have passed 2³¹', () => {
    const size = 9;
    const rnd = xorshift(7);
    const pb = new PlayoutBoard(size);
    const tmp = new PlayoutBoard(size);
    // a long-lived search board gets there within a few games
    for (const b of [pb, tmp]) (b as unknown as { stamp: number }).stamp = 0x7fffffff - 5000;
    let checked = 0;
    for (let game = 0; game < 300; game++) {
      randomGame(pb, rnd, 20 + Math.floor(rnd() * 80));
      for (let p = 0; p < size * size; p++) {
        const i = pb.idxOf[p];
        const c = pb.toMove;
        if (!pb.isLegal(i, c) || pb.captures(i, c)) continue;
        tmp.copyFrom(pb);
        tmp.play(i);
        const real = tmp.chainLibs(tmp.chain[i], libBuf, libBuf.length);
        expect(pb.libsAfter(i, c, 2)).toBe(Math.min(real, 2));
        expect(pb.libsAfter(i, c, 3)).toBe(Math.min(real, 3));
        expect(pb.chainSizeAfter(i, c)).toBe(tmp.stones[tmp.chain[i]]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('twoLibs names exactly the chains with two liberties, and which', () => {
    const rnd = xorshift(11);
    const two = new Int32Array(2);
    let pairs = 0;
    for (const size of [7, 19]) {
      const pb = new PlayoutBoard(size);
      for (let game = 0; game < 150; game++) {
        randomGame(pb, rnd, 20 + Math.floor(rnd() * size * size));
        for (let p = 0; p < size * size; p++) {
          const i = pb.idxOf[p];
          if (pb.color[i] === EMPTY || pb.chain[i] !== i) continue;
          const real = pb.chainLibs(i, libBuf, libBuf.length);
          expect(pb.twoLibs(i, two)).toBe(real === 2);
          if (real !== 2) continue;
          expect([two[0], two[1]]).toEqual([Math.min(libBuf[0], libBuf[1]), Math.max(libBuf[0], libBuf[1])]);
          pairs++;
        }
      }
    }
    expect(pairs).toBeGreaterThan(500);
  });

  it('scores by flood fill and by playout rule alike on filled boards', () => {
    const pb = new PlayoutBoard(5);
    // black owns columns A-B, white D-E, column C split
    const b = new Int8Array(25);
    for (let y = 0; y < 5; y++) {
      b[y * 5 + 1] = BLACK;
      b[y * 5 + 3] = WHITE;
    }
    pb.setup(b, BLACK);
    const owner = new Uint8Array(25);
    const q = new Int32Array(49);
    expect(pb.scoreAreaFull(owner, q)).toBe(0); // 10 vs 10, column C neutral
    expect(pb.scorePlayout(null)).toBe(0);
    b[2] = BLACK;
    pb.setup(b, WHITE);
    expect(pb.scoreAreaFull(owner, q)).toBe(11 - 10); // C1 black, rest of column C still neutral
  });
});

describe('pattern tables', () => {
  it('recognise eyes and a hane shape', () => {
    const pb = new PlayoutBoard(5);
    const b = new Int8Array(25);
    // black eye at A1 (corner): B1 and A2 black
    b[1] = BLACK;
    b[5] = BLACK;
    pb.setup(b, WHITE);
    expect(EYE[pb.pat[pb.idxOf[0]]]).toBe(BLACK);
    b[6] = WHITE; // diagonal enemy in the corner: false eye
    pb.setup(b, WHITE);
    expect(EYE[pb.pat[pb.idxOf[0]]]).toBe(0);
    // enclosing hane: centre C3, above it B4 X, C4 O, D4 X, row 3 empty
    const h = new Int8Array(25);
    h[3 * 5 + 1] = BLACK;
    h[3 * 5 + 2] = WHITE;
    h[3 * 5 + 3] = BLACK;
    pb.setup(h, BLACK);
    expect(PATTERN3[pb.pat[pb.idxOf[2 * 5 + 2]]]).toBe(1);
    // empty neighbourhood matches nothing
    expect(PATTERN3[pb.pat[pb.idxOf[0]]]).toBe(0);
  });
});

describe('PlayoutBoard against the rules core (src/game/board.ts)', () => {
  it('agrees on captures, suicide and the resulting stones in random games', async () => {
    const { Board } = await import('../../src/game/board.js');
    const rnd = xorshift(99);
    for (const size of [7, 9, 13]) {
      const pb = new PlayoutBoard(size);
      for (let game = 0; game < (size === 13 ? 20 : 60); game++) {
        pb.clear();
        let board = Board.empty(size);
        for (let m = 0; m < size * size * 2; m++) {
          const c = pb.toMove;
          const p = Math.floor(rnd() * size * size);
          const i = pb.idxOf[p];
          if (pb.color[i] !== EMPTY) continue;
          const outcome = board.play(p, c as 1 | 2);
          if (i === pb.ko) continue; // simple ko is the rules core's history's business
          const legal = pb.isLegal(i, c);
          check(legal === (outcome.suicided === 0), `suicide verdict at ${p} (size ${size}, game ${game})`);
          if (!legal) continue;
          pb.play(i);
          board = outcome.board;
          check(pb.lastCaptured === outcome.captured, `captures at ${p}`);
        }
        expect(Array.from(pb.toArray(new Int8Array(size * size)))).toEqual(Array.from(board.toArray()));
      }
    }
  });
});
