// The search tree as a pool of nodes in parallel typed arrays (no objects per node). A node's
// children are one contiguous block, allocated when the node is expanded; node 0 is the root.
//
// Per node: the move into it (padded index, 0 = pass), the block of children, real visits and
// wins (from the point of view of the player who made the move), prior virtual visits/wins, and
// AMAF ("RAVE") visits/wins.

export const FLAG_ILLEGAL = 1; // superko or forbidden by the rules core at the root
export const FLAG_TERMINAL = 2; // reached by two passes in a row

/** Bytes per node across all arrays, for the maxTreeMb bound. */
export const NODE_BYTES = 2 + 4 + 2 + 4 + 4 + 4 + 4 + 4 + 4 + 1;

export class Tree {
  capacity = 0;
  count = 0;
  readonly maxNodes: number;
  move!: Int16Array;
  firstChild!: Int32Array; // -1 while not expanded
  childCount!: Int16Array;
  visits!: Int32Array;
  wins!: Float32Array;
  priorN!: Float32Array;
  priorW!: Float32Array;
  raveN!: Float32Array;
  raveW!: Float32Array;
  flags!: Uint8Array;

  constructor(maxNodes: number, initial = 1 << 16) {
    this.maxNodes = Math.max(1024, maxNodes);
    this.allocArrays(Math.min(initial, this.maxNodes));
    this.reset();
  }

  private allocArrays(cap: number): void {
    const old = this.capacity > 0 ? this : null;
    const grow = <T extends Int16Array | Int32Array | Float32Array | Uint8Array>(a: T | undefined, make: (n: number) => T): T => {
      const b = make(cap);
      if (old && a) b.set(a.subarray(0, this.count));
      return b;
    };
    this.move = grow(this.move, (n) => new Int16Array(n));
    this.firstChild = grow(this.firstChild, (n) => new Int32Array(n));
    this.childCount = grow(this.childCount, (n) => new Int16Array(n));
    this.visits = grow(this.visits, (n) => new Int32Array(n));
    this.wins = grow(this.wins, (n) => new Float32Array(n));
    this.priorN = grow(this.priorN, (n) => new Float32Array(n));
    this.priorW = grow(this.priorW, (n) => new Float32Array(n));
    this.raveN = grow(this.raveN, (n) => new Float32Array(n));
    this.raveW = grow(this.raveW, (n) => new Float32Array(n));
    this.flags = grow(this.flags, (n) => new Uint8Array(n));
    this.capacity = cap;
  }

  /** An empty tree: just the root. */
  reset(): void {
    this.count = 1;
    this.initNode(0, 0);
  }

  initNode(i: number, move: number): void {
    this.move[i] = move;
    this.firstChild[i] = -1;
    this.childCount[i] = 0;
    this.visits[i] = 0;
    this.wins[i] = 0;
    this.priorN[i] = 0;
    this.priorW[i] = 0;
    this.raveN[i] = 0;
    this.raveW[i] = 0;
    this.flags[i] = 0;
  }

  /** Start of a block of k fresh nodes, or -1 when the memory bound is reached. */
  alloc(k: number): number {
    if (this.count + k > this.capacity) {
      if (this.count + k > this.maxNodes) return -1;
      // grow geometrically: copying is amortised, and a small search never pays for a big pool
      this.allocArrays(Math.min(this.maxNodes, Math.max(this.capacity * 2, this.count + k)));
    }
    const start = this.count;
    this.count += k;
    return start;
  }

  /** Gives back the unused tail of the most recent block. */
  shrinkLast(start: number, used: number): void {
    this.count = start + used;
  }

  /** The child of node with this move, or -1. */
  findChild(node: number, move: number): number {
    const first = this.firstChild[node];
    if (first < 0) return -1;
    const end = first + this.childCount[node];
    for (let c = first; c < end; c++) if (this.move[c] === move) return c;
    return -1;
  }

  /**
   * Makes node the new root, keeping its subtree and freeing everything else (tree reuse
   * after moves were played). Blocks are compacted downwards in allocation order: a block is
   * always allocated after its parent's block, and its destination never passes its source, so
   * an in-place copy is safe.
   */
  promote(node: number): void {
    if (node === 0) return;
    // collect the subtree's blocks with their parents
    const blocks: number[] = []; // triples: start, length, parent
    const stack = [node];
    while (stack.length > 0) {
      const n = stack.pop()!;
      const first = this.firstChild[n];
      if (first < 0) continue;
      const len = this.childCount[n];
      blocks.push(first, len, n);
      for (let c = first; c < first + len; c++) stack.push(c);
    }
    const order: number[] = [];
    for (let k = 0; k < blocks.length; k += 3) order.push(k);
    order.sort((a, b) => blocks[a] - blocks[b]);
    // old index → new index for nodes that are parents, found through their block
    const newStart = new Map<number, number>(); // old block start → new block start
    const starts: number[] = order.map((k) => blocks[k]);
    const newIndexOf = (old: number): number => {
      if (old === node) return 0;
      // binary search the block containing old
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid] <= old) lo = mid;
        else hi = mid - 1;
      }
      return newStart.get(starts[lo])! + (old - starts[lo]);
    };
    this.copyNode(node, 0);
    let top = 1;
    for (const k of order) {
      const start = blocks[k];
      const len = blocks[k + 1];
      const parent = blocks[k + 2];
      this.copyBlock(start, top, len);
      newStart.set(start, top);
      this.firstChild[newIndexOf(parent)] = top;
      top += len;
    }
    this.count = top;
  }

  private copyNode(from: number, to: number): void {
    this.copyBlock(from, to, 1);
  }

  private copyBlock(from: number, to: number, len: number): void {
    if (from === to) return;
    const end = from + len;
    this.move.copyWithin(to, from, end);
    this.firstChild.copyWithin(to, from, end);
    this.childCount.copyWithin(to, from, end);
    this.visits.copyWithin(to, from, end);
    this.wins.copyWithin(to, from, end);
    this.priorN.copyWithin(to, from, end);
    this.priorW.copyWithin(to, from, end);
    this.raveN.copyWithin(to, from, end);
    this.raveW.copyWithin(to, from, end);
    this.flags.copyWithin(to, from, end);
  }

  /** Most-visited child (ties: better win rate), or -1. Skips illegal children. */
  bestChild(node: number): number {
    const first = this.firstChild[node];
    if (first < 0) return -1;
    let best = -1;
    let bestV = 0;
    let bestQ = -1;
    for (let c = first; c < first + this.childCount[node]; c++) {
      if (this.flags[c] & FLAG_ILLEGAL) continue;
      const v = this.visits[c];
      if (v === 0) continue;
      const q = this.wins[c] / v;
      if (v > bestV || (v === bestV && q > bestQ)) {
        best = c;
        bestV = v;
        bestQ = q;
      }
    }
    return best;
  }
}
