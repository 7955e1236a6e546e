// Protocol fuzzing: thousands of random and malformed lines sent to one tengen
// process, read back strictly.
//
// Asserted (GTP v2 sections 2.6 and 3.1, as controllers rely on them):
//   - every line that is non-empty after preprocessing (control characters but
//     HT and LF removed, `#…` stripped, HT as space, blank discarded) gets
//     exactly one reply, `=` or `?`, ended by an empty line, in order, with the
//     id echoed when one was given, and nothing else is written;
//   - the lines left empty by preprocessing get no reply;
//   - commands that are not in list_commands fail; protocol_version, name,
//     version, list_commands and known_command answer as they do when clean;
//     no reply is an internal error;
//   - after every round, the position (list_stones, captures) equals that of a
//     second tengen that was sent only the clean form of the board-changing
//     commands the first one accepted (play, genmove as the play it chose,
//     boardsize, clear_board, undo, handicap, rules, loadsgf) — all of which it
//     must accept too;
//   - the process is alive at the end and answers protocol_version.
// The engine runs in a fresh temporary directory, and no generated word holds
// a `/` or is `..`, so loadsgf and printsgf touch nothing outside it.
//
// Another seed: FUZZ_SEED=<n>. Another engine under test: FUZZ_ENGINE="<command line>"
// (and FUZZ_REPLAY_ENGINE for the replay). FUZZ_DEBUG=1 prints the time of each round.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GtpClient, splitCommandLine } from '../../src/gtp/client.js';
import { sendAll } from '../support/gtp-batch.js';
import { parseLine, preprocessLine, readLine, type GtpLine } from '../support/gtp-line.js';
import { vertexName, vertexList } from '../support/position.js';
import { Random } from '../support/random.js';
import { RawGtpEngine, StrictReplyParser, type RawReply } from '../support/raw-gtp.js';

const MAIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const SEED = Number(process.env.FUZZ_SEED ?? 20260802);
const ROUNDS = 14;
const LINES_PER_ROUND = 260;
/** The last rounds also send lone CRs inside lines and lines of non-ASCII spaces only. */
const EDGE_ROUNDS = 2;
const ROUND_TIMEOUT_MS = 30_000;
const SENTINEL_BASE = 1_000_000_000;
const MAX_GTP_ID = 2n ** 31n - 1n;

/** Commands that change nothing a replay needs (the board, its history, the rules). */
const READ_ONLY = new Set([
  'protocol_version', 'name', 'version', 'known_command', 'list_commands', 'showboard', 'printsgf',
  'is_legal', 'all_legal', 'list_stones', 'color', 'countlib', 'findlib', 'captures', 'final_score',
  'final_status_list', 'final_status', 'kata-get-rules', 'reg_genmove', 'komi', 'time_settings',
  'kgs-time_settings', 'time_left',
]);
/** Commands that choose a move and play it; the replay plays the move they answered. */
const isGenerator = (name: string) => /genmove/.test(name) && name !== 'reg_genmove';
/** Never fuzzed: quit ends the process; analysis commands stream until the next line. */
const isExcluded = (name: string) => name === 'quit' || /analyze/.test(name);

const SGF_FILES: Record<string, string> = {
  'good9.sgf': '(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[ce];B[cd];W[dd];B[de];W[ef];B[dc])',
  'good5.sgf': '(;GM[1]FF[4]SZ[5]AB[bb][dd]AW[cc];W[bc];B[cb])',
  'bad.sgf': '(;GM[1]SZ[9];B[ee];W[ee])',
  'garbage.sgf': 'this is not sgf at all (;',
};
const SGF_SIZES: Record<string, number> = { 'good9.sgf': 9, 'good5.sgf': 5 };

// ---- line generation -------------------------------------------------------

const CONTROL = [...Array(32).keys()].filter((c) => c !== 9 && c !== 10 && c !== 13).map((c) => String.fromCharCode(c)).concat('\x7f');
const UNICODE = ['é', 'ß', '天元', '囲碁', '😀', '\u200b', '\u0301', 'Ａ1', '１', '\ufffd', '\u202e', 'ﬀ', '\u0085'];
/** Non-ASCII spaces: GTP's whitespace is only SP and HT, so lines of these are not blank. */
const UNICODE_SPACES = ['\u00a0', '\u2003', '\u3000', '\ufeff', '\u2028'];

