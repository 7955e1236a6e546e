// Level 0: an honest baseline player. A random legal move that never fills
// its own single-point eye; pass when none is left.

import type { Game } from '../game/game.js';
import { PASS, type Color } from '../game/vertex.js';

/** A point whose neighbours are all stones of `color` (an eye or a false eye of its own). */
export function isOwnEyePoint(game: Game, color: Color, p: number): boolean {
  const { size, board } = game;
  const x = p % size;
  const neighbours = [x > 0 ? p - 1 : -1, x < size - 1 ? p + 1 : -1, p - size, p + size];
  return neighbours.every((q) => q < 0 || q >= size * size || board.color(q) === color);
}

export function randomMove(game: Game, color: Color, random: () => number): number {
  const candidates = [...game.board.empties()].filter((p) => !isOwnEyePoint(game, color, p));
  while (candidates.length > 0) {
    const i = Math.floor(random() * candidates.length);
    const p = candidates[i];
    if (game.check(color, p) === null) return p;
    candidates[i] = candidates[candidates.length - 1];
    candidates.pop();
  }
  return PASS;
}

/** A small seeded generator (mulberry32) so `--seed` makes level 0 repeatable. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
