import { describe, expect, it } from 'vitest';
import { Board } from '../../src/game/board.js';
import { B, W, board, clean, draw, names, pt } from './diagram.js';

describe('Board basics', () => {
  it('reads back the stones it was built from', () => {
    const b = board(`
      X . O
      . X .
      O . .`);
    expect(b.size).toBe(3);
    expect(b.color(pt('A3', 3))).toBe(B);
    expect(b.color(pt('C3', 3))).toBe(W);
    expect(b.color(pt('A1', 3))).toBe(W);
    expect(b.color(pt('C1', 3))).toBe(0);
    expect(names(b.stones(B), 3)).toEqual(['A3', 'B2']);
    expect(names(b.empties(), 3)).toEqual(['A2', 'B1', 'B3', 'C1', 'C2']);
    expect(Array.from(b.toArray())).toEqual([2, 0, 0, 0, 1, 0, 1, 0, 2]);
  });

  it('finds chains orthogonally and counts each liberty once', () => {
    const b = board(`
      . . . . .
      . X X . .
      . X O X .
      . . . X .
      . . . . .`);
    const chain = b.chain(pt('B4', 5));
    expect(names(chain, 5)).toEqual(['B3', 'B4', 'C4']);
    // C5 and B5 above, A4 and A3 to the left, D4, B2 below: six, none counted twice.
    expect(names(b.liberties(chain), 5)).toEqual(['A3', 'A4', 'B2', 'B5', 'C5', 'D4']);
    // D3 and D2 are one chain; D3 is diagonal to C4, not connected.
    expect(names(b.chain(pt('D3', 5)), 5)).toEqual(['D2', 'D3']);
    expect(names(b.liberties(b.chain(pt('C3', 5))), 5)).toEqual(['C2']);
    expect(b.chain(pt('E5', 5)).isEmpty()).toBe(true);
  });

  it('withStone puts a stone without capturing, replacing whatever was there', () => {
    const b = board(`
      . O .
      O . .
      . . .`);
    const filled = b.withStone(pt('A3', 3), B); // no liberties, but setup does not capture
    expect(filled.color(pt('A3', 3))).toBe(B);
    const replaced = filled.withStone(pt('B3', 3), B);
    expect(replaced.color(pt('B3', 3))).toBe(B);
    expect(replaced.white.has(pt('B3', 3))).toBe(false);
    expect(b.color(pt('A3', 3))).toBe(0); // the original is untouched
  });
});

describe('Board.play', () => {
  it('captures a stone and leaves the original board as it was', () => {
    const before = board(`
      . . . . .
      . . O . .
      . O X O .
      . . . . .
      . . . . .`);
    const { board: after, captured, suicided } = before.play(pt('C2', 5), W);
    expect(captured).toBe(1);
    expect(suicided).toBe(0);
    expect(draw(after)).toBe(
      clean(`
      . . . . .
      . . O . .
      . O . O .
      . . O . .
      . . . . .`),
    );
    expect(before.color(pt('C3', 5))).toBe(B);
    expect(before.color(pt('C2', 5))).toBe(0);
  });

  it('captures several chains at once, and a whole chain on the edge', () => {
    const before = board(`
      . . . . .
      . O . O .
      O X . X O
      . O . O .
      . . . . .`);
    const { board: after, captured } = before.play(pt('C3', 5), W);
    expect(captured).toBe(2);
    expect(after.black.isEmpty()).toBe(true);

    // B5 C5 D5 on the top edge, one liberty left (E5).
    const edge = board(`
      O X X X .
      . O O O .
      . . . . .
      . . . . .
      . . . . .`);
    expect(names(edge.liberties(edge.chain(pt('C5', 5))), 5)).toEqual(['E5']);
    const taken = edge.play(pt('E5', 5), W);
    expect(taken.captured).toBe(3);
    expect(names(taken.board.empties(), 5).filter((v) => v.endsWith('5'))).toEqual(['B5', 'C5', 'D5']);
  });

  it('a move that captures is not suicide, even with no liberty of its own before the capture', () => {
    const before = board(`
      X . .
      O X .
      . O X`);
    const { board: after, captured, suicided } = before.play(pt('A1', 3), B);
    expect(captured).toBe(2);
    expect(suicided).toBe(0);
    expect(after.color(pt('A1', 3))).toBe(B);
    expect(names(after.liberties(after.chain(pt('A1', 3))), 3)).toEqual(['A2', 'B1']);
  });

  it('reports single- and multi-stone suicide and removes the chain (the rules decide legality)', () => {
    const single = board(`
      . . .
      O . .
      . O .`).play(pt('A1', 3), B);
    expect(single.suicided).toBe(1);
    expect(single.captured).toBe(0);
    expect(single.board.color(pt('A1', 3))).toBe(0);

    const multi = board(`
      O . .
      . O .
      X O .`).play(pt('A2', 3), B);
    expect(multi.suicided).toBe(2);
    expect(multi.board.black.isEmpty()).toBe(true);
    expect(multi.board.white.count()).toBe(3);
  });

  it('snapback: the throw-in is taken, then the capturing chain is taken back', () => {
    // White C1 C2 D2 E2 with liberties D1 and E1 (9 columns wide, rows 1-3 shown).
    let b = board(`
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . X X X . . . .
      . X O O O X . . .
      . X O . . X . . .`);
    const size = 9;
    expect(b.liberties(b.chain(pt('C1', size))).count()).toBe(2);
    let r = b.play(pt('D1', size), B); // throw-in
    expect(r.captured + r.suicided).toBe(0);
    b = r.board;
    r = b.play(pt('E1', size), W); // takes D1
    expect(r.captured).toBe(1);
    b = r.board;
    expect(names(b.liberties(b.chain(pt('E1', size))), size)).toEqual(['D1']);
    r = b.play(pt('D1', size), B); // snapback
    expect(r.captured).toBe(5);
    expect(r.board.white.isEmpty()).toBe(true);
  });
});

describe('position keys', () => {
  it('equal positions reached in different orders have equal hashes and compare equal', () => {
    const a = Board.empty(9).play(pt('C3', 9), B).board.play(pt('G7', 9), W).board;
    const b = Board.empty(9).play(pt('G7', 9), W).board.play(pt('C3', 9), B).board;
    expect(a.equals(b)).toBe(true);
    expect(a.hash).toBe(b.hash);
  });

  it('a capture restores the key of the board without the captured stones', () => {
    const before = board(`
      . X .
      X O .
      . X .`);
    const after = before.play(pt('C2', 3), B).board;
    const direct = board(`
      . X .
      X . X
      . X .`);
    expect(after.equals(direct)).toBe(true);
    expect(after.hash).toBe(direct.hash);
    expect(Board.empty(3).hash).toBe(board('...\n...\n...').hash);
  });

  it('different positions have different keys (colour and point matter)', () => {
    const empty = Board.empty(19);
    const keys = new Set<number>([empty.hash]);
    for (let p = 0; p < 361; p++) {
      keys.add(empty.withStone(p, B).hash);
      keys.add(empty.withStone(p, W).hash);
    }
    expect(keys.size).toBe(1 + 722);
    expect(empty.withStone(0, B).equals(empty.withStone(0, W))).toBe(false);
    expect(Board.empty(9).equals(Board.empty(13))).toBe(false);
  });

  it('keys are integers that fit in a double exactly', () => {
    const b = board(`
      X O X
      O X O
      X O X`);
    expect(Number.isSafeInteger(b.hash)).toBe(true);
    expect(b.hash).toBeGreaterThanOrEqual(0);
  });
});