/** How often a command is picked, against 1 for the others. */
const WEIGHTS: Record<string, number> = {
  play: 30,
  undo: 1.5,
  boardsize: 0.3,
  clear_board: 0.15,
  loadsgf: 0.3,
  fixed_handicap: 0.5,
  place_free_handicap: 0.5,
  set_free_handicap: 0.5,
};

class LineGenerator {
  size = 7;
  private printCount = 0;

  constructor(
    private readonly random: Random,
    private readonly commands: string[],
    /** Commands that think (searches, analysis): sent very rarely. */
    private readonly slow: Set<string>,
  ) {}

  /** One raw line, without its terminator. `edge` allows lone CRs and lines of non-ASCII spaces. */
  line(edge: boolean): string {
    for (;;) {
      const raw = this.candidate(edge);
      // No line may turn into quit, however CRs split it or spaces are read.
      const segments = [raw, ...raw.split('\r')];
      if (segments.some((s) => (readLine(s)?.name ?? '').replace(/\s/gu, '').toLowerCase() === 'quit')) continue;
      return raw;
    }
  }

  private candidate(edge: boolean): string {
    const r = this.random;
    const kind = r.next();
    if (edge && kind < 0.04) return r.pick(UNICODE_SPACES).repeat(r.int(1, 3));
    if (kind < 0.06) return this.blank();
    if (kind < 0.08) return this.long();
    let words: string[];
    if (kind < 0.16) words = [this.unknownName(), ...this.garbageArgs()];
    else if (kind < 0.3) words = [this.commandName(), ...this.garbageArgs()];
    else {
      const name = this.commandName();
      words = [name, ...this.args(name)];
      if (r.chance(0.1) && words.length > 1) words.splice(r.int(1, words.length - 1), 1);
      if (r.chance(0.1)) words.push(this.garbage());
    }
    if (r.chance(0.3)) words.unshift(this.id());
    let line = words.map((w, i) => (i === 0 ? '' : this.separator()) + w).join('');
    if (r.chance(0.1)) line = this.padding() + line + this.padding();
    if (r.chance(0.12)) line = this.insertAll(line, CONTROL, r.int(1, 3));
    if (edge && r.chance(0.15)) line = this.insertAll(line, ['\r'], 1);
    if (r.chance(0.05)) line = this.insertAll(line, UNICODE, 1);
    if (r.chance(0.1)) line += (r.chance(0.5) ? ' ' : '') + '#' + this.garbage() + ' ' + this.garbage();
    return line;
  }

  private commandName(): string {
    // Weighted: play often (to make real positions), slow commands and move generators rarely.
    const weight = (name: string) =>
      this.slow.has(name) ? 0.01 : (WEIGHTS[name] ?? (isGenerator(name) ? 0.12 : 1));
    const names = this.commands.filter((n) => !isExcluded(n));
    const total = names.reduce((s, n) => s + weight(n), 0);
    let x = this.random.next() * total;
    for (const n of names) {
      x -= weight(n);
      if (x < 0) return n;
    }
    return names[names.length - 1];
  }

