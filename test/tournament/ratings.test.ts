import { describe, expect, it } from 'vitest';
import { differenceError, fitRatings, type RatedGame } from '../../src/tournament/ratings.js';
import { logisticScore } from '../../src/tournament/sprt.js';
import { Random } from '../support/random.js';

/** `wins` games won by a against b out of `games`. */
function results(a: number, b: number, wins: number, games: number): RatedGame[] {
  return Array.from({ length: games }, (_, k) => ({ a, b, score: k < wins ? 1 : 0 }));
}

describe('fitRatings', () => {
  // Reference values ([computed] in tournament-anchors.md §3): A–B 60–40, A–C 70–30, B–C 55–45.
  const games = [...results(0, 1, 60, 100), ...results(0, 2, 70, 100), ...results(1, 2, 55, 100)];

  it('finds the maximum-likelihood ratings of a hand-checked pool', () => {
    const r = fitRatings(3, games, { prior: 0 });
    expect(r.map((x) => x.elo)).toEqual([expect.closeTo(72.02, 1), expect.closeTo(-12.01, 1), expect.closeTo(-60.01, 1)]);
    // Every player's expected score equals the actual one at the optimum.
    const expected = (i: number) =>
      games.filter((g) => g.a === i || g.b === i).reduce((s, g) => {
        const [me, them] = g.a === i ? [g.a, g.b] : [g.b, g.a];
        return s + logisticScore(r[me].elo - r[them].elo);
      }, 0);
    expect(expected(0)).toBeCloseTo(130, 6);
    expect(expected(2)).toBeCloseTo(75, 6);
  });

  it('gives the reference errors with C as anchor', () => {
    const r = fitRatings(3, games, { prior: 0, anchor: 2 });
    expect(r[0].elo).toBeCloseTo(132.03, 1);
    expect(r[0].error).toBeCloseTo(58.6, 0);
    expect(r[1].error / 1.96).toBeCloseTo(29.02, 1);
    expect(r[2].error).toBe(0);
    expect(differenceError(3, games, 0, 1, 0)).toBeCloseTo(29.32, 1);
  });

  it('recovers known Elo differences from synthetic games', () => {
    const truth = [150, 50, 0, -200];
    const rng = new Random(12);
    const random = () => rng.next();
    const synthetic: RatedGame[] = [];
    for (let a = 0; a < 4; a++) {
      for (let b = a + 1; b < 4; b++) {
        for (let k = 0; k < 400; k++) {
          const x = random();
          const p = logisticScore(truth[a] - truth[b]);
          // 10% draws; wins as often as keeps the expected score at the model's p.
          synthetic.push({ a, b, score: x < 0.1 ? 0.5 : random() < (p - 0.05) / 0.9 ? 1 : 0 });
        }
      }
    }
    const r = fitRatings(4, synthetic);
    const mean = truth.reduce((s, x) => s + x, 0) / 4;
    r.forEach((rating, i) => {
      expect(Math.abs(rating.elo - (truth[i] - mean))).toBeLessThan(rating.error);
      expect(rating.error).toBeGreaterThan(10);
      expect(rating.error).toBeLessThan(60);
    });
  });

  it('stays finite for a player who won everything, thanks to the prior', () => {
    const r = fitRatings(2, results(0, 1, 5, 5));
    expect(Number.isFinite(r[0].elo)).toBe(true);
    expect(r[0].elo).toBeGreaterThan(200);
    expect(r[0].elo).toBeCloseTo(-r[1].elo, 9);
  });

  it('refuses a pool whose games do not connect everyone', () => {
    expect(() => fitRatings(4, [...results(0, 1, 3, 5), ...results(2, 3, 3, 5)])).toThrow(/connect/);
  });
});
