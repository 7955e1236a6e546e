// Capturing races read out at the end of the game. Playouts get a race wrong when it is won by
// a sequence they seldom play (a throw-in after a capture, filling the outside liberties in the
// right order): on counted Tygem games they left dead corner groups alive and killed the group
// that won the race. A short local search settles the clear cases: a chain is lost when the
// opponent captures it even if its owner moves first.
//
// The search is an AND-OR search on the playout board, over the moves that change the
// liberties of the race: the target chain's liberties, those of the opponent chains next to it
// that are short of liberties themselves, and those of the target's side's chains in atari next
// to them. The defender may also pass; the attacker may not take a ko (the defender would fight
// it with threats), so a proof never rests on winning a ko. A chain that reaches ESCAPE
// liberties, or a search that runs out of depth or nodes, proves nothing. Taking a chain is not
// yet living: the judge plays the capture out on the board (afterCaptures) and asks the
// playouts whether the capturer lives.

import { BLACK, EMPTY, PlayoutBoard } from '../game/playout-board.js';
import { neighbours } from '../game/vertex.js';

/** Liberties at which the target has escaped: the search proves nothing beyond. */
export const ESCAPE = 4;
/** Opponent chains next to the target with at most this many liberties take part in the race. */
const RACE_LIBERTIES = 4;
const MAX_DEPTH = 16;
const MAX_NODES = 200;

/** A chain's stones (in the order the reading walks them) and liberties. */
export interface Chain {
  stones: number[];
  liberties: number[];
}

export class RaceReader {
  /** the board a position array is set up on */
  private readonly position: PlayoutBoard;
  /** the board after each ply of the reading (the playout board has no undo: copies) */
  private readonly plies: PlayoutBoard[] = [];
  /** neighbour offsets in the order the moves are tried: left, right, below, above */
  private readonly sides: Int32Array;
  /** nodes of the current reading; past MAX_NODES every open line counts as unproven */
  private nodes = 0;

  constructor(readonly size: number) {
    this.position = new PlayoutBoard(size);
    const width = size + 2;
    this.sides = Int32Array.of(-1, 1, -width, width);
  }

  /** Whether the chain through padded index i of b is captured even when its owner plays first (false when unproven). */
  lostChain(b: PlayoutBoard, i: number): boolean {
    this.nodes = 0;
    return this.captures(b, i, 3 - b.color[i], b.color[i], MAX_DEPTH);
  }

  /**
   * Chains (as points of the size×size board) with at most three liberties that the race
   * reading proves lost: those not in `dead`, and those in it that touch an `unsettled` chain
   * of the other colour (the playouts mostly kill them, but not soon enough for the chain they
   * race to be sure of its life). A pair of touching chains of both colours each proven lost
   * (a reading gone wrong) is left to the playouts.
   */
  lostInRaces(board: ArrayLike<number>, dead: readonly number[], unsettled: readonly number[] = []): number[][] {
    const size = this.size;
    const b = this.position;
    b.setup(board, BLACK);
    const skip = new Uint8Array(size * size);
    const open = new Uint8Array(size * size);
    for (const p of unsettled) open[p] = 1;
    for (const p of dead) if (!neighbours(p, size).some((n) => open[n] === 1 && board[n] === 3 - board[p])) skip[p] = 1;
    const lost: number[][] = [];
    for (let p = 0; p < size * size; p++) {
      if (board[p] === 0 || skip[p]) continue;
      const i = b.idxOf[p];
      const chain = this.chainOf(b, i);
      const stones = chain.stones.map((s) => b.pointOf[s]);
      for (const q of stones) skip[q] = 1;
      if (chain.liberties.length < ESCAPE && this.lostChain(b, i)) lost.push(stones);
    }
    const mark = new Int8Array(size * size);
    for (const stones of lost) for (const q of stones) mark[q] = board[q];
    return lost.filter((stones) => {
      const colour = board[stones[0]];
      return !stones.some((q) => neighbours(q, size).some((n) => mark[n] === 3 - colour));
    });
  }

  /** The chain through padded index s: its stones from s outwards and its liberties. */
  private chainOf(b: PlayoutBoard, s: number): Chain {
    const { color } = b;
    const colour = color[s];
    const seen = new Set([s]);
    const stones = [s];
    const liberties = new Set<number>();
    for (let k = 0; k < stones.length; k++) {
      for (const d of this.sides) {
        const n = stones[k] + d;
        if (color[n] === EMPTY) liberties.add(n);
        else if (color[n] === colour && !seen.has(n)) {
          seen.add(n);
          stones.push(n);
        }
      }
    }
    return { stones, liberties: [...liberties] };
  }

  /** The board for the moves at ply k (from the root of the reading). */
  private ply(k: number): PlayoutBoard {
    while (this.plies.length <= k) this.plies.push(new PlayoutBoard(this.size));
    return this.plies[k];
  }

