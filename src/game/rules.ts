// The rule presets as data (ko rule, suicide, scoring, komi, handicap compensation), under
// the names KGS's kgs-rules and KataGo's kata-set-rules use. Code branches on the fields,
// never on names.

export type KoRule = 'positional' | 'situational';
export type Scoring = 'area' | 'territory';

export interface Rules {
  name: RulesName;
  koRule: KoRule;
  /** Multi-stone suicide is legal (single-stone suicide is forbidden everywhere by superko). */
  suicide: boolean;
  scoring: Scoring;
  komi: number;
  /** Points White gets per handicap stone beyond `handicapOffset`: bonus = max(0, n - offset) when on. */
  handicapBonus: boolean;
  handicapOffset: number;
}

export type RulesName = 'chinese' | 'japanese' | 'korean' | 'aga' | 'new_zealand' | 'tromp-taylor';

export const PRESETS: Readonly<Record<RulesName, Rules>> = {
  chinese: { name: 'chinese', koRule: 'positional', suicide: false, scoring: 'area', komi: 7.5, handicapBonus: true, handicapOffset: 0 },
  japanese: { name: 'japanese', koRule: 'positional', suicide: false, scoring: 'territory', komi: 6.5, handicapBonus: false, handicapOffset: 0 },
  korean: { name: 'korean', koRule: 'positional', suicide: false, scoring: 'territory', komi: 6.5, handicapBonus: false, handicapOffset: 0 },
  aga: { name: 'aga', koRule: 'situational', suicide: false, scoring: 'area', komi: 7.5, handicapBonus: true, handicapOffset: 1 },
  new_zealand: { name: 'new_zealand', koRule: 'situational', suicide: true, scoring: 'area', komi: 7, handicapBonus: false, handicapOffset: 0 },
  'tromp-taylor': { name: 'tromp-taylor', koRule: 'positional', suicide: true, scoring: 'area', komi: 7.5, handicapBonus: false, handicapOffset: 0 },
};

export const DEFAULT_RULES: Rules = PRESETS.chinese;

/** Names accepted for each preset: ours, KGS's (kgs-rules) and KataGo's (kata-set-rules). */
const ALIASES: Record<string, RulesName> = {
  chinese: 'chinese',
  japanese: 'japanese',
  korean: 'korean',
  aga: 'aga',
  new_zealand: 'new_zealand',
  'new-zealand': 'new_zealand',
  newzealand: 'new_zealand',
  nz: 'new_zealand',
  'tromp-taylor': 'tromp-taylor',
  tromp_taylor: 'tromp-taylor',
  tromptaylor: 'tromp-taylor',
};

/** The preset for a name in any accepted spelling, or null. */
export function rulesByName(name: string): Rules | null {
  const lower = name.toLowerCase();
  // Own keys only: `constructor` or `__proto__` must not find Object's properties.
  return Object.hasOwn(ALIASES, lower) ? PRESETS[ALIASES[lower]] : null;
}

/** Whether a rules name may be sent to other engines (kgs-rules, kata-set-rules): one word of letters, digits, _ and -. */
export function isRulesName(text: string): boolean {
  return /^[\w-]+$/.test(text);
}

/** The komi controllers give by default: the named preset's, else 7.5 (an unknown name is sent to engines as it is). */
export function defaultKomi(rulesName: string | undefined): number {
  return (rulesName === undefined ? null : rulesByName(rulesName))?.komi ?? 7.5;
}

export const RULES_NAMES = Object.keys(PRESETS) as RulesName[];

/** KataGo's spelling of a preset name (kata-get-rules). */
export function kataName(rules: Rules): string {
  return rules.name === 'new_zealand' ? 'new-zealand' : rules.name;
}

/** What White receives for `stones` handicap stones under these rules. */
export function handicapCompensation(rules: Rules, stones: number): number {
  if (!rules.handicapBonus || stones < 2) return 0;
  return Math.max(0, stones - rules.handicapOffset);
}
