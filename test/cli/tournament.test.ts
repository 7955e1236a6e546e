// Bad input on the command line: a clear message, a non-zero exit, and no
// results file touched.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../tournament/redis-server.js';

const MAIN = new URL('../../dist/cli/main.js', import.meta.url).pathname;
const tengen = (...args: string[]) => spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8', timeout: 60_000 });
const dir = mkdtempSync(join(tmpdir(), 'tengen-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GNUGO = '/usr/games/gnugo --mode gtp --level 0';
const good = join(dir, 'good.json');
writeFileSync(good, JSON.stringify({ engines: [{ name: 'a', command: GNUGO }, { name: 'b', command: GNUGO }], size: 5 }));
const recorded = join(dir, 'results.jsonl');
const OLD =
  JSON.stringify({
    number: 1, pair: 0, black: 'a', white: 'b', blackName: 'GNU Go 3.8', whiteName: 'GNU Go 3.8', result: 'B+R', winner: 'black', end: 'resign',
    moves: 9, seconds: 1.5, time: { black: { moves: 5, seconds: 0.5 }, white: { moves: 4, seconds: 0.7 } }, size: 5, komi: 0.5,
  }) + '\n';

describe('tengen tournament, match and worker on bad input', () => {
  it('a malformed tournament file', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"engines": [ {"name": "a"');
    const run = tengen('tournament', bad);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^tournament: .*bad\.json: .*JSON/);
  });

  it('an unreachable Redis: the error never shows the password, no results file is started', async () => {
    const fresh = join(dir, 'fresh.jsonl');
    const url = `redis://:hunter2@127.0.0.1:${await freePort()}/0`;
    for (const run of [
      tengen('tournament', good, '--queue', url, '--results', fresh),
      tengen('match', '--engines', good, '--engine', 'a', '--opponent', 'b', '--queue', url, '--results', fresh),
      tengen('worker', '--engines', good, '--queue', url),
    ]) {
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+\/0: .*ECONNREFUSED/);
      expect(run.stdout + run.stderr).not.toContain('hunter2');
    }
    expect(existsSync(fresh)).toBe(false);
  });

  it('an engine command that does not exist', () => {
    const missing = join(dir, 'missing.json');
    writeFileSync(missing, JSON.stringify({ engines: [{ name: 'a', command: GNUGO }, { name: 'ghost', command: '/no/such/engine --gtp' }], size: 5 }));
    const other = join(dir, 'other.jsonl');
    const run = tengen('tournament', missing, '--results', other);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/engine ghost: cannot start engine "\/no\/such\/engine --gtp"/);
    expect(existsSync(other)).toBe(false);
    const match = tengen('match', '--engine', GNUGO, '--opponent', '/no/such/engine', '--size', '5');
    expect(match.status).toBe(2);
    expect(match.stderr).toMatch(/^match: engine opponent: cannot start engine "\/no\/such\/engine"/);
  });

  it('a results file that already holds games is never overwritten', () => {
    writeFileSync(recorded, OLD);
    const run = tengen('tournament', good, '--results', recorded);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/already holds games/);
    expect(readFileSync(recorded, 'utf8')).toBe(OLD);
    // …and --report reads it.
    const report = tengen('tournament', '--report', recorded);
    expect(report.status).toBe(0);
    expect(report.stdout).toMatch(/a - b: 1-0-0/);
  });
});