  /**
   * Sets next to b after colour plays at m; false when the move is illegal (occupied, suicide)
   * or, with noKo, a ko capture. The reading knows no ko point: b's own ko forbids nothing.
   */
  private playOn(b: PlayoutBoard, next: PlayoutBoard, m: number, colour: number, noKo: boolean): boolean {
    if (b.color[m] !== EMPTY) return false;
    next.copyFrom(b);
    next.ko = 0;
    if (!next.isLegal(m, colour)) return false;
    next.toMove = colour;
    next.play(m);
    return !noKo || next.ko === 0;
  }

  /** The points whose play changes the race around the target chain (through `target`). */
  private raceMoves(b: PlayoutBoard, target: number): number[] {
    const { color } = b;
    const defender = color[target];
    const { stones, liberties } = this.chainOf(b, target);
    const moves = new Set<number>();
    const urgent: number[] = [];
    const seen = new Set<number>(stones);
    for (const s of stones) {
      for (const d of this.sides) {
        const n = s + d;
        if (color[n] !== 3 - defender || seen.has(n)) continue;
        const enemy = this.chainOf(b, n);
        for (const q of enemy.stones) seen.add(q);
        if (enemy.liberties.length > RACE_LIBERTIES) continue;
        if (enemy.liberties.length === 1) urgent.push(...enemy.liberties);
        for (const l of enemy.liberties) moves.add(l);
        // the target's side's chains in atari next to a racing chain: saving or taking them
        // changes that chain's liberties
        for (const e of enemy.stones) {
          for (const d2 of this.sides) {
            const m = e + d2;
            if (color[m] !== defender || seen.has(m)) continue;
            const friend = this.chainOf(b, m);
            for (const q of friend.stones) seen.add(q);
            if (friend.liberties.length === 1) moves.add(friend.liberties[0]);
          }
        }
      }
    }
    return [...new Set([...urgent, ...liberties, ...moves])];
  }

  /** Whether the attacker captures the chain through `target` with `toMove` to play (false when unproven). */
  private captures(b: PlayoutBoard, target: number, attacker: number, toMove: number, depth: number): boolean {
    if (b.color[target] !== 3 - attacker) return true;
    if (++this.nodes > MAX_NODES || depth === 0) return false;
    if (this.chainOf(b, target).liberties.length >= ESCAPE) return false;
    const moves = this.raceMoves(b, target);
    // the boards of deeper plies are the only ones the lines below write to
    const next = this.ply(MAX_DEPTH - depth);
    if (toMove === attacker) {
      for (const m of moves) {
        if (this.playOn(b, next, m, attacker, true) && this.captures(next, target, attacker, 3 - attacker, depth - 1)) return true;
      }
      return false;
    }
    for (const m of moves) {
      if (this.playOn(b, next, m, toMove, false) && !this.captures(next, target, attacker, attacker, depth - 1)) return false;
    }
    // passing: the attacker plays next
    return this.captures(b, target, attacker, attacker, depth - 1);
  }
}

/** The chain through point p of a size×size 0/1/2 array: its stones and its liberties. */
export function chainAt(board: ArrayLike<number>, size: number, p: number): Chain {
  const colour = board[p];
  const seen = new Set([p]);
  const stones = [p];
  const liberties = new Set<number>();
  for (let k = 0; k < stones.length; k++) {
    for (const n of neighbours(stones[k], size)) {
      if (board[n] === 0) liberties.add(n);
      else if (board[n] === colour && !seen.has(n)) {
        seen.add(n);
        stones.push(n);
      }
    }
  }
  return { stones, liberties: [...liberties] };
}

/**
 * The board once each chain is captured as in a race: the capturer's stones on its
 * liberties (the moves that took it), its own points empty. Taking three stones on the edge
 * that way leaves a straight three, one eye; taking the stones of a seki fills the liberties
 * the capturer lived by. A chain whose capture would leave another chain without liberties
 * stays as it is, and is not in `filled`. (A position to be judged, built point by point: the
 * fills are not moves a board could play in turn.)
 */
export function afterCaptures(board: Int8Array, size: number, chains: readonly number[][]): { board: Int8Array; filled: number[][] } {
  const next = Int8Array.from(board);
  const filled: number[][] = [];
  for (const stones of chains) {
    const trial = Int8Array.from(next);
    const liberties = chainAt(next, size, stones[0]).liberties;
    for (const q of liberties) trial[q] = 3 - board[stones[0]];
    for (const q of stones) trial[q] = 0;
    const around = liberties.flatMap((q) => [q, ...neighbours(q, size)]);
    if (around.some((q) => trial[q] !== 0 && chainAt(trial, size, q).liberties.length === 0)) continue;
    next.set(trial);
    filled.push(stones);
  }
  return { board: next, filled };
}
