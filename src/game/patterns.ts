// 3×3 shape knowledge as lookup tables over a point's neighbourhood code (PlayoutBoard.pat:
// 2 bits per neighbour, dir8 order NW N NE W E SW S SE, values 0 empty, 1 black, 2 white,
// 3 off-board).
//
// The shapes are the MoGo playout patterns (Gelly, Wang, Munos, Teytaud 2006: hane, cut and
// edge shapes around the last move) as Pachi 12 refined and weighted them.

// The board's point codes (playout-board.ts imports these tables, so they are repeated here
// rather than imported, to keep the modules free of an import cycle).
const EMPTY = 0;
const BLACK = 1;
const WHITE = 2;
const OFF = 3;

// Pattern notation (rows top to bottom, the centre is the candidate point, always empty):
//   X, O  stones of the two colours     .  empty     #  off the board     ?  anything
//   x     not X (O, empty or off)       o  not O (X, empty or off)
// The list is Pachi 12's (playout/moggy.c), the MoGo shapes as Pachi refined them. Every shape
// can be played by either side, except the thin hane (thinHaneMovers). Pachi also asks that a
// few side stones not be in atari; on 600 positions of strong games that never changed a move
// (scripts/policy-agreement.mjs), so those conditions are left out.
const THIN_HANE = 'XOO' + '...' + '?.?';
const SHAPES: string[] = [
  'XOX' + '...' + '???', // hane: enclosing
  'XO.' + '...' + '?.?', // hane: non-cutting
  'XO?' + 'X..' + 'x.?', // hane: magari
  THIN_HANE, // hane: thin
  '.O.' + 'X..' + '...', // diagonal attachment (katatsuke)
  'XO?' + 'O.o' + '?o?', // cut: unprotected
  'XO?' + 'O.X' + '???', // cut: peeped
  '?X?' + 'O.O' + 'ooo', // cut2 (de)
  'OX?' + '?.O' + '?o?', // cut keima
  'X.?' + 'O.?' + '###', // edge: chase
  'OX?' + 'X.O' + '###', // edge: block the side cut
  '?X?' + 'x.O' + '###', // edge: block the side connection
  '?XO' + 'x.x' + '###', // edge: sagari
  '?OX' + 'X.O' + '###', // edge: cut
  '?X.' + 'O.X' + '###', // edge: make an eye
];

/** Pachi's weights for the shapes above, in hundredths (CLOP-tuned on 15×15, playout/moggy.c). */
const GAMMAS = [52, 53, 32, 22, 37, 28, 21, 19, 82, 12, 20, 11, 16, 57, 44];

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

/**
 * The colours a thin hane may be played for, as Pachi 12's moggy plays it: for the side of the
 * two wall stones when the wall is north or west of the point, for the side of the lone corner
 * stone when it is south or east (measured with Pachi's replay engine: Pachi records the shape
 * for one side only and swaps that side with every symmetry it records).
 */
function thinHaneMovers(t: number, swap: boolean): number {
  const [rr, cc] = transform(t, 0, 1);
  const slot = SLOT[rr][cc];
  // slot 6 is +width, a higher row: north on the board; slot 3 is west
  const x = swap ? WHITE : BLACK;
  return slot === 6 || slot === 3 ? 3 - x : x;
}

/**
 * SHAPE_MOVERS[code]: bit (1 << (c - 1)) set when a shape matches the neighbourhood code for
 * colour c to play. Where several shapes match, the later in the list decides, as in Pachi.
 */
export const SHAPE_MOVERS = new Uint8Array(65536);
/** SHAPE_GAMMA[code]: the weight of the shape that matches code (hundredths), 0 for none. */
export const SHAPE_GAMMA = new Uint8Array(65536);
buildPatternTables(SHAPE_MOVERS, SHAPE_GAMMA);

function buildPatternTables(table: Uint8Array, gammas: Uint8Array): void {
  for (const [k, shape] of SHAPES.entries()) {
    for (let t = 0; t < 8; t++) {
      for (const swap of [false, true]) {
        const movers = shape === THIN_HANE ? thinHaneMovers(t, swap) : 3;
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
            table[code] = movers;
            gammas[code] = GAMMAS[k];
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
}

/** 1 where a shape matches the neighbourhood code for some colour. */
export const PATTERN3 = SHAPE_MOVERS.map((m) => (m !== 0 ? 1 : 0));

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
 * EYE, EMPTY4 and ORTHO_COLORS for one code in one byte, so the playout's lookups share one
 * 64 KB table in cache instead of three:
 *   bits 1-2  eye colour (EYE)
 *   bits 3-5  empty orthogonal neighbours (EMPTY4)
 *   bits 6-7  stone colours among orthogonal neighbours (ORTHO_COLORS >> 1: bit 6 black, 7 white)
 */
export const SHAPE = buildShape();

/** Readers of a SHAPE byte (tiny, so the JIT inlines them). */
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

// Neighbour masks read straight from a 3×3 code, so that a loop visits only the neighbours it
// wants, with no branch per neighbour: bit 2d stands for the neighbour in direction d (dir8
// order), and a loop takes the lowest bit (firstDir) and clears it (mask &= mask - 1), which
// keeps the directions' order.

/** The four orthogonal neighbours (N, W, E, S: directions 1, 3, 4, 6). */
export const ORTHO = 0x1144;

/** The neighbours whose value is v (EMPTY, BLACK, WHITE or OFF). */
export function neighboursOf(code: number, v: number): number {
  const x = code ^ (v * 0x5555);
  return ~(x | (x >> 1)) & 0x5555;
}

/** The neighbours that are stones of either colour. */
export function stonesAround(code: number): number {
  return (code ^ (code >> 1)) & 0x5555;
}

/** The direction of a mask's lowest neighbour. */
export function firstDir(mask: number): number {
  return (31 - Math.clz32(mask & -mask)) >> 1;
}

function buildShape(): Uint8Array {
  const table = new Uint8Array(65536);
  for (let code = 0; code < 65536; code++) {
    table[code] = (EYE[code] << 1) | (EMPTY4[code] << 3) | ((ORTHO_COLORS[code] >> 1) << 6);
  }
  return table;
}
