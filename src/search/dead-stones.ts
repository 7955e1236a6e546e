// Judging the end of the game from playout ownership (Pachi's ownermap: at least ~500
// playouts; a chain is dead when the opponent ends up owning its points in most of them,
// 0.67 when judging whole groups). Seki: a living chain whose liberties stay empty between
// both colours in most playouts (shared liberties neither side can fill).

import { PlayoutBoard } from './playout-board.js';

export const DEAD_SHARE = 0.67;
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
      const x = q % size;
      const y = (q - x) / size;
      const nbrs = [x > 0 ? q - 1 : -1, x < size - 1 ? q + 1 : -1, y > 0 ? q - size : -1, y < size - 1 ? q + size : -1];
      for (const n of nbrs) {
        if (n >= 0 && !seen[n] && board[n] === c) {
          seen[n] = 1;
          stones.push(n);
        }
      }
    }
    chains.push(stones);
  }
  return chains;
}

function libertiesOf(board: ArrayLike<number>, size: number, stones: number[]): number[] {
  const libs = new Set<number>();
  for (const q of stones) {
    const x = q % size;
    const y = (q - x) / size;
    if (x > 0 && board[q - 1] === 0) libs.add(q - 1);
    if (x < size - 1 && board[q + 1] === 0) libs.add(q + 1);
    if (y > 0 && board[q - size] === 0) libs.add(q - size);
    if (y < size - 1 && board[q + size] === 0) libs.add(q + size);
  }
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

/** Area score (black minus white, no komi) of the board as it stands: every stone alive. */
export function areaScoreAsIs(board: Int8Array, size: number): number {
  const b = new PlayoutBoard(size);
  b.setup(board, 1);
  return b.scoreAreaFull(new Uint8Array(size * size), new Int32Array(b.cells));
}

/**
 * Area score (black minus white, no komi) with each point given to the side that clearly owns
 * it in the playouts (|ownership| > 0.3; dame and seki liberties count for nobody).
 */
export function areaScoreByOwnership(ownership: ArrayLike<number>): number {
  let s = 0;
  for (let p = 0; p < ownership.length; p++) s += ownership[p] > 0.3 ? 1 : ownership[p] < -0.3 ? -1 : 0;
  return s;
}
