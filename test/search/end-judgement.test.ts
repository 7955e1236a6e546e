// The end-of-game judgement (end-judgement.ts) through a Searcher on the compiled dist/.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { at, closeSearchers, position, searcher, SETTLED, WITH_DEAD } from '../support/searcher.js';

// searches: generous limits for a loaded machine
vi.setConfig({ testTimeout: 120_000 });
afterAll(closeSearchers);

describe('Searcher: dead stones', () => {
  it('finds the dead stones of a settled 9x9 position', async () => {
    const r = await searcher().deadStones(position(WITH_DEAD));
    expect(r.dead).toEqual([at('H', 3), at('B', 7)].sort((a, b) => a - b));
    expect(r.seki).toEqual([]);
  });

  it('finds nothing dead when everything lives', async () => {
    const r = await searcher().deadStones(position(SETTLED, { lastMoves: [] }));
    expect(r.dead).toEqual([]);
  });

  it('finds a seki', async () => {
    // bottom: white A2-F2 F1 and black B1 C1 D1 share the liberties A1 and E1 and have no eyes:
    // whoever plays there first is captured, and the capturer lives (four points, or Black's
    // whole side). Black lives everywhere else with many eyes. (With one black stone, B1 between
    // A1 and C1, it is no seki: Black plays C1, White takes two stones, and Black kills the
    // two-point eye with a throw-in; the race reading proves that.)
    const rows = [
      'X.XX.XX.X',
      'XXXXXXXXX',
      'X.XX.XX.X',
      'XXXXXXXXX',
      'X.XX.XX.X',
      'XXXXXXXXX',
      'XXXXXX.XX',
      'OOOOOOXXX',
      '.XXX.OX.X',
    ];
    const r = await searcher().deadStones(position(rows, { lastMoves: [], toMove: 2 }));
    expect(r.dead).toEqual([]);
    const seki = ['B1', 'C1', 'D1', 'F1', 'A2', 'B2', 'C2', 'D2', 'E2', 'F2'].map((v) => at(v[0], Number(v.slice(1))));
    expect(r.seki).toEqual(seki);
  });
});