  private args(name: string): string[] {
    const r = this.random;
    switch (name) {
      case 'boardsize':
        return [r.chance(0.85) ? String(r.chance(0.8) ? r.int(5, 9) : r.int(2, 4)) : r.pick(['1', '0', '13', '19', '25', '26', '-5', '+7', '07', '9.0', '1e1', '99999999999999999999', 'NaN', 'seven', ''])];
      case 'komi':
        return [r.pick(['6.5', '7', '-3', '0', '1e308', '1e309', '-1e309', 'Infinity', 'NaN', '0x10', '7,5', '+.5', '.'])];
      case 'fixed_handicap':
      case 'place_free_handicap':
        return [r.chance(0.8) ? String(r.int(0, 10)) : r.pick(['-1', '100', '99999999999', '2.5', 'two'])];
      case 'set_free_handicap':
        return Array.from({ length: r.int(0, 6) }, () => this.vertex());
      case 'play':
      case 'is_legal':
        return [this.color(), this.vertex()];
      case 'genmove':
      case 'kgs-genmove_cleanup':
      case 'reg_genmove':
      case 'all_legal':
      case 'list_stones':
      case 'captures':
        return [this.color()];
      case 'color':
      case 'countlib':
      case 'findlib':
      case 'final_status':
        return [this.vertex()];
      case 'loadsgf': {
        const file = r.pick([...Object.keys(SGF_FILES), 'missing.sgf', 'good9.SGF']);
        return r.chance(0.5) ? [file] : [file, r.pick(['1', '3', '6', '0', '-2', '99999999999', 'x'])];
      }
      case 'printsgf':
        return r.chance(0.5) ? [] : [`out-${this.printCount++ % 3}.sgf`];
      case 'final_status_list':
        return [r.pick(['alive', 'dead', 'seki', 'ALIVE', 'Dead', 'unknown', ''])];
      case 'kgs-rules':
      case 'kata-set-rules':
        return [r.pick(['chinese', 'japanese', 'korean', 'aga', 'new_zealand', 'new-zealand', 'tromp-taylor', 'CHINESE', 'ing', ''])];
      case 'time_settings':
        return [this.integer(), this.integer(), this.integer()];
      case 'kgs-time_settings':
        return [r.pick(['none', 'absolute', 'byoyomi', 'canadian', 'NONE', 'x']), ...Array.from({ length: r.int(0, 3) }, () => this.integer())];
      case 'time_left':
        return [this.color(), r.pick(['0', '30', '-10', '2.5', '1e9', 'NaN']), this.integer()];
      case 'known_command':
        return [r.chance(0.6) ? r.pick(this.commands) : this.unknownName()];
      default:
        return r.chance(0.7) ? [] : this.garbageArgs();
    }
  }

  private color(): string {
    return this.random.chance(0.85)
      ? this.random.pick(['b', 'w', 'black', 'white', 'B', 'W', 'BLACK', 'White'])
      : this.random.pick(['x', 'bl', 'blacks', 'empty', '0', 'é', 'pass', 'b,w']);
  }

  private vertex(): string {
    const r = this.random;
    const x = r.next();
    if (x < 0.75) {
      const v = vertexName(r.int(0, this.size - 1), r.int(0, this.size - 1));
      return r.chance(0.2) ? v.toLowerCase() : v;
    }
    if (x < 0.85) return r.pick(['pass', 'PASS', 'Pass']);
    return r.pick(['Z99', 'I5', 'A0', 'A-1', 'resign', 'A', '5', 'A1A1', 'A100', 'a01', 'T19', 'Z25', 'A' + '9'.repeat(40), 'Ａ1', 'AA1']);
  }

  private integer(): string {
    return this.random.chance(0.6)
      ? String(this.random.int(0, 100))
      : this.random.pick(['-1', '0', '99999999999999999999', '1e3', '2.5', '', 'x', '+5', '-0']);
  }

  private id(): string {
    const r = this.random;
    const x = r.next();
    if (x < 0.75) return String(r.int(0, 99_999));
    return r.pick(['0', '007', '2147483647', '4294967296', '9007199254740993', '99999999999999999999999', '1'.repeat(400)]);
  }

  private unknownName(): string {
    const r = this.random;
    if (r.chance(0.5)) return r.pick(['PLAY', 'Play', 'play_', 'quit_', 'quitx', 'qui', 'list-commands', 'genmove_', '=', '?', '=1', '-1', '+1', 'play,b,A1', '天元', 'é', '\ufffd']);
    const letters = 'abcdefghijklmnopqrstuvwxyz_-';
    return Array.from({ length: r.int(1, 14) }, () => letters[r.int(0, letters.length - 1)]).join('');
  }

