// The board as text for showboard: GTP coordinates on all sides, star points,
// the last move in parentheses, prisoners and whose turn it is.

import type { Session } from '../engine/session.js';
import { starPoints } from '../game/handicap.js';
import { BLACK, PASS, WHITE, colorName, formatVertex } from '../game/vertex.js';

const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

export function drawBoard(session: Session): string {
  const { size, game } = session;
  const board = game.board;
  const last = game.state.move && game.state.move.point !== PASS ? game.state.move.point : -1;
  const stars = starPoints(size);
  const header = '  ' + LETTERS.slice(0, size).split('').map((l) => ' ' + l).join('');
  const rows = [header];
  for (let y = size - 1; y >= 0; y--) {
    const label = String(y + 1).padStart(2, ' ');
    let row = label;
    for (let x = 0; x < size; x++) {
      const p = y * size + x;
      const color = board.color(p);
      const mark = color === BLACK ? 'X' : color === WHITE ? 'O' : stars.has(p) ? '+' : '.';
      row += (p === last ? '(' : p - 1 === last && x > 0 ? ')' : ' ') + mark;
    }
    if (last === y * size + size - 1) row += ')';
    rows.push(row + ' ' + label);
  }
  rows.push(header);
  const { prisoners } = game.state;
  rows.push(`Captured by black (X): ${prisoners[BLACK]}  by white (O): ${prisoners[WHITE]}`);
  rows.push(`Move ${game.moveCount}${last >= 0 ? `, last ${formatVertex(last, size)}` : ''}; ${colorName(game.toMove)} to play`);
  return rows.join('\n');
}
