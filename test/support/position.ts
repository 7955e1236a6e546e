// A whole-board arrangement of stones as GTP reports it (`list_stones`), for
// tests that compare engines. Written independently of src/game: it only reads
// vertices and finds chains, to pick interesting moves and to compare positions.

const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

export function vertexName(x: number, y: number): string {
  return LETTERS[x] + String(y + 1);
}

/** Parses an upper- or lower-case vertex on a board of this size; null when off the board. */
export function parseVertexName(text: string, size: number): [number, number] | null {
  const m = /^([A-HJ-Z])(\d+)$/i.exec(text);
  if (!m) return null;
  const x = LETTERS.indexOf(m[1].toUpperCase());
  const y = Number(m[2]) - 1;
  return x < size && y >= 0 && y < size ? [x, y] : null;
}

/** The vertices of a `list_stones` reply, upper-case and sorted (order-insensitive). */
export function stoneList(text: string): string[] {
  return text
    .split(/\s+/)
    .filter((v) => v !== '')
    .map((v) => v.toUpperCase())
    .sort();
}

export class Position {
  /** 0 empty, 1 black, 2 white; index y * size + x. */
  readonly cells: Uint8Array;

  constructor(
    readonly size: number,
    readonly black: string[],
    readonly white: string[],
  ) {
    this.cells = new Uint8Array(size * size);
    for (const [list, color] of [[black, 1], [white, 2]] as const) {
      for (const v of list) {
        const xy = parseVertexName(v, size);
        if (!xy) throw new Error(`list_stones gave ${v}, not a vertex of a ${size}x${size} board`);
        this.cells[xy[1] * size + xy[0]] = color;
      }
    }
  }

  static empty(size: number): Position {
    return new Position(size, [], []);
  }

  /** Equal keys mean equal arrangements. */
  get key(): string {
    return `B ${this.black.join(' ')} | W ${this.white.join(' ')}`;
  }

  at(v: string): number {
    const xy = parseVertexName(v, this.size);
    return xy ? this.cells[xy[1] * this.size + xy[0]] : -1;
  }

  empties(): string[] {
    const out: string[] = [];
    for (let p = 0; p < this.cells.length; p++) if (this.cells[p] === 0) out.push(this.name(p));
    return out;
  }

  stones(): string[] {
    return [...this.black, ...this.white];
  }

  /** Empty points that are the last liberty of some chain (captures, or self-atari and suicide attempts). */
  lastLiberties(): string[] {
    const seen = new Uint8Array(this.cells.length);
    const out = new Set<string>();
    for (let p = 0; p < this.cells.length; p++) {
      if (this.cells[p] === 0 || seen[p]) continue;
      const liberties = new Set<number>();
      const stack = [p];
      seen[p] = 1;
      while (stack.length > 0) {
        const q = stack.pop()!;
        for (const n of this.neighbours(q)) {
          if (this.cells[n] === 0) liberties.add(n);
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
