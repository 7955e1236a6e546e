import { describe, expect, it } from 'vitest';
import { BLACK, PlayoutBoard, WHITE } from '../../src/game/playout-board.js';
import { LadderReader } from '../../src/tactics/ladder.js';
import { parse, pt } from '../game/diagram.js';

// Ladders read on the playout board: White's D5 between Black's C5, D4 and E6 runs towards the
// lower right edge.

function position(diagram: string, toMove: number): PlayoutBoard {
  const { size, colors } = parse(diagram);
  const b = new PlayoutBoard(size);
  b.setup(colors, toMove);
  return b;
}

const LADDER = `
  . . . . . . . . .
  . . . . . . . . .
  . . . . . . . . .
  . . . . X . . . .
  . . X O . . . . .
  . . . X . . . . .
  . . . . . . . . .
  . . . . . . . . .
  . . . . . . . . .`;

describe('LadderReader', () => {
  it('ladders a chain of two liberties', () => {
    const b = position(LADDER, BLACK);
    expect(new LadderReader(9).ladderable(b, b.idxOf[pt('D5', 9)])).toBe(true);
  });

  it('catches a chain in atari, unless a stone of its own breaks the ladder', () => {
    // Black has played the atari at D6
    const atari = LADDER.replace('. . . . X . . . .', '. . . X X . . . .');
    const caught = position(atari, WHITE);
    expect(new LadderReader(9).caught(caught, caught.idxOf[pt('D5', 9)])).toBe(true);
    // a white stone at G3 on the ladder's path
    const broken = position(
      `
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . X X . . . .
      . . X O . . . . .
      . . . X . . . . .
      . . . . . . O . .
      . . . . . . . . .
      . . . . . . . . .`,
      WHITE,
    );
    expect(new LadderReader(9).caught(broken, broken.idxOf[pt('D5', 9)])).toBe(false);
  });
});
