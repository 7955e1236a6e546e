import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

// `npm run test:unit`: the tests that start no process (tengen, GNU Go, Pachi, Redis, worker
// threads) and run no long searches, for a check in well under 30 s. `npm test` runs them all.
const NOT_UNIT = [
  // start tengen, GNU Go, Pachi or Redis
  'test/cli/**',
  'test/gtp/{client,crosscheck,extensions,fixtures,fuzz,log,quit}.test.ts',
  'test/interop/**',
  'test/tournament/{match,openings,queue,sprt-play,tournament}.test.ts',
  'test/search/params.test.ts',
  // search with the worker pool, or the network on onnxruntime
  'test/search/{searcher,shared-tree,pass-resign,end-judgement}.test.ts',
  'test/engine/value-check.test.ts',
  'test/network/evaluator.test.ts',
  // long searches and random-game cross-checks (10–30 s each)
  'test/search/mcts.test.ts',
  'test/network/planes.test.ts',
  'test/game/playout-board.test.ts',
];

export default mergeConfig(base, defineConfig({ test: { exclude: [...configDefaults.exclude, ...NOT_UNIT] } }));
