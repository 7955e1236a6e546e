import { describe, expect, it } from 'vitest';
import { BLACK, PlayoutBoard } from '../../src/game/playout-board.js';
import { DOUBT, PLAY, REFUSE, SelfAtariJudge } from '../../src/tactics/selfatari.js';
import { parse, pt } from '../game/diagram.js';

// Which self-ataris the playouts never play: three or more stones put in atari, unless the
// stones fill the opponent's eye space so that the space left after their capture is dead.

function board(diagram: string): PlayoutBoard {
  const { size, colors } = parse(diagram);
  const b = new PlayoutBoard(size);
  b.setup(colors, BLACK);
  return b;
}

/** The verdict for Black at vertex (after checking that the move is a legal self-atari). */
function verdict(b: PlayoutBoard, vertex: string, throwIns = true): number {
  const i = b.idxOf[pt(vertex, b.size)];
  expect(b.isLegal(i, BLACK)).toBe(true);
  expect(b.libsAfter(i, BLACK, 2)).toBe(1);
  expect(b.captures(i, BLACK)).toBe(false);
  return new SelfAtariJudge(true, throwIns).judge(b, i, BLACK);
}

/** White's eye space on row 2 (given from B on), walled in by White on rows 1 and 3. */
function edgeSpace(row2: string): PlayoutBoard {
  const wall = 'O '.repeat(row2.split(' ').length + 2).trim();
  const pad = (s: string) => (s + ' .'.repeat(9)).split(' ').slice(0, 9).join(' ');
  return board(`
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    ${pad(wall)}
    ${pad(`O ${row2} O`)}
    ${pad(wall)}`);
}

describe('self-atari judgement', () => {
  it('lets three stones fill a straight four-point eye space (what is left is dead)', () => {
    // B2 C2 black in White's space B2–E2; D2 leaves E2, and three stones that White captures
    // leave a straight three
    expect(verdict(edgeSpace('X X . .'), 'D2')).toBe(PLAY);
  });

  it('refuses four stones in a straight line of a five-point space (a living four is left)', () => {
    expect(verdict(edgeSpace('X X X . .'), 'E2')).toBe(REFUSE);
  });

  it('refuses stones that are not inside an eye space (their last liberty opens out)', () => {
    // a five-point space with two black stones: D2 leaves E2, whose neighbour F2 is empty
    expect(verdict(edgeSpace('X X . . .'), 'D2')).toBe(REFUSE);
  });

  it('refuses stones that could capture instead', () => {
    // Black B2 C2 touch White A2 (in atari at A1): D2 would be a nakade, but capturing is better
    const b = board(`
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      X O O O O O . . .
      O X X . . O . . .
      . O O O O O . . .`);
    expect(verdict(b, 'D2')).toBe(REFUSE);
  });

  it('refuses a chain running into atari in the open, and doubts two stones', () => {
    const b = board(`
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . O O . . . .
      . . O X X O . . .
      . . . . . O . . .
      . . . . O . . . .
      . . . . . . . . .
      . . . . . . . . .`);
    // E4 joins D5 E5 and leaves them D4 alone; they could have run out by D4 instead
    expect(verdict(b, 'E4')).toBe(REFUSE);
    // two stones in atari that could have run (D4's other liberty E4 is open): left to chance
    const c = board(`
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . O . . . . .
      . . O X . . . . .
      . . O . O . . . .
      . . . O . . . . .
      . . . . . . . . .`);
    expect(verdict(c, 'D3')).toBe(DOUBT);
  });

  it('plays a snapback, and a second stone beside a throw-in already in atari', () => {
    // White A2 B2 C2 C1 has A1 and B1; B1 is taken at A1 and recaptured at B1
    const b = board(`
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      X X X X . . . . .
      O O O X . . . . .
      . . O X . . . . .`);
    expect(verdict(b, 'B1')).toBe(PLAY);
    expect(verdict(b, 'B1', false)).toBe(DOUBT);
    // Black's lone stone A1 inside White's space A1–C1 is in atari; B1 beside it leaves White
    // C1 alone (and a two-point eye once White captures)
    const c = board(`
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      X X X X X . . . .
      O O O O X . . . .
      X . . O X . . . .`);
    expect(verdict(c, 'B1')).toBe(PLAY);
    // C1 alone beside it leaves A1 to be captured first: doubted
    expect(verdict(c, 'C1')).toBe(DOUBT);
  });

  it('plays a throw-in that makes an eye false unless its liberty is a way out', () => {
    // C1 is White's eye, false with Black D2: the stone's liberty B1 is shut in by White and the edge
    const shut = board(`
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . X . . . . .
      O O O X . . . . .
      O . . O . . . . .`);
    expect(verdict(shut, 'C1')).toBe(PLAY);
    // with B2 empty, B1 opens upwards
    const open = board(`
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . X . . . . .
      O . O X . . . . .
      O . . O . . . . .`);
    expect(verdict(open, 'C1')).toBe(DOUBT);
  });

  it('calls filling the end of a three-point eye space clumsy, but not beside a one-point eye', () => {
    const judge = new SelfAtariJudge(true, true); // threeLibSuicide reads neither option
    const at = (b: PlayoutBoard, v: string) => {
      const i = b.idxOf[pt(v, b.size)];
      expect(b.libsAfter(i, BLACK, 3)).toBe(2);
      return judge.threeLibSuicide(b, i, BLACK);
    };
    // C4 leaves D4 E4: White plays D4 and the ring is dead
    const ring = board(`
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      O O O O O O O . .
      O X X X X X O . .
      O X . . . X O . .
      O X X X X X O . .
      O O O O O O O . .
      . . . . . . . . .`);
    expect(at(ring, 'C4')).toBe(true);
    // the same fill with F4 a one-point eye of the chain: D4 is no threat
    const eye = board(`
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      O O O O O O O O .
      O X X X X X X O .
      O X . . X . X O .
      O X X X X X X O .
      O O O O O O O O .
      . . . . . . . . .`);
    expect(at(eye, 'C4')).toBe(false);
  });
});
