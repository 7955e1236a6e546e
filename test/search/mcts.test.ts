import { describe, expect, it, vi } from 'vitest';
import { Mcts, koPoint } from '../../src/search/mcts.js';
import type { SearchPosition } from '../../src/search/types.js';
import { boardPriors, FULL_POLICY, FULL_PRIORS, type MctsParams } from '../../src/search/params.js';
import { FLAG_ILLEGAL, FLAG_NETWORK, NODE_BYTES } from '../../src/search/tree.js';
import { PASS_IDX, PlayoutBoard } from '../../src/game/playout-board.js';
import { boardFromRows } from '../support/position.js';

// searches and long random-game checks: generous limits for a loaded machine
vi.setConfig({ testTimeout: 120_000 });

const params = (over: Partial<MctsParams> = {}): MctsParams => ({
  equivRave: 3000,
  expandVisits: 4,
  policy: FULL_POLICY,
  priors: boardPriors(9, FULL_PRIORS), // the engine's 9×9 priors (no AMAF share)
  maxTreeBytes: 64 * 1048576,
  seed: 3,
  scoreWeight: 0.1,
  scoreScale: 8,
  sharedTree: 0,
  virtualLoss: 1,
  critRave: 0,
  critRootShare: 0,
  critMinPlayouts: 300,
  networkVisits: 0,
  networkValueVisits: 0,
  puct: 0,
  ...over,
});

function emptyPosition(size: number): SearchPosition {
  return { size, board: new Int8Array(size * size), toMove: 1, komi: 7, history: [], illegal: [], moveNumber: 0, lastMoves: [] };
}

/** Checks the visit accounting of every expanded node below `node`; returns nodes checked. */
function checkAccounting(m: Mcts, node: number, isRoot: boolean): number {
  const t = m.tree;
  const first = t.firstChild[node];
  if (first < 0) return 0;
  let sum = 0;
  let checked = 1;
  for (let c = first; c < first + t.childCount[node]; c++) {
    sum += t.visits[c];
    expect(t.wins[c]).toBeGreaterThanOrEqual(0);
    expect(t.wins[c]).toBeLessThanOrEqual(t.visits[c] + 1e-3);
    expect(t.raveW[c]).toBeLessThanOrEqual(t.raveN[c] + 1e-3);
    // each playout through the parent updates a child's AMAF at most once
    expect(t.raveN[c]).toBeLessThanOrEqual(t.visits[node]);
    checked += checkAccounting(m, c, false);
  }
  // the root is expanded before any playout; other nodes after expandVisits playouts of their own
  const own = t.visits[node] - sum;
  if (isRoot) expect(own).toBe(0);
  else expect(own === m.params.expandVisits || (t.flags[node] & 2) !== 0).toBe(true);
  return checked;
}

