import { describe, expect, it } from 'vitest';
import { fixedHandicap, freeHandicap, maxFixedHandicap, starPoints } from '../../src/game/handicap.js';
import { name } from './diagram.js';

// Fixed handicap placement: the 19x19 lists of the GTP specification (section 4.1.1), in
// its order, and the same pattern on the other sizes on the lines GNU Go uses.
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

// The `+` points of GNU Go 3.8's showboard (`gnugo --mode gtp`, `boardsize N`, `showboard`).
const GNUGO_STARS: Record<number, string> = {
  7: 'C3 E3 D4 C5 E5',
  8: 'C3 F3 C6 F6',
  9: 'C3 G3 E5 C7 G7',
  10: 'C3 H3 C8 H8',
  11: 'C3 J3 F6 C9 J9',
  12: 'D4 J4 D9 J9',
  13: 'D4 G4 K4 D7 G7 K7 D10 G10 K10',
  14: 'D4 L4 D11 L11',
  15: 'D4 H4 M4 D8 H8 M8 D12 H12 M12',
  17: 'D4 J4 O4 D9 J9 O9 D14 J14 O14',
  19: 'D4 K4 Q4 D10 K10 Q10 D16 K16 Q16',
};

describe('star points', () => {
  const stars = (size: number) => [...starPoints(size)].sort((a, b) => a - b).map((p) => name(p, size)).join(' ');

  it.each(Object.entries(GNUGO_STARS))('%sx%s: as GNU Go draws them (%s)', (size, vertices) => {
    expect(stars(Number(size))).toBe(vertices);
  });

  it('none below 7x7', () => {
    for (let size = 1; size < 7; size++) expect(starPoints(size).size).toBe(0);
  });

  it('sit where fixed_handicap puts its stones: the 4 corners always, the rest among the 9', () => {
    for (let size = 8; size <= 25; size++) {
      const all = new Set(fixedHandicap(size, maxFixedHandicap(size)));
      for (const p of fixedHandicap(size, 4)!) expect(starPoints(size).has(p), `size ${size}`).toBe(true);
      for (const p of starPoints(size)) expect(all.has(p), `size ${size} ${name(p, size)}`).toBe(true);
    }
  });
});
