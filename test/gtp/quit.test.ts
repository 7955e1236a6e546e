// A controller may quit (or close stdin) the moment it has started the engine, before the
// search workers are up: the process must still end cleanly, with status 0 and nothing on
// stderr (an unhandled rejection from the starting workers once ended it with status 1).

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

describe('leaving at once', () => {
  for (const [what, input] of [
    ['quit', 'quit\n'],
    ['end of input', 'protocol_version\n'],
  ] as const) {
    it(`${what} right after start ends with status 0 and a silent stderr`, () => {
      const run = spawnSync(process.execPath, [MAIN, 'gtp', '--threads', '2'], { input, encoding: 'utf8', timeout: 60_000 });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout.startsWith('= ')).toBe(true);
    });
  }
});
