// The search tree as a pool of nodes in parallel typed arrays (no objects per node). A node's
// children are one contiguous block, allocated when the node is expanded; node 0 is the root.
//
// Per node: the move into it (padded index, 0 = pass), the block of children, real visits and
// wins (from the point of view of the player who made the move), prior virtual visits/wins, the
// network's probability of the move, AMAF ("RAVE") visits/wins, and how often the move's point
// ended owned by the playout's winner and by the mover (criticality). The sums that grow with
// every playout are Float64: a Float32 sum stops taking a playout's result once it passes 2^24
// (analysing one position for about 15–30 minutes on 9×9, an hour on 19×19), and its win rate
// then falls for no reason.
//
// A tree can also live in shared memory, searched by every worker thread at once (tree
// parallelism, see pool.ts and worker.ts): then blocks are reserved with Atomics on a shared node count,
// and each node has a virtual-loss counter (threads currently below it).

export const FLAG_ILLEGAL = 1; // superko or forbidden by the rules core at the root
export const FLAG_TERMINAL = 2; // reached by two passes in a row
export const FLAG_NETWORK = 4; // the network has rated this node's moves (or is rating them)

/** firstChild while one thread rates the node's moves (shared tree); others treat it as a leaf */
export const EXPANDING = -2;

/** Bytes per node across all arrays, for the maxTreeMb bound. */
export const NODE_BYTES = 2 + 4 + 2 + 4 + 8 + 4 + 4 + 4 + 8 + 8 + 4 + 4 + 1;
/** The same for a shared tree, which also counts virtual losses. */
export const SHARED_NODE_BYTES = NODE_BYTES + 4;

// the shared tree's control words
const T_COUNT = 0; // nodes reserved so far
const T_EPOCH = 1; // bumped each time a thread sets the root up (see Mcts.setPosition)
const T_INTS = 2;
const MIN_SHARED_NODES = 1024;

/**
 * The memory of a shared tree, made once (Searcher) and handed to every worker in its task.
 * The node arrays are allocated at their full bound at once: the system commits a page only
 * when it is first written, so a small search still only uses a little memory. (Growable
 * SharedArrayBuffers would do the same, but on Node 20 a typed array that tracks a growable
 * buffer's length is about 15 times slower to index, and one of fixed length over it 2-3 times.)
 */
export interface SharedTreeBuffers {
  maxNodes: number;
  ctrl: SharedArrayBuffer;
  nodes: SharedArrayBuffer;
}

export function sharedTreeBuffers(maxBytes: number): SharedTreeBuffers {
  const ctrl = new SharedArrayBuffer(T_INTS * 4);
  // The system may refuse to reserve the whole bound at once (--max-tree-mb beyond memory and
  // swap, or strict overcommit): then the tree gets the largest half, quarter, … it will give.
  for (let maxNodes = Math.max(MIN_SHARED_NODES, Math.floor(maxBytes / SHARED_NODE_BYTES)); ; maxNodes = Math.floor(maxNodes / 2)) {
    try {
      return { maxNodes, ctrl, nodes: new SharedArrayBuffer(maxNodes * SHARED_NODE_BYTES) };
    } catch (e) {
      if (!(e instanceof RangeError) || maxNodes <= MIN_SHARED_NODES) throw e;
    }
  }
}

export class Tree {
  capacity = 0;
  private nodeCount = 0;
  readonly maxNodes: number;
  move!: Int16Array;
  firstChild!: Int32Array; // -1 while not expanded (EXPANDING meanwhile in a shared tree)
  childCount!: Int16Array;
  visits!: Int32Array;
  wins!: Float64Array;
  priorN!: Float32Array;
  priorW!: Float32Array;
  /** the network's probability of the move into the node, once its parent is rated (else 0) */
  prob!: Float32Array;
  raveN!: Float64Array;
  raveW!: Float64Array;
  /** playouts through the node whose winner owned the move's point at the end */
  ownWin!: Int32Array;
  /** playouts through the node whose mover owned the move's point at the end */
  ownMover!: Int32Array;
  flags!: Uint8Array;
  /** shared tree only: threads now searching below the node (empty otherwise) */
  vl: Int32Array = new Int32Array(0);
  /** shared tree only: the control words */
  private readonly ctrl: Int32Array | null = null;
  /** end of this thread's most recent block (shared tree: for shrinkLast) */
  private lastEnd = 0;

  /**
   * A tree of this thread (grows up to maxNodes), or a view of a shared tree: that one is not
   * reset here, as other threads may be searching it.
   */
  constructor(maxNodes: number, initial = 1 << 16, shared: SharedTreeBuffers | null = null) {
    if (shared) {
      this.maxNodes = shared.maxNodes;
      this.ctrl = new Int32Array(shared.ctrl);
      this.attach(shared);
      return;
    }
    this.maxNodes = Math.max(1024, maxNodes);
    this.allocArrays(Math.min(initial, this.maxNodes));
    this.reset();
  }

  get shared(): boolean {
    return this.ctrl !== null;
  }

  /** Nodes in use (shared tree: reserved by all threads). */
  get count(): number {
    return this.ctrl ? Atomics.load(this.ctrl, T_COUNT) : this.nodeCount;
  }

  private set count(n: number) {
    if (this.ctrl) Atomics.store(this.ctrl, T_COUNT, n);
    else this.nodeCount = n;
  }

