import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseExpectation, regressCommand, regressExitCode, runRegress } from '../../src/cli/regress.js';

const GNUGO = '/usr/games/gnugo --mode gtp';
const fixture = (name: string) => new URL(`./fixtures/regress/${name}`, import.meta.url).pathname;

async function run(files: string[], engine = GNUGO) {
  const lines: string[] = [];
  const summary = await runRegress(engine, files, (line) => lines.push(line));
  return { summary, lines };
}

describe('parseExpectation', () => {
  it('anchors alternatives as a whole', () => {
    const e = parseExpectation(' [B14|D17]');
    expect(e.regex.test('B14')).toBe(true);
    expect(e.regex.test('D17')).toBe(true);
    expect(e.regex.test('B14 D17')).toBe(false);
    expect(e.regex.test('xD17')).toBe(false);
  });

  it('reads negation and the * and & marks', () => {
    expect(parseExpectation('[!P13]')).toMatchObject({ pattern: '!P13', negate: true, expectedFailure: false });
    expect(parseExpectation('[M16]*')).toMatchObject({ pattern: 'M16', expectedFailure: true, ignore: false });
    expect(parseExpectation('[M16]&')).toMatchObject({ ignore: true, expectedFailure: false });
    expect(() => parseExpectation('M16')).toThrow(/brackets/);
  });
});

describe('runRegress against GNU Go', () => {
  it('passes a file whose tests all meet their expectations', async () => {
    const { summary, lines } = await run([fixture('pass.tst')]);
    expect(summary.errors).toEqual([]);
    expect(summary).toMatchObject({
      passed: 7, // 1 2 3 4 7 8 9
      failed: 1, // 5, marked *
      unexpectedFailures: 0,
      expectedFailures: 1,
      unexpectedPasses: 0,
      ignored: 1, // 6
      setupErrors: 0,
    });
    expect(regressExitCode(summary)).toBe(0);
    expect(lines.some((l) => /pass\.tst:5 failed: is_legal white E5 -> expected \[1\]\*, got '0'/.test(l))).toBe(true);
    expect(lines.at(-1)).toBe('7 passed, 0 failed');
  });

  it('reports unexpected failures and passes', async () => {
    const { summary, lines } = await run([fixture('fail.tst')]);
    expect(summary).toMatchObject({ passed: 1, failed: 4, unexpectedFailures: 3, expectedFailures: 1, unexpectedPasses: 1 });
    expect(regressExitCode(summary)).toBe(1);
    expect(lines).toContain(`${fixture('fail.tst')}:1 FAILED: name -> expected [Leela Zero], got 'GNU Go'`);
    expect(lines).toContain(`${fixture('fail.tst')}:2 FAILED: play black Z99 -> expected [.*], got '? invalid color or coordinate'`);
    expect(lines).toContain(`${fixture('fail.tst')}:5 FAILED: name -> expected [GNU], got 'GNU Go'`);
    expect(lines.some((l) => l.startsWith(`${fixture('fail.tst')}:3 PASSED`))).toBe(true);
    expect(summary.setupErrors).toBe(1);
    expect(lines.some((l) => l.startsWith(`${fixture('fail.tst')} line 25: error: loadsgf games/missing.sgf -> '? `))).toBe(true);
    expect(lines).toContain(`${fixture('fail.tst')}: 0 passed, 1 PASSED, 1 failed, 3 FAILED, 1 setup errors`);
    expect(lines.at(-1)).toBe('1 passed, 3 failed');
  });

  it('adds up several files, each in its own engine', async () => {
    const { summary } = await run([fixture('pass.tst'), fixture('fail.tst')]);
    expect(summary.files.map((f) => f.unexpectedFailures)).toEqual([0, 3]);
    expect(summary.passed).toBe(8);
    expect(summary.unexpectedFailures).toBe(3);
  });

  it('reports an error when the engine will not start or a file is missing', async () => {
    const noEngine = await run([fixture('pass.tst')], '/nonexistent/engine');
    expect(noEngine.summary.errors[0]).toMatch(/cannot start engine/);
    // a relative program path is taken from the file's folder, and the error says so
    const relative = await run([fixture('pass.tst')], `"${process.execPath}" dist/cli/main.js gtp`);
    expect(relative.summary.errors[0]).toContain(`the engine runs in ${dirname(fixture('pass.tst'))}`);
    expect(regressExitCode(noEngine.summary)).toBe(2);

    const noFile = await run([fixture('missing.tst')]);
    expect(noFile.summary.errors[0]).toMatch(/ENOENT/);
    expect(regressExitCode(noFile.summary)).toBe(2);
  });
});

describe('regress command', () => {
  afterEach(() => {
    process.exitCode = undefined;
  });

  it('sets the exit code', async () => {
    const quiet = { writeOut: () => {}, writeErr: () => {} };
    const log = console.log;
    console.log = () => {};
    try {
      await regressCommand().configureOutput(quiet).parseAsync(['--engine', GNUGO, fixture('pass.tst')], { from: 'user' });
      expect(process.exitCode).toBe(0);
      await regressCommand().parseAsync(['--engine', GNUGO, fixture('pass.tst'), fixture('fail.tst')], { from: 'user' });
      expect(process.exitCode).toBe(1);
      await regressCommand().parseAsync(['--engine', '/nonexistent/engine', fixture('pass.tst')], { from: 'user' });
      expect(process.exitCode).toBe(2);
    } finally {
      console.log = log;
    }
  });
});
