import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, PRESETS, RULES_NAMES, handicapCompensation, kataName, rulesByName } from '../../src/game/rules.js';

describe('presets', () => {
  it.each([
    // name, ko, multi-stone suicide, counting, komi
    ['chinese', 'positional', false, 'area', 7.5],
    ['japanese', 'positional', false, 'territory', 6.5],
    ['korean', 'positional', false, 'territory', 6.5],
    ['aga', 'situational', false, 'area', 7.5],
    ['new_zealand', 'situational', true, 'area', 7],
    ['tromp-taylor', 'positional', true, 'area', 7.5],
  ] as const)('%s: %s superko, suicide %s, %s counting, komi %s', (name, koRule, suicide, scoring, komi) => {
    expect(PRESETS[name]).toMatchObject({ name, koRule, suicide, scoring, komi });
  });

  it('has exactly those six, chinese by default', () => {
    expect([...RULES_NAMES].sort()).toEqual(['aga', 'chinese', 'japanese', 'korean', 'new_zealand', 'tromp-taylor']);
    expect(DEFAULT_RULES.name).toBe('chinese');
  });

  it('handicap compensation: N in chinese, N-1 in aga, nothing elsewhere', () => {
    for (const n of [2, 3, 4, 9]) {
      expect(handicapCompensation(PRESETS.chinese, n)).toBe(n);
      expect(handicapCompensation(PRESETS.aga, n)).toBe(n - 1);
      for (const name of ['japanese', 'korean', 'new_zealand', 'tromp-taylor'] as const) {
        expect(handicapCompensation(PRESETS[name], n)).toBe(0);
      }
    }
    // No handicap, no compensation.
    expect(handicapCompensation(PRESETS.chinese, 0)).toBe(0);
    expect(handicapCompensation(PRESETS.aga, 0)).toBe(0);
  });
});

describe('names', () => {
  it("takes KGS's and KataGo's names in any case", () => {
    for (const [text, name] of [
      ['chinese', 'chinese'],
      ['Japanese', 'japanese'],
      ['KOREAN', 'korean'],
      ['aga', 'aga'],
      ['new_zealand', 'new_zealand'], // KGS
      ['new-zealand', 'new_zealand'], // KataGo
      ['tromp-taylor', 'tromp-taylor'],
    ]) {
      expect(rulesByName(text)?.name, text).toBe(name);
    }
    expect(rulesByName('ing')).toBeNull();
    expect(rulesByName('')).toBeNull();
    expect(rulesByName('toString')).toBeNull();
    expect(rulesByName('constructor')).toBeNull();
    expect(rulesByName('__proto__')).toBeNull();
  });

  it("gives KataGo's spelling back", () => {
    expect(kataName(PRESETS.new_zealand)).toBe('new-zealand');
    expect(kataName(PRESETS['tromp-taylor'])).toBe('tromp-taylor');
    expect(kataName(PRESETS.japanese)).toBe('japanese');
  });
});
