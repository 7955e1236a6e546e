import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDirs } from '../support/temp-dir.js';

// `tengen eval` and `tengen bench --compare`, run for real on tiny settings.

const tempDir = tempDirs('tengen-eval-');
const MAIN = join(process.cwd(), 'dist', 'cli', 'main.js');
const DIST = join(process.cwd(), 'dist');

function tengen(args: string[], cwd: string) {
  return spawnSync(process.execPath, [MAIN, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
}

describe('tengen eval', () => {
  it("counts the positions where the engine's genmove is the recorded last move", () => {
    const dir = tempDir();
    const set = join(dir, 'set');
    mkdirSync(join(set, 'unfinished'), { recursive: true });
    // last moves: W C7 (cc) and W G3 (gg); the engine below always answers C7
    writeFileSync(join(set, 'unfinished', 'a.sgf'), '(;GM[1]FF[4]SZ[9];B[ee];W[cc])');
    writeFileSync(join(set, 'unfinished', 'b.sgf'), '(;GM[1]FF[4]SZ[9];B[ee];W[gg])');
    writeFileSync(join(set, 'unfinished.tsv'), 'a.sgf\tW\nb.sgf\tW\n');
    const engine = join(dir, 'c7.mjs');
    writeFileSync(
      engine,
      `import { createInterface } from 'node:readline';\n` +
        `const log = [];\n` +
        `createInterface({ input: process.stdin }).on('line', (line) => {\n` +
        `  log.push(line);\n` +
        `  process.stdout.write(line.startsWith('genmove') ? '= C7\\n\\n' : '= \\n\\n');\n` +
        `  if (line === 'quit') process.exit(0);\n` +
        `});\n`,
    );
    const r = tengen(['eval', '--set', set, '--engine', `${process.execPath} ${engine}`], dir);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/: positions 2, same move 1 \(50\.0%\), [\d.]+ s a position\n$/);
    const limited = tengen(['eval', '--set', set, '--engine', `${process.execPath} ${engine}`, '--limit', '1'], dir);
    expect(limited.stdout).toMatch(/: positions 1, same move 1 \(100\.0%\)/);
  });

  it('fails with one line and status 2 when the set is missing', () => {
    const dir = tempDir();
    const r = tengen(['eval', '--set', join(dir, 'none')], dir);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^eval: .*unfinished\.tsv/);
  });
});

describe('tengen bench --compare', () => {
  it("reports this build's and each other build's ns per playout move: best ≤ first quartile ≤ median", () => {
    const r = tengen(['bench', '--compare', DIST, '--size', '5', '--rounds', '4', '--round-ms', '10'], tempDir());
    expect(r.status).toBe(0);
    const rows = [...r.stdout.matchAll(/^ {2}(.+): ns\/move best (\d+), first quartile (\d+), median (\d+)$/gm)];
    expect(rows.map((m) => m[1])).toEqual([DIST, DIST]);
    for (const [, , best, quartile, median] of rows) {
      expect(Number(best)).toBeGreaterThan(0);
      expect(Number(best)).toBeLessThanOrEqual(Number(quartile));
      expect(Number(quartile)).toBeLessThanOrEqual(Number(median));
    }
  });

  it('refuses a directory that holds no build', () => {
    const dir = tempDir();
    const r = tengen(['bench', '--compare', dir, '--rounds', '1', '--round-ms', '1'], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^bench: .*not a built dist directory/);
  });
});
