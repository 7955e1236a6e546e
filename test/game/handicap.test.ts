import { describe, expect, it } from 'vitest';
import { fixedHandicap, freeHandicap, maxFixedHandicap } from '../../src/game/handicap.js';
import { name } from './diagram.js';

// rules.md "Fixed handicap placement (as GNU Go places it)", copied by hand,
// in the order given there.
const EXPECTED: Record<number, Record<number, string>> = {
  19: {
    2: 'D4 Q16',
    3: 'D4 Q16 D16',
    4: 'D4 Q16 D16 Q4',
    5: 'D4 Q16 D16 Q4 K10',
    6: 'D4 Q16 D16 Q4 D10 Q10',
    7: 'D4 Q16 D16 Q4 D10 Q10 K10',
    8: 'D4 Q16 D16 Q4 D10 Q10 K4 K16',
    9: 'D4 Q16 D16 Q4 D10 Q10 K4 K16 K10',
  },
  13: {
    2: 'D4 K10',
    3: 'D4 K10 D10',
    4: 'D4 K10 D10 K4',
    5: 'D4 K10 D10 K4 G7',
    6: 'D4 K10 D10 K4 D7 K7',
    7: 'D4 K10 D10 K4 D7 K7 G7',
    8: 'D4 K10 D10 K4 D7 K7 G4 G10',
    9: 'D4 K10 D10 K4 D7 K7 G4 G10 G7',
  },
  9: {
    2: 'C3 G7',
    3: 'C3 G7 C7',
    4: 'C3 G7 C7 G3',
    5: 'C3 G7 C7 G3 E5',
    6: 'C3 G7 C7 G3 C5 G5',
    7: 'C3 G7 C7 G3 C5 G5 E5',
    8: 'C3 G7 C7 G3 C5 G5 E3 E7',
    9: 'C3 G7 C7 G3 C5 G5 E3 E7 E5',
  },
  // 3rd line, at most 4 (odd, but smaller than 9).
  7: {
    2: 'C3 E5',
    3: 'C3 E5 C5',
    4: 'C3 E5 C5 E3',
  },
};

function placed(size: number, n: number): string | null {
  const points = fixedHandicap(size, n);
  return points === null ? null : points.map((p) => name(p, size)).join(' ');
}

describe('fixed handicap', () => {
  for (const size of [19, 13, 9, 7]) {
    it.each(Object.entries(EXPECTED[size]))(`${size}x${size}, %s stones: %s`, (n, vertices) => {
      expect(placed(size, Number(n))).toBe(vertices);
    });
  }

  it('refuses counts outside 2..9 on odd sizes from 9 and 2..4 elsewhere from 7', () => {
    for (let size = 2; size <= 25; size++) {
      const max = size < 7 ? 0 : size % 2 === 1 && size >= 9 ? 9 : 4;
      expect(maxFixedHandicap(size), `size ${size}`).toBe(max);
      for (let n = -1; n <= 12; n++) {
        const points = fixedHandicap(size, n);
        if (n >= 2 && n <= max) {
          expect(points, `size ${size} n ${n}`).not.toBeNull();
          expect(new Set(points).size).toBe(n);
        } else {
          expect(points, `size ${size} n ${n}`).toBeNull();
        }
      }
    }
  });

  it('uses the 3rd line up to 11x11 and the 4th from 13x13 (also on even sizes)', () => {
    expect(placed(8, 4)).toBe('C3 F6 C6 F3');
    expect(placed(10, 4)).toBe('C3 H8 C8 H3');
    expect(placed(11, 9)).toBe('C3 J9 C9 J3 C6 J6 F3 F9 F6');
    expect(placed(12, 4)).toBe('D4 J9 D9 J4');
    expect(placed(25, 5)).toBe('D4 W22 D22 W4 N13');
  });
});

describe('free handicap', () => {
  it('places exactly n distinct points on the board', () => {
    for (const size of [2, 5, 9, 13, 19]) {
      for (const n of [2, 3, 5, 9, 10, 17]) {
        if (n >= size * size) continue;
        const points = freeHandicap(size, n)!;
        expect(points, `size ${size} n ${n}`).toHaveLength(n);
        expect(new Set(points).size).toBe(n);
        for (const p of points) expect(p >= 0 && p < size * size).toBe(true);
      }
    }
  });

  it('starts with the fixed placement where there is one', () => {
    expect(freeHandicap(19, 4)!.map((p) => name(p, 19)).join(' ')).toBe('D4 Q16 D16 Q4');
    expect(freeHandicap(19, 12)!.slice(0, 9).map((p) => name(p, 19)).join(' ')).toBe(EXPECTED[19][9]);
  });

  it('refuses fewer than 2 stones or a full board', () => {
    expect(freeHandicap(9, 1)).toBeNull();
    expect(freeHandicap(9, 0)).toBeNull();
    expect(freeHandicap(9, 81)).toBeNull();
    expect(freeHandicap(9, 80)).toHaveLength(80);
  });
});
