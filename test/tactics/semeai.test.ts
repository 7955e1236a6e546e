// Capturing races read out at the end of the game (src/tactics/semeai.ts), on small hand-made
// positions.
import { describe, expect, it } from 'vitest';
import { BLACK, PlayoutBoard } from '../../src/game/playout-board.js';
import { afterCaptures, chainAt, RaceReader } from '../../src/tactics/semeai.js';
import { boardFromRows as board } from '../support/position.js';

const at = (size: number, vertex: string): number => (Number(vertex.slice(1)) - 1) * size + 'ABCDEFGHJ'.indexOf(vertex[0]);

/** Whether the race reading proves the chain through point p of a 0/1/2 board lost. */
function lostChain(rows: Int8Array, size: number, p: number): boolean {
  const b = new PlayoutBoard(size);
  b.setup(rows, BLACK);
  return new RaceReader(size).lostChain(b, b.idxOf[p]);
}

/** The chains of a 0/1/2 board the race reading proves lost (RaceReader.lostInRaces). */
function lostInRaces(rows: Int8Array, size: number, dead: number[], unsettled: number[] = []): number[][] {
  return new RaceReader(size).lostInRaces(rows, dead, unsettled);
}

describe('lostChain', () => {
  // White's chain D6-G5 has one liberty, D5. Moving first, White takes F6 G6 with G7 and has
  // three liberties, but Black fills D5, throws in at F6, and takes everything back at F6 after
  // White captures the throw-in: the chain is lost even when White plays first.
  const throwIn = ['..XXXO.', '..XOOXX', '..X.OOO', '...XXXX', '.......', '.......', '.......'];

  it('proves a chain lost that its owner cannot save by playing first (capture, throw-in, recapture)', () => {
    expect(lostChain(board(throwIn), 7, at(7, 'D6'))).toBe(true);
  });

  it('proves nothing about a chain with two eyes', () => {
    // Black's chain has only its two eyes A7 and A5 for liberties; White may play in neither
    const rows = ['.XO....', 'XXO....', '.XO....', 'XXO....', 'OOO....', '.......', '.......'];
    expect(lostChain(board(rows), 7, at(7, 'B6'))).toBe(false);
  });

  it('proves nothing when the first to play wins the race', () => {
    // Black's inside chain (liberties A6 A7) against White's chain (D7 D6): two each
    const rows = ['.XO....', '.XO....', 'XXOX...', 'OOOX...', 'XXXX...', '.......', '.......'];
    const b = board(rows);
    b[at(7, 'D7')] = 0;
    b[at(7, 'D6')] = 0;
    b[at(7, 'D5')] = 1;
    expect(lostChain(b, 7, at(7, 'B6'))).toBe(false);
    expect(lostChain(b, 7, at(7, 'C6'))).toBe(false);
  });
});

describe('lostInRaces', () => {
  it('leaves out the chains the playouts already judge dead', () => {
    const b = board(['..XXXO.', '..XOOXX', '..X.OOO', '...XXXX', '.......', '.......', '.......']);
    const white = chainAt(b, 7, at(7, 'D6')).stones;
    expect(lostInRaces(b, 7, []).flat()).toEqual(expect.arrayContaining(white));
    expect(lostInRaces(b, 7, white).flat()).not.toContain(at(7, 'D6'));
  });

  it('reads a dead chain again when a chain it races is unsettled (Tygem 793503732)', () => {
    // the playouts mostly kill White's chain but leave Black's chain beside it in doubt: the
    // reading proves White's lost, so that the board can be judged with it taken
    const b = board(['..XXXO.', '..XOOXX', '..X.OOO', '...XXXX', '.......', '.......', '.......']);
    const white = chainAt(b, 7, at(7, 'D6')).stones;
    const black = chainAt(b, 7, at(7, 'F6')).stones;
    expect(lostInRaces(b, 7, white, black).flat()).toEqual(expect.arrayContaining(white));
    // an unsettled chain of White's own colour does not count
    const otherWhite = chainAt(b, 7, at(7, 'F7')).stones;
    expect(lostInRaces(b, 7, white, otherWhite).flat()).not.toContain(at(7, 'D6'));
  });
});

describe('afterCaptures', () => {
  it("puts the capturer's stones on the liberties and empties the chain's points", () => {
    const b = board(['..XXXO.', '..XOOXX', '..X.OOO', '...XXXX', '.......', '.......', '.......']);
    const white = chainAt(b, 7, at(7, 'D6')).stones;
    const { board: after, filled } = afterCaptures(b, 7, [white]);
    expect(filled).toEqual([white]);
    expect(after[at(7, 'D5')]).toBe(1);
    for (const p of white) expect(after[p]).toBe(0);
    expect(after[at(7, 'F7')]).toBe(2);
  });

  it('leaves a chain whose capture would leave another chain without liberties', () => {
    // White's A6 and B7 share their one liberty A7: taking A6 by filling A7 would leave B7
    // on the board without a liberty
    const b = board(['.OX....', 'OX.....', 'X......', '.......', '.......', '.......', '.......']);
    const chain = chainAt(b, 7, at(7, 'A6')).stones;
    const { board: after, filled } = afterCaptures(b, 7, [chain]);
    expect(filled).toEqual([]);
    expect(after).toEqual(b);
  });
});
