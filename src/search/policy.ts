// The playout policy: how moves are chosen after the tree, after Pachi 12's "moggy".
// In order, each with a probability:
//  1. answer the last move locally: capture a chain it left in atari, or save our chain it
//     put in atari (capture an attacker in atari, or extend when that gives ≥ 2 liberties;
//     never a lone stone in a ko); a chain of forceStones or more is always saved;
//  2. two-liberty fights around the last move: atari a chain of two liberties that has no
//     miai, or extend ours, or atari its attackers (Pachi's local_2lib_check);
//  3. kill a three-point eye space it just closed at the vital point (tactics/nakade.ts);
//  4. play one of Pachi's 3×3 shapes around the last two moves, drawn by Pachi's weights;
//  5. a uniformly random legal move that does not fill our own eye and is not a self-atari
//     the judge refuses (tactics/selfatari.ts: never a big one that is no nakade, by chance
//     the small ones that are no useful throw-in, and clumsy fills of a three-liberty chain's
//     liberty).
// Probabilities are per level (levelSettings in params.ts); the random phase never fills own eyes, so
// playouts end with two passes. How close the moves come to Pachi's is measured by
// scripts/policy-agreement.mjs.

import { DIAGONALS, EMPTY, OFF, PASS_IDX, type PlayoutBoard } from '../game/playout-board.js';
import { firstDir, neighboursOf, ORTHO, SHAPE, SHAPE_GAMMA, SHAPE_MOVERS, shapeEmpty, shapeEye, shapeTouches, stonesAround } from '../game/patterns.js';
import type { Rng } from '../game/rng.js';
import { vitalPoint } from '../tactics/nakade.js';
import { DOUBT, PLAY, REFUSE, SelfAtariJudge } from '../tactics/selfatari.js';
import type { PolicyParams } from './params.js';

export class PlayoutPolicy {
  private readonly cand = new Int32Array(64);
  private readonly libBuf = new Int32Array(4);
  private readonly seen = new Int32Array(16);
  /** scratch for the eye space the nakade phase reads */
  private readonly region = new Int32Array(3);
  // probabilities as thresholds so a check is one comparison on raw random bits (10 bits for
  // the three gates that share one number, 32 for the self-atari check)
  private readonly captureT: number;
  private readonly patternT: number;
  private readonly selfAtariT: number;
  private readonly nakadeT: number;
  private readonly twoLibT: number;
  private readonly threeLib: boolean;
  private readonly forceStones: number;
  private readonly shapeGammas: boolean;
  private readonly judge: SelfAtariJudge;

  constructor(readonly params: PolicyParams) {
    this.captureT = params.captureRate * 1024;
    this.patternT = params.patternRate * 1024;
    this.nakadeT = params.nakadeRate * 1024;
    this.selfAtariT = params.selfAtariRate * 4294967296;
    this.twoLibT = params.twoLibRate * 4294967296;
    this.judge = new SelfAtariJudge(params.bigSelfAtari > 0, params.throwIns > 0);
    this.threeLib = params.threeLibSuicide > 0;
    this.forceStones = params.forceStones;
    this.shapeGammas = params.shapeGammas > 0;
  }

  /** Plays out the game to two passes (or maxLen moves in seq); returns the new seq length. */
  run(b: PlayoutBoard, rng: Rng, seq: Int32Array, seqLen: number, maxLen: number): number {
    while (b.passes < 2 && seqLen < maxLen) {
      const m = this.choose(b, rng);
      if (m === PASS_IDX) b.pass();
      else b.play(m);
      seq[seqLen++] = m;
    }
    return seqLen;
  }

