import { afterAll, describe, expect, it } from 'vitest';
import { checkValue } from '../../src/engine/value-check.js';
import { readRecords, type Record } from '../../src/knowledge/records.js';
import { defaultNetworkPath, Network } from '../../src/network/network.js';
import { Searcher } from '../../src/search/searcher.js';

// tengen accuracy --value: the shipped network's value head and the playout search, asked who
// wins the recorded games from move `from` on.

const searcher = new Searcher({ threads: 1, level: 10, resignThreshold: 0, maxTreeMb: 64, network: null, seed: 1 });
const network = Network.load(defaultNetworkPath(), 1);
afterAll(async () => {
  await searcher.close();
  await (await network).close();
});

function withResult(records: Record[], result: string | undefined): Record[] {
  return records.map((r) => ({ ...r, result }));
}

describe('checkValue', () => {
  const games = readRecords('test/knowledge/fixtures/tygem-2005-11-head6.txt').slice(0, 3);
  const options = { komi: 6.5, from: 100, every: 60, playouts: 40 };

  it('asks both at every k-th position from move `from` on; swapping the winner swaps the network\'s right and wrong', async () => {
    const expected = games.reduce((n, r) => n + (r.moves.length > 100 ? Math.ceil((r.moves.length - 100) / 60) : 0), 0);
    const black = await checkValue(withResult(games, 'B+R'), await network, searcher, options);
    const white = await checkValue(withResult(games, 'W+3.5'), await network, searcher, options);
    expect(black.games).toBe(games.filter((r) => r.moves.length > 100).length);
    expect(black.network.positions).toBe(expected);
    expect(black.search.positions).toBe(expected);
    expect(expected).toBeGreaterThan(3);
    // the value head is evaluated in one orientation: the same win rates, read for the other winner
    expect(white.network.right).toBe(expected - black.network.right);
    expect(white.network.squares + black.network.squares).toBeGreaterThan(expected * 0.5 - 1e-9);
  });

  it('leaves out games without a known winner (no result, on time)', async () => {
    const none = await checkValue([...withResult(games, undefined), ...withResult(games, 'B+T')], await network, searcher, options);
    expect(none).toEqual({ games: 0, network: { positions: 0, right: 0, squares: 0 }, search: { positions: 0, right: 0, squares: 0 } });
  });
});