  private garbage(): string {
    const r = this.random;
    switch (r.int(0, 5)) {
      case 0:
        return r.pick(['-1', '0', '-99999999999999999999', '99999999999999999999', '1e400', 'NaN', 'Infinity', '-0', '0x1F', '3.14']);
      case 1:
        return this.vertex();
      case 2:
        return this.color();
      case 3:
        return r.pick(UNICODE);
      case 4:
        return r.pick(['', '""', "'", '\\', '%s%n', '${x}', '[]', '{}', '=', '?', ';', 'A1;B2', '...', 'null', 'undefined', 'true']);
      default:
        return Array.from({ length: r.int(1, 20) }, () => String.fromCharCode(r.int(33, 126))).join('').replace(/[/#]/g, '_');
    }
  }

  private garbageArgs(): string[] {
    return Array.from({ length: this.random.int(0, 4) }, () => this.garbage());
  }

  private separator(): string {
    return this.random.chance(0.8) ? ' ' : this.random.pick(['  ', '\t', ' \t ', '\t\t', '     ']);
  }

  private padding(): string {
    return this.random.pick(['', ' ', '\t', '  \t', '   ']);
  }

  private blank(): string {
    return this.random.pick(['', ' ', '\t', '  \t ', '# comment', '   # play b A1', '#', '\x00', '\x01\x02\x03', '\x7f', '\t# \x01 x', '#quit', ' \x0b\x0c ']);
  }

  private long(): string {
    const r = this.random;
    const n = r.int(1_000, 60_000);
    switch (r.int(0, 5)) {
      case 0:
        return 'known_command ' + 'x'.repeat(n);
      case 1:
        return 'play b ' + 'A1 '.repeat(Math.floor(n / 3));
      case 2:
        return ' '.repeat(n) + 'protocol_version';
      case 3:
        return '#' + 'x'.repeat(n);
      case 4:
        return 'set_free_handicap ' + Array.from({ length: Math.floor(n / 4) }, () => this.vertex()).join(' ');
      default:
        return Array.from({ length: n }, () => String.fromCharCode(r.int(32, 126))).join('').replace(/[/]/g, '_');
    }
  }

  private insertAll(line: string, pool: readonly string[], count: number): string {
    for (let i = 0; i < count; i++) {
      const at = this.random.int(0, line.length);
      line = line.slice(0, at) + this.random.pick(pool) + line.slice(at);
    }
    return line;
  }
}

// ---- checking ----------------------------------------------------------------

class Problems {
  private readonly byKind = new Map<string, { count: number; examples: string[] }>();

  add(kind: string, example: string): void {
    const entry = this.byKind.get(kind) ?? { count: 0, examples: [] };
    entry.count++;
    if (entry.examples.length < 4) entry.examples.push(example.length > 400 ? example.slice(0, 400) + '…' : example);
    this.byKind.set(kind, entry);
  }

  get total(): number {
    return [...this.byKind.values()].reduce((s, e) => s + e.count, 0);
  }

  report(): string[] {
    return [...this.byKind].map(([kind, e]) => `${kind} (${e.count}x), e.g.\n    ${e.examples.join('\n    ')}`);
  }
}

interface Sent {
  raw: string;
  terminator: string;
  /** How the engine must read it; null when it gets no reply. */
  parsed: GtpLine | null;
}

const STATE = ['list_stones black', 'list_stones white', 'captures black', 'captures white'];
/** Brings both engines to the same known state after the fuzzed one lost step. */
const RESET = ['boardsize 7', 'clear_board', 'kata-set-rules chinese'];

/** The id must come back as given (GTP ids are 0..2^31-1; out of range, no id is also acceptable). */
function idProblem(sentId: string | null, reply: RawReply): string | null {
  if (sentId === null) return reply.id === '' ? null : `no id was sent, reply has id ${reply.id}`;
  if (reply.id !== '' && BigInt(reply.id) === BigInt(sentId)) return null;
  if (reply.id === '' && BigInt(sentId) > MAX_GTP_ID) return null;
  return `id ${sentId} came back as "${reply.id}"`;
}

function show(raw: string): string {
  return JSON.stringify(raw.length > 200 ? raw.slice(0, 200) + '…' : raw);
}

function encode(sent: Sent[]): Buffer {
  // U+FFFD in a generated line stands for a byte that is not UTF-8 at all.
  const text = sent.map((s) => s.raw + s.terminator).join('');
  const bytes = Buffer.from(text, 'utf8');
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0xef && bytes[i + 1] === 0xbf && bytes[i + 2] === 0xbd) {
      out.push(0xff);
      i += 2;
    } else out.push(bytes[i]);
  }
  return Buffer.from(out);
}

