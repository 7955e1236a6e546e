import { describe, expect, it } from 'vitest';
import { BLACK, PlayoutBoard } from '../../src/game/playout-board.js';
import { deadShape, vitalPoint } from '../../src/tactics/nakade.js';
import { name, parse, pt } from '../game/diagram.js';

// Nakade: the dead shapes of an eye space, and the vital point of a three-point space the
// opponent has just closed.

/** Black's vital point (as a vertex, or 'none') after White's last move at `last`. */
function vital(diagram: string, last: string): string {
  const { size, colors } = parse(diagram);
  const b = new PlayoutBoard(size);
  b.setup(colors, BLACK);
  const v = vitalPoint(b, b.idxOf[pt(last, size)], BLACK, new Int32Array(3));
  return v === 0 ? 'none' : name(b.pointOf[v], size);
}

describe('vitalPoint', () => {
  it('is the middle of a straight three and the corner of a bent three', () => {
    const straight = `
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      O O O O . . . . .
      . . . O . . . . .`;
    expect(vital(straight, 'D1')).toBe('B1');
    const bent = `
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      O . . . . . . . .
      . O . . . . . . .
      . . O . . . . . .`;
    expect(vital(bent, 'C1')).toBe('A1');
  });

  it('is none for a space of four points or one with a stone of ours beside it', () => {
    const four = `
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      O O O O O . . . .
      . . . . O . . . .`;
    expect(vital(four, 'E1')).toBe('none');
    const touched = `
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      O . . . . . . . .
      . X . . . . . . .
      . . O . . . . . .`;
    expect(vital(touched, 'C1')).toBe('none');
  });
});

describe('deadShape', () => {
  it('knows the dead eye shapes of four, five and six points', () => {
    const size = 9;
    const width = size + 2; // the playout board pads one line on each side
    const shape = (...rows: string[]): boolean => {
      const pts: number[] = [];
      rows.forEach((row, y) => [...row].forEach((ch, x) => ch === 'x' && pts.push(y * width + x)));
      return deadShape(Int32Array.from(pts), pts.length, width);
    };
    expect(shape('xx', 'xx')).toBe(true); // square four
    expect(shape('xxx', '.x.')).toBe(true); // pyramid four
    expect(shape('xxxx')).toBe(false); // straight four
    expect(shape('xxx', 'x..')).toBe(false); // bent four
    expect(shape('xx.', '.xx')).toBe(false); // zigzag four
    expect(shape('xxx', 'xx.')).toBe(true); // bulky five
    expect(shape('.x.', 'xxx', '.x.')).toBe(true); // crossed five
    expect(shape('xxxx', 'x...')).toBe(false); // L five
    expect(shape('.x.', 'xxx', '.xx')).toBe(true); // rabbity six
    expect(shape('xxx', 'xxx')).toBe(false); // rectangular six lives
    expect(shape('xxx')).toBe(true); // three points always die
  });
});
