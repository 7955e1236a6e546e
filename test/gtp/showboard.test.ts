import { describe, expect, it } from 'vitest';
import { Session } from '../../src/engine/session.js';
import { fixedHandicap } from '../../src/game/handicap.js';
import { formatVertex } from '../../src/game/vertex.js';
import { drawBoard } from '../../src/gtp/showboard.js';

/** The vertices drawn as `+` by showboard. */
function starsDrawn(size: number): string[] {
  const rows = drawBoard(new Session({ size })).split('\n');
  const letters = rows[0].trim().split(/\s+/);
  const stars: string[] = [];
  for (const row of rows.slice(1, size + 1)) {
    const [number, ...marks] = row.trim().split(/\s+/);
    marks.slice(0, size).forEach((mark, x) => mark === '+' && stars.push(letters[x] + number));
  }
  return stars.sort();
}

describe('showboard', () => {
  it('draws the star points where fixed_handicap puts its corner stones (4th line on 12x12)', () => {
    const corners = fixedHandicap(12, 4)!.map((p) => formatVertex(p, 12)).sort();
    expect(corners).toEqual(['D4', 'D9', 'J4', 'J9']);
    expect(starsDrawn(12)).toEqual(corners);
    expect(starsDrawn(11)).toEqual(['C3', 'C9', 'F6', 'J3', 'J9']);
    expect(starsDrawn(13)).toEqual(['D10', 'D4', 'D7', 'G10', 'G4', 'G7', 'K10', 'K4', 'K7']);
  });
});
