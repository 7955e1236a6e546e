import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tempDirs } from '../support/temp-dir.js';

// `tengen gtp` loads only what the engine needs: not the queue's BullMQ and ioredis. A module hook lists the packages each process resolves; `tengen worker` is the
// control that shows the hook sees them. Nor does it need the search (the worker pool, the move
// knowledge, the network's runtime) or the SGF reader for its first commands: a hook that refuses
// to load those leaves every command but the ones that use them answered.

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

/** The search's modules and the SGF reader: refused by the hook below, wherever they are imported from. */
const SEARCH = /node_modules\/(piscina|onnxruntime-node|@sabaki\/sgf)\/|\/dist\/(search\/searcher|search\/worker|network\/network|knowledge\/model)\.js$/;

/** Runs tengen with the search's modules refused; returns its output. */
function withoutSearch(args: string[], input: string): { status: number | null; stdout: string } {
  const dir = tempDir();
  const hooks = join(dir, 'hooks.mjs');
  const register = join(dir, 'register.mjs');
  writeFileSync(
    hooks,
    `export async function resolve(s, c, next) { const r = await next(s, c); if (${SEARCH}.test(r.url)) throw new Error('refused ' + r.url); return r; }\n`,
  );
  writeFileSync(register, `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(register).href, MAIN, ...args], { cwd: dir, input, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout };
}

describe('subcommands load lazily', () => {
  it('tengen gtp answers the commands that set up a game without the search', () => {
    const commands = ['name', 'protocol_version', 'version', 'list_commands', 'komi 6.5', 'boardsize 9', 'clear_board', 'play b e5', 'showboard', 'quit'];
    const r = withoutSearch(['gtp', '--quiet'], commands.join('\n') + '\n');
    expect(r.status).toBe(0);
    const replies = r.stdout.split('\n\n').filter((x) => x !== '');
    expect(replies.length).toBe(commands.length);
    expect(replies.every((x) => x.startsWith('='))).toBe(true);
    expect(replies[0]).toBe('= tengen');
  });

  it('the search is loaded when a command needs it: a genmove without it fails', () => {
    const r = withoutSearch(['gtp', '--quiet', '--size', '9'], 'name\ngenmove b\nquit\n');
    // the hook's refusal is the internal error
    expect(r.stdout).toMatch(/^= tengen\n\n\? internal error: .*refused .*\n\n= \n\n$/s);
  });

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
    for (const name of ['gtp', 'regress', 'match', 'bench', 'eval', 'play', 'review', 'tournament', 'worker', 'train', 'accuracy', 'export-positions']) {
      expect(r.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    }
  });

  it('a mistyped subcommand is named as unknown; options alone still start gtp', () => {
    const r = spawnSync(process.execPath, [MAIN, 'gtpx'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^error: unknown command 'gtpx'/);
    const gtp = spawnSync(process.execPath, [MAIN, '--level', '0'], { input: 'name\nquit\n', encoding: 'utf8' });
    expect(gtp.stdout).toBe('= tengen\n\n= \n\n');
  });
});
