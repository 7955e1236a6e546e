// GTP v2 framing: preprocessing of input lines (spec section 3.1), parsing of
// `[id] name args`, and formatting of replies (`=id text` / `?id text` + blank line).

export interface GtpCommand {
  /** The id as sent (digits), echoed verbatim in the reply. */
  id: string | null;
  name: string;
  args: string[];
}

/** Thrown by a command handler to answer `? message` (and change nothing). */
export class GtpError extends Error {}

/**
 * Section 3.1: remove control characters except HT and LF, strip comments,
 * turn HT into space. Returns the trimmed line ('' when nothing is left).
 */
export function preprocess(raw: string): string {
  const hash = raw.indexOf('#');
  const uncommented = hash >= 0 ? raw.slice(0, hash) : raw;
  // eslint-disable-next-line no-control-regex
  // Only ASCII spaces are separators: String.trim() would also eat U+00A0 and friends.
  return uncommented.replace(/[\x00-\x08\x0a-\x1f\x7f]/g, '').replace(/\t/g, ' ').replace(/^ +| +$/g, '');
}

/** Parses a preprocessed, non-empty line. */
export function parseCommand(line: string): GtpCommand {
  const words = line.split(/ +/);
  const id = /^\d+$/.test(words[0]) ? (words.shift() as string) : null;
  return { id, name: words[0] ?? '', args: words.slice(1) };
}

/** Cleans reply text: control characters out, tabs to spaces, no inner blank lines. */
function cleanReply(text: string): string {
  return text
    // eslint-disable-next-line no-control-regex
    .replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '')
    .replace(/\t/g, ' ')
    .replace(/\n+$/, '')
    .split('\n')
    .map((line, i) => (i > 0 && line.trim() === '' ? ' ' : line))
    .join('\n');
}

export function formatSuccess(id: string | null, text: string): string {
  return `=${id ?? ''} ${cleanReply(text)}\n\n`;
}

export function formatFailure(id: string | null, message: string): string {
  return `?${id ?? ''} ${cleanReply(message)}\n\n`;
}
