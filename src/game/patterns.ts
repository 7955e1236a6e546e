// 3×3 shape knowledge as lookup tables over a point's neighbourhood code (PlayoutBoard.pat:
// 2 bits per neighbour, dir8 order NW N NE W E SW S SE, values 0 empty, 1 black, 2 white,
// 3 off-board).
//
// The shapes are the MoGo playout patterns (Gelly, Wang, Munos, Teytaud 2006: hane, cut and
// edge shapes around the last move). They are colour-symmetric: a shape is good for whichever
// side plays the centre, so one table serves both colours.

// The board's point codes (playout-board.ts imports these tables, so they are repeated here
// rather than imported, to keep the modules free of an import cycle).
const EMPTY = 0;
const BLACK = 1;
const WHITE = 2;
const OFF = 3;

// Pattern notation (rows top to bottom, the centre is the candidate point, always empty):
//   X, O  stones of the two colours     .  empty     #  off the board     ?  anything
//   x     not X (O, empty or off)       o  not O (X, empty or off)
const SHAPES: string[] = [
  // hane: enclosing
  'XOX' + '...' + '???',
  // hane: non-cutting
  'XO.' + '...' + '?.?',
  // hane: magari (bend)
  'XO?' + 'X..' + 'x.?',
  // hane: thrusting
  'XO.' + 'O..' + '?.?',
  // diagonal attachment next to a stone
  '.O.' + 'X..' + '...',
  // cut: unprotected
  'XO?' + 'O.o' + '?o?',
  // cut: peeped
  'XO?' + 'O.X' + '???',
  // cut2 (de)
  '?X?' + 'O.O' + 'ooo',
  // cut keima
  'OX?' + 'o.O' + '???',
  // edge: chase
  'X.?' + 'O.?' + '###',
  // edge: block the side cut
  'OX?' + 'X.O' + '###',
  // edge: block the side connection
  '?X?' + 'x.O' + '###',
  // edge: sagari
  '?XO' + 'x.x' + '###',
  // edge: cut
  '?OX' + 'X.O' + '###',
];

// Grid cell (row, col) → code slot in dir8 order; the centre (1,1) has no slot.
const SLOT = [
  [0, 1, 2],
  [3, -1, 4],
  [5, 6, 7],
];

function allowed(spec: string, swap: boolean): number[] {
  let ch = spec;
  if (swap) ch = ({ X: 'O', O: 'X', x: 'o', o: 'x' } as Record<string, string>)[spec] ?? spec;
  switch (ch) {
    case 'X':
      return [BLACK];
    case 'O':
      return [WHITE];
    case '.':
      return [EMPTY];
    case '#':
      return [OFF];
    case 'x':
      return [WHITE, EMPTY, OFF];
    case 'o':
      return [BLACK, EMPTY, OFF];
    case '?':
      return [EMPTY, BLACK, WHITE, OFF];
    default:
      throw new Error(`bad pattern cell ${spec}`);
  }
}

/** The 8 symmetries of the 3×3 grid as (r, c) → (r', c') maps. */
function transform(t: number, r: number, c: number): [number, number] {
  let rr = r;
  let cc = c;
  if (t & 1) cc = 2 - cc;
  if (t & 2) rr = 2 - rr;
  if (t & 4) [rr, cc] = [cc, rr];
  return [rr, cc];
}

function buildPatternTable(): Uint8Array {
  const table = new Uint8Array(65536);
  for (const shape of SHAPES) {
    for (let t = 0; t < 8; t++) {
      for (const swap of [false, true]) {
        // per code slot, the values it may take
        const slots: number[][] = new Array(8);
        for (let r = 0; r < 3; r++) {
          for (let c = 0; c < 3; c++) {
            if (r === 1 && c === 1) continue;
            const [rr, cc] = transform(t, r, c);
            slots[SLOT[rr][cc]] = allowed(shape[r * 3 + c], swap);
          }
        }
        const fill = (d: number, code: number): void => {
          if (d === 8) {
            table[code] = 1;
            return;
          }
          for (const v of slots[d]) fill(d + 1, code | (v << (2 * d)));
        };
        fill(0, 0);
      }
    }
  }
  // Off-board cells only make sense on a whole side; codes that are geometrically impossible
  // are never looked up, so no need to filter them.
  return table;
}

