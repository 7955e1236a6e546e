import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tempDirs } from '../support/temp-dir.js';

// `tengen gtp` loads only what the engine needs: not the queue's BullMQ and ioredis. A module hook lists the packages each process resolves; `tengen worker` is the
// control that shows the hook sees them.

const tempDir = tempDirs('tengen-lazy-');
const MAIN = join(process.cwd(), 'dist', 'cli', 'main.js');
const HEAVY = /node_modules\/(bullmq|ioredis)\//;

function packagesLoaded(args: string[]): { status: number | null; stdout: string; loaded: string[] } {
  const dir = tempDir();
  const hooks = join(dir, 'hooks.mjs');
  const register = join(dir, 'register.mjs');
  writeFileSync(hooks, `export async function resolve(s, c, next) { const r = await next(s, c); if (${HEAVY}.test(r.url)) process.stderr.write('LOADED ' + r.url + '\\n'); return r; }\n`);
  writeFileSync(register, `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(register).href, MAIN, ...args], { cwd: dir, input: 'name\nquit\n', encoding: 'utf8' });
  const loaded = r.stderr.split('\n').filter((l) => l.startsWith('LOADED ')).map((l) => /node_modules\/([^/]+)\//.exec(l)![1]);
  return { status: r.status, stdout: r.stdout, loaded: [...new Set(loaded)].sort() };
}

describe('subcommands load lazily', () => {
  it('tengen gtp (and tengen alone) answers without loading the queue', () => {
    for (const args of [['gtp', '--quiet'], ['--quiet']]) {
      const r = packagesLoaded(args);
      expect(r.status).toBe(0);
      expect(r.stdout).toBe('= tengen\n\n= \n\n');
      expect(r.loaded).toEqual([]);
    }
  });

  it('tengen worker loads BullMQ and ioredis: the hook sees what a subcommand loads', () => {
    const r = packagesLoaded(['worker', '--help']);
    expect(r.status).toBe(0);
    expect(r.loaded).toEqual(['bullmq', 'ioredis']);
  });

  it('the help still lists every subcommand', () => {
    const r = spawnSync(process.execPath, [MAIN, '--help'], { encoding: 'utf8' });
    for (const name of ['gtp', 'regress', 'match', 'bench', 'play', 'review', 'tournament', 'worker', 'train', 'accuracy', 'export-positions']) {
      expect(r.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    }
  });
});
