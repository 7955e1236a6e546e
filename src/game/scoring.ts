// Counting: regions after dead stones are removed, with no special seki rule
// (a seki's eyes count for their owner, its shared liberties for nobody);
// area (stones + regions) or territory (regions + prisoners + dead stones);
// komi and handicap compensation go to White.

import { BitBoard } from './bitboard.js';
import type { Board } from './board.js';
import { handicapCompensation, type Rules } from './rules.js';
import { BLACK, WHITE, type Color } from './vertex.js';

export interface SideCount {
  stones: number;
  regions: number;
  prisoners: number;
  /** Opponent stones removed as dead at the end. */
  dead: number;
  komi: number;
  handicapBonus: number;
  total: number;
}

export interface Count {
  black: SideCount;
  white: SideCount;
  /** Black's total minus White's. */
  margin: number;
  /** `B+3.5`, `W+0.5` or `0`. */
  result: string;
}

export interface CountInput {
  board: Board;
  rules: Rules;
  komi: number;
  handicap: number;
  /** Prisoners taken during play, index 1 black, 2 white. */
  prisoners: readonly number[];
  dead: BitBoard;
  /**
   * Points of regions that touch both colours (open borders, dame) that the judge of the end
   * of the game gives to a side: they count as that side's region points. Absent: none.
   */
  settled?: { black: BitBoard; white: BitBoard };
  /**
   * Empty points of one-colour regions where the owner must still play before the count (a
   * protective move): they count as the owner's stones, not as its region. Absent: none.
   */
  protective?: BitBoard;
}

/** Each empty region that borders only one colour, as (points, owner). */
export function regions(black: BitBoard, white: BitBoard): { points: BitBoard; owner: Color | 0 }[] {
  let empty = black.union(white).complement();
  const out: { points: BitBoard; owner: Color | 0 }[] = [];
  for (let seed = empty.first(); seed !== -1; seed = empty.first()) {
    const points = BitBoard.flood(seed, empty);
    const border = points.neighbours();
    const touchesBlack = border.intersects(black);
    const touchesWhite = border.intersects(white);
    out.push({ points, owner: touchesBlack === touchesWhite ? 0 : touchesBlack ? BLACK : WHITE });
    empty = empty.minus(points);
  }
  return out;
}

export function count({ board, rules, komi, handicap, prisoners, dead, settled, protective }: CountInput): Count {
  const deadBlack = board.black.intersect(dead);
  const deadWhite = board.white.intersect(dead);
  const black = board.black.minus(dead);
  const white = board.white.minus(dead);
  let blackRegions = 0;
  let whiteRegions = 0;
  let blackFills = 0;
  let whiteFills = 0;
  for (const region of regions(black, white)) {
    const fills = protective ? region.points.intersect(protective).count() : 0;
    if (region.owner === BLACK) {
      blackRegions += region.points.count() - fills;
      blackFills += fills;
    }
    if (region.owner === WHITE) {
      whiteRegions += region.points.count() - fills;
      whiteFills += fills;
    }
    if (region.owner === 0 && settled) {
      blackRegions += region.points.intersect(settled.black).count();
      whiteRegions += region.points.intersect(settled.white).count();
    }
  }
  const area = rules.scoring === 'area';
  const side = (stones: number, regionPoints: number, taken: number, deadTaken: number, k: number, bonus: number): SideCount => {
    const counted = area ? stones + regionPoints : regionPoints + taken + deadTaken;
    return { stones, regions: regionPoints, prisoners: taken, dead: deadTaken, komi: k, handicapBonus: bonus, total: clean(counted + k + bonus) };
  };
  const b = side(black.count() + blackFills, blackRegions, prisoners[BLACK], deadWhite.count(), 0, 0);
  const w = side(white.count() + whiteFills, whiteRegions, prisoners[WHITE], deadBlack.count(), komi, handicapCompensation(rules, handicap));
  const margin = clean(b.total - w.total);
  return { black: b, white: w, margin, result: resultString(margin) };
}

/**
 * Rounded to a millionth of a point: a komi such as 6.7 is not exact in binary, and 38 - 32.3
 * would otherwise print as 5.700000000000003.
 */
function clean(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

export function resultString(margin: number): string {
  if (margin === 0) return '0';
  return (margin > 0 ? 'B+' : 'W+') + String(Math.abs(margin));
}
