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
});
