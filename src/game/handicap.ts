// Fixed handicap placement exactly as GNU Go places it (rules.md): 3rd line up
// to 11x11, 4th line from 13x13; at most 9 stones on odd sizes from 9, else 4
// (sizes from 7).

import { pointAt } from './vertex.js';

export function maxFixedHandicap(size: number): number {
  if (size < 7) return 0;
  return size % 2 === 1 && size >= 9 ? 9 : 4;
}

/** The points for n fixed handicap stones, or null when n is not allowed on this size. */
export function fixedHandicap(size: number, n: number): number[] | null {
  if (n < 2 || n > maxFixedHandicap(size)) return null;
  const low = size <= 11 ? 2 : 3;
  const high = size - 1 - low;
  const mid = (size - 1) / 2;
  const at = (x: number, y: number) => pointAt(x, y, size);
  // Corners in GNU Go's order: D4 Q16 D16 Q4 (on 19x19).
  const points = [at(low, low), at(high, high), at(low, high), at(high, low)].slice(0, Math.min(n, 4));
  if (n >= 6) points.push(at(low, mid), at(high, mid));
  if (n >= 8) points.push(at(mid, low), at(mid, high));
  if (n % 2 === 1 && n >= 5) points.push(at(mid, mid));
  return points;
}

/**
 * Points for n free handicap stones (2 <= n < size*size): the fixed placement as
 * far as it goes, then greedily the point farthest from the stones already
 * placed, preferring the 3rd and 4th lines over the edge.
 */
export function freeHandicap(size: number, n: number): number[] | null {
  if (n < 2 || n >= size * size) return null;
  const points = fixedHandicap(size, Math.min(n, maxFixedHandicap(size))) ?? [];
  const edgeLine = (v: number) => Math.min(v, size - 1 - v);
  while (points.length < n) {
    let best = -1;
    let bestScore = -Infinity;
    for (let p = 0; p < size * size; p++) {
      if (points.includes(p)) continue;
      const x = p % size;
      const y = Math.floor(p / size);
      let nearest = size * 2;
      for (const q of points) nearest = Math.min(nearest, Math.max(Math.abs(x - (q % size)), Math.abs(y - Math.floor(q / size))));
      const line = Math.min(edgeLine(x), edgeLine(y));
      const score = nearest * 4 + Math.min(line, 3);
      if (score > bestScore) {
        bestScore = score;
        best = p;
      }
    }
    points.push(best);
  }
  return points;
}
