// What `tengen play` remembers on this device: the rules last chosen for a
// game against tengen. One JSON file in the user's config directory
// ($XDG_CONFIG_HOME/tengen/settings.json, else ~/.config/tengen/settings.json).
// Keys this version does not know are kept when the file is rewritten.

import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { rulesByName, type Rules } from '../game/rules.js';

export interface PlaySettings {
  /** The preset last chosen for a game against tengen. */
  rules?: Rules;
}

/** Where the settings live; XDG says a relative XDG_CONFIG_HOME is to be ignored. */
export function settingsPath(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(home, '.config');
  return join(base, 'tengen', 'settings.json');
}

/** The raw JSON object in the file, or {} when it is missing or unreadable. */
function readRaw(path: string, warn: (message: string) => void): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return {};
  }
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Fall through: a damaged file must not stop a game.
  }
  warn(`ignoring ${path}: not a JSON object`);
  return {};
}

export function loadSettings(path: string, warn: (message: string) => void = () => {}): PlaySettings {
  const raw = readRaw(path, warn);
  const rules = typeof raw.rules === 'string' ? rulesByName(raw.rules) : null;
  if (raw.rules !== undefined && !rules) warn(`ignoring unknown rules ${JSON.stringify(raw.rules)} in ${path}`);
  return rules ? { rules } : {};
}

/** Records the rules chosen for a game against tengen (write to a temporary file, then rename). */
export function rememberRules(path: string, rules: Rules, warn: (message: string) => void = () => {}): void {
  const raw = readRaw(path, () => {});
  raw.rules = rules.name;
  try {
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(raw, null, 2) + '\n');
    renameSync(temporary, path);
  } catch (error) {
    warn(`could not remember the rules in ${path}: ${(error as Error).message}`);
  }
}
