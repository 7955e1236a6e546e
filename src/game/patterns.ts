// 3×3 shape knowledge as lookup tables over a point's neighbourhood code (PlayoutBoard.pat:
// 2 bits per neighbour, dir8 order NW N NE W E SW S SE, values 0 empty, 1 black, 2 white,
// 3 off-board).
//
// The shapes are the MoGo playout patterns (Gelly, Wang, Munos, Teytaud 2006: hane, cut and
// edge shapes around the last move) as Pachi refined them. Nearly all are colour-symmetric: a
// shape is good for whichever side plays the centre.

// The board's point codes (playout-board.ts imports these tables, so they are repeated here
// rather than imported, to keep the modules free of an import cycle).
const EMPTY = 0;
const BLACK = 1;
const WHITE = 2;
const OFF = 3;

// Pattern notation (rows top to bottom, the centre is the candidate point, always empty):
//   X, O  stones of the two colours     .  empty     #  off the board     ?  anything
//   x     not X (O, empty or off)       o  not O (X, empty or off)
//   Y, Q  an X / O stone not in atari (on the four sides; a diagonal stone's atari is ignored)
// The list, its atari conditions and the weights are Pachi 12's playout shapes (moggy.c; the
// weights are its CLOP-tuned gammas, a match picks in proportion to them). Its shapes carry its
// playouts: without them Pachi lost 1-11 to itself at 1,000 playouts a move (docs/BENCHMARKS.md).
interface Shape {
  cells: string;
  gamma: number;
  /** only the X side may play it */
  xOnly?: boolean;
}
const SHAPES: Shape[] = [
  { cells: 'XOX' + '...' + '???', gamma: 0.52 }, // hane: enclosing
  { cells: 'XO.' + '...' + '?.?', gamma: 0.53 }, // hane: non-cutting
  { cells: 'XO?' + 'X..' + 'x.?', gamma: 0.32 }, // hane: magari (bend)
  { cells: 'XOO' + '...' + '?.?', gamma: 0.22, xOnly: true }, // hane: thin
  { cells: '.Q.' + 'Y..' + '...', gamma: 0.37 }, // diagonal attachment (katatsuke)
  { cells: 'XO?' + 'O.o' + '?o?', gamma: 0.28 }, // cut: unprotected
  { cells: 'XO?' + 'O.X' + '???', gamma: 0.21 }, // cut: peeped
  { cells: '?X?' + 'O.O' + 'ooo', gamma: 0.19 }, // cut2 (de)
  { cells: 'OX?' + '?.O' + '?o?', gamma: 0.82 }, // cut keima
  { cells: 'X.?' + 'O.?' + '###', gamma: 0.12 }, // edge: chase
  { cells: 'OX?' + 'X.O' + '###', gamma: 0.2 }, // edge: block the side cut
  { cells: '?X?' + 'x.O' + '###', gamma: 0.11 }, // edge: block the side connection
  { cells: '?XO' + 'x.x' + '###', gamma: 0.16 }, // edge: sagari
  { cells: '?OX' + 'Y.O' + '###', gamma: 0.57 }, // edge: cut
  { cells: '?X.' + 'Q.X' + '###', gamma: 0.44 }, // edge: make an eye
];

// Grid cell (row, col) → code slot in dir8 order; the centre (1,1) has no slot.
const SLOT = [
  [0, 1, 2],
  [3, -1, 4],
  [5, 6, 7],
];
/** Code slot → bit of the atari mask (the four sides N W E S), -1 for a diagonal. */
const ATARI_BIT = [-1, 0, -1, 1, 2, -1, 3, -1];

/** (point code, atari flag) pairs a cell may take, with X = colour a and O = the other. */
function allowed(spec: string, a: number, slot: number): [number, number][] {
  const b = 3 - a;
  const side = ATARI_BIT[slot] >= 0;
  const stone = (c: number, notInAtari: boolean): [number, number][] => (side && !notInAtari ? [[c, 0], [c, 1]] : [[c, 0]]);
  switch (spec) {
    case 'X':
    case 'Y':
      return stone(a, spec === 'Y');
    case 'O':
    case 'Q':
      return stone(b, spec === 'Q');
    case '.':
      return [[EMPTY, 0]];
    case '#':
      return [[OFF, 0]];
    case 'x':
      return [[EMPTY, 0], [OFF, 0], ...stone(b, false)];
    case 'o':
      return [[EMPTY, 0], [OFF, 0], ...stone(a, false)];
    case '?':
      return [[EMPTY, 0], [OFF, 0], ...stone(a, false), ...stone(b, false)];
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

// SHAPE_GAMMA[code | atari << 16 | (mover - 1) << 20]: see shapeGamma. Where two shapes match,
// the later in the list wins, as in Pachi.
const SHAPE_GAMMA = new Uint8Array(1 << 21);
/** 1 where some shape matches the neighbourhood code for some atari mask and mover. */
const PATTERN3 = new Uint8Array(65536);

/**
 * The weight (in hundredths) of the shape the mover (1 black, 2 white) would play at a point
 * with neighbourhood code `code`, 0 for none. `atari` has bit k set when the stone on side k
 * (N, W, E, S: dir8 slots 1, 3, 4, 6) is in atari.
 */
export function shapeGamma(code: number, atari: number, mover: number): number {
  return SHAPE_GAMMA[code | (atari << 16) | ((mover - 1) << 20)];
}

for (const shape of SHAPES) {
  for (let t = 0; t < 8; t++) {
    for (const a of [BLACK, WHITE]) {
      // per code slot, the (value, atari) pairs it may take
      const slots: [number, number][][] = new Array(8);
      for (let r = 0; r < 3; r++) {
        for (let c = 0; c < 3; c++) {
          if (r === 1 && c === 1) continue;
          const [rr, cc] = transform(t, r, c);
          const slot = SLOT[rr][cc];
          slots[slot] = allowed(shape.cells[r * 3 + c], a, slot);
        }
      }
      const movers = shape.xOnly ? [a] : [BLACK, WHITE];
      const fill = (d: number, code: number, atari: number): void => {
        if (d === 8) {
          PATTERN3[code] = 1;
          for (const m of movers) SHAPE_GAMMA[code | (atari << 16) | ((m - 1) << 20)] = Math.round(shape.gamma * 100);
          return;
        }
        for (const [v, at] of slots[d]) fill(d + 1, code | (v << (2 * d)), at ? atari | (1 << ATARI_BIT[d]) : atari);
      };
      fill(0, 0, 0);
    }
  }
}
// Off-board cells only make sense on a whole side; codes that are geometrically impossible
// are never looked up, so no need to filter them.

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
 *   bit 0     some shape may match (PATTERN3; SHAPE_GAMMA decides)
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
