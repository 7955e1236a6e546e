// Points are integer indices p = y * size + x, with x = 0 the column "A" and
// y = 0 the row "1" (the bottom row as GTP and GUIs print it). PASS is -1.

export type Color = 1 | 2;
export const EMPTY = 0;
export const BLACK: Color = 1;
export const WHITE: Color = 2;
export const PASS = -1;

export const MAX_SIZE = 25;
export const MIN_SIZE = 2;

// GTP skips the letter I (spec section 2.11).
const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

export function opponent(color: Color): Color {
  return color === BLACK ? WHITE : BLACK;
}

/** Parses a GTP colour (`b`, `black`, `W`, … case-insensitive); null when it is not one. */
export function parseColor(text: string): Color | null {
  switch (text.toLowerCase()) {
    case 'b':
    case 'black':
      return BLACK;
    case 'w':
    case 'white':
      return WHITE;
    default:
      return null;
  }
}

export function colorName(color: Color): 'black' | 'white' {
  return color === BLACK ? 'black' : 'white';
}

export function colorLetter(color: Color): 'B' | 'W' {
  return color === BLACK ? 'B' : 'W';
}

/** Parses a GTP vertex (`D4`, `d4`, `pass`); null when it is not a vertex on this board. */
export function parseVertex(text: string, size: number): number | null {
  const lower = text.toLowerCase();
  if (lower === 'pass') return PASS;
  const match = /^([a-hj-z])([1-9]\d?)$/.exec(lower);
  if (!match) return null;
  const x = LETTERS.indexOf(match[1].toUpperCase());
  const y = Number(match[2]) - 1;
  if (x >= size || y < 0 || y >= size) return null;
  return y * size + x;
}

export function formatVertex(p: number, size: number): string {
  if (p === PASS) return 'pass';
  return LETTERS[p % size] + String(Math.floor(p / size) + 1);
}

export function pointAt(x: number, y: number, size: number): number {
  return y * size + x;
}

/** The points next to p on a size×size board (left, right, below, above). */
export function neighbours(p: number, size: number): number[] {
  const x = p % size;
  const out: number[] = [];
  if (x > 0) out.push(p - 1);
  if (x < size - 1) out.push(p + 1);
  if (p >= size) out.push(p - size);
  if (p < size * size - size) out.push(p + size);
  return out;
}
