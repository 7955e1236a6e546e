// The board as `tengen play` draws it in a terminal: GTP coordinates (the
// letters skip I) on all sides, star points, the last stone in parentheses,
// dead stones in lower case while they are being marked. The same characters
// are used with and without colour, so a plain terminal, a screen reader or a
// log file shows everything a coloured one does; ANSI colour only adds a board
// background and stone colours.

import type { BitBoard } from '../game/bitboard.js';
import type { Board } from '../game/board.js';
import { starPoints } from '../game/handicap.js';
import { BLACK, WHITE } from '../game/vertex.js';

const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

export interface BoardPicture {
  board: Board;
  /** The last stone played, marked; null when there is none (start, or a pass). */
  last: number | null;
  /** Stones marked dead in the dead-stone phase. */
  dead?: BitBoard;
}

// 16-colour ANSI codes, which every colour terminal has.
const RESET = '\x1b[0m';
const BOARD = '\x1b[43m'; // yellow background: the wood
const INK = {
  black: '\x1b[30m',
  white: '\x1b[97m',
  point: '\x1b[90m', // empty points and star points, grey
  last: '\x1b[31m', // the last move's parentheses, red
  dead: '\x1b[2m', // dim
} as const;
const INK_OFF = '\x1b[22;39m'; // normal intensity, default foreground; the background stays

/** Whether to draw in colour: never with --no-color; FORCE_COLOR forces it; else only on a colour terminal. */
export function wantsColor(flag: boolean, stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!flag) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  return Boolean(stream.isTTY && stream.hasColors?.());
}

function cell(board: Board, p: number, stars: Set<number>, dead: BitBoard | undefined): { mark: string; ink: string } {
  const color = board.color(p);
  const isDead = dead?.has(p) ?? false;
  if (color === BLACK) return { mark: isDead ? 'x' : 'X', ink: isDead ? INK.dead + INK.black : INK.black };
  if (color === WHITE) return { mark: isDead ? 'o' : 'O', ink: isDead ? INK.dead + INK.white : INK.white };
  return { mark: stars.has(p) ? '+' : '.', ink: INK.point };
}

/** The board as lines of text, top row (the highest number) first. */
export function drawBoard({ board, last, dead }: BoardPicture, color: boolean): string {
  const size = board.size;
  const stars = starPoints(size);
  const paint = (ink: string, text: string) => (color ? ink + text + INK_OFF : text);
  const header = '   ' + LETTERS.slice(0, size).split('').map((l) => ' ' + l).join('');
  const rows = [header];
  for (let y = size - 1; y >= 0; y--) {
    const label = String(y + 1).padStart(2, ' ');
    let row = '';
    for (let x = 0; x < size; x++) {
      const p = y * size + x;
      const before = p === last ? paint(INK.last, '(') : x > 0 && p - 1 === last ? paint(INK.last, ')') : ' ';
      const { mark, ink } = cell(board, p, stars, dead);
      row += before + paint(ink, mark);
    }
    row += last === y * size + size - 1 ? paint(INK.last, ')') : ' ';
    rows.push(`${label} ${color ? BOARD + row + RESET : row} ${y + 1}`);
  }
  rows.push(header);
  return rows.join('\n');
}
