// Capturing races read out at the end of the game. Playouts get a race wrong when it is won by
// a sequence they seldom play (a throw-in after a capture, filling the outside liberties in the
// right order): on counted Tygem games they left dead corner groups alive and killed the group
// that won the race. A short local search settles the clear cases: a chain is lost when the
// opponent captures it even if its owner moves first.
//
// The search is an AND-OR search on copies of the board, over the moves that change the
// liberties of the race: the target chain's liberties, those of the opponent chains next to it
// that are short of liberties themselves, and those of the target's side's chains in atari next
// to them. The defender may also pass; the attacker may not take a ko (the defender would fight
// it with threats), so a proof never rests on winning a ko. A chain that reaches ESCAPE
// liberties, or a search that runs out of depth or nodes, proves nothing. Taking a chain is not
// yet living: the judge plays the capture out on the board (afterCaptures) and asks the
// playouts whether the capturer lives.

/** Liberties at which the target has escaped: the search proves nothing beyond. */
export const ESCAPE = 4;
/** Opponent chains next to the target with at most this many liberties take part in the race. */
const RACE_LIBERTIES = 4;
const MAX_DEPTH = 16;
const MAX_NODES = 200;

/** The chain through p: its stones and its liberties. */
export function chainAt(board: ArrayLike<number>, size: number, p: number): { stones: number[]; liberties: number[] } {
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
 * The board after colour plays at p, or null when the move is illegal (occupied, suicide) or,
 * with noKo, a ko capture (one stone taken by a lone stone left with one liberty).
 */
export function playOn(board: Int8Array, size: number, p: number, colour: number, noKo = false): Int8Array | null {
  if (board[p] !== 0) return null;
  const next = Int8Array.from(board);
  next[p] = colour;
  let taken = 0;
  for (const n of neighbours(p, size)) {
    if (next[n] !== 3 - colour) continue;
    const chain = chainAt(next, size, n);
    if (chain.liberties.length > 0) continue;
    for (const q of chain.stones) next[q] = 0;
    taken += chain.stones.length;
  }
  const own = chainAt(next, size, p);
  if (own.liberties.length === 0) return null;
  if (noKo && taken === 1 && own.stones.length === 1 && own.liberties.length === 1) return null;
  return next;
}

/** Counts nodes; past MAX_NODES every open line counts as unproven. */
interface Budget {
  nodes: number;
}

/** The points whose play changes the race around the target chain (through `target`). */
function raceMoves(board: Int8Array, size: number, target: number): number[] {
  const defender = board[target];
  const { stones, liberties } = chainAt(board, size, target);
  const moves = new Set<number>();
  const urgent: number[] = [];
  const seen = new Set<number>(stones);
  for (const s of stones) {
    for (const n of neighbours(s, size)) {
      if (board[n] !== 3 - defender || seen.has(n)) continue;
      const enemy = chainAt(board, size, n);
      for (const q of enemy.stones) seen.add(q);
      if (enemy.liberties.length > RACE_LIBERTIES) continue;
      if (enemy.liberties.length === 1) urgent.push(...enemy.liberties);
      for (const l of enemy.liberties) moves.add(l);
      // the target's side's chains in atari next to a racing chain: saving or taking them
      // changes that chain's liberties
      for (const e of enemy.stones) {
        for (const m of neighbours(e, size)) {
          if (board[m] !== defender || seen.has(m)) continue;
          const friend = chainAt(board, size, m);
          for (const q of friend.stones) seen.add(q);
          if (friend.liberties.length === 1) moves.add(friend.liberties[0]);
        }
      }
    }
  }
  return [...new Set([...urgent, ...liberties, ...moves])];
}

/** Whether the attacker captures the chain through `target` with `toMove` to play (false when unproven). */
function captures(board: Int8Array, size: number, target: number, attacker: number, toMove: number, depth: number, budget: Budget): boolean {
  if (board[target] !== 3 - attacker) return true;
  if (++budget.nodes > MAX_NODES || depth === 0) return false;
  if (chainAt(board, size, target).liberties.length >= ESCAPE) return false;
  const moves = raceMoves(board, size, target);
  if (toMove === attacker) {
    for (const m of moves) {
      const next = playOn(board, size, m, attacker, true);
      if (next && captures(next, size, target, attacker, 3 - attacker, depth - 1, budget)) return true;
    }
    return false;
  }
  for (const m of moves) {
    const next = playOn(board, size, m, toMove);
    if (next && !captures(next, size, target, attacker, attacker, depth - 1, budget)) return false;
  }
  // passing: the attacker plays next
  return captures(board, size, target, attacker, attacker, depth - 1, budget);
}

/** Whether the chain through p is captured even when its owner plays first (false when unproven). */
export function lostChain(board: Int8Array, size: number, p: number): boolean {
  return captures(board, size, p, 3 - board[p], board[p], MAX_DEPTH, { nodes: 0 });
}

/**
 * Chains with at most three liberties that the race reading proves lost: those not in `dead`,
 * and those in it that touch an `unsettled` chain of the other colour (the playouts mostly kill
 * them, but not soon enough for the chain they race to be sure of its life). A pair of touching
 * chains of both colours each proven lost (a reading gone wrong) is left to the playouts.
 */
export function lostInRaces(board: Int8Array, size: number, dead: readonly number[], unsettled: readonly number[] = []): number[][] {
  const skip = new Uint8Array(size * size);
  const open = new Uint8Array(size * size);
  for (const p of unsettled) open[p] = 1;
  for (const p of dead) if (!neighbours(p, size).some((n) => open[n] === 1 && board[n] === 3 - board[p])) skip[p] = 1;
  const lost: number[][] = [];
  for (let p = 0; p < size * size; p++) {
    if (board[p] === 0 || skip[p]) continue;
    const chain = chainAt(board, size, p);
    for (const q of chain.stones) skip[q] = 1;
    if (chain.liberties.length < ESCAPE && lostChain(board, size, p)) lost.push(chain.stones);
  }
  const mark = new Int8Array(size * size);
  for (const stones of lost) for (const q of stones) mark[q] = board[q];
  return lost.filter((stones) => {
    const colour = board[stones[0]];
    return !stones.some((q) => neighbours(q, size).some((n) => mark[n] === 3 - colour));
  });
}

/**
 * The board once each chain is captured as in a race: the capturer's stones on its
 * liberties (the moves that took it), its own points empty. Taking three stones on the edge
 * that way leaves a straight three, one eye; taking the stones of a seki fills the liberties
 * the capturer lived by. A chain whose capture would leave another chain without liberties
 * stays as it is, and is not in `filled`.
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

/** The points next to q on a size×size board. */
export function neighbours(q: number, size: number): number[] {
  const x = q % size;
  const out: number[] = [];
  if (x > 0) out.push(q - 1);
  if (x < size - 1) out.push(q + 1);
  if (q >= size) out.push(q - size);
  if (q < size * size - size) out.push(q + size);
  return out;
}
