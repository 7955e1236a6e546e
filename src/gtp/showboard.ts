// The board as text for showboard: GTP coordinates on all sides, star points,
// the last move in parentheses, prisoners and whose turn it is.

import type { Session } from '../engine/session.js';
import { BLACK, PASS, WHITE, colorName, formatVertex } from '../game/vertex.js';

const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

/** Star points (rules.md): corner stars, the centre on odd sizes, side stars from 15x15. */
export function starPoints(size: number): Set<number> {
  const stars = new Set<number>();
  if (size < 7) return stars;
  const low = size >= 13 ? 3 : 2;
  const high = size - 1 - low;
  const mid = (size - 1) / 2;
  const odd = size % 2 === 1;
  for (const x of [low, high]) for (const y of [low, high]) stars.add(y * size + x);
  if (odd) stars.add(mid * size + mid);
  if (odd && size >= 15) for (const v of [low, high]) stars.add(mid * size + v).add(v * size + mid);
  return stars;
}

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