  /** A move for the side to move: padded index or PASS_IDX. */
  choose(b: PlayoutBoard, rng: Rng): number {
    const c = b.toMove;
    const last = b.lastMove;
    const { color, pat, empty } = b;
    if (last !== PASS_IDX && color[last] !== EMPTY) {
      // one random number decides all three gates (10 bits each)
      const gates = rng.next();
      let n = 0;
      if ((gates & 1023) < this.captureT || (this.forceStones > 0 && this.bigInAtari(b, last, c))) {
        n = this.localFights(b, last, c);
        if (n > 0) return this.cand[rng.below(n)];
      }
      if (this.twoLibT > 0 && rng.next() < this.twoLibT) {
        n = this.twoLibFights(b, last, c);
        if (n > 0) return this.cand[rng.below(n)];
      }
      if (b.lastCaptured === 0 && ((gates >>> 10) & 1023) < this.nakadeT) {
        const v = vitalPoint(b, last, c, this.region);
        if (v !== 0) return v;
      }
      if (((gates >>> 20) & 1023) < this.patternT) {
        n = this.shapes(b, last, c, 0);
        const last2 = b.lastMove2;
        if (last2 !== PASS_IDX && color[last2] !== EMPTY) n = this.shapes(b, last2, c, n, last);
        if (n > 0) return this.shapeGammas ? this.weighted(b, rng, n) : this.cand[rng.below(n)];
      }
    }
    // random move
    const count = b.emptyCount;
    if (count === 0) return PASS_IDX;
    const start = rng.below(count);
    for (let k = 0; k < count; k++) {
      let idx = start + k;
      if (idx >= count) idx -= count;
      const i = empty[idx];
      const shape = SHAPE[pat[i]];
      if (shapeEye(shape) === c) continue; // own eye
      // an empty neighbour makes the move legal (and rules out ko): skip the full test then
      const free = shapeEmpty(shape);
      if (free === 0 && !b.isLegal(i, c)) continue;
      // a self-atari that captures is a normal move (ko, snapback); the others as judged
      if (free < 2 && this.selfAtariT > 0) {
        const libs = b.libsAfter(i, c, 3);
        if (libs < 2 && !b.captures(i, c)) {
          // (a doubted move the draw lets through is played whatever it is: no need to judge
          // small self-ataris then)
          const refuseDoubt = rng.next() < this.selfAtariT;
          const verdict = this.judge.judge(b, i, c, refuseDoubt);
          if (verdict === REFUSE || (verdict === DOUBT && refuseDoubt)) continue;
        } else if (libs === 2 && this.threeLib && rng.next() < this.selfAtariT && this.judge.threeLibSuicide(b, i, c)) continue;
      }
      return i;
    }
    return PASS_IDX;
  }

  /**
   * Pachi's shapes for c on the empty points around stone s, except those around stone near
   * (the last move, already looked at); a shape move may be a self-atari the judge plays (a
   * nakade, a throw-in) or one that captures. Adds to cand from n, returns the count.
   */
  private shapes(b: PlayoutBoard, s: number, c: number, n: number, near = -1): number {
    const { pat, dir8, width } = b;
    for (let empty = neighboursOf(pat[s], EMPTY); empty !== 0; empty &= empty - 1) {
      const m = s + dir8[firstDir(empty)];
      if (near >= 0 && around(m, near, width)) continue;
      const code = pat[m];
      if ((SHAPE_MOVERS[code] & c) === 0) continue;
      // two empty neighbours: legal and not a self-atari, no need to look further (a point
      // with an empty neighbour is never the ko point: that one is surrounded by stones)
      if (shapeEmpty(SHAPE[code]) >= 2 || (b.isLegal(m, c) && !this.badSelfAtari(b, m, c))) this.cand[n++] = m;
    }
    return n;
  }

  /**
   * Captures and atari escapes around the last move. Fills cand, returns the count.
   */
  private localFights(b: PlayoutBoard, last: number, c: number): number {
    const { chain, dir8 } = b;
    const cand = this.cand;
    let n = 0;
    // the chain just played, in atari, can be captured (its two-liberty fights are phase 2's)
    const hl = chain[last];
    if (b.inAtari(hl)) {
      const lib = b.atariLib(hl);
      if (b.isLegal(lib, c)) cand[n++] = lib;
    }
    // our chains next to it that it put in atari
    for (let own = neighboursOf(b.pat[last], c) & ORTHO; own !== 0; own &= own - 1) {
      const h = chain[last + dir8[firstDir(own)]];
      if (!b.inAtari(h)) continue;
      n = this.escapes(b, h, c, n);
    }
    return n;
  }

  /** Did the last move put one of our chains of forceStones or more stones in atari? */
  private bigInAtari(b: PlayoutBoard, last: number, c: number): boolean {
    for (let own = neighboursOf(b.pat[last], c) & ORTHO; own !== 0; own &= own - 1) {
      const h = b.chain[last + b.dir8[firstDir(own)]];
      if (b.stones[h] >= this.forceStones && b.inAtari(h)) return true;
    }
    return false;
  }