interface FuzzResult {
  lines: number;
  replied: number;
  accepted: number;
  replayed: number;
  plays: number;
  generated: number;
  maxStones: number;
  resyncs: number;
  /** Commands found slow, sent rarely. */
  slow: string[];
  problems: Problems;
}

let flagsCache: string[] | null = null;

/** The cheapest player, where the build has a choice (this is a protocol test, not a strength test). */
function playerFlags(): string[] {
  if (flagsCache) return flagsCache;
  const help = execFileSync('node', [MAIN, 'gtp', '--help'], { encoding: 'utf8' });
  flagsCache = [...(/--level\b/.test(help) ? ['--level', '0'] : []), ...(/--threads\b/.test(help) ? ['--threads', '1'] : [])];
  return flagsCache;
}

async function fuzz(dir: string): Promise<FuzzResult> {
  const random = new Random(SEED);
  const problems = new Problems();
  const flags = playerFlags();
  const [program, ...args] = process.env.FUZZ_ENGINE ? splitCommandLine(process.env.FUZZ_ENGINE) : ['node', MAIN, 'gtp', '--seed', '11', '--verbose', ...flags];
  const engine = new RawGtpEngine(program, args, { cwd: dir });
  const replay = new GtpClient(process.env.FUZZ_REPLAY_ENGINE ?? `node ${MAIN} gtp --seed 12 ${flags.join(' ')}`, { cwd: dir });
  const result: FuzzResult = { lines: 0, replied: 0, accepted: 0, replayed: 0, plays: 0, generated: 0, maxStones: 0, resyncs: 0, slow: [], problems };
  let nextSentinel = SENTINEL_BASE;
  let framingSeen = 0;

  /** Sends clean commands to the fuzzed engine (with ids of their own) and returns their replies. */
  const clean = async (commands: string[]): Promise<RawReply[]> => {
    const ids = commands.map(() => nextSentinel++);
    const start = engine.replies.length;
    engine.write(commands.map((c, i) => `${ids[i]} ${c}\n`).join(''));
    const last = String(ids[ids.length - 1]);
    await engine.until(() => engine.replies.slice(start).some((r) => r.id === last), ROUND_TIMEOUT_MS, `reply ${last}`);
    return engine.replies.slice(start).slice(-commands.length);
  };

  try {
    const [list, nameReply, versionReply] = await clean(['list_commands', 'name', 'version']);
    const commands = list.text.split('\n');
    const setup = await Promise.all(RESET.map((c) => replay.send(c)));
    expect(setup.every((r) => r.ok)).toBe(true);
    expect((await clean(RESET)).every((r) => r.ok)).toBe(true);
    const slow = await findSlowCommands(engine, commands, clean);
    result.slow = [...slow];
    await Promise.all(RESET.map((c) => replay.send(c)));
    await clean(RESET);
    const generator = new LineGenerator(random, commands, slow);

    for (let round = 0; round < ROUNDS; round++) {
      const edge = round >= ROUNDS - EDGE_ROUNDS;
      const sent: Sent[] = Array.from({ length: LINES_PER_ROUND }, () => {
        const raw = generator.line(edge);
        return { raw, terminator: random.chance(0.15) ? '\r\n' : '\n', parsed: readLine(raw) };
      });
      const expected = sent.filter((s) => s.parsed !== null);
      const checkpoint = STATE.map((c) => `${nextSentinel++} ${c}`);
      const bytes = encode([...sent, ...checkpoint.map((raw) => ({ raw, terminator: '\n', parsed: parseLine(raw) }))]);
      // Random chunks, so lines (and UTF-8 sequences) arrive split.
      const start = engine.replies.length;
      for (let at = 0; at < bytes.length; ) {
        const end = Math.min(bytes.length, at + random.int(1, 4096));
        engine.write(bytes.subarray(at, end));
        at = end;
      }
      result.lines += sent.length;
      const roundStart = Date.now();
      const lastId = checkpoint[checkpoint.length - 1].split(' ')[0];
      await engine.until(() => engine.replies.slice(start).some((r) => r.id === lastId), ROUND_TIMEOUT_MS, `the end of round ${round}`);
      const replies = engine.replies.slice(start);
      if (process.env.FUZZ_DEBUG) {
        const times = replies.map((r, i) => [r.at - (i === 0 ? roundStart : replies[i - 1].at), i] as const).sort((a, b) => b[0] - a[0]).slice(0, 3);
        console.error(`round ${round}: ${Date.now() - roundStart} ms; slowest: ${times.map(([ms, i]) => `${ms} ms ${show(expected[i]?.raw ?? '?').slice(0, 60)}`).join(', ')}`);
      }
      for (const error of engine.parser.errors.slice(framingSeen)) problems.add('malformed output', `round ${round}: ${error}`);
      framingSeen = engine.parser.errors.length;

      const reset = async (why: string) => {
        problems.add(why, `round ${round} (seed ${SEED}); lines with a lone CR or only non-ASCII spaces: ${sent.filter((s) => /\r/.test(s.raw) || (s.raw !== '' && /^\s+$/u.test(s.raw) && s.parsed !== null)).map((s) => show(s.raw)).join(', ')}`);
        result.resyncs++;
        const fuzzed = await clean(RESET);
        const clean2 = await Promise.all(RESET.map((c) => replay.send(c)));
        if (!fuzzed.every((r) => r.ok) || !clean2.every((r) => r.ok)) throw new Error('cannot reset the engines');
      };
      const inStep = checkpoint.every((line, k) => replies[expected.length + k]?.id === line.split(' ')[0]);
      if (replies.length !== expected.length + STATE.length || !inStep) {
        await reset(`reply count: ${expected.length} non-empty lines + ${STATE.length} queries should get as many replies, the queries' last`);
        result.replied += replies.length;
        continue;
      }
      result.replied += expected.length;

      // Reply by reply.
      const replayCommands: string[] = [];
      for (let i = 0; i < expected.length; i++) {
        const { raw, parsed } = expected[i];
        const reply = replies[i];
        const { id, name, args } = parsed!;
        const where = `round ${round}, line ${show(raw)} → ${reply.ok ? '=' : '?'}${reply.id} ${reply.text.slice(0, 120)}`;
        const idError = idProblem(id, reply);
        if (idError) problems.add('id not echoed', `${where}: ${idError}`);
        if (/internal error/i.test(reply.text)) problems.add('internal error', where);
        // A malformed reply, or one whose id came back wrong, may not be readable as meant: check its text only otherwise.
        const readable = !idError && !reply.malformed;
        const listed = commands.includes(name);
        if (!listed && reply.ok && !commands.some((c) => c.toLowerCase() === name.toLowerCase())) problems.add('unknown command accepted', where);
        const fixed: Record<string, string> = { protocol_version: '2', name: nameReply.text, version: versionReply.text, list_commands: list.text };
        if (readable && args.length === 0 && Object.hasOwn(fixed, name) && (!reply.ok || reply.text !== fixed[name])) problems.add('wrong answer to a fixed query', where);
        if (readable && name === 'known_command' && args.length === 1 && (!reply.ok || reply.text !== String(commands.includes(args[0])))) {
          problems.add('wrong known_command answer', where);
        }
        if (!reply.ok || READ_ONLY.has(name)) continue;
        result.accepted++;
        if (isGenerator(name)) {
          result.generated++;
          const move = vertexList(reply.text).pop() ?? '';
          if (move !== 'RESIGN') replayCommands.push(`play ${args[0]} ${move}`);
        } else {
          if (name === 'play') result.plays++;
          replayCommands.push([name, ...args].join(' '));
          if (name === 'boardsize') generator.size = Number(args[0]);
          if (name === 'loadsgf') generator.size = SGF_SIZES[args[0]] ?? generator.size;
        }
      }

      // The same board changes, clean, on the replay engine; then compare.
      const replayed = await sendAll(replay, [...replayCommands, ...STATE]);
      result.replayed += replayCommands.length;
      replayed.slice(0, replayCommands.length).forEach((r, i) => {
        if (!r.ok) problems.add('replay refused a command the fuzzed engine accepted', `round ${round}: "${replayCommands[i]}" → ? ${r.text}`);
      });
      const mine = replies.slice(expected.length).map((r) => r.text);
      const theirs = replayed.slice(replayCommands.length).map((r) => r.text);
      const fuzzedPosition = positionKey(mine[0], mine[1]);
      if (fuzzedPosition !== positionKey(theirs[0], theirs[1]) || mine[2] !== theirs[2] || mine[3] !== theirs[3]) {
        problems.add(
          'position differs from the replay',
          `round ${round} (seed ${SEED}): fuzzed ${fuzzedPosition}, captures ${mine[2]}/${mine[3]}; replay ${positionKey(theirs[0], theirs[1])}, captures ${theirs[2]}/${theirs[3]}`,
        );
        await reset('position differs from the replay (reset)');
      }
      result.maxStones = Math.max(result.maxStones, vertexList(mine[0]).length + vertexList(mine[1]).length);
    }

    // Alive, answering, and still in step with the replay.
    const [protocol, ...state] = await clean(['protocol_version', ...STATE]);
    expect(engine.exit).toBeNull();
    expect(protocol.ok && protocol.text).toBe('2');
    const replayState = await sendAll(replay, STATE);
    expect(positionKey(state[0].text, state[1].text)).toBe(positionKey(replayState[0].text, replayState[1].text));
    expect([state[2].text, state[3].text]).toEqual([replayState[2].text, replayState[3].text]);
    return result;
  } finally {
    await Promise.all([engine.close(), replay.close()]);
  }
}