  /** Shared tree: how many times the root was set up (0 otherwise). */
  get epoch(): number {
    return this.ctrl ? Atomics.load(this.ctrl, T_EPOCH) : 0;
  }

  /** Shared tree: records a new root setup; returns the new epoch. */
  bumpEpoch(): number {
    return this.ctrl ? Atomics.add(this.ctrl, T_EPOCH, 1) + 1 : 0;
  }

  /** The first child of node, or a negative number; in a shared tree, with its block visible. */
  children(node: number): number {
    return this.ctrl ? Atomics.load(this.firstChild, node) : this.firstChild[node];
  }

  private attach(b: SharedTreeBuffers): void {
    const n = b.maxNodes;
    const buf = b.nodes;
    // widest first, so that every array is aligned
    let at = 0;
    const next = (bytes: number): number => {
      const here = at;
      at += n * bytes;
      return here;
    };
    this.wins = new Float64Array(buf, next(8), n);
    this.raveN = new Float64Array(buf, next(8), n);
    this.raveW = new Float64Array(buf, next(8), n);
    this.firstChild = new Int32Array(buf, next(4), n);
    this.visits = new Int32Array(buf, next(4), n);
    this.vl = new Int32Array(buf, next(4), n);
    this.priorN = new Float32Array(buf, next(4), n);
    this.priorW = new Float32Array(buf, next(4), n);
    this.prob = new Float32Array(buf, next(4), n);
    this.ownWin = new Int32Array(buf, next(4), n);
    this.ownMover = new Int32Array(buf, next(4), n);
    this.move = new Int16Array(buf, next(2), n);
    this.childCount = new Int16Array(buf, next(2), n);
    this.flags = new Uint8Array(buf, next(1), n);
    this.capacity = n;
  }

  private allocArrays(cap: number): void {
    const old = this.capacity > 0 ? this : null;
    const grow = <T extends Int16Array | Int32Array | Float32Array | Float64Array | Uint8Array>(a: T | undefined, make: (n: number) => T): T => {
      const b = make(cap);
      if (old && a) b.set(a.subarray(0, this.count));
      return b;
    };
    this.move = grow(this.move, (n) => new Int16Array(n));
    this.firstChild = grow(this.firstChild, (n) => new Int32Array(n));
    this.childCount = grow(this.childCount, (n) => new Int16Array(n));
    this.visits = grow(this.visits, (n) => new Int32Array(n));
    this.wins = grow(this.wins, (n) => new Float64Array(n));
    this.priorN = grow(this.priorN, (n) => new Float32Array(n));
    this.priorW = grow(this.priorW, (n) => new Float32Array(n));
    this.prob = grow(this.prob, (n) => new Float32Array(n));
    this.raveN = grow(this.raveN, (n) => new Float64Array(n));
    this.raveW = grow(this.raveW, (n) => new Float64Array(n));
    this.ownWin = grow(this.ownWin, (n) => new Int32Array(n));
    this.ownMover = grow(this.ownMover, (n) => new Int32Array(n));
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
    this.prob[i] = 0;
    this.raveN[i] = 0;
    this.raveW[i] = 0;
    this.ownWin[i] = 0;
    this.ownMover[i] = 0;
    this.flags[i] = 0;
    if (this.ctrl) this.vl[i] = 0;
  }

  /** Start of a block of k fresh nodes, or -1 when the memory bound is reached. */
  alloc(k: number): number {
    if (this.ctrl) return this.allocShared(k);
    if (this.count + k > this.capacity) {
      if (this.count + k > this.maxNodes) return -1;
      // grow geometrically: copying is amortised, and a small search never pays for a big pool
      this.allocArrays(Math.min(this.maxNodes, Math.max(this.capacity * 2, this.count + k)));
    }
    const start = this.count;
    this.count += k;
    return start;
  }

  /**
   * A block reserved by moving the shared count on with compare-and-swap, so threads never get
   * the same nodes. (Adding first and taking a refused block back afterwards is not safe near the
   * bound: two refusals taken back out of order let a third block start inside another.)
   */
  private allocShared(k: number): number {
    const ctrl = this.ctrl!;
    for (;;) {
      const start = Atomics.load(ctrl, T_COUNT);
      if (start + k > this.maxNodes) return -1;
      if (Atomics.compareExchange(ctrl, T_COUNT, start, start + k) === start) {
        this.lastEnd = start + k;
        return start;
      }
    }
  }

  /**
   * Gives back the unused tail of the most recent block. In a shared tree only while no other
   * thread has reserved a block behind it (otherwise the tail stays unused).
   */
  shrinkLast(start: number, used: number): void {
    if (this.ctrl) Atomics.compareExchange(this.ctrl, T_COUNT, this.lastEnd, start + used);
    else this.count = start + used;
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
    this.prob.copyWithin(to, from, end);
    this.raveN.copyWithin(to, from, end);
    this.raveW.copyWithin(to, from, end);
    this.ownWin.copyWithin(to, from, end);
    this.ownMover.copyWithin(to, from, end);
    this.flags.copyWithin(to, from, end);
    if (this.ctrl) this.vl.copyWithin(to, from, end);
  }

  /** Most-visited child (ties: better win rate), or -1. Skips illegal children. */
  bestChild(node: number): number {
    const first = this.children(node);
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