  /** Ways out of atari for our chain h: capture an adjacent attacker in atari, or extend. */
  private escapes(b: PlayoutBoard, h: number, c: number, n: number): number {
    const { chain, nextStone, pat, dir8 } = b;
    const cand = this.cand;
    const o = 3 - c;
    let s = h;
    do {
      for (let theirs = neighboursOf(pat[s], o) & ORTHO; theirs !== 0; theirs &= theirs - 1) {
        const g = chain[s + dir8[firstDir(theirs)]];
        if (b.inAtari(g)) {
          const lib = b.atariLib(g);
          if (n < 60 && b.isLegal(lib, c)) cand[n++] = lib;
        }
      }
      s = nextStone[s];
    } while (s !== h);
    const lib = b.atariLib(h);
    if (b.stones[h] === 1 && this.koLike(b, lib, c)) return n;
    if (b.isLegal(lib, c) && b.libsAfter(lib, c, 2) >= 2) cand[n++] = lib;
    return n;
  }

  /**
   * Is the liberty of our lone stone in atari a point all of whose sides are ours or the edge,
   * with no such empty point on its diagonals: a ko, not worth saving (Pachi's group_atari_check)?
   */
  private koLike(b: PlayoutBoard, lib: number, c: number): boolean {
    const { color, pat, dir8 } = b;
    if (!this.eyelike(SHAPE[pat[lib]], c)) return false;
    for (const d of DIAGONALS) {
      const m = lib + dir8[d];
      if (color[m] === EMPTY && this.eyelike(SHAPE[pat[m]], c)) return false;
    }
    return true;
  }

  private eyelike(shape: number, c: number): boolean {
    return shapeEmpty(shape) === 0 && !shapeTouches(shape, 3 - c);
  }

  /**
   * Two-liberty fights around the last move (Pachi's local_2lib_check): the chain just played
   * and the other chains beside it that have two liberties. An attacker ataris such a chain on
   * either liberty unless it has them in miai; a defender extends on them, captures an attacker
   * in atari or ataris an attacker of two liberties. Fills cand, returns the count.
   */
  private twoLibFights(b: PlayoutBoard, last: number, c: number): number {
    const { chain, dir8 } = b;
    const hl = chain[last];
    let n = 0;
    let done = -1;
    if (b.twoLibs(hl, this.libBuf)) n = this.twoLibChain(b, hl, c, n);
    for (let stones = stonesAround(b.pat[last]) & ORTHO; stones !== 0; stones &= stones - 1) {
      const h = chain[last + dir8[firstDir(stones)]];
      if (h === hl || h === done || !b.twoLibs(h, this.libBuf)) continue;
      n = this.twoLibChain(b, h, c, n);
      done = h;
    }
    return n;
  }

  /** Pachi's group_2lib_check for chain h of two liberties (in libBuf), c to play. */
  private twoLibChain(b: PlayoutBoard, h: number, c: number, n: number): number {
    const owner = b.color[h];
    const l0 = this.libBuf[0];
    const l1 = this.libBuf[1];
    if (this.miai(b, h, owner, l0, l1)) return n;
    n = this.atariOn(b, c, l0, l1, n);
    if (c !== owner) return n;
    // the defender: capture or atari an attacker short of liberties
    const { chain, nextStone, pat, dir8 } = b;
    const o = 3 - c;
    let seenN = 0;
    let s = h;
    do {
      for (let theirs = neighboursOf(pat[s], o) & ORTHO; theirs !== 0; theirs &= theirs - 1) {
        const g = chain[s + dir8[firstDir(theirs)]];
        let known = false;
        for (let t = 0; t < seenN; t++) if (this.seen[t] === g) known = true;
        if (known || seenN === this.seen.length || n > 56) continue;
        this.seen[seenN++] = g;
        if (b.inAtari(g)) {
          const lib = b.atariLib(g);
          if (b.isLegal(lib, c)) n = this.addNew(lib, n);
        } else if (b.twoLibs(g, this.libBuf)) n = this.atariOn(b, c, this.libBuf[0], this.libBuf[1], n);
      }
      s = nextStone[s];
    } while (s !== h);
    return n;
  }