/**
 * Runs each listed command (move generators with a colour, the others bare)
 * and returns those that take long, cutting them short with GoGui's
 * `# interrupt`. A command is slow only if it is slow twice, so that a busy
 * machine does not change the generated lines. Both engines are reset after.
 */
async function findSlowCommands(engine: RawGtpEngine, commands: string[], clean: (c: string[]) => Promise<RawReply[]>): Promise<Set<string>> {
  const SLOW_MS = 400;
  const isSlow = async (command: string): Promise<boolean> => {
    const answered = clean([command]);
    const quick = await Promise.race([answered.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), SLOW_MS))]);
    if (!quick) engine.write('# interrupt\n');
    await answered;
    return !quick;
  };
  const slow = new Set<string>();
  for (const name of commands.filter((n) => !isExcluded(n))) {
    const command = isGenerator(name) || name === 'reg_genmove' ? `${name} b` : name;
    if ((await isSlow(command)) && (await isSlow(command))) slow.add(name);
  }
  return slow;
}

function positionKey(black: string, white: string): string {
  const b = vertexList(black).sort();
  const w = vertexList(white).sort();
  return `black [${b.join(' ')}] white [${w.join(' ')}]`;
}

// ---- tests -------------------------------------------------------------------

describe('the fuzz harness itself', () => {
  it('reads lines as GTP section 3.1 says', () => {
    expect(preprocessLine('  # only a comment')).toBeNull();
    expect(preprocessLine('\t \x01\r')).toBeNull();
    expect(preprocessLine('pro\x00tocol_version\r')).toBe('protocol_version');
    expect(preprocessLine('name\rversion')).toBe('nameversion');
    expect(preprocessLine('\u00a0')).toBe('\u00a0');
    expect(readLine('12\tplay  b\tA1 # x')).toEqual({ id: '12', name: 'play', args: ['b', 'A1'] });
    expect(readLine('7')).toEqual({ id: '7', name: '', args: [] });
  });

  it('flags output that is not well-formed replies', () => {
    const parser = new StrictReplyParser();
    parser.push('= 2\n\nnoise\n=5 a\nb\n\n\n?x\n\n=1e+23 tengen\n\n');
    expect(parser.replies.map((r) => [r.ok, r.id, r.text])).toEqual([
      [true, '', '2'],
      [true, '5', 'a\nb'],
      [false, '', 'x'],
      [true, '', '1e+23 tengen'],
    ]);
    expect(parser.errors).toHaveLength(4); // noise, the extra empty line, `?x`, `=1e+23`
  });

  it('checks echoed ids', () => {
    const reply = (id: string): RawReply => ({ ok: true, id, text: '', index: 0, at: 0 });
    expect(idProblem('007', reply('7'))).toBeNull();
    expect(idProblem(null, reply(''))).toBeNull();
    expect(idProblem('12', reply(''))).not.toBeNull();
    expect(idProblem('99999999999999999999999', reply(''))).toBeNull();
    expect(idProblem('9007199254740993', reply('9007199254740992'))).not.toBeNull();
  });
});

