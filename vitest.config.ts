import { defineConfig } from 'vitest/config';

// Tests drive real processes (tengen, GNU Go); give them time and keep the two
// cores of the build machines from being oversubscribed.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    minWorkers: 1,
  },
});
