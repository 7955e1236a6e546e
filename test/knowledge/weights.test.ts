import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultWeightsPath, MovePredictor, shippedWeights } from '../../src/knowledge/model.js';
import { FIXED } from '../../src/knowledge/features.js';
import { parseWeights } from '../../src/knowledge/weights.js';
import { PlayoutBoard } from '../../src/game/playout-board.js';
import { boardPriors, FULL_PRIORS, levelSettings } from '../../src/search/params.js';
import { Priors } from '../../src/search/priors.js';

// The weight file that ships: it loads, says where it came from, and knows the opening.

const text = readFileSync(defaultWeightsPath(), 'utf8');

describe('the shipped weight file', () => {
  it('loads, and its header names the data, the command, the seed and the held-out accuracy', () => {
    const w = shippedWeights()!;
    expect(w).not.toBeNull();
    expect(w.header.data).toMatch(/TYGEM/);
    expect(w.header.command).toMatch(/^tengen train /);
    expect(Number.isInteger(w.header.seed)).toBe(true);
    expect(w.header.heldOut).not.toBeNull();
    expect(w.header.heldOut!.data).toMatch(/2016/);
    expect(w.header.heldOut!.positions).toBeGreaterThan(10000);
    expect(w.header.heldOut!.top1).toBeGreaterThan(30);
    expect(w.dict.size).toBeGreaterThan(1000);
    expect(text.length).toBeLessThanOrEqual(10 * 1024 * 1024);
  });

  it('refuses files that are not weights this build can use', () => {
    const file = JSON.parse(text);
    const broken = (edit: (f: typeof file) => void): string => {
      const copy = JSON.parse(text);
      edit(copy);
      return JSON.stringify(copy);
    };
    expect(() => parseWeights('{not json')).toThrow(/not JSON/);
    expect(() => parseWeights(broken((f) => (f.header.format = 'other')))).toThrow(/not a tengen-move-weights file/);
    expect(() => parseWeights(broken((f) => (f.header.version = 99)))).toThrow(/version 99/);
    expect(() => parseWeights(broken((f) => (f.header.fixed[3] = 'something else')))).toThrow(/fixed features/);
    expect(() => parseWeights(broken((f) => delete f.header.seed))).toThrow(/seed/);
    expect(() => parseWeights(broken((f) => f.fixed.pop()))).toThrow(/fixed weights/);
    expect(() => parseWeights(broken((f) => f.shapes.radius.pop()))).toThrow(/shape lists/);
    expect(file.fixed.length).toBe(FIXED);
  });

  it('ranks the 3-4, 4-4 and 3-3 points above every first- and second-line point on the empty 19×19 board', () => {
    const b = new PlayoutBoard(19);
    const p = new Float32Array(b.cells);
    new MovePredictor(shippedWeights()!, 19).rate(b, p);
    const priors = new Priors(19, FULL_PRIORS);
    priors.prepare(b);
    const value = (x: number, y: number): number => {
      priors.compute(b.idxOf[y * 19 + x]);
      return priors.w / priors.n;
    };
    const prob = (x: number, y: number): number => p[b.idxOf[y * 19 + x]];
    const low: [number, number][] = [];
    for (let y = 0; y < 19; y++) for (let x = 0; x < 19; x++) if (Math.min(x, y, 18 - x, 18 - y) <= 1) low.push([x, y]);
    for (const [x, y] of [
      [2, 3],
      [3, 2],
      [3, 3],
      [2, 2],
      [15, 16],
      [15, 15],
      [16, 16],
    ]) {
      for (const [lx, ly] of low) {
        expect(prob(x, y)).toBeGreaterThan(prob(lx, ly));
        expect(value(x, y)).toBeGreaterThan(value(lx, ly));
      }
    }
  });

  it('alone makes the prior: n = 14 + E·√p, w = 7 + E·√p, whatever is near the last move', () => {
    const b = new PlayoutBoard(9);
    for (const [x, y] of [
      [4, 4],
      [2, 2],
      [3, 4],
      [2, 6],
    ])
      b.play(b.idxOf[y * 9 + x]);
    const p = new Float32Array(b.cells);
    new MovePredictor(shippedWeights()!, 9).rate(b, p);
    const priors = new Priors(9, boardPriors(9, FULL_PRIORS));
    priors.prepare(b);
    let checked = 0;
    for (let q = 0; q < 81; q++) {
      const i = b.idxOf[q];
      if (b.color[i] !== 0) continue;
      priors.compute(i);
      const e = 210 * Math.sqrt(p[i]);
      expect(priors.n).toBeCloseTo(14 + e, 3);
      expect(priors.w).toBeCloseTo(7 + e, 3);
      expect(priors.rn).toBe(0);
      checked++;
    }
    expect(checked).toBe(77);
    // larger boards give the model more wins, and on 19×19 a third of them in the AMAF statistics
    expect(boardPriors(19, FULL_PRIORS)).toEqual({ ...FULL_PRIORS, learnedWins: 300, learnedAmaf: 100 });
    const mid = boardPriors(13, FULL_PRIORS);
    expect(mid.learnedWins).toBeGreaterThan(210);
    expect(mid.learnedWins).toBeLessThan(300);
    expect(mid.learnedAmaf).toBeGreaterThan(0);
    expect(mid.learnedAmaf).toBeLessThan(100);
  });

  it('is used at every level, less at the lowest', () => {
    const shares = Array.from({ length: 10 }, (_, k) => levelSettings(k + 1).priors.learned);
    for (let k = 0; k < 10; k++) {
      expect(shares[k]).toBeGreaterThan(0);
      if (k > 0) expect(shares[k]).toBeGreaterThanOrEqual(shares[k - 1]);
    }
    expect(shares[0]).toBeLessThan(shares[9]);
    // a 4-4 point gets more virtual wins at level 10 than at level 1
    const b = new PlayoutBoard(19);
    const at = (level: number): number => {
      const priors = new Priors(19, levelSettings(level).priors);
      priors.prepare(b);
      priors.compute(b.idxOf[3 * 19 + 3]);
      return priors.w;
    };
    expect(at(10)).toBeGreaterThan(at(1));
  });
});
