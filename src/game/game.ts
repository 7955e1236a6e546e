// A game's history: the sequence of positions, whose turn it is, prisoners,
// passes, and the rules that decide which moves are legal (suicide, superko).
// Every state is kept, so undo is exact (captures and ko state included).

import { Board } from './board.js';
import { DEFAULT_RULES, type Rules } from './rules.js';
import { BLACK, PASS, opponent, type Color } from './vertex.js';

export type IllegalReason = 'occupied' | 'suicide' | 'superko';

export interface Move {
  color: Color;
  /** A point, or PASS. */
  point: number;
}

export interface GameState {
  board: Board;
  toMove: Color;
  /** Prisoners taken so far by black (index 1) and white (index 2); index 0 unused. */
  prisoners: readonly [0, number, number];
  /** Consecutive passes that ended in this state. */
  passes: number;
  /** The move that led here (null for the initial position). */
  move: Move | null;
}

export const REASON_TEXT: Record<IllegalReason, string> = {
  occupied: 'the point is occupied',
  suicide: 'the move is suicide',
  superko: 'the move repeats an earlier position (superko)',
};

export class Game {
  private readonly states: GameState[];
  /** Position key → indices of states with that board (exact comparison on hit). */
  private readonly seen = new Map<number, number[]>();
  /** Handicap stones placed before the first move. */
  handicap = 0;

  constructor(
    readonly size: number,
    public rules: Rules = DEFAULT_RULES,
  ) {
    this.states = [{ board: Board.empty(size), toMove: BLACK, prisoners: [0, 0, 0], passes: 0, move: null }];
    this.remember(0);
  }

  get state(): GameState {
    return this.states[this.states.length - 1];
  }

  get board(): Board {
    return this.state.board;
  }

  get toMove(): Color {
    return this.state.toMove;
  }

  /** Who was to move at the start (after any setup stones). */
  get firstToMove(): Color {
    return this.states[0].toMove;
  }

  /** Moves played so far (passes included, handicap excluded). */
  get moveCount(): number {
    return this.states.length - 1;
  }

  get moves(): Move[] {
    return this.states.slice(1).map((s) => s.move as Move);
  }

  /** Every board from the start up to the current one, oldest first. */
  boards(): Board[] {
    return this.states.map((s) => s.board);
  }

  /** Who was to move at each board of boards(). */
  turns(): Color[] {
    return this.states.map((s) => s.toMove);
  }

  /** Why `color` may not play at `point` now, or null when the move is legal. */
  check(color: Color, point: number): IllegalReason | null {
    return this.outcome(color, point).reason;
  }

  /** Plays a move; returns the reason and changes nothing when it is illegal. */
  play(color: Color, point: number): IllegalReason | null {
    const { reason, state } = this.outcome(color, point);
    if (reason) return reason;
    this.states.push(state!);
    this.remember(this.states.length - 1);
    return null;
  }

  /** Takes back the last move; false at the start of the game. */
  undo(): boolean {
    if (this.states.length === 1) return false;
    const index = this.states.length - 1;
    const list = this.seen.get(this.states[index].board.hash)!;
    list.splice(list.indexOf(index), 1);
    this.states.pop();
    return true;
  }

  /**
   * Places setup stones (handicap) on the empty board before any move; they are
   * not moves and cannot be undone. `toMove` is who plays next.
   */
  setup(points: number[], color: Color, toMove: Color): void {
    let board = this.board;
    for (const p of points) board = board.withStone(p, color);
    this.seen.clear();
    this.states.length = 0;
    this.states.push({ board, toMove, prisoners: [0, 0, 0], passes: 0, move: null });
    this.remember(0);
  }

  /** Makes `color` the side to move in the current position (a record that does not alternate). */
  setToMove(color: Color): void {
    this.states[this.states.length - 1] = { ...this.state, toMove: color };
  }

  /** Passes of each colour so far (AGA pass stones); index 1 black, 2 white. */
  passCounts(): [0, number, number] {
    const counts: [0, number, number] = [0, 0, 0];
    for (const move of this.moves) if (move.point === PASS) counts[move.color]++;
    return counts;
  }

  private outcome(color: Color, point: number): { reason: IllegalReason | null; state?: GameState } {
    const current = this.state;
    const next = opponent(color);
    if (point === PASS) {
      return { reason: null, state: { ...current, toMove: next, passes: current.passes + 1, move: { color, point } } };
    }
    if (current.board.color(point) !== 0) return { reason: 'occupied' };
    const { board, captured, suicided } = current.board.play(point, color);
    if (suicided > 0 && !this.rules.suicide) return { reason: 'suicide' };
    // A single-stone suicide leaves the board as it was: a repetition under either ko rule.
    if (board.equals(current.board) || this.repeats(board, next)) return { reason: 'superko' };
    const prisoners: [0, number, number] = [0, current.prisoners[1], current.prisoners[2]];
    prisoners[color] += captured;
    prisoners[next] += suicided;
    return { reason: null, state: { board, toMove: next, prisoners, passes: 0, move: { color, point } } };
  }

  /**
   * Whether the board occurred earlier (positional superko), or earlier with the
   * same side to move (situational). Decided on exact boards, hashes only index.
   */
  private repeats(board: Board, toMove: Color): boolean {
    const indices = this.seen.get(board.hash);
    if (!indices) return false;
    return indices.some((i) => {
      const earlier = this.states[i];
      if (!earlier.board.equals(board)) return false;
      return this.rules.koRule === 'positional' || earlier.toMove === toMove;
    });
  }

  private remember(index: number): void {
    const key = this.states[index].board.hash;
    const list = this.seen.get(key);
    if (list) list.push(index);
    else this.seen.set(key, [index]);
  }
}
