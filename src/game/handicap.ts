// Fixed handicap placement as GTP's fixed_handicap and GNU Go place it, and the star
// points drawn on those same lines: corners on the 3rd line up to 11x11 and on the 4th from
// 12x12 (GNU Go's choice for 12x12; GoGui and gomill keep the 3rd line there); at most 9
// stones on odd sizes from 9, else 4 (sizes from 7).

import { pointAt } from './vertex.js';

/** The line (0-based from the edge) of the corner handicap stones and star points. */
function handicapLine(size: number): number {
  return size <= 11 ? 2 : 3;
}

export function maxFixedHandicap(size: number): number {
  if (size < 7) return 0;
  return size % 2 === 1 && size >= 9 ? 9 : 4;
}

/** The points for n fixed handicap stones, or null when n is not allowed on this size. */
export function fixedHandicap(size: number, n: number): number[] | null {
  if (n < 2 || n > maxFixedHandicap(size)) return null;
  const low = handicapLine(size);
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
 * Star points (hoshi) as GNU Go's showboard draws them from 7x7: the four corner handicap
 * points, the centre on odd sizes, and the side handicap points on odd sizes from 13x13.
 * None below 7x7, where there is no fixed handicap.
 */
export function starPoints(size: number): Set<number> {
  const stars = new Set<number>();
  if (size < 7) return stars;
  const low = handicapLine(size);
  const high = size - 1 - low;
  const mid = (size - 1) / 2;
  const odd = size % 2 === 1;
  for (const x of [low, high]) for (const y of [low, high]) stars.add(pointAt(x, y, size));
  if (odd) stars.add(pointAt(mid, mid, size));
  if (odd && size >= 13) for (const v of [low, high]) stars.add(pointAt(mid, v, size)).add(pointAt(v, mid, size));
  return stars;
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
