import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { shippedWeights } from '../../src/knowledge/model.js';
import { defaultOwnershipPath, OWNERSHIP_BUCKETS, ownershipBucket, parseOwnership, shippedOwnershipFactors } from '../../src/knowledge/ownership.js';
import { readRecords } from '../../src/knowledge/records.js';
import { fitOwnership, ownershipFit, ownershipSamples, type OwnershipSample } from '../../src/knowledge/train-ownership.js';
import { PlayoutBoard } from '../../src/game/playout-board.js';
import { FULL_PRIORS, Priors } from '../../src/search/priors.js';

// Ownership as move knowledge: the buckets, the fit, the shipped file and its use in the priors.

const fixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

describe('ownership buckets', () => {
  it('split the share of playouts the side to move owns a point into nine', () => {
    expect(ownershipBucket(0)).toBe(0);
    expect(ownershipBucket(0.124)).toBe(0);
    expect(ownershipBucket(0.125)).toBe(1);
    expect(ownershipBucket(0.5)).toBe(4);
    expect(ownershipBucket(0.99)).toBe(7);
    expect(ownershipBucket(1)).toBe(8);
  });
});

describe('fitting the ownership weights', () => {
  // eight candidates equally likely by the move weights, one per bucket 0..7; the played move is
  // in bucket 3 three times out of four, otherwise in bucket 5
  const samples: OwnershipSample[] = Array.from({ length: 40 }, (_, k) => ({
    probs: new Float64Array(8).fill(1 / 8),
    buckets: Int8Array.from([0, 1, 2, 3, 4, 5, 6, 7]),
    played: k % 4 === 0 ? 5 : 3,
  }));

  it('raises the likelihood of the played moves above the weights alone, favouring their buckets', () => {
    const w = fitOwnership(samples);
    expect(w.length).toBe(OWNERSHIP_BUCKETS);
    const before = ownershipFit(samples, new Float64Array(OWNERSHIP_BUCKETS));
    const after = ownershipFit(samples, w);
    expect(after.logLikelihood).toBeGreaterThan(before.logLikelihood + 0.3);
    expect(w[3]).toBeGreaterThan(w[5]);
    expect(w[5]).toBeGreaterThan(w[0]);
    expect(after.top1).toBe(75);
  });

  it('samples real positions the same way twice for a seed, and differently for another', () => {
    const weights = shippedWeights()!;
    const games = readRecords(fixture('tygem-2005-11-head6.txt'), 1);
    const o = { playouts: 4, stride: 40, seed: 3 };
    const a = ownershipSamples(weights, games, o);
    const b = ownershipSamples(weights, games, o);
    const c = ownershipSamples(weights, games, { ...o, seed: 4 });
    expect(a.length).toBeGreaterThan(2);
    expect(b.map((s) => Array.from(s.buckets))).toEqual(a.map((s) => Array.from(s.buckets)));
    expect(c.map((s) => Array.from(s.buckets))).not.toEqual(a.map((s) => Array.from(s.buckets)));
    for (const s of a) {
      expect(s.probs.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 6);
      expect(s.played).toBeGreaterThanOrEqual(0);
      expect(s.buckets.every((v) => v >= -1 && v < OWNERSHIP_BUCKETS)).toBe(true);
    }
  });
});

describe('the shipped ownership file', () => {
  it('loads, names its data, command and seed, and was measured on held-out 2016 games', () => {
    const o = parseOwnership(readFileSync(defaultOwnershipPath(), 'utf8'));
    expect(o.header.command).toMatch(/^tengen train-ownership /);
    expect(o.header.data).toMatch(/TYGEM/);
    expect(o.header.heldOut!.data).toMatch(/2016/);
    expect(o.header.heldOut!.logLikelihood).toBeGreaterThan(o.header.heldOut!.logLikelihoodWithout);
    // contested points are where moves are played, surely held ones are not
    expect(o.weights[4]).toBeGreaterThan(o.weights[0] + 0.5);
    expect(o.weights[4]).toBeGreaterThan(o.weights[8] + 0.5);
    expect(shippedOwnershipFactors()!.length).toBe(OWNERSHIP_BUCKETS);
  });

  it('refuses files that are not ownership weights', () => {
    const text = readFileSync(defaultOwnershipPath(), 'utf8');
    const broken = (edit: (f: { header: Record<string, unknown>; weights: unknown[] }) => void): string => {
      const copy = JSON.parse(text);
      edit(copy);
      return JSON.stringify(copy);
    };
    expect(() => parseOwnership('[')).toThrow(/not JSON/);
    expect(() => parseOwnership(broken((f) => (f.header.format = 'tengen-move-weights')))).toThrow(/not a tengen-ownership-weights file/);
    expect(() => parseOwnership(broken((f) => (f.header.version = 2)))).toThrow(/version 2/);
    expect(() => parseOwnership(broken((f) => delete f.header.seed))).toThrow(/seed/);
    expect(() => parseOwnership(broken((f) => f.weights.pop()))).toThrow(/9 finite weights/);
    expect(() => parseOwnership(broken((f) => (f.weights[2] = 'x')))).toThrow(/9 finite weights/);
  });
});

describe('ownership in the priors', () => {
  it('lowers the prior of a move in territory one side surely holds, raises a contested one', () => {
    const b = new PlayoutBoard(19);
    const points = 19 * 19;
    const own = new Float32Array(2 * points).fill(0.5);
    const settled = 3 * 19 + 15; // Q16 of the empty board: Black owns it in every playout
    const contested = 3 * 19 + 3; // D16
    own[settled] = 1;
    own[points + settled] = 0;
    const value = (priors: Priors, p: number, withOwn: boolean): number => {
      priors.prepare(b, withOwn ? own : null);
      priors.compute(b.idxOf[p]);
      return priors.w / priors.n;
    };
    const on = new Priors(19, { ...FULL_PRIORS, ownership: 1 });
    const off = new Priors(19, { ...FULL_PRIORS, ownership: 0 });
    expect(value(on, settled, true)).toBeLessThan(value(on, settled, false) - 0.02);
    expect(value(on, contested, true)).toBeGreaterThan(value(on, contested, false));
    expect(value(off, settled, true)).toBe(value(off, settled, false));
  });
});
