// The playout policy: how moves are chosen after the tree, Pachi-"moggy" style but lighter.
// In order, each with a probability:
//  1. answer the last move locally: capture a chain it left in atari, or save our chain it
//     put in atari (capture an attacker in atari, or extend when that gives ≥ 2 liberties);
//  2. kill a three-point eye space it just closed at the vital point (nakade);
//  3. play a MoGo 3×3 shape around the last two moves (Pachi's pattern2);
//  4. a uniformly random legal move that does not fill our own eye and is not a self-atari
//     the judge refuses (selfatari.ts: never a big one that is no nakade, by chance the small
//     ones that are no useful throw-in, and clumsy fills of a three-liberty chain's liberty).
// Probabilities are per level (see level.ts); the random phase never fills own eyes, so
// playouts end with two passes.

import { EMPTY, PASS_IDX, type PlayoutBoard } from '../game/playout-board.js';
import { SHAPE, shapeEmpty, shapeEye, shapeMatches, shapeTouches } from '../game/patterns.js';
import type { Rng } from '../game/rng.js';
import { DOUBT, REFUSE, SelfAtariJudge } from './selfatari.js';

export interface PolicyParams {
  /** chance to look for local captures / atari escapes after the last move */
  captureRate: number;
  /** chance to look for 3×3 shapes around the last move */
  patternRate: number;
  /** chance a random self-atari move is rejected */
  selfAtariRate: number;
  /** chance to play the vital point of a 3-point eye space the opponent is making */
  nakadeRate: number;
  /** 1: never put 3 or more stones in atari except as nakade, always play nakade (selfatari.ts) */
  bigSelfAtari: number;
  /** 1: always play the useful self-ataris of one or two stones (throw-ins, snapbacks) */
  throwIns: number;
  /** 1: a clumsy fill of a three-liberty chain's liberty counts as a self-atari (selfatari.ts) */
  threeLibSuicide: number;
}

// Self-play at 2,000 playouts on 9×9: rejecting self-ataris 60% rather than 90% of the time
// won 25-15 (Pachi found the same, +50 Elo on 15×15); last-good-reply (LGRF-1, Baier & Drake
// 2010) on top of these lost 4-11, and 14-26 on 19×19 at equal clocks, so it is not used.
// Pachi's two-liberty fights, ko retakes and ladder-aware escapes showed no gain in self-play
// either, nor on 19×19 the two-liberty fights (14-26) or nakade in eye spaces of up to six
// points (17-23) (docs/BENCHMARKS.md). Pachi's judgement of self-ataris (selfatari.ts) did:
// against Pachi at 1,000 playouts, tengen at 2,000 won 19 of 48 with it and 12 of 44 without.
// Pachi's eye fix (5e67788) did not: 6 of 24 with it, 9 of 24 without.
export const FULL_POLICY: PolicyParams = { captureRate: 0.9, patternRate: 0.95, selfAtariRate: 0.6, nakadeRate: 0.8, bigSelfAtari: 1, throwIns: 1, threeLibSuicide: 1 };
export const LIGHT_POLICY: PolicyParams = { captureRate: 0, patternRate: 0, selfAtariRate: 0, nakadeRate: 0, bigSelfAtari: 0, throwIns: 0, threeLibSuicide: 0 };

export class PlayoutPolicy {
  private readonly cand = new Int32Array(64);
  private readonly libBuf = new Int32Array(4);
  // probabilities as thresholds so a check is one comparison on raw random bits (10 bits for
  // the three gates that share one number, 32 for the self-atari check)
  private readonly captureT: number;
  private readonly patternT: number;
  private readonly selfAtariT: number;
  private readonly nakadeT: number;
  private readonly threeLib: boolean;
  private readonly judge: SelfAtariJudge;

