import { describe, expect, it } from 'vitest';
import { Candidates, canonical3, FeatureExtractor, FIXED, FIXED_NAMES, swapColors, THREE } from '../../src/knowledge/features.js';
import { PASS_IDX, PlayoutBoard } from '../../src/game/playout-board.js';
import { parse, pt } from '../game/diagram.js';

// Features on hand-made positions: what the learner and the priors see must be Go facts.

function position(diagram: string, toMove: number, last?: string, last2?: string): PlayoutBoard {
  const { size, colors } = parse(diagram);
  const b = new PlayoutBoard(size);
  b.setup(colors, toMove);
  if (last) b.lastMove = b.idxOf[pt(last, size)];
  if (last2) b.lastMove2 = b.idxOf[pt(last2, size)];
  return b;
}

/** The named fixed features of move v ('pass' for a pass); null when v is not a candidate. */
function features(b: PlayoutBoard, v: string): string[] | null {
  const x = new FeatureExtractor(b.size, null);
  const c = new Candidates(b.size * b.size);
  x.extract(b, c);
  const k = c.indexOf(v === 'pass' ? PASS_IDX : b.idxOf[pt(v, b.size)]);
  if (k < 0) return null;
  const out: string[] = [];
  for (let j = c.start[k]; j < c.start[k + 1]; j++) {
    const f = c.feats[j];
    if (f < FIXED) out.push(FIXED_NAMES[f]);
  }
  return out;
}

const LADDER = `
  . . . . . . . . .
  . . . . . . . . .
  . . . . . . . . .
  . . . . X . . . .
  . . X O . . . . .
  . . . X . . . . .
  . . . . . . . . .
  . . . . . . . . .
  . . . . . . . . .`;

describe('feature extraction', () => {
  it('lists every legal move and pass, and nothing illegal', () => {
    const b = position(
      `
      . X O . .
      X . X O .
      . X O . .
      . . . . .
      . . . . .`,
      2,
    );
    const x = new FeatureExtractor(5, null);
    const c = new Candidates(25);
    x.extract(b, c);
    // 18 empty points less A5 (suicide for white), plus pass; B4 is legal: it captures C4
    expect(c.count).toBe(18);
    expect(c.indexOf(b.idxOf[pt('A5', 5)])).toBe(-1);
    expect(c.indexOf(b.idxOf[pt('B4', 5)])).toBeGreaterThanOrEqual(0);
    expect(features(b, 'B4')).toContain('capture: 1 stone');
    expect(features(b, 'pass')).toEqual(['pass']);
    b.passes = 1;
    expect(features(b, 'pass')).toEqual(['pass after pass']);
  });

  it('tells a ladder atari from one the ladder breaker spoils', () => {
    // white D5, black C5 D4 E6: the atari at D6 chases white down to the lower right edge
    const b = position(LADDER, 1);
    expect(features(b, 'D6')).toContain('atari: ladder');
    // a white stone on the ladder's path
    const broken = position(
      `
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . X . . . .
      . . X O . . . . .
      . . . X . . . . .
      . . . . . . O . .
      . . . . . . . . .
      . . . . . . . . .`,
      1,
    );
    expect(features(broken, 'D6')).toContain('atari: other');
    expect(features(broken, 'D6')).not.toContain('atari: ladder');
  });

  it('sees an escape into a ladder and an escape to freedom', () => {
    // black has played the ladder atari at D6: white's extension at E5 runs into the ladder
    const caught = position(LADDER.replace('. . . . X . . . .', '. . . X X . . . .'), 2, 'D6');
    expect(features(caught, 'E5')).toContain('escape: into a ladder');
    expect(features(caught, 'E5')).toContain('escape: from an atari by the last move');
    const free = position(
      `
      . . . . .
      . . X . .
      . X O X .
      . . . . .
      . . . . .`,
      2,
      'D3',
    );
    expect(features(free, 'C2')).toContain('escape: 3+ liberties');
  });

  it('marks self-atari, by the size of the chain that would die', () => {
    const b = position(
      `
      . . . . .
      . . . . .
      . . . . .
      . O . . .
      . . O . .`,
      1,
    );
    expect(features(b, 'B1')).toContain('self-atari: 1 stone');
    expect(features(b, 'A2')).not.toContain('self-atari: 1 stone');
    const two = position(
      `
      . . . . .
      . . . . .
      . . . . .
      . O . . .
      . X O . .`,
      1,
    );
    expect(features(two, 'A1')).toContain('self-atari: 2+ stones');
  });

  it('marks captures of the last move, their size and ko', () => {
    const b = position(
      `
      . . . . .
      . . X . .
      . X O X .
      . . . . .
      . . . . .`,
      1,
      'C3',
    );
    const f = features(b, 'C2');
    expect(f).toContain('capture: 1 stone');
    expect(f).toContain('capture: the last move');
    const ko = position(
      `
      . . . . .
      . X O . .
      X O . O .
      . X O . .
      . . . . .`,
      1,
      'C4',
    );
    // black B3 is captured... the ko shape: white B3 in atari, black takes at C3
    expect(features(ko, 'C3')).toContain('capture: takes a ko');
  });

  it('gives the distance to the edge as the line, up to the 4th', () => {
    const b = position('.........\n'.repeat(9), 1);
    expect(features(b, 'A5')).toContain('line 1');
    expect(features(b, 'B5')).toContain('line 2');
    expect(features(b, 'C5')).toContain('line 3');
    expect(features(b, 'D5')).toContain('line 4');
    expect(features(b, 'E5')!.filter((n) => n.startsWith('line'))).toEqual([]);
  });

  it('measures distance to the last two moves in gridcular steps', () => {
    const b = position('.........\n'.repeat(4) + '....X....\n' + '.........\n'.repeat(2) + '..O......\n' + '.........\n', 1, 'E5', 'C2');
    expect(features(b, 'E6')).toContain('distance to the last move 2');
    expect(features(b, 'F6')).toContain('distance to the last move 3');
    expect(features(b, 'E7')).toContain('distance to the last move 4');
    expect(features(b, 'A9')).toContain('distance to the last move 12');
    expect(features(b, 'C3')).toContain('distance to the move before 2');
  });

  it('codes 3×3 shapes per symmetry class and per colour to play', () => {
    // the same corner shape in two corners, each for the colour whose stone it is
    const b = position('X........\n' + '.........\n'.repeat(8), 2);
    const w = position('........O\n' + '.........\n'.repeat(8), 1);
    const codeOf = (bb: PlayoutBoard, v: string): number => {
      const x = new FeatureExtractor(9, null);
      const c = new Candidates(81);
      x.extract(bb, c);
      const k = c.indexOf(bb.idxOf[pt(v, 9)]);
      return c.feats[c.start[k]] - THREE;
    };
    expect(codeOf(b, 'B9')).toBe(codeOf(w, 'H9'));
    expect(codeOf(b, 'B9')).not.toBe(codeOf(b, 'B8'));
    expect(swapColors(swapColors(0b1001_0110_1110_0100))).toBe(0b1001_0110_1110_0100);
    expect(canonical3(canonical3(12345))).toBe(canonical3(12345));
  });
});
