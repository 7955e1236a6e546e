// Judging the end of the game from playout ownership (Pachi's ownermap: at least ~500
// playouts; a chain is dead when the opponent ends up owning its points in most of them).
// Seki: a living chain whose liberties stay empty between both colours in most playouts
// (shared liberties neither side can fill). Open regions (borders not closed): point by point
// from ownership, see judgeRegions.

import { BLACK, PlayoutBoard } from '../game/playout-board.js';
import { neighbours } from '../game/vertex.js';

// Pachi judges groups dead at 0.67; on 300 counted Tygem games (scripts/tygem-oracle.mjs) a
// plain majority matched the recorded result in 268 against 258: the chains strong players
// count dead inside an unfinished framework survive a third of the playouts or more.
export const DEAD_SHARE = 0.5;
// A point can only end a finished playout empty between both colours as a seki liberty, so a
// modest share is already a clear signal (some playouts break the seki by self-atari).
export const SEKI_SHARE = 0.3;
/** A chain neither dead nor in seki is clearly alive when its side owns it this much (ownership view). */
export const SETTLED = 0.6;

/** Chains of a size*size 0/1/2 board as lists of points. */
export function chainsOf(board: ArrayLike<number>, size: number): number[][] {
  const seen = new Uint8Array(size * size);
  const chains: number[][] = [];
  for (let p = 0; p < size * size; p++) {
    const c = board[p];
    if (c === 0 || seen[p]) continue;
    const stones = [p];
    seen[p] = 1;
    for (let k = 0; k < stones.length; k++) {
      const q = stones[k];
      for (const n of neighbours(q, size)) {
        if (!seen[n] && board[n] === c) {
          seen[n] = 1;
          stones.push(n);
        }
      }
    }
    chains.push(stones);
  }
  return chains;
}

/** The empty points next to any of the stones (the liberties of the chains they belong to), sorted. */
export function libertiesOfChains(board: ArrayLike<number>, size: number, stones: readonly number[]): number[] {
  return libertiesOf(board, size, stones).sort((a, b) => a - b);
}

function libertiesOf(board: ArrayLike<number>, size: number, stones: readonly number[]): number[] {
  const libs = new Set<number>();
  for (const q of stones) for (const n of neighbours(q, size)) if (board[n] === 0) libs.add(n);
  return [...libs];
}

/**
 * Dead and seki stones (and unsettled ones: neither clearly dead nor clearly alive) from ownership (+1 black … -1 white per point) and the share of
 * playouts in which each point ended as a liberty between both colours.
 */
export function judgeChains(
  board: ArrayLike<number>,
  size: number,
  ownership: ArrayLike<number>,
  dame: ArrayLike<number>,
): { dead: number[]; seki: number[]; unsettled: number[] } {
  const dead: number[] = [];
  const seki: number[] = [];
  const unsettled: number[] = [];
  // ownership o = P(black) - P(white); the opponent owns a point in share ≥ DEAD_SHARE of the
  // playouts roughly when the owner's view of o is ≤ 1 - 2·DEAD_SHARE
  const deadBelow = 1 - 2 * DEAD_SHARE;
  for (const stones of chainsOf(board, size)) {
    const sign = board[stones[0]] === 1 ? 1 : -1;
    let own = 0;
    for (const p of stones) own += ownership[p] * sign;
    own /= stones.length;
    if (own <= deadBelow) {
      dead.push(...stones);
      continue;
    }
    const libs = libertiesOf(board, size, stones);
    if (libs.some((l) => dame[l] >= SEKI_SHARE)) seki.push(...stones);
    else if (own < SETTLED) unsettled.push(...stones);
  }
  dead.sort((a, b) => a - b);
  seki.sort((a, b) => a - b);
  unsettled.sort((a, b) => a - b);
  return { dead, seki, unsettled };
}

/**
 * Ownership (black view) from which an open point counts for a side: 70% of the playouts. On
 * 100 positions of resigned Tygem games (moves 150-200) the winner agreed in 79 at 0.4, 76 at
 * 0.6 (Pachi's GJ_THRES of 80%), 71 at 0.2, 64 with open regions for nobody; the counted games
 * did not move (267 of 300 at each).
 */
export const OWNED = 0.4;

export interface RegionJudgement {
  /**
   * Points of regions that still touch both colours once the dead stones are gone (an open
   * border, a framework not yet closed, dame) that correct play gives to a side: the playouts
   * give it to that side (|ownership| ≥ OWNED) and it touches no living stone of the other side
   * (such a point ends as a filled dame or a stone of the other side's wall, never as territory).
   */
  black: number[];
  white: number[];
  /** open points next to living stones of both colours: neutral, worth a point only by area */
  dame: number[];
  /** open points whose owner the playouts leave unclear */
  contested: number[];
  /** area (black minus white, no komi): living stones, one-colour regions and the points above */
  area: number;
}

