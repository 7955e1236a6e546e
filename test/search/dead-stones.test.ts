// The end-of-game judgement's counting side: open regions judged point by point from
// ownership (judgeRegions) and the chains cleanup plays against (libertiesOfChains).
import { describe, expect, it } from 'vitest';
import { OWNED, judgeRegions, libertiesOfChains, protectivePoints } from '../../src/search/dead-stones.js';
import { boardFromRows as board } from '../support/position.js';

const at = (size: number, col: string, row: number): number => (row - 1) * size + 'ABCDEFGHJ'.indexOf(col);

/** Ownership +1 on the columns before `split`, -1 from it on (black left, white right). */
function split(size: number, column: number, value = 1): Float32Array {
  const own = new Float32Array(size * size);
  for (let p = 0; p < own.length; p++) own[p] = p % size < column ? value : -value;
  return own;
}

describe('judgeRegions', () => {
  it('counts closed regions by the rules and a string of dame for nobody, whatever the playouts say', () => {
    // black wall on C, white wall on E; D is a string of dame touching both walls
    const rows = ['..X.O....', '..X.O....', '..X.O....', '..X.O....', '..X.O....', '..X.O....', '..X.O....', '..X.O....', '..X.O....'];
    const r = judgeRegions(board(rows), 9, [], split(9, 4));
    expect(r.black).toEqual([]);
    expect(r.white).toEqual([]);
    expect(r.dame).toHaveLength(9);
    expect(r.contested).toEqual([]);
    // stones 9 - 9, regions 18 - 36
    expect(r.area).toBe(18 - 36);
  });

  it('gives the open points of an unfinished framework to the side that owns them, each side its own', () => {
    // Black's stones on A-B stop at row 5: the lower left is open to White's wall on F. The
    // playouts give columns A-D to Black and E to White; no point touches both colours.
    const rows = ['XX...O...', 'XX...O...', 'XX...O...', 'XX...O...', 'XX...O...', '.....O...', '.....O...', '.....O...', '.....O...'];
    const r = judgeRegions(board(rows), 9, [], split(9, 4));
    const black: number[] = [];
    for (let y = 0; y < 9; y++) for (let x = 0; x < 4; x++) if (x >= 2 || y < 4) black.push(y * 9 + x);
    expect(r.black).toEqual(black.sort((a, b) => a - b));
    expect(r.white).toEqual(Array.from({ length: 9 }, (_, y) => y * 9 + 4));
    expect(r.dame).toEqual([]);
    expect(r.contested).toEqual([]);
    // stones 10 - 9, open points 26 - 9, White's closed region G-J 27
    expect(r.area).toBe(10 - 9 + 26 - 9 - 27);
  });

  it('does not give a side a point next to a living stone of the other side', () => {
    // the same framework with a living White stone at B2 inside it: its neighbours stay open
    const rows = ['XX...O...', 'XX...O...', 'XX...O...', 'XX...O...', 'XX...O...', '.....O...', '.....O...', '.O...O...', '.....O...'];
    const r = judgeRegions(board(rows), 9, [], split(9, 4));
    for (const [col, row] of [['A', 2], ['C', 2], ['B', 1], ['B', 3]] as const) expect(r.black).not.toContain(at(9, col, row));
    expect(r.contested).toEqual([at(9, 'B', 1), at(9, 'A', 2), at(9, 'C', 2), at(9, 'B', 3)].sort((a, b) => a - b));
  });

  it('leaves points below the ownership threshold contested', () => {
    const rows = ['XX...O...', 'XX...O...', 'XX...O...', 'XX...O...', 'XX...O...', '.....O...', '.....O...', '.....O...', '.....O...'];
    const r = judgeRegions(board(rows), 9, [], split(9, 4, OWNED / 2));
    expect(r.black).toEqual([]);
    expect(r.contested.length).toBeGreaterThan(20);
  });

  it('removes dead stones before judging: a dead stone inside a closed area is its owner’s region', () => {
    const rows = ['..X.O....', '..X.O....', '..X.O....', '.OX.O....', '..X.O....', '..X.O....', '..X.O....', '..X.O....', '..X.O....'];
    const b = board(rows);
    const withDead = judgeRegions(b, 9, [at(9, 'B', 6)], split(9, 4));
    const without = judgeRegions(b, 9, [], split(9, 4));
    // alive, the white stone makes the left region touch both colours (open, judged by points)
    expect(withDead.area - without.area).toBeGreaterThan(0);
    expect(withDead.black).toEqual([]);
  });
});

describe('libertiesOfChains', () => {
  it('lists the empty points next to the stones, once each, sorted', () => {
    const rows = ['.........', '.........', '.........', '...OX....', '...X.....', '.........', '.........', '.........', '.........'];
    const b = board(rows);
    expect(libertiesOfChains(b, 9, [at(9, 'E', 6), at(9, 'D', 5)])).toEqual(
      [at(9, 'D', 4), at(9, 'C', 5), at(9, 'E', 5), at(9, 'F', 6), at(9, 'E', 7)].sort((a, b) => a - b),
    );
  });
});

describe('protectivePoints', () => {
  const column = '...XO....';

  it('is the last liberty of a living chain inside its own region, where the opponent would capture it', () => {
    // Black's E6 F6 stick into White's side; their last liberty D6 is a point of Black's
    // region, where White would take both stones
    const rows = [column, column, '...XOO...', '..X.XXO..', '...XOO...', column, column, column, column];
    expect(protectivePoints(board(rows), 9, [])).toEqual([at(9, 'D', 6)]);
  });

  it('is no point where the capture would be a ko the owner retakes', () => {
    // one stone at E6: White's stone at D6 would take it and stand alone in atari
    const rows = [column, column, column, '..X.XO...', column, column, column, column, column];
    expect(protectivePoints(board(rows), 9, [])).toEqual([]);
  });

  it('ignores liberties that only dead stones take away', () => {
    // Black's B5 has one liberty, B4, while White's dead A5 B6 C5 stand
    const rows = [column, column, column, '.O.XO....', 'OXOXO....', column, column, column, column];
    expect(protectivePoints(board(rows), 9, [at(9, 'A', 5), at(9, 'B', 6), at(9, 'C', 5)])).toEqual([]);
  });
});