describe('Mcts tree statistics', () => {
  it('visits add up: root = playouts = sum of children, inner nodes = expansion visits + children', () => {
    const m = new Mcts(9, params());
    m.setPosition(emptyPosition(9));
    for (let k = 0; k < 3000; k++) m.playout();
    expect(m.playouts).toBe(3000);
    expect(m.tree.visits[0]).toBe(3000);
    const checked = checkAccounting(m, 0, true);
    expect(checked).toBeGreaterThan(50); // a real tree was built
  });

  it('AMAF counts: every root child played gets its own AMAF update, also past 2³¹ playouts', () => {
    const m = new Mcts(9, params());
    m.setPosition(emptyPosition(9));
    const t = m.tree;
    const first = t.firstChild[0];
    const priorRave = t.raveN.slice(0, first + t.childCount[0]);
    // the playouts' stamps cross the end of Int32 range at once
    (m as unknown as { amafStamp: number }).amafStamp = 0x7fffffff - 10;
    for (let k = 0; k < 2000; k++) m.playout();
    let raveTotal = 0;
    for (let c = first; c < first + t.childCount[0]; c++) {
      const rave = t.raveN[c] - priorRave[c];
      if (t.move[c] !== PASS_IDX) {
        // the move itself is the first move of the sequence: always an AMAF hit for its colour
        expect(rave).toBeGreaterThanOrEqual(t.visits[c]);
      } else {
        expect(rave).toBe(0); // pass has no AMAF
      }
      raveTotal += rave;
    }
    // playout moves count too: far more AMAF updates than visits
    expect(raveTotal).toBeGreaterThan(10 * 2000);
  });

  it('AMAF below the root: a child always gets the AMAF of its own playouts, also on a point played above it and captured since', () => {
    // 5×5 with a ko in the middle (the position of the superko test below, black to move):
    // recaptures put the same points in one line of the tree again and again
    const size = 5;
    const at = (x: number, y: number): number => y * size + x;
    const board = new Int8Array(25);
    for (const p of [at(1, 2), at(2, 1), at(2, 3), at(3, 2)]) board[p] = 2;
    for (const p of [at(3, 1), at(3, 3), at(4, 2)]) board[p] = 1;
    const m = new Mcts(size, params({ expandVisits: 1 }));
    m.setPosition({ size, board, toMove: 1, komi: 0.5, history: [], illegal: [], moveNumber: 10, lastMoves: [] });
    for (let k = 0; k < 4000; k++) m.playout();
    const t = m.tree;
    let replayed = 0;
    const walk = (node: number, above: Set<number>): void => {
      const first = t.firstChild[node];
      if (first < 0) return;
      for (let c = first; c < first + t.childCount[node]; c++) {
        const mv = t.move[c];
        if (mv === PASS_IDX || t.visits[c] === 0) continue;
        // every playout through c starts its window with c's own move: an AMAF hit for c
        expect(t.raveN[c]).toBeGreaterThanOrEqual(t.visits[c]);
        if (above.has(mv)) replayed++;
        walk(c, new Set(above).add(mv));
      }
    };
    walk(0, new Set());
    expect(replayed).toBeGreaterThan(10); // the case arises in this tree
  });

  it('keeps counting results once the sums pass 2^24, as after a long analysis of one position', () => {
    const m = new Mcts(9, params({ critRave: 1 }));
    m.setPosition(emptyPosition(9));
    const t = m.tree;
    const first = t.firstChild[0];
    const end = first + t.childCount[0];
    const big = 2 ** 26; // each root child's visits and AMAF visits; its wins start at half of them
    t.visits[0] = 2 ** 30;
    for (let c = first; c < end; c++) {
      t.visits[c] = big;
      t.wins[c] = big / 2;
      t.raveN[c] = big;
      t.raveW[c] = big / 2;
      t.ownWin[c] = big / 2;
      t.ownMover[c] = big / 2;
    }
    for (let k = 0; k < 2000; k++) m.playout();
    let visits = 0;
    let wins = 0;
    for (let c = first; c < end; c++) {
      const n = t.visits[c] - big;
      const w = t.wins[c] - big / 2;
      expect(w).toBeGreaterThanOrEqual(0);
      expect(w).toBeLessThanOrEqual(n + 1e-6);
      if (t.move[c] !== PASS_IDX) expect(t.raveN[c] - big).toBeGreaterThanOrEqual(n); // its own move is an AMAF hit
      expect(t.ownMover[c] - big / 2).toBeLessThanOrEqual(n);
      visits += n;
      wins += w;
    }
    expect(visits).toBe(2000);
    // a Float32 sum at 2^25 drops every result below 2 (its spacing is 4): wins would stay put
    expect(wins).toBeGreaterThan(0.2 * visits);
    expect(wins).toBeLessThan(0.8 * visits);
  });

  it('keeps the tree within its memory bound', () => {
    const maxNodes = 5000;
    const m = new Mcts(9, params({ maxTreeBytes: maxNodes * NODE_BYTES }));
    m.setPosition(emptyPosition(9));
    for (let k = 0; k < 3000; k++) m.playout();
    expect(m.tree.count).toBeLessThanOrEqual(maxNodes);
    expect(m.tree.visits[0]).toBe(3000);
  });

  it('principal variations follow the most visited replies and stop before a one-visit reply', () => {
    const m = new Mcts(9, params());
    m.setPosition(emptyPosition(9));
    for (let k = 0; k < 3000; k++) m.playout();
    const t = m.tree;
    let longest = 0;
    for (let c = t.firstChild[0]; c < t.firstChild[0] + t.childCount[0]; c++) {
      const pv = m.pv(c, 20);
      expect(pv[0]).toBe(c);
      let node = c;
      for (let k = 1; k < pv.length; k++) {
        node = t.bestChild(node);
        expect(pv[k]).toBe(node);
        expect(t.visits[node]).toBeGreaterThanOrEqual(2);
      }
      // where the line stops short of the limit, the best reply (if any) had a single visit
      const next = t.bestChild(node);
      if (pv.length < 20 && next >= 0) expect(t.visits[next]).toBe(1);
      longest = Math.max(longest, pv.length);
    }
    expect(longest).toBeGreaterThan(3);
  });

  it('reuses the subtree of the moves played', () => {
    const m = new Mcts(9, params());
    const pos = emptyPosition(9);
    m.setPosition(pos);
    for (let k = 0; k < 3000; k++) m.playout();
    const t = m.tree;
    // play the two most visited moves in sequence
    const c1 = t.bestChild(0);
    const c2 = t.bestChild(c1);
    const v2 = t.visits[c2];
    let grandchildren = 0;
    for (let c = t.firstChild[c2]; c >= 0 && c < t.firstChild[c2] + t.childCount[c2]; c++) grandchildren += t.visits[c];
    const p1 = m.root.pointOf[t.move[c1]];
    const p2 = m.root.pointOf[t.move[c2]];
    const board = new Int8Array(81);
    board[p1] = 1;
    board[p2] = 2;
    const next: SearchPosition = { ...pos, board, toMove: 1, history: [new Int8Array(81), board.map((c, p) => (p === p1 ? 1 : 0))], moveNumber: 2, lastMoves: [p1, p2] };
    expect(m.setPosition(next)).toBe(true);
    expect(v2).toBeGreaterThan(10);
    expect(m.tree.visits[0]).toBe(grandchildren);
    for (let k = 0; k < 1000; k++) m.playout();
    expect(m.tree.visits[0]).toBe(grandchildren + 1000);
    checkAccounting(m, 0, true);
    // an unrelated position starts a fresh tree
    const other = { ...pos, board: board.map((c) => (c === 0 ? 0 : 3 - c)), moveNumber: 2, lastMoves: [p2, p1] };
    expect(m.setPosition(other as SearchPosition)).toBe(false);
    expect(m.tree.visits[0]).toBe(0);
  });

  it('never plays a move that repeats an earlier position (superko), from the root or in the tree', () => {
    // 5×5 ko: black just captured at C3 taking a white stone at D3; white's retake at D3 would
    // repeat the previous position, which is in the history.
    const size = 5;
    const at = (x: number, y: number): number => y * size + x;
    const before = new Int8Array(25);
    // white: B3, C2, C4 around C3, and D3 (the stone to be captured); black: D2, D4, E3 around D3
    before[at(1, 2)] = 2;
    before[at(2, 1)] = 2;
    before[at(2, 3)] = 2;
    before[at(3, 2)] = 2;
    before[at(3, 1)] = 1;
    before[at(3, 3)] = 1;
    before[at(4, 2)] = 1;
    const after = before.slice();
    after[at(2, 2)] = 1; // black plays C3 ...
    after[at(3, 2)] = 0; // ... capturing D3
    const m = new Mcts(size, params({ expandVisits: 1 }));
    const pos: SearchPosition = { size, board: after, toMove: 2, komi: 0.5, history: [new Int8Array(25), before], illegal: [], moveNumber: 10, lastMoves: [at(2, 2)] };
    m.setPosition(pos);
    // when the rules core forbids the retake, the root board knows the ko point, so its
    // playouts do not retake at once either
    const ko = { ...pos, illegal: [at(3, 2)] };
    expect(koPoint(pos)).toBe(-1);
    expect(koPoint(ko)).toBe(at(3, 2));
    const mk = new Mcts(size, params({ expandVisits: 1 }));
    mk.setPosition(ko);
    expect(mk.root.ko).toBe(mk.root.idxOf[at(3, 2)]);
    // after a pass (the last board repeats) nothing was captured
    expect(koPoint({ ...ko, history: [before, after], lastMoves: [at(2, 2), -1] })).toBe(-1);
    // no white B3: C3 keeps a second liberty, so the capture is no ko, even where D3 is
    // forbidden for another reason (an analysis's avoid, cleanup)
    const [openBefore, openAfter] = [before.slice(), after.slice()];
    openBefore[at(1, 2)] = 0;
    openAfter[at(1, 2)] = 0;
    expect(koPoint({ ...ko, board: openAfter, history: [new Int8Array(25), openBefore] })).toBe(-1);
    const t = m.tree;
    const retake = t.findChild(0, m.root.idxOf[at(3, 2)]);
    expect(retake).toBeGreaterThanOrEqual(0);
    expect(t.flags[retake] & FLAG_ILLEGAL).toBe(FLAG_ILLEGAL);
    for (let k = 0; k < 500; k++) m.playout();
    expect(t.visits[retake]).toBe(0);
    // under situational superko (aga, new_zealand) the side to move counts: the retake repeats
    // the board before black's capture, and repeats the position only if black was to move then
    const situational = (toMove: number): boolean => {
      const ms = new Mcts(size, params({ expandVisits: 1 }));
      ms.setPosition({ ...pos, historyToMove: [1, toMove] });
      for (let k = 0; k < 200; k++) ms.playout();
      const c = ms.tree.findChild(0, ms.root.idxOf[at(3, 2)]);
      return (ms.tree.flags[c] & FLAG_ILLEGAL) === 0 && ms.tree.visits[c] > 0;
    };
    expect(situational(1)).toBe(false);
    expect(situational(2)).toBe(true);
    // the rules core's own list is honoured too
    const m2 = new Mcts(size, params());
    m2.setPosition({ ...pos, history: [], illegal: [at(3, 2), at(0, 0)] });
    expect(m2.tree.flags[m2.tree.findChild(0, m2.root.idxOf[at(0, 0)])] & FLAG_ILLEGAL).toBe(FLAG_ILLEGAL);
  });

  it('with pruneLadders, leaves escapes into a working ladder out of the tree, and only those', () => {
    // black C3 in atari (liberty C4); extending to C4 leaves two liberties and White's ataris
    // at C5, B5, … chase it to the edge. In the second board a black stone at B5 breaks the ladder.
    const rows = ['.........', '.........', '.........', '.........', '.........', '...O.....', '.OXO.....', '..O......', '.........'];
    const broken = rows.map((r, i) => (i === 4 ? '.X.......' : r));
    const escape = 3 * 9 + 2; // C4
    const children = (board: string[], prune: number): boolean => {
      const m = new Mcts(9, params({ priors: { ...boardPriors(9, FULL_PRIORS), pruneLadders: prune } }));
      m.setPosition({ ...emptyPosition(9), board: boardFromRows(board), moveNumber: 6 });
      return m.tree.findChild(0, m.root.idxOf[escape]) >= 0;
    };
    expect(children(rows, 0)).toBe(true);
    expect(children(rows, 1)).toBe(false);
    expect(children(broken, 1)).toBe(true);
  });

  it('a reused root that holds an escape its own reading prunes leaves it out and counts it', () => {
    const rows = ['.........', '.........', '.........', '.........', '.........', '...O.....', '.OXO.....', '..O......', '.........'];
    const escape = 3 * 9 + 2; // C4, as above
    const pos = { ...emptyPosition(9), board: boardFromRows(rows), moveNumber: 6 };
    const m = new Mcts(9, params({ expandVisits: 1 }));
    m.setPosition(pos);
    expect(m.strays).toBe(0);
    const t = m.tree;
    const e = m.root.idxOf[escape];
    expect(t.findChild(0, e)).toBe(-1);
    // a stale tree: one root child made the escape
    const c = t.firstChild[0] + 1;
    t.move[c] = e;
    expect(m.setPosition(pos)).toBe(true);
    expect(m.strays).toBe(1);
    expect(t.flags[c] & FLAG_ILLEGAL).toBe(FLAG_ILLEGAL);
    for (let k = 0; k < 300; k++) m.playout();
    expect(t.visits[c]).toBe(0);
  });

  it('criticality: how much more often than chance the winner owned the move point', () => {
    const m = new Mcts(9, params({ critRave: 1.1, critMinPlayouts: 50 }));
    m.setPosition(emptyPosition(9));
    for (let k = 0; k < 2000; k++) m.playout();
    const t = m.tree;
    const first = t.firstChild[0];
    let counted = 0;
    for (let c = first; c < first + t.childCount[0]; c++) {
      // counted once per playout through the node
      expect(t.ownWin[c]).toBeLessThanOrEqual(t.visits[c]);
      expect(t.ownMover[c]).toBeLessThanOrEqual(t.visits[c]);
      if (t.visits[c] > 50) counted++;
      if (t.visits[c] > 0) expect(Math.abs(m.criticality(c))).toBeLessThanOrEqual(1);
    }
    expect(counted).toBeGreaterThan(0);
    // by hand: the mover owns the point in half the playouts and wins half
    const c = first + 1;
    t.visits[c] = 100;
    t.wins[c] = 50;
    t.ownMover[c] = 50;
    t.ownWin[c] = 100; // the winner always owned it: as critical as a point can be here
    expect(m.criticality(c)).toBeCloseTo(0.5);
    t.ownWin[c] = 50; // owning it had nothing to do with winning
    expect(m.criticality(c)).toBeCloseTo(0);
    t.wins[c] = 100; // a won game: the mover owned it in 80 of them, no more than chance says
    t.ownMover[c] = 80;
    t.ownWin[c] = 80;
    expect(m.criticality(c)).toBeCloseTo(0);
    // off, nothing is counted
    const off = new Mcts(9, params());
    off.setPosition(emptyPosition(9));
    for (let k = 0; k < 300; k++) off.playout();
    expect(off.tree.ownWin.subarray(0, off.tree.count).every((x) => x === 0)).toBe(true);
  });

  it('criticality counts for a child only above its share of the root visits and the floor', () => {
    // Two children alike in every statistic but criticality (0.5 against 0), every other child
    // lost: the critical one is chosen only when criticality counts for them.
    const choose = (critRootShare: number, critMinPlayouts: number): 'critical' | 'plain' => {
      const m = new Mcts(9, params({ critRave: 1.1, critRootShare, critMinPlayouts }));
      m.setPosition(emptyPosition(9));
      for (let k = 0; k < 50; k++) m.playout();
      const t = m.tree;
      const first = t.firstChild[0];
      const [plain, critical] = [first + 1, first + 2];
      for (let c = first; c < first + t.childCount[0]; c++) {
        const alike = c === plain || c === critical;
        t.visits[c] = 100;
        t.wins[c] = alike ? 50 : 0;
        t.priorN[c] = 0;
        t.priorW[c] = 0;
        t.raveN[c] = 100;
        t.raveW[c] = alike ? 50 : 0;
        t.ownMover[c] = 50;
        t.ownWin[c] = c === critical ? 100 : 50;
      }
      t.visits[0] = 1000;
      const select = (m as unknown as { select(node: number, first: number): number }).select.bind(m);
      return select(0, first) === critical ? 'critical' : 'plain';
    };
    expect(choose(0.05, 50)).toBe('critical'); // 100 visits > 0.05 × 1000 and > 50
    expect(choose(0.2, 50)).toBe('plain'); // 100 < 0.2 × 1000
    expect(choose(0.05, 150)).toBe('plain'); // 100 < the floor
  });

  it('is deterministic for a seed', () => {
    const run = (seed: number): number[] => {
      const m = new Mcts(9, params({ seed }));
      m.setPosition(emptyPosition(9));
      for (let k = 0; k < 1500; k++) m.playout();
      const t = m.tree;
      return Array.from(t.visits.subarray(t.firstChild[0], t.firstChild[0] + t.childCount[0]));
    };
    expect(run(11)).toEqual(run(11));
    expect(run(11)).not.toEqual(run(12));
  });
});

