import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { applyParams, paramNames, parseParam } from '../../src/search/params.js';
import { searchParams, type SearchOptions } from '../../src/search/searcher.js';

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

  it('is a command-line option: an unknown name stops the engine with a clear message', () => {
    const bad = spawnSync(process.execPath, [MAIN, 'gtp', '--param', 'priors.bogus=1'], { input: 'quit\n', encoding: 'utf8' });
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/unknown parameter "priors.bogus"/);
    expect(bad.stdout).toBe('');
    const good = spawnSync(process.execPath, [MAIN, 'gtp', '--quiet', '--param', 'priors.even=20', '--param', 'equivRave=2000'], { input: 'name\nquit\n', encoding: 'utf8' });
    expect(good.status).toBe(0);
    expect(good.stdout).toBe('= tengen\n\n= \n\n');
  });
});
