// Searchers on the compiled dist/ (npm test builds it) and 9×9 positions for their tests.
// @ts-ignore -- compiled output, no declarations
import { Searcher } from '../../dist/search/searcher.js';
import { boardFromRows as board } from './position.js';

export const PASS = -1;

// Black: a wall and two 16-point regions, 45 points by area; White: a wall and two 12-point regions, 36.
export const SETTLED = [
  '....XO...',
  '....XO...',
  '....XO...',
  '....XO...',
  'XXXXXOOOO',
  '....XO...',
  '....XO...',
  '....XO...',
  '....XO...',
];
// The same with a dead white stone at B7 (black's area) and a dead black stone at H3 (white's).
export const WITH_DEAD = [
  '....XO...',
  '....XO...',
  '.O..XO...',
  '....XO...',
  'XXXXXOOOO',
  '....XO...',
  '....XO.X.',
  '....XO...',
  '....XO...',
];
// Only the dead white stone at B7.
export const DEAD_WHITE = WITH_DEAD.map((row, i) => (i === 6 ? '....XO...' : row));
// Settled with 18 stones, fewer than a quarter of the board: Black 45 points by area, White 36.
export const TWO_WALLS = ['.........', '.........', '.........', 'OOOOOOOOO', 'XXXXXXXXX', '.........', '.........', '.........', '.........'];
export const at = (col: string, row: number): number => (row - 1) * 9 + 'ABCDEFGHJ'.indexOf(col);

export function position(rows: string[], over: Record<string, unknown> = {}) {
  return {
    size: rows.length,
    board: board(rows),
    toMove: 1 as const,
    komi: 7,
    history: [] as Int8Array[],
    illegal: [] as number[],
    moveNumber: 60,
    lastMoves: [at('J', 9), PASS],
    ...over,
  };
}


const searchers: Searcher[] = [];
/** A 1-thread Searcher with a seed; a test file closes them all with afterAll(closeSearchers). */
export function searcher(over: Record<string, unknown> = {}): Searcher {
  const s = new Searcher({ threads: 1, level: 10, resignThreshold: 0.1, maxTreeMb: 256, seed: 5, ...over });
  searchers.push(s);
  return s;
}

export async function closeSearchers(): Promise<void> {
  await Promise.all(searchers.splice(0).map((s) => s.close()));
}
