// The controller side of GTP: start an engine process, send it commands and
// read its replies. Replies come back in command order (GTP v2 section 2.6),
// so commands may be pipelined: each reply settles the oldest pending send.

import { spawn, type ChildProcess } from 'node:child_process';

export interface GtpReply {
  /** `=` (success) or `?` (failure). */
  ok: boolean;
  id?: number;
  /** The reply after the marker and id, its lines joined by `\n`. */
  text: string;
}

export interface GtpClientOptions {
  /** Working directory of the engine process. */
  cwd?: string;
  /** Pass the engine's stderr through to ours (default: discard it). */
  stderr?: boolean;
}

/** How long close() waits for the engine to exit after `quit` (Sabaki uses the same). */
const QUIT_TIMEOUT_MS = 3000;

interface Pending {
  resolve: (reply: GtpReply) => void;
  reject: (error: Error) => void;
}

export class GtpClient {
  readonly command: string;
  /** Settles once the process has exited and its output is read. */
  readonly exited: Promise<void>;
  private readonly child: ChildProcess;
  private readonly pending: Pending[] = [];
  private partialLine = '';
  private replyLines: string[] | null = null;
  /** Set once the process can take no more commands. */
  private failure: Error | null = null;

  /** The engine's process id (undefined if it could not start). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  constructor(command: string, options: GtpClientOptions = {}) {
    this.command = command;
    const [program, ...args] = splitCommandLine(command);
    if (program === undefined) throw new Error('empty engine command');
    this.child = spawn(program, args, {
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', options.stderr ? 'inherit' : 'ignore'],
    });
    this.child.stdout!.setEncoding('utf8');
    this.child.stdout!.on('data', (chunk: string) => this.receive(chunk));
    // A write to a dead engine raises EPIPE here; 'close' reports the death.
    this.child.stdin!.on('error', () => {});
    this.exited = new Promise((resolve) => {
      this.child.on('error', (error) => {
        this.fail(new Error(`cannot start engine "${command}": ${error.message}`));
        resolve();
      });
      this.child.on('close', (code, signal) => {
        this.fail(new Error(`engine "${command}" exited (${signal ?? `code ${code}`})`));
        resolve();
      });
    });
  }

  /** Sends one command line; resolves with its reply, rejects if the engine dies first. */
  send(command: string): Promise<GtpReply> {
    if (this.failure) return Promise.reject(this.failure);
    if (/[\r\n]/.test(command)) return Promise.reject(new Error('a GTP command is one line'));
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      this.child.stdin!.write(command + '\n');
    });
  }

  /** Sends `quit`, then kills the engine if it has not exited within 3 s. */
  async close(): Promise<void> {
    if (!this.failure) {
      this.send('quit').catch(() => {});
      this.child.stdin!.end();
      const timer = setTimeout(() => this.child.kill('SIGKILL'), QUIT_TIMEOUT_MS);
      await this.exited;
      clearTimeout(timer);
    }
    await this.exited;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.pending.splice(0)) waiter.reject(this.failure);
  }

  private receive(chunk: string): void {
    const lines = (this.partialLine + chunk).split('\n');
    this.partialLine = lines.pop()!;
    for (const line of lines) this.receiveLine(line.replace(/\r/g, ''));
  }

  // A reply starts with `=` or `?` and ends at the first empty line; lines
  // before a reply starts are noise and are skipped, as Sabaki and GoGui do.
  private receiveLine(line: string): void {
    if (this.replyLines === null) {
      if (line.startsWith('=') || line.startsWith('?')) this.replyLines = [line];
      return;
    }
    if (line !== '') {
      this.replyLines.push(line);
      return;
    }
    const reply = parseReply(this.replyLines);
    this.replyLines = null;
    this.pending.shift()?.resolve(reply);
  }
}

/** Parses the lines of one reply (without the terminating empty line). */
export function parseReply(lines: string[]): GtpReply {
  const [first, ...rest] = lines;
  const match = /^([=?])(\d*)\s*(.*)$/s.exec(first)!;
  const head = match[3];
  const reply: GtpReply = {
    ok: match[1] === '=',
    text: (head === '' && rest.length > 0 ? rest : [head, ...rest]).join('\n'),
  };
  if (match[2] !== '') reply.id = Number(match[2]);
  return reply;
}

/**
 * Splits a command line into words as a POSIX shell would for simple cases:
 * blanks separate words, '…' is literal, "…" allows \" and \\, and a
 * backslash outside quotes escapes the next character.
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote === "'") {
      if (c === "'") quote = null;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '\\' && (line[i + 1] === '"' || line[i + 1] === '\\')) word += line[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (c === ' ' || c === '\t') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) throw new Error(`unclosed ${quote} in command: ${line}`);
  if (inWord) words.push(word);
  return words;
}
