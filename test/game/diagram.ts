// Board diagrams for the rules-core tests: rows from the top (row N) down to
// row 1, `X` black, `O` white, `.` or `+` empty, blanks ignored. Vertices are
// written as GTP names ("D4") and converted here, independently of
// src/game/vertex.ts, so a bug there cannot hide in the tests.

import { Board } from '../../src/game/board.js';
import { Game } from '../../src/game/game.js';
import { type Rules, PRESETS } from '../../src/game/rules.js';
import type { Color } from '../../src/game/vertex.js';

export const B: Color = 1;
export const W: Color = 2;
export const PASS = -1;

const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

/** The point index of a GTP vertex ("pass" → -1). */
export function pt(vertex: string, size: number): number {
  if (vertex.toLowerCase() === 'pass') return PASS;
  const x = LETTERS.indexOf(vertex[0].toUpperCase());
  const y = Number(vertex.slice(1)) - 1;
  if (x < 0 || x >= size || !(y >= 0 && y < size)) throw new Error(`bad vertex ${vertex} for size ${size}`);
  return y * size + x;
}

export function name(p: number, size: number): string {
  return p === PASS ? 'pass' : LETTERS[p % size] + String(Math.floor(p / size) + 1);
}

/** Per point colours (0, 1, 2) from a diagram; its size is the number of rows. */
export function parse(diagram: string): { size: number; colors: number[] } {
  const rows = diagram
    .split('\n')
    .map((r) => r.replace(/\s+/g, ''))
    .filter((r) => r !== '');
  const size = rows.length;
  const colors = new Array<number>(size * size).fill(0);
  rows.forEach((row, i) => {
    if (row.length !== size) throw new Error(`row ${i} has ${row.length} points, expected ${size}`);
    const y = size - 1 - i;
    for (let x = 0; x < size; x++) {
      const c = row[x];
      colors[y * size + x] = c === 'X' ? 1 : c === 'O' ? 2 : c === '.' || c === '+' ? 0 : Number.NaN;
      if (Number.isNaN(colors[y * size + x])) throw new Error(`bad character ${c}`);
    }
  });
  return { size, colors };
}

export function board(diagram: string): Board {
  const { size, colors } = parse(diagram);
  return Board.fromArray(size, colors);
}

/** The diagram of a board (no blanks), to compare positions readably. */
export function draw(b: Board): string {
  const rows: string[] = [];
  for (let y = b.size - 1; y >= 0; y--) {
    let row = '';
    for (let x = 0; x < b.size; x++) row += '.XO'[b.color(y * b.size + x)];
    rows.push(row);
  }
  return rows.join('\n');
}

/** Normalises a diagram the way draw() prints it. */
export function clean(diagram: string): string {
  return diagram
    .split('\n')
    .map((r) => r.replace(/\s+/g, '').replace(/\+/g, '.'))
    .filter((r) => r !== '')
    .join('\n');
}

/** Sorted GTP names of a set of points. */
export function names(points: Iterable<number>, size: number): string[] {
  return [...points].map((p) => name(p, size)).sort();
}

/**
 * A game whose history is the given moves ("B D4", "W pass", ...), played on
 * an empty board; throws if one of them is refused.
 */
export function gameOf(size: number, moves: string[], rules: Rules = PRESETS.chinese): Game {
  const game = new Game(size, rules);
  for (const move of moves) play(game, move);
  return game;
}

/** Plays "B D4" / "W pass"; throws with the reason when it is refused. */
export function play(game: Game, move: string): void {
  const [c, v] = move.split(' ');
  const reason = game.play(c === 'B' ? B : W, pt(v, game.size));
  if (reason) throw new Error(`${move} refused: ${reason}`);
}

/** Whether "B D4" would be legal now (null) or why not. */
export function check(game: Game, move: string): string | null {
  const [c, v] = move.split(' ');
  return game.check(c === 'B' ? B : W, pt(v, game.size));
}