/** Writes the input, closes it, and returns what tengen answered (strictly parsed) once it has exited. */
async function session(input: string | Buffer): Promise<{ replies: RawReply[]; errors: string[]; exit: RawGtpEngine['exit'] }> {
  const engine = new RawGtpEngine('node', [MAIN, 'gtp', ...playerFlags()]);
  engine.write(input);
  await engine.close(20_000);
  return { replies: engine.replies, errors: engine.parser.errors, exit: engine.exit };
}

// Each found by the fuzzing above; here as the smallest reproduction.
describe('GTP input edge cases', () => {
  it('removes a lone CR inside a line instead of breaking the line there (section 3.1)', async () => {
    // `name\rversion` is the one command `nameversion` (GNU Go: `? unknown command`).
    const { replies } = await session('name\rversion\nprotocol_version\n');
    expect(replies.map((r) => [r.ok, r.text])).toEqual([
      [false, 'unknown command'],
      [true, '2'],
    ]);
  });

  it('answers a line of non-ASCII spaces: only SP and HT are GTP white space', async () => {
    // GNU Go answers `? unknown command`; a line left unanswered desynchronises the controller.
    const { replies } = await session('\u00a0\n\u3000\nprotocol_version\n');
    expect(replies.map((r) => r.ok)).toEqual([false, false, true]);
  });

  it('echoes ids beyond 2^31-1 exactly or not at all, never as 1e+23, Infinity or a rounded number', async () => {
    const ids = ['2147483647', '9007199254740993', '99999999999999999999999', '1'.repeat(400)];
    const { replies, errors } = await session(ids.map((id) => `${id} protocol_version\n`).join(''));
    expect(errors).toEqual([]);
    expect(replies).toHaveLength(ids.length);
    replies.forEach((reply, i) => expect(idProblem(ids[i], reply), `id ${ids[i].slice(0, 30)}`).toBeNull());
  });

  it('answers every command it read before the end of its input', async () => {
    // A controller may pipe a whole script and close stdin (`tengen gtp < script`).
    const first = await session('list_commands\n');
    const commands = first.replies[0].text.split('\n').filter((n) => !isExcluded(n) && !isGenerator(n));
    const { replies, exit } = await session(commands.map((c) => c + '\n').join('') + 'protocol_version\n');
    expect(replies.length, `${replies.length} replies to ${commands.length + 1} commands: ${commands.join(' ')} protocol_version`).toBe(commands.length + 1);
    expect(exit?.code, 'exit code').toBe(0);
    expect(replies[replies.length - 1].text).toBe('2');
  });
});

describe('tengen under protocol fuzzing', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tengen-fuzz-'));
    for (const [file, text] of Object.entries(SGF_FILES)) writeFileSync(join(dir, file), text);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    `answers ${ROUNDS * LINES_PER_ROUND} random and malformed lines correctly (seed ${SEED})`,
    async () => {
      const start = Date.now();
      const result = await fuzz(dir);
      console.log(
        `fuzz (seed ${SEED}): ${result.lines} lines, ${result.replied} replies, ${result.accepted} board changes accepted ` +
          `(${result.plays} plays, ${result.generated} generated moves), ${result.replayed} replayed, ` +
          `up to ${result.maxStones} stones, ${result.resyncs} resyncs, ${result.problems.total} problems, ${((Date.now() - start) / 1000).toFixed(1)} s; ` +
          `slow, so rare: ${result.slow.join(' ') || 'none'}`,
      );
      const report = result.problems.report();
      for (const line of report) console.error(line);
      expect(report).toEqual([]);
      expect(result.lines).toBeGreaterThanOrEqual(3000);
      expect(result.plays).toBeGreaterThan(300);
    },
    120_000,
  );
});
