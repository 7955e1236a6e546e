// Nakade: stones played inside the opponent's eye space so that the space left after their
// capture is one dead shape. The playout policy plays the vital point of a three-point space
// the opponent has just closed (vitalPoint); the self-atari judge lets stones go into atari
// when they fill such a space (deadShape, opensOut).

import { adjacent, EMPTY, type PlayoutBoard } from '../game/playout-board.js';
import { firstDir, neighboursOf, ORTHO, SHAPE, shapeEmpty, shapeTouches } from '../game/patterns.js';

/** The largest eye space that can still be a dead shape (rabbity six). */
export const NAKADE_MAX = 6;

/**
 * Would an eye space of these n points (n ≤ 6) be dead — a shape with one vital point, or the
 * square four that has none? Three points always are; four: square or T; five: bulky or
 * cross; six: rabbity.
 */
export function deadShape(area: Int32Array, n: number, width: number): boolean {
  if (n <= 3) return true;
  // how many area points have 1, 2, 3, 4 neighbours inside the area
  let d1 = 0;
  let d2 = 0;
  let d3 = 0;
  let d4 = 0;
  for (let a = 0; a < n; a++) {
    let deg = 0;
    for (let t = 0; t < n; t++) {
      if (adjacent(area[t], area[a], width)) deg++;
    }
    if (deg === 1) d1++;
    else if (deg === 2) d2++;
    else if (deg === 3) d3++;
    else if (deg === 4) d4++;
  }
  if (n === 4) return d2 === 4 || d3 === 1;
  if (n === 5) return (d3 === 1 && d1 === 1) || d4 === 1;
  return d4 === 1 && d2 === 3;
}

/**
 * After a move at i, does the last liberty of the n stones in area (the move and the chains it
 * joins) open onto more empty points, i.e. the stones are not inside an eye space?
 */
export function opensOut(b: PlayoutBoard, i: number, area: Int32Array, n: number): boolean {
  const { color, nb4 } = b;
  for (let a = 0; a < n; a++) {
    const s = area[a];
    for (let k = 0; k < 4; k++) {
      const m = s + nb4[k];
      if (color[m] !== EMPTY || m === i) continue;
      // m's empty neighbours other than i
      let free = 0;
      for (let q = 0; q < 4; q++) if (color[m + nb4[q]] === EMPTY && m + nb4[q] !== i) free++;
      if (free > 0) return true;
    }
  }
  return false;
}

/**
 * When the opponent's last move leaves a 3-point straight or bent eye space next to it, its
 * middle point kills: that point if c may play it, else 0. region is scratch for 3 points.
 */
export function vitalPoint(b: PlayoutBoard, last: number, c: number, region: Int32Array): number {
  const { pat, dir8 } = b;
  // find an empty neighbour of the last move starting a small region
  for (let sides = neighboursOf(pat[last], EMPTY) & ORTHO; sides !== 0; sides &= sides - 1) {
    const e = last + dir8[firstDir(sides)];
    // most points fail here
    if (!eyeSpace(pat[e], c)) continue;
    // collect the empty region, giving up beyond 3 points
    let size = 1;
    region[0] = e;
    let overflow = false;
    for (let r = 0; r < size && !overflow; r++) {
      const q = region[r];
      for (let empty = neighboursOf(pat[q], EMPTY) & ORTHO; empty !== 0; empty &= empty - 1) {
        const m = q + dir8[firstDir(empty)];
        if (!eyeSpace(pat[m], c)) {
          overflow = true;
          break;
        }
        let seen = false;
        for (let t = 0; t < size; t++) if (region[t] === m) seen = true;
        if (seen) continue;
        if (size === 3) {
          overflow = true;
          break;
        }
        region[size++] = m;
      }
    }
    if (overflow || size !== 3) continue;
    // the vital point: the one beside both others, i.e. with two empty neighbours (the region
    // is closed, so they are both in it)
    for (let r = 0; r < 3; r++) {
      const q = region[r];
      if (shapeEmpty(SHAPE[pat[q]]) === 2 && b.isLegal(q, c)) return q;
    }
  }
  return 0;
}

/**
 * Can an empty point with this 3×3 code be part of a 3-point eye space of c's opponent: one or
 * two empty neighbours (as every point of such a space has) and no stone of c's beside it?
 */
function eyeSpace(code: number, c: number): boolean {
  const shape = SHAPE[code];
  const free = shapeEmpty(shape);
  return free > 0 && free <= 2 && !shapeTouches(shape, c);
}
