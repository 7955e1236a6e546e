import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { applyParams, paramNames, parseParam, searchParams } from '../../src/search/params.js';
import type { SearchOptions } from '../../src/search/types.js';

const MAIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const OPTIONS: SearchOptions = { threads: 1, level: 10, resignThreshold: 0.1, maxTreeMb: 1024 };

describe('search parameter overrides', () => {
  it('parses name=number and refuses anything else', () => {
    expect(parseParam('priors.even=20')).toEqual(['priors.even', 20]);
    expect(parseParam(' equivRave = 2500 ')).toEqual(['equivRave', 2500]);
    for (const bad of ['priors.even', '=3', 'equivRave=', 'equivRave=x', 'equivRave=Infinity']) expect(() => parseParam(bad), bad).toThrow(/name=number/);
  });

  it('sets nested numbers without touching the shared defaults', () => {
    const base = searchParams(9, OPTIONS, 1);
    const tuned = searchParams(9, { ...OPTIONS, params: [['priors.even', 20], ['priors.learnedAmaf', 5], ['policy.patternRate', 0.5], ['expandVisits', 6]] }, 1);
    expect(tuned.priors.even).toBe(20);
    expect(tuned.priors).toEqual({ ...base.priors, even: 20, learnedAmaf: 5 });
    expect(tuned.policy.patternRate).toBe(0.5);
    expect(tuned.expandVisits).toBe(6);
    // the level's constants are shared by every search: they must be unchanged
    expect(searchParams(9, OPTIONS, 1)).toEqual(base);
    expect(base.priors.even).not.toBe(20);
  });

  it('names every number the search has, and refuses names it has not', () => {
    const base = searchParams(19, OPTIONS, 1);
    const names = paramNames(base);
    expect(names).toContain('equivRave');
    expect(names).toContain('priors.learnedWins');
    expect(names).toContain('policy.selfAtariRate');
    for (const bad of ['priors', 'priors.bogus', 'policy.patternRate.x', 'toString', 'priors.learned.x', 'constructor'])
      expect(() => applyParams(base, [[bad, 1]]), bad).toThrow(/unknown parameter/);
  });

  it('refuses a value outside the parameter\'s range and keeps the ends of it', () => {
    const base = searchParams(19, OPTIONS, 1);
    const bad: [string, number, RegExp][] = [
      ['policy.patternRate', 1.5, /from 0 to 1/],
      ['policy.captureRate', -0.1, /from 0 to 1/],
      ['expandVisits', -5, /whole number from 1/],
      ['expandVisits', 2.5, /whole number/],
      ['sharedTree', 7, /whole number from 0 to 1/],
      ['scoreScale', 0, /above 0/],
      ['priors.even', -1, /at least 0/],
      ['virtualLoss', -1, /at least 0/],
    ];
    for (const [name, value, message] of bad) expect(() => applyParams(base, [[name, value]]), `${name}=${value}`).toThrow(message);
    const ends = applyParams(base, [['policy.patternRate', 1], ['policy.captureRate', 0], ['expandVisits', 1], ['sharedTree', 0], ['critRave', 0]]);
    expect([ends.policy.patternRate, ends.policy.captureRate, ends.expandVisits, ends.sharedTree, ends.critRave]).toEqual([1, 0, 1, 0, 0]);
  });

  it('is a command-line option: an unknown name stops the engine with a clear message', () => {
    const bad = spawnSync(process.execPath, [MAIN, 'gtp', '--param', 'priors.bogus=1'], { input: 'quit\n', encoding: 'utf8' });
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/unknown parameter "priors.bogus"/);
    expect(bad.stdout).toBe('');
    const outOfRange = spawnSync(process.execPath, [MAIN, 'gtp', '--param', 'sharedTree=7'], { input: 'quit\n', encoding: 'utf8' });
    expect(outOfRange.status).not.toBe(0);
    expect(outOfRange.stderr).toMatch(/parameter "sharedTree" must be a whole number from 0 to 1, got 7/);
    const good = spawnSync(process.execPath, [MAIN, 'gtp', '--quiet', '--param', 'priors.even=20', '--param', 'equivRave=2000'], { input: 'name\nquit\n', encoding: 'utf8' });
    expect(good.status).toBe(0);
    expect(good.stdout).toBe('= tengen\n\n= \n\n');
  });

  it("names the Searcher's own rules (stop, resign, pass, judge) with today's defaults, each in a range", () => {
    const base = searchParams(19, OPTIONS, 1);
    expect(base.stop).toEqual({ best2Ratio: 1.5, best2WinMargin: 0.02, earlyShare: 0.2, earlyPlayouts: 200 });
    expect(base.resign).toEqual({ minPlayouts: 1000, minPlayoutsPerLine: 100, openingShare: 0.25, judgedMargin: 2 });
    expect(base.pass).toEqual({ hopeless: 0.05 });
    expect(base.judge).toEqual({ selfAtariRate: 0.95, forceStones: 0, passPlayouts: 2000, finalPlayouts: 2500, finalMs: 900 });
    expect(searchParams(9, OPTIONS, 1).judge.finalPlayouts).toBe(3000);
    expect(base.mergeMs).toBe(25);
    const names = paramNames(base);
    for (const name of ['mergeMs', 'stop.best2Ratio', 'stop.best2WinMargin', 'stop.earlyShare', 'stop.earlyPlayouts', 'resign.minPlayouts', 'resign.minPlayoutsPerLine', 'resign.openingShare', 'resign.judgedMargin', 'pass.hopeless', 'judge.selfAtariRate', 'judge.forceStones', 'judge.passPlayouts', 'judge.finalPlayouts', 'judge.finalMs'])
      expect(names, name).toContain(name);
    const tuned = searchParams(19, { ...OPTIONS, params: [['stop.best2Ratio', 2.5], ['pass.hopeless', 0.1], ['judge.finalPlayouts', 500]] }, 1);
    expect([tuned.stop.best2Ratio, tuned.pass.hopeless, tuned.judge.finalPlayouts]).toEqual([2.5, 0.1, 500]);
    const bad: [string, number, RegExp][] = [
      ['stop.best2Ratio', 0.5, /at least 1/],
      ['stop.best2WinMargin', 2, /from 0 to 1/],
      ['stop.earlyShare', -0.1, /from 0 to 1/],
      ['stop.earlyPlayouts', 1.5, /whole number/],
      ['resign.minPlayouts', -1, /whole number from 0/],
      ['resign.openingShare', 1.5, /from 0 to 1/],
      ['resign.judgedMargin', -1, /at least 0/],
      ['pass.hopeless', 1.5, /from 0 to 1/],
      ['judge.selfAtariRate', 1.1, /from 0 to 1/],
      ['judge.passPlayouts', 0, /whole number from 1/],
      ['judge.finalMs', 0, /from 1/],
      ['mergeMs', 0, /from 1/],
    ];
    for (const [name, value, message] of bad) expect(() => applyParams(base, [[name, value]]), `${name}=${value}`).toThrow(message);
  });

  it('the new names are command-line parameters too', () => {
    const good = spawnSync(process.execPath, [MAIN, 'gtp', '--quiet', '--param', 'stop.best2Ratio=2.5', '--param', 'resign.openingShare=0.3'], { input: 'name\nquit\n', encoding: 'utf8' });
    expect(good.status).toBe(0);
    expect(good.stdout).toBe('= tengen\n\n= \n\n');
    const bad = spawnSync(process.execPath, [MAIN, 'gtp', '--param', 'pass.hopeless=2'], { input: 'quit\n', encoding: 'utf8' });
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/parameter "pass.hopeless" must be a number from 0 to 1, got 2/);
  });
});
