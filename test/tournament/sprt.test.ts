import { describe, expect, it } from 'vitest';
import { eloEstimate, llr, parseSprt, sprtBounds, sprtStatus } from '../../src/tournament/sprt.js';

// Vectors computed with fishtest's LLRcalc.py (official-stockfish/fishtest,
// server/fishtest/stats/LLRcalc.py) run unchanged on these counts.
const vectors: [number[], 'logistic' | 'normalized', number, number, number][] = [
  [[4063, 8620, 4307], 'logistic', 0, 3, 2.991289],
  [[10789, 19328, 33806, 19402, 10543], 'logistic', -3, 1, 2.131068],
  [[39, 2226, 31451, 2412, 40], 'logistic', 0.2, 0.9, 2.162543],
  [[39, 2226, 31451, 2412, 40], 'normalized', 0.764, 3.439, 2.162941],
  [[480, 0, 520], 'normalized', 0, 2, 0.213689],
  [[480, 0, 520], 'logistic', 0, 10, 0.737139],
  [[100, 0, 280, 0, 120], 'normalized', 0, 2, 0.228907],
  [[100, 0, 280, 0, 120], 'logistic', 0, 10, 0.838524],
  [[230, 0, 540, 0, 230], 'normalized', 0, 5, -0.207088],
];

describe('llr', () => {
  it.each(vectors)('%j %s [%d, %d] = %d', (counts, model, elo0, elo1, expected) => {
    expect(Math.abs(llr(counts, { elo0, elo1, model }) - expected)).toBeLessThan(1e-4);
  });

  it('is zero without games and antisymmetric in the hypotheses', () => {
    expect(llr([0, 0, 0], { elo0: 0, elo1: 10, model: 'logistic' })).toBe(0);
    const a = llr([3, 1, 7], { elo0: 0, elo1: 50, model: 'logistic' });
    const b = llr([3, 1, 7], { elo0: 50, elo1: 0, model: 'logistic' });
    expect(a).toBeCloseTo(-b, 9);
  });
});

describe('sprt bounds and decisions', () => {
  it('uses ±ln 19 for alpha = beta = 0.05', () => {
    const [lo, hi] = sprtBounds({ alpha: 0.05, beta: 0.05 });
    expect(lo).toBeCloseTo(-Math.log(19), 9);
    expect(hi).toBeCloseTo(Math.log(19), 9);
    expect(sprtBounds({ alpha: 0.1, beta: 0.01 })[1]).toBeCloseTo(Math.log(0.99 / 0.1), 9);
  });

  it('decides H1 on many wins, H0 on an even score, nothing early', () => {
    const p = parseSprt('elo0=0,elo1=200');
    expect(sprtStatus([0, 0, 0, 0, 12], p).decision).toBe('H1');
    expect(sprtStatus([0, 0, 40, 0, 0], p).decision).toBe('H0');
    expect(sprtStatus([0, 0, 1, 0, 1], p).decision).toBeNull();
  });

  it('parses fields and refuses bad ones', () => {
    expect(parseSprt('elo0=-5,elo1=10,alpha=0.1,model=normalized')).toEqual({ elo0: -5, elo1: 10, alpha: 0.1, beta: 0.05, model: 'normalized' });
    expect(() => parseSprt('elo0=0')).toThrow(/elo1/);
    expect(() => parseSprt('elo0=10,elo1=0')).toThrow(/elo1 > elo0/);
    expect(() => parseSprt('elo0=0,elo1=5,gamma=1')).toThrow(/unknown field gamma/);
    expect(() => parseSprt('elo0=0,elo1=x')).toThrow(/not a number/);
  });
});

describe('eloEstimate', () => {
  it('matches cutechess-cli on 520-480-0', () => {
    // cutechess prints "13.9 +/- 21.5" for this score (reference, [computed]).
    const e = eloEstimate([480, 0, 520])!;
    expect(e.elo).toBeCloseTo(13.9, 1);
    expect((e.high - e.low) / 2).toBeCloseTo(21.5, 0);
  });
  it('is infinite after only wins, null without games', () => {
    expect(eloEstimate([0, 0, 3])!.elo).toBe(Infinity);
    expect(eloEstimate([0, 0, 0])).toBeNull();
  });
});
