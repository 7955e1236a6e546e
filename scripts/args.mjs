// The scripts' one argument style: node:util's parseArgs (`--name value`, flags, positionals);
// anything else prints the problem and the script's usage line on stderr and exits with status 2.

import { parseArgs } from 'node:util';

/**
 * The options (`{ name: { type: 'string', default: '7' } }`, as parseArgs takes them) and the
 * positionals of this process's command line.
 * @param {string} usage
 * @param {NonNullable<import('node:util').ParseArgsConfig['options']>} options
 * @param {{ positionals?: boolean }} [more]
 */
export function scriptArgs(usage, options, more = {}) {
  try {
    const { values, positionals } = parseArgs({ options, allowPositionals: more.positionals ?? false, strict: true });
    return { values: /** @type {Record<string, string | boolean | undefined>} */ (values), positionals, usage };
  } catch (error) {
    return usageError(usage, /** @type {Error} */ (error).message);
  }
}

/**
 * The option `name` as a number in [min, max] (a whole one unless fraction), else the usage.
 * @param {{ values: Record<string, string | boolean | undefined>, usage: string }} args
 * @param {string} name
 */
export function numberOption(args, name, min = -Infinity, max = Infinity, fraction = false) {
  const text = String(args.values[name]);
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < min || value > max || (!fraction && !Number.isInteger(value))) {
    usageError(args.usage, `--${name}: expected ${fraction ? 'a number' : 'an integer'} from ${min} to ${max}, got "${text}"`);
  }
  return value;
}

/** @param {string} usage @param {string} message @returns {never} */
export function usageError(usage, message) {
  console.error(`${message}\nusage: ${usage}`);
  process.exit(2);
}