  constructor(readonly params: PolicyParams) {
    this.captureT = params.captureRate * 1024;
    this.patternT = params.patternRate * 1024;
    this.nakadeT = params.nakadeRate * 1024;
    this.selfAtariT = params.selfAtariRate * 4294967296;
    this.judge = new SelfAtariJudge(params.bigSelfAtari > 0, params.throwIns > 0);
    this.threeLib = params.threeLibSuicide > 0;
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
      if ((gates & 1023) < this.captureT) {
        n = this.localFights(b, last, c);
        if (n > 0) return this.cand[rng.below(n)];
      }
      if (b.lastCaptured === 0 && ((gates >>> 10) & 1023) < this.nakadeT) {
        const v = this.nakade(b, last, c);
        if (v !== 0) return v;
      }
      if (((gates >>> 20) & 1023) < this.patternT) {
        n = this.shapes(b, last, c, 0);
        const last2 = b.lastMove2;
        if (last2 !== PASS_IDX && color[last2] !== EMPTY) n = this.shapes(b, last2, c, n);
        if (n > 0) return this.cand[rng.below(n)];
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

  /** MoGo shapes on the empty points around stone s; adds to cand from n, returns the count. */
  private shapes(b: PlayoutBoard, s: number, c: number, n: number): number {
    const { color, pat, dir8 } = b;
    for (let d = 0; d < 8; d++) {
      const m = s + dir8[d];
      if (color[m] !== EMPTY) continue;
      const shape = SHAPE[pat[m]];
      if (!shapeMatches(shape)) continue;
      // two empty neighbours: legal and not a self-atari, no need to look further (a point
      // with an empty neighbour is never the ko point: that one is surrounded by stones)
      if (shapeEmpty(shape) >= 2) this.cand[n++] = m;
      else if (b.isLegal(m, c)) {
        const libs = b.libsAfter(m, c, 3);
        if (libs > 2 || (libs === 2 && !(this.threeLib && this.judge.threeLibSuicide(b, m, c)))) this.cand[n++] = m;
      }
    }
    return n;
  }

  /**
   * Captures and atari escapes around the last move. Fills cand, returns the count.
   */
  private localFights(b: PlayoutBoard, last: number, c: number): number {
    const { color, chain, width, nb4 } = b;
    const cand = this.cand;
    let n = 0;
    // the stone just played: its chain in atari can be captured; with two liberties, an atari
    // that leaves it no room to run (the other liberty has at most one empty neighbour besides
    // ours) is nearly a capture
    const hl = chain[last];
    if (b.inAtari(hl)) {
      const lib = b.atariLib(hl);
      if (b.isLegal(lib, c)) cand[n++] = lib;
    } else if ((b.stones[hl] === 1 ? b.libs[hl] === 2 : b.libs[hl] <= 8) && shapeTouches(SHAPE[b.pat[last]], c)) {
      // (only in contact with our stones: chasing a lone stone in the open is rarely right; a
      // lone stone's pseudo-liberties are its real ones)
      const libs = this.libBuf;
      if (b.chainLibs(hl, libs, 3) === 2) {
        for (let k = 0; k < 2; k++) {
          const at = libs[k];
          const run = libs[1 - k];
          // empty neighbours of the escape point, not counting the point we take
          const room = shapeEmpty(SHAPE[b.pat[run]]) - (at - run === 1 || run - at === 1 || at - run === width || run - at === width ? 1 : 0);
          if (room <= 1 && b.isLegal(at, c) && b.libsAfter(at, c, 2) >= 2) cand[n++] = at;
        }
      }
    }
    // our chains next to it that it put in atari
    for (let k = 0; k < 4; k++) {
      const m = last + nb4[k];
      if (color[m] !== c) continue;
      const h = chain[m];
      if (!b.inAtari(h)) continue;
      n = this.escapes(b, h, c, n);
    }
    return n;
  }

  /** Ways out of atari for our chain h: capture an adjacent attacker in atari, or extend. */
  private escapes(b: PlayoutBoard, h: number, c: number, n: number): number {
    const { color, chain, nextStone, nb4 } = b;
    const cand = this.cand;
    const o = 3 - c;
    let s = h;
    do {
      for (let k = 0; k < 4; k++) {
        const m = s + nb4[k];
        if (color[m] === o && b.inAtari(chain[m])) {
          const lib = b.atariLib(chain[m]);
          if (n < 60 && b.isLegal(lib, c)) cand[n++] = lib;
        }
      }
      s = nextStone[s];
    } while (s !== h);
    const lib = b.atariLib(h);
    if (b.isLegal(lib, c) && b.libsAfter(lib, c, 2) >= 2) cand[n++] = lib;
    return n;
  }

  /**
   * Nakade: when the opponent's last move leaves a 3-point straight or bent eye space next to
   * it, the middle point kills. Returns the vital point or 0.
   */
  private nakade(b: PlayoutBoard, last: number, c: number): number {
    const { color, width, nb4 } = b;
    const buf = this.libBuf;
    // find an empty neighbour of the last move starting a small region
    for (let k = 0; k < 4; k++) {
      const e = last + nb4[k];
      // every point of a 3-point region has 1 or 2 empty neighbours: most points fail here
      if (color[e] !== EMPTY) continue;
      const se = SHAPE[b.pat[e]];
      const ne = shapeEmpty(se);
      if (ne === 0 || ne > 2 || shapeTouches(se, c)) continue;
      // collect the empty region, giving up beyond 3 points
      let size = 1;
      buf[0] = e;
      let overflow = false;
      for (let r = 0; r < size && !overflow; r++) {
        const q = buf[r];
        for (let j = 0; j < 4; j++) {
          const m = q + nb4[j];
          if (color[m] !== EMPTY) continue;
          // a region touching our own stones is not the opponent's eye space
          const sm = SHAPE[b.pat[m]];
          if (shapeTouches(sm, c) || shapeEmpty(sm) > 2) {
            overflow = true;
            break;
          }
          let seen = false;
          for (let t = 0; t < size; t++) if (buf[t] === m) seen = true;
          if (seen) continue;
          if (size === 3) {
            overflow = true;
            break;
          }
          buf[size++] = m;
        }
      }
      if (overflow || size !== 3) continue;
      // the region must be enclosed by the opponent (who just played) only
      let enclosed = true;
      for (let r = 0; r < 3 && enclosed; r++) {
        const q = buf[r];
        for (let j = 0; j < 4; j++) {
          const m = q + nb4[j];
          if (color[m] === c) {
            enclosed = false;
            break;
          }
        }
      }
      if (!enclosed) continue;
      // vital point: the region point adjacent to both others
      for (let r = 0; r < 3; r++) {
        const q = buf[r];
        let adj = 0;
        for (let t = 0; t < 3; t++) {
          const d = buf[t] - q;
          if (d === 1 || d === -1 || d === width || d === -width) adj++;
        }
        if (adj === 2 && b.isLegal(q, c)) return q;
      }
    }
    return 0;
  }
}