/** 1 where a MoGo shape matches the neighbourhood code. */
export const PATTERN3 = buildPatternTable();

/**
 * Eye-like points: EYE[code] is the colour (1/2) whose stones make the point an eye, else 0.
 * All four orthogonal neighbours are that colour or off-board, and of the diagonals at most
 * one is the opponent's (none on the edge or in the corner), the usual playout "true eye"
 * approximation.
 */
export const EYE = buildEyeTable();

function buildEyeTable(): Uint8Array {
  const table = new Uint8Array(65536);
  const ORTHO = [1, 3, 4, 6];
  const DIAG = [0, 2, 5, 7];
  for (let code = 0; code < 65536; code++) {
    for (const c of [BLACK, WHITE]) {
      let ok = true;
      let own = 0;
      let edge = false;
      for (const d of ORTHO) {
        const v = (code >> (2 * d)) & 3;
        if (v === OFF) edge = true;
        else if (v === c) own++;
        else ok = false;
      }
      if (!ok || own === 0) continue;
      let enemy = 0;
      for (const d of DIAG) {
        const v = (code >> (2 * d)) & 3;
        if (v === OFF) edge = true;
        else if (v === 3 - c) enemy++;
      }
      if (enemy === 0 || (enemy === 1 && !edge)) table[code] = c;
    }
  }
  return table;
}

/** EMPTY4[code]: how many of the 4 orthogonal neighbours are empty (cheap liberty bound). */
const EMPTY4 = buildEmpty4();

function buildEmpty4(): Uint8Array {
  const table = new Uint8Array(65536);
  for (let code = 0; code < 65536; code++) {
    let n = 0;
    for (const d of [1, 3, 4, 6]) if (((code >> (2 * d)) & 3) === EMPTY) n++;
    table[code] = n;
  }
  return table;
}

/** ORTHO_COLORS[code]: bit (1 << colour) set for each stone colour among the 4 orthogonal neighbours. */
const ORTHO_COLORS = buildOrthoColors();

function buildOrthoColors(): Uint8Array {
  const table = new Uint8Array(65536);
  for (let code = 0; code < 65536; code++) {
    let bits = 0;
    for (const d of [1, 3, 4, 6]) {
      const v = (code >> (2 * d)) & 3;
      if (v === BLACK || v === WHITE) bits |= 1 << v;
    }
    table[code] = bits;
  }
  return table;
}

/**
 * All of the above for one code in one byte, so the playout's lookups share a single 64 KB
 * table in cache instead of four:
 *   bit 0     MoGo shape (PATTERN3)
 *   bits 1-2  eye colour (EYE)
 *   bits 3-5  empty orthogonal neighbours (EMPTY4)
 *   bits 6-7  stone colours among orthogonal neighbours (ORTHO_COLORS >> 1: bit 6 black, 7 white)
 */
export const SHAPE = buildShape();

/** Readers of a SHAPE byte (tiny, so the JIT inlines them). */
export function shapeMatches(shape: number): boolean {
  return (shape & 1) !== 0;
}
export function shapeEye(shape: number): number {
  return (shape >> 1) & 3;
}
export function shapeEmpty(shape: number): number {
  return (shape >> 3) & 7;
}
/** True when a stone of colour c is among the orthogonal neighbours. */
export function shapeTouches(shape: number, c: number): boolean {
  return ((shape >> 5) & (1 << c)) !== 0;
}

function buildShape(): Uint8Array {
  const table = new Uint8Array(65536);
  for (let code = 0; code < 65536; code++) {
    table[code] = PATTERN3[code] | (EYE[code] << 1) | (EMPTY4[code] << 3) | ((ORTHO_COLORS[code] >> 1) << 6);
  }
  return table;
}
