// Named overrides of the search's parameters (`--param priors.even=20`), so that a tuning
// experiment is a command line anyone can repeat rather than a patched build. A name is a
// path into MctsParams (`equivRave`, `policy.patternRate`, `priors.even`); only numbers
// that the parameters already have can be set, and only to a value in the parameter's range.

import type { MctsParams } from './search.js';

export type ParamOverrides = ReadonlyArray<readonly [path: string, value: number]>;

/** Parses `name=value`; throws an Error naming the problem. */
export function parseParam(text: string): [string, number] {
  const eq = text.indexOf('=');
  const path = text.slice(0, eq).trim();
  const value = Number(text.slice(eq + 1));
  if (eq < 0 || path === '' || text.slice(eq + 1).trim() === '' || !Number.isFinite(value)) throw new Error(`expected name=number, got "${text}"`);
  return [path, value];
}

/** The settable names of params, e.g. `equivRave`, `priors.even`. */
export function paramNames(params: MctsParams): string[] {
  const names: string[] = [];
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'number') names.push(path);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
  };
  walk(params, '');
  return names;
}

/** A copy of params with the overrides applied; throws on a name params does not have. */
export function applyParams(params: MctsParams, overrides: ParamOverrides): MctsParams {
  if (overrides.length === 0) return params;
  const copy = structuredClone(params);
  for (const [path, value] of overrides) {
    const keys = path.split('.');
    let holder: Record<string, unknown> = copy as unknown as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) {
      const next = Object.hasOwn(holder, key) ? holder[key] : undefined;
      if (!next || typeof next !== 'object') throw unknownParam(path, params);
      holder = next as Record<string, unknown>;
    }
    const last = keys[keys.length - 1];
    if (!Object.hasOwn(holder, last) || typeof holder[last] !== 'number') throw unknownParam(path, params);
    checkRange(path, last, value);
    holder[last] = value;
  }
  return copy;
}

// [least, most, whole numbers only]; every other parameter is a count, a weight or a scale ≥ 0
const RANGES: Record<string, readonly [number, number, boolean]> = {
  expandVisits: [1, 1e6, true],
  networkVisits: [0, 1e9, true],
  networkValueVisits: [0, 1e9, false],
  maxTreeBytes: [1, Number.MAX_SAFE_INTEGER, true],
  seed: [0, 2 ** 32 - 1, true],
  scoreWeight: [0, 1, false],
  critRootShare: [0, 1, false],
  scoreScale: [Number.MIN_VALUE, Infinity, false],
  sharedTree: [0, 1, true],
  pruneLadders: [0, 1, true],
  bigSelfAtari: [0, 1, true],
  throwIns: [0, 1, true],
  threeLibSuicide: [0, 1, true],
  shapeGammas: [0, 1, true],
};

function checkRange(path: string, name: string, value: number): void {
  const [least, most, whole] = RANGES[name] ?? (name.endsWith('Rate') ? [0, 1, false] : [0, Infinity, false]);
  if (value < least || value > most || (whole && !Number.isInteger(value))) {
    const kind = whole ? 'a whole number' : 'a number';
    const range = most === Infinity ? (least > 0 ? 'above 0' : `at least ${least}`) : `from ${least} to ${most}`;
    throw new Error(`parameter "${path}" must be ${kind} ${range}, got ${value}`);
  }
}

function unknownParam(path: string, params: MctsParams): Error {
  return new Error(`unknown parameter "${path}"; known: ${paramNames(params).join(', ')}`);
}