/** Regions after the dead stones are removed; the open ones judged point by point from ownership. */
export function judgeRegions(
  board: ArrayLike<number>,
  size: number,
  dead: readonly number[],
  ownership: ArrayLike<number>,
  owned = OWNED,
): RegionJudgement {
  const n = size * size;
  const alive = new Int8Array(n);
  for (let p = 0; p < n; p++) alive[p] = board[p];
  for (const p of dead) alive[p] = 0;
  const out: RegionJudgement = { black: [], white: [], dame: [], contested: [], area: 0 };
  for (let p = 0; p < n; p++) out.area += alive[p] === 1 ? 1 : alive[p] === 2 ? -1 : 0;
  const seen = new Uint8Array(n);
  for (let seed = 0; seed < n; seed++) {
    if (alive[seed] !== 0 || seen[seed]) continue;
    const region = [seed];
    seen[seed] = 1;
    let touches = 0;
    for (let k = 0; k < region.length; k++) {
      for (const m of neighbours(region[k], size)) {
        if (alive[m] !== 0) touches |= alive[m];
        else if (!seen[m]) {
          seen[m] = 1;
          region.push(m);
        }
      }
    }
    if (touches !== 3) {
      out.area += touches === 1 ? region.length : touches === 2 ? -region.length : 0;
      continue;
    }
    // a region whose every point touches a stone is a string of dame between walls, not an
    // unfinished framework: its points end filled, or stay neutral (how counted games end)
    const open = region.some((q) => neighbours(q, size).every((m) => alive[m] === 0));
    for (const q of region) {
      const o = ownership[q];
      const side = o >= owned ? 1 : o <= -owned ? 2 : 0;
      let near = 0;
      for (const m of neighbours(q, size)) near |= alive[m];
      if (open && side !== 0 && (near & (3 - side)) === 0) {
        (side === 1 ? out.black : out.white).push(q);
        out.area += side === 1 ? 1 : -1;
      } else if (near === 3) out.dame.push(q);
      else out.contested.push(q);
    }
  }
  for (const list of [out.black, out.white, out.dame, out.contested]) list.sort((a, b) => a - b);
  return out;
}

/** Area score (black minus white, no komi) of the board as it stands: every stone alive. */
export function areaScoreAsIs(board: Int8Array, size: number): number {
  const b = new PlayoutBoard(size);
  b.setup(board, 1);
  return b.scoreAreaFull(new Uint8Array(size * size), new Int32Array(b.cells));
}

/**
 * Empty points inside a region of one colour (once the dead stones are gone) where its owner
 * must still play before the count: the last liberty of a living chain, where the opponent
 * would capture it. The owner's stone goes there; by territory the point is no territory
 * (GNU Go counts it as dame, and so do counted Tygem games).
 */
export function protectivePoints(board: ArrayLike<number>, size: number, dead: readonly number[]): number[] {
  const alive = Int8Array.from(board);
  for (const p of dead) alive[p] = 0;
  const b = new PlayoutBoard(size);
  b.setup(alive, BLACK);
  const after = new PlayoutBoard(size);
  const out = new Set<number>();
  for (const stones of chainsOf(alive, size)) {
    const colour = alive[stones[0]];
    // liberties once the dead stones are gone: a chain that dead stones put in atari is safe
    const liberties = libertiesOf(alive, size, stones);
    if (liberties.length !== 1) continue;
    // a capture the owner retakes as a ko needs no answer now (counted games leave such points
    // as territory, e.g. gtp-fixtures/sgf/tygem/797034431.sgf)
    const l = liberties[0];
    if (regionTouches(alive, size, l) === colour && takesWithoutKo(b, after, b.idxOf[l], 3 - colour)) out.add(l);
  }
  return [...out].sort((p, q) => p - q);
}

/** Whether c may play at padded index i of b (no suicide) and take no ko there; after is scratch. */
function takesWithoutKo(b: PlayoutBoard, after: PlayoutBoard, i: number, c: number): boolean {
  if (!b.isLegal(i, c)) return false;
  after.copyFrom(b);
  after.toMove = c;
  after.play(i);
  return after.ko === 0;
}

/** The colours (1 black, 2 white, 3 both) of the stones around the empty region through p. */
function regionTouches(board: ArrayLike<number>, size: number, p: number): number {
  const region = [p];
  const seen = new Set(region);
  let touches = 0;
  for (let k = 0; k < region.length; k++) {
    for (const m of neighbours(region[k], size)) {
      if (board[m] !== 0) touches |= board[m];
      else if (!seen.has(m)) {
        seen.add(m);
        region.push(m);
      }
    }
  }
  return touches;
}
