// How a GTP v2 engine must read one input line, written from the spec
// (section 3.1) independently of src/gtp/protocol.ts:
// remove control characters except HT and LF (CR included), strip from `#`
// to the end of the line, turn HT into a space, and discard the line if only
// spaces are left. Then `[id] command_name [arguments]`, words separated by
// spaces, the id being a leading word of digits.

export interface GtpLine {
  /** The id's digits as sent, or null. */
  id: string | null;
  /** '' when the line held only an id. */
  name: string;
  args: string[];
}

/** The line after section 3.1, or null when it is to be discarded (empty or only spaces). */
export function preprocessLine(raw: string): string | null {
  // eslint-disable-next-line no-control-regex
  let line = raw.replace(/[\x00-\x08\x0a-\x1f\x7f]/g, '');
  const hash = line.indexOf('#');
  if (hash >= 0) line = line.slice(0, hash);
  line = line.replace(/\t/g, ' ');
  return /^ *$/.test(line) ? null : line;
}

/** Reads a line that preprocessLine kept. */
export function parseLine(line: string): GtpLine {
  const words = line.split(' ').filter((w) => w !== '');
  const id = /^\d+$/.test(words[0]) ? words.shift()! : null;
  return { id, name: words[0] ?? '', args: words.slice(1) };
}

/** A raw line (without its LF) as the engine must read it, or null when it gets no reply. */
export function readLine(raw: string): GtpLine | null {
  const line = preprocessLine(raw);
  return line === null ? null : parseLine(line);
}