describe('Mcts and the network', () => {
  it('asks once for each node that reaches networkVisits, with its position, and takes the answer as its moves\' priors and its own value', () => {
    const m = new Mcts(9, params({ networkVisits: 20, networkValueVisits: 10 }));
    const pos = { ...emptyPosition(9), board: boardFromRows(['.........', '.........', '.........', '.........', '....X....', '.........', '.........', '.........', '.........']), toMove: 2 as const, lastMoves: [40] };
    m.setPosition(pos);
    const t = m.tree;
    const asked = new Set<number>();
    for (let k = 0; k < 3000; k++) {
      m.playout();
      const r = m.takeRequest();
      if (!r) continue;
      expect(asked.has(r.node)).toBe(false);
      asked.add(r.node);
      expect(r.node).not.toBe(0); // the root's rating comes with the position
      expect(t.visits[r.node]).toBeGreaterThanOrEqual(20);
      expect(t.flags[r.node] & FLAG_NETWORK).toBe(FLAG_NETWORK);
      // the position below the root: the game's move, then the tree's moves down to the node, the
      // node's move last, replayed on a board of its own
      const depth = r.lastMoves.length - 1;
      expect(r.lastMoves[0]).toBe(40);
      expect(r.lastMoves[depth]).toBe(r.board.pointOf[t.move[r.node]]);
      const replayed = new PlayoutBoard(9);
      replayed.setup(pos.board, 2);
      for (const p of r.lastMoves.slice(1)) {
        if (p < 0) replayed.pass();
        else replayed.play(replayed.idxOf[p]);
      }
      expect(r.board.toArray(new Int8Array(81))).toEqual(replayed.toArray(new Int8Array(81)));
      expect(r.board.toMove).toBe(replayed.toMove);
      // a rating that puts everything on one move
      const first = t.children(r.node);
      const target = t.move[first + 1];
      const prior = new Float32Array(82);
      prior[r.board.pointOf[target]] = 1;
      const before = { n: t.priorN[r.node], w: t.priorW[r.node] };
      m.networkRating(r.node, { prior, winrate: 0.8 });
      const { even, networkWins } = m.params.priors;
      // the side to move at the node wins 80%: its mover, whose wins the node counts, 20%
      expect(t.priorN[r.node]).toBeCloseTo(before.n + 10, 3);
      expect(t.priorW[r.node]).toBeCloseTo(before.w + 2, 3);
      expect(t.priorN[first + 1]).toBeCloseTo(even + networkWins, 3);
      expect(t.priorW[first + 1]).toBeCloseTo(even * 0.5 + networkWins, 3);
      expect(t.priorN[first + 2]).toBeCloseTo(even, 3);
    }
    expect(asked.size).toBeGreaterThan(5);
  });

  it('with PUCT, a rated node keeps the network\'s probabilities for exploring and gives its moves no virtual wins', () => {
    // the empty 9×9 board is symmetric: C3 and G7 are the same move, but the prior favours C3
    const pos = emptyPosition(9);
    const c3 = 6 * 9 + 2;
    const g7 = 2 * 9 + 6;
    const prior = new Float32Array(82).fill(0.5 / 81);
    prior[c3] = 0.5;
    const visitsOf = (puct: number): { c3: number; g7: number; priorN: number; prob: number } => {
      const m = new Mcts(9, params({ puct }));
      m.setPosition({ ...pos, prior });
      for (let k = 0; k < 3000; k++) m.playout();
      const t = m.tree;
      const child = (p: number): number => t.findChild(0, m.root.idxOf[p]);
      return { c3: t.visits[child(c3)], g7: t.visits[child(g7)], priorN: t.priorN[child(c3)], prob: t.prob[child(c3)] };
    };
    const withPuct = visitsOf(1);
    expect(withPuct.prob).toBeCloseTo(0.5, 5);
    expect(withPuct.priorN).toBeCloseTo(params().priors.even, 3);
    expect(withPuct.c3).toBeGreaterThan(3 * Math.max(1, withPuct.g7));
    // without PUCT the same prior is virtual wins instead
    const without = visitsOf(0);
    expect(without.priorN).toBeCloseTo(params().priors.even + params().priors.networkWins * Math.sqrt(0.5), 3);
  });

  it('asks nothing with networkVisits 0', () => {
    const m = new Mcts(9, params());
    m.setPosition(emptyPosition(9));
    for (let k = 0; k < 1000; k++) {
      m.playout();
      expect(m.takeRequest()).toBeNull();
    }
  });
});
