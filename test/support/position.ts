// A whole-board arrangement of stones as GTP reports it (`list_stones`), for
// tests that compare engines. Written independently of src/game: it reads
// vertices, compares arrangements and finds chains to pick interesting moves.

const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
const EMPTY = 0;
const CELL_CHARS = '.XO';

export type Stone = 1 | 2;

export function vertexName(x: number, y: number): string {
  return LETTERS[x] + String(y + 1);
}

/** The point index (y * size + x) of a vertex in any letter case; -1 when it is not on the board. */
export function pointOf(text: string, size: number): number {
  if (text.length < 2 || text.length > 3) return -1;
  const x = LETTERS.indexOf(text[0].toUpperCase());
  const digits = text.slice(1);
  if (x < 0 || x >= size || !/^[1-9]\d?$/.test(digits)) return -1;
  const y = Number(digits) - 1;
  return y < size ? y * size + x : -1;
}

/** A square board from rows drawn top down (X black, O white, anything else empty); index y * size + x. */
export function boardFromRows(rows: string[]): Int8Array {
  const size = rows.length;
  const b = new Int8Array(size * size);
  rows.forEach((row, i) => {
    for (let x = 0; x < size; x++) b[(size - 1 - i) * size + x] = row[x] === 'X' ? 1 : row[x] === 'O' ? 2 : 0;
  });
  return b;
}

/** The words of a reply listing vertices (`list_stones`, `all_legal`), upper-case. */
export function vertexList(text: string): string[] {
  return text
    .split(/\s+/)
    .filter((v) => v !== '')
    .map((v) => v.toUpperCase());
}

export class Position {
  /** 0 empty, 1 black, 2 white; index y * size + x. */
  readonly cells: Uint8Array;
  /** One character per point: equal keys are equal arrangements, whatever order the stones were listed in. */
  readonly key: string;

  private constructor(
    readonly size: number,
    cells: Uint8Array,
  ) {
    this.cells = cells;
    let key = '';
    for (const c of cells) key += CELL_CHARS[c];
    this.key = key;
  }

  static empty(size: number): Position {
    return new Position(size, new Uint8Array(size * size));
  }

  /** From the replies to `list_stones black` and `list_stones white`; throws on a bad vertex or a point listed twice. */
  static fromLists(size: number, black: string, white: string): Position {
    const cells = new Uint8Array(size * size);
    for (const [text, color] of [[black, 1], [white, 2]] as const) {
      for (const v of vertexList(text)) {
        const p = pointOf(v, size);
        if (p < 0) throw new Error(`list_stones gave "${v}", not a vertex of a ${size}x${size} board`);
        if (cells[p] !== EMPTY) throw new Error(`list_stones gave ${v} twice`);
        cells[p] = color;
      }
    }
    return new Position(size, cells);
  }

  /** 0 empty, 1 black, 2 white; -1 when the vertex is not on the board. */
  at(v: string): number {
    const p = pointOf(v, this.size);
    return p < 0 ? -1 : this.cells[p];
  }

  empties(): string[] {
    return this.points((c) => c === EMPTY);
  }

  stones(): string[] {
    return this.points((c) => c !== EMPTY);
  }

  /** Readable form for failure messages. */
  describe(): string {
    return `black ${this.points((c) => c === 1).join(' ')} | white ${this.points((c) => c === 2).join(' ')}`;
  }

  /** Empty points that are the last liberty of some chain (captures, or self-atari and suicide attempts). */
  lastLiberties(): string[] {
    const seen = new Uint8Array(this.cells.length);
    const out = new Set<string>();
    for (let p = 0; p < this.cells.length; p++) {
      if (this.cells[p] === EMPTY || seen[p]) continue;
      const liberties = new Set<number>();
      const stack = [p];
      seen[p] = 1;
      while (stack.length > 0) {
        const q = stack.pop()!;
        for (const n of this.neighbours(q)) {
          if (this.cells[n] === EMPTY) liberties.add(n);
          else if (this.cells[n] === this.cells[p] && !seen[n]) {
            seen[n] = 1;
            stack.push(n);
          }
        }
      }
      if (liberties.size === 1) out.add(this.name([...liberties][0]));
    }
    return [...out];
  }

  /**
   * The single opponent stones a move of `color` at v would capture: those
   * with no friendly neighbour whose only liberty is v. A ko may follow.
   */
  singleCaptures(v: string, color: Stone): string[] {
    const p = pointOf(v, this.size);
    if (p < 0 || this.cells[p] !== EMPTY) return [];
    const enemy = 3 - color;
    return this.neighbours(p)
      .filter((n) => this.cells[n] === enemy && this.neighbours(n).every((m) => m === p || this.cells[m] === color))
      .map((n) => this.name(n));
  }

  private points(keep: (cell: number) => boolean): string[] {
    const out: string[] = [];
    for (let p = 0; p < this.cells.length; p++) if (keep(this.cells[p])) out.push(this.name(p));
    return out;
  }

  private name(p: number): string {
    return vertexName(p % this.size, Math.floor(p / this.size));
  }

  private neighbours(p: number): number[] {
    const x = p % this.size;
    const y = Math.floor(p / this.size);
    const out: number[] = [];
    if (x > 0) out.push(p - 1);
    if (x < this.size - 1) out.push(p + 1);
    if (y > 0) out.push(p - this.size);
    if (y < this.size - 1) out.push(p + this.size);
    return out;
  }
}