  /**
   * Can chain h (of colour owner, liberties l0 and l1) shrug off an atari? As Pachi's miai_2lib
   * reads it: the first liberty joins a friendly chain out of atari, and the second joins another
   * or has room. (Asking it of either liberty, as Go would, made the playouts less like Pachi's:
   * scripts/policy-agreement.mjs, −1.87 against −1.80.)
   */
  private miai(b: PlayoutBoard, h: number, owner: number, l0: number, l1: number): boolean {
    const { chain, pat, dir8 } = b;
    let connect = false;
    for (let own = neighboursOf(pat[l0], owner) & ORTHO; own !== 0; own &= own - 1) {
      const g = chain[l0 + dir8[firstDir(own)]];
      if (g !== h && !b.inAtari(g)) connect = true;
    }
    if (!connect) return false;
    const code = pat[l1];
    for (let empty = neighboursOf(code, EMPTY) & ORTHO; empty !== 0; empty &= empty - 1) {
      if (l1 + dir8[firstDir(empty)] !== l0) return true;
    }
    for (let own = neighboursOf(code, owner) & ORTHO; own !== 0; own &= own - 1) {
      const g = chain[l1 + dir8[firstDir(own)]];
      if (g !== h && !b.inAtari(g)) return true;
    }
    return false;
  }

  /**
   * Pachi's can_atari_group: c plays on a liberty of a chain with liberties l0, l1 (an atari,
   * or an extension when the chain is c's) unless it is a bad self-atari; a liberty crowded by
   * c's stones and the edge is left out when the other one is not.
   */
  private atariOn(b: PlayoutBoard, c: number, l0: number, l1: number, n: number): number {
    let first = -1;
    let firstCrowded = false;
    for (let i = 0; i < 2; i++) {
      const lib = i === 0 ? l0 : l1;
      if (!b.isLegal(lib, c) || this.badSelfAtari(b, lib, c)) continue;
      const crowded = this.crowded(b, lib, c);
      if (i === 1 && first >= 0 && crowded !== firstCrowded) {
        if (crowded) continue;
        if (this.cand[n - 1] === first) n--;
      }
      if (i === 0) {
        first = lib;
        firstCrowded = crowded;
      }
      n = this.addNew(lib, n);
    }
    return n;
  }

  /** Three or more of point p's sides are c's stones or the edge. */
  private crowded(b: PlayoutBoard, p: number, c: number): boolean {
    const code = b.pat[p];
    let sides = (neighboursOf(code, c) | neighboursOf(code, OFF)) & ORTHO;
    sides &= sides - 1;
    sides &= sides - 1; // two taken away, one left
    return sides !== 0;
  }

  /** Pachi's is_bad_selfatari for a legal move: a self-atari the judge does not play, or a clumsy three-liberty fill. */
  private badSelfAtari(b: PlayoutBoard, i: number, c: number): boolean {
    if (shapeEmpty(SHAPE[b.pat[i]]) >= 2) return false;
    const libs = b.libsAfter(i, c, 3);
    if (libs < 2) return !b.captures(i, c) && this.judge.judge(b, i, c) !== PLAY;
    return libs === 2 && this.threeLib && this.judge.threeLibSuicide(b, i, c);
  }

  /** One of the n shape candidates, drawn in proportion to its shape's weight. */
  private weighted(b: PlayoutBoard, rng: Rng, n: number): number {
    const { pat } = b;
    let total = 0;
    for (let k = 0; k < n; k++) total += SHAPE_GAMMA[pat[this.cand[k]]];
    let r = rng.below(total);
    for (let k = 0; k < n; k++) {
      r -= SHAPE_GAMMA[pat[this.cand[k]]];
      if (r < 0) return this.cand[k];
    }
    return this.cand[n - 1];
  }

  /** Adds move m to cand unless it is there; returns the count. */
  private addNew(m: number, n: number): number {
    for (let k = 0; k < n; k++) if (this.cand[k] === m) return n;
    this.cand[n] = m;
    return n + 1;
  }
}

/** Is p one of the eight points around q? */
function around(p: number, q: number, width: number): boolean {
  const d = p - q;
  return d === 1 || d === -1 || d === width || d === -width || d === width + 1 || d === width - 1 || d === -width + 1 || d === -width - 1;
}
