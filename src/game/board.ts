// The board: stones, chains, liberties and captures. It knows nothing of rules
// beyond the physics of a move (rules, superko and scoring live in game.ts,
// rules.ts and scoring.ts). Boards are immutable values: play() returns a new one.

import { BitBoard, Geometry } from './bitboard.js';
import { BLACK, EMPTY, MAX_SIZE, WHITE, opponent, type Color } from './vertex.js';

/** Zobrist keys: two 32-bit halves per point and colour, from a fixed seed. */
const ZOBRIST = (() => {
  const keys = new Int32Array(MAX_SIZE * MAX_SIZE * 4);
  let s = 0x2545f491;
  for (let i = 0; i < keys.length; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    keys[i] = s;
  }
  return keys;
})();

function zobristIndex(p: number, color: Color): number {
  return (p * 2 + (color - 1)) * 2;
}

export interface MoveOutcome {
  board: Board;
  /** Opponent stones removed by the move. */
  captured: number;
  /** Own stones removed because the move was suicide (0 when it was not). */
  suicided: number;
}

export class Board {
  readonly geometry: Geometry;

  private constructor(
    readonly size: number,
    readonly black: BitBoard,
    readonly white: BitBoard,
    private readonly hashHigh: number,
    private readonly hashLow: number,
  ) {
    this.geometry = black.geometry;
  }

  static empty(size: number): Board {
    const geometry = Geometry.of(size);
    return new Board(size, new BitBoard(geometry), new BitBoard(geometry), 0, 0);
  }

  /** A board from a per-point array of colours (0 empty, 1 black, 2 white). */
  static fromArray(size: number, colors: ArrayLike<number>): Board {
    let board = Board.empty(size);
    for (let p = 0; p < size * size; p++) {
      if (colors[p] === BLACK || colors[p] === WHITE) board = board.withStone(p, colors[p] as Color);
    }
    return board;
  }

  get points(): number {
    return this.size * this.size;
  }

  /** A 53-bit position key; equal boards have equal keys (not the converse). */
  get hash(): number {
    return (this.hashHigh >>> 0) * 0x200000 + (this.hashLow >>> 11);
  }

  color(p: number): number {
    if (this.black.has(p)) return BLACK;
    if (this.white.has(p)) return WHITE;
    return EMPTY;
  }

  stones(color: Color): BitBoard {
    return color === BLACK ? this.black : this.white;
  }

  empties(): BitBoard {
    return this.black.union(this.white).complement();
  }

  /** The chain through the stone at p (empty set when p is empty). */
  chain(p: number): BitBoard {
    const color = this.color(p);
    if (color === EMPTY) return new BitBoard(this.geometry);
    return BitBoard.flood(p, this.stones(color as Color));
  }

  liberties(chain: BitBoard): BitBoard {
    return chain.neighbours().intersect(this.empties());
  }

  equals(other: Board): boolean {
    return this.size === other.size && this.black.equals(other.black) && this.white.equals(other.white);
  }

  toArray(): Int8Array {
    const out = new Int8Array(this.points);
    for (const p of this.black) out[p] = BLACK;
    for (const p of this.white) out[p] = WHITE;
    return out;
  }

  /** The board with a stone added at p, without captures (setup stones). */
  withStone(p: number, color: Color): Board {
    const single = new BitBoard(this.geometry);
    single.add(p);
    return this.withStones(single, color).withoutStones(single, opponent(color));
  }

  /**
   * Puts a stone of `color` on the empty point p: opponent chains left without
   * liberties are removed, then the mover's chain if it has none (suicide).
   * Whether suicide is allowed is for the caller (the rules) to decide.
   */
  play(p: number, color: Color): MoveOutcome {
    const single = new BitBoard(this.geometry);
    single.add(p);
    let board = this.withStones(single, color);
    const enemy = opponent(color);
    const empties = board.empties();
    let captured = 0;
    for (const q of single.neighbours()) {
      if (!board.stones(enemy).has(q)) continue;
      const chain = BitBoard.flood(q, board.stones(enemy));
      if (!chain.neighbours().intersects(empties)) {
        captured += chain.count();
        board = board.withoutStones(chain, enemy);
      }
    }
    let suicided = 0;
    if (captured === 0) {
      const own = BitBoard.flood(p, board.stones(color));
      if (!own.neighbours().intersects(board.empties())) {
        suicided = own.count();
        board = board.withoutStones(own, color);
      }
    }
    return { board, captured, suicided };
  }

  /** The board with the given stones (of one colour) removed. */
  withoutStones(set: BitBoard, color: Color): Board {
    return this.toggle(set.intersect(this.stones(color)), color, false);
  }

  private withStones(set: BitBoard, color: Color): Board {
    return this.toggle(set.minus(this.stones(color)), color, true);
  }

  private toggle(changed: BitBoard, color: Color, adding: boolean): Board {
    if (changed.isEmpty()) return this;
    let high = this.hashHigh;
    let low = this.hashLow;
    for (const p of changed) {
      const z = zobristIndex(p, color);
      high ^= ZOBRIST[z];
      low ^= ZOBRIST[z + 1];
    }
    const own = adding ? this.stones(color).union(changed) : this.stones(color).minus(changed);
    return color === BLACK
      ? new Board(this.size, own, this.white, high, low)
      : new Board(this.size, this.black, own, high, low);
  }
}
