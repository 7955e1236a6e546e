// A GTP engine process driven with raw bytes, whose output is read strictly:
// unlike GtpClient (which skips noise as controllers do), every line the
// engine writes must belong to a well-formed reply, and anything else is
// recorded as a framing error. For fuzzing the protocol layer.

import { spawn, type ChildProcess } from 'node:child_process';

export interface RawReply {
  ok: boolean;
  /** The id digits after `=`/`?` ('' when none). */
  id: string;
  /** The text after the marker, id and one space, lines joined by `\n`. */
  text: string;
  /** Index of this reply in the engine's output. */
  index: number;
  /** When it was read (Date.now()). */
  at: number;
  /** The first line was not `=[id]` or `?[id]` then a space or its end (a framing error was recorded). */
  malformed?: boolean;
}

/**
 * Parses GTP output strictly (GTP v2 section 2.6 and 3.4): a reply is
 * `=[id]` or `?[id]`, then a space and text or the end of the line, more
 * lines of text, and an empty line. Collects the complete replies and any
 * framing errors.
 */
export class StrictReplyParser {
  readonly replies: RawReply[] = [];
  readonly errors: string[] = [];
  private partial = '';
  private current: string[] | null = null;

  push(chunk: string): void {
    const lines = (this.partial + chunk).split('\n');
    this.partial = lines.pop()!;
    for (const line of lines) this.line(line);
  }

  /** Output not yet ended by a newline, or a reply not yet ended by its empty line. */
  get pending(): string {
    return (this.current ? this.current.join('\n') + '\n' : '') + this.partial;
  }

  private line(line: string): void {
    // eslint-disable-next-line no-control-regex
    if (/[\x00-\x08\x0b-\x1f\x7f]/.test(line)) this.error(`control character in output line ${JSON.stringify(line.slice(0, 80))}`);
    if (this.current === null) {
      if (line === '') return this.error('an empty line outside a reply (a reply ended twice?)');
      if (!/^[=?]/.test(line)) return this.error(`a line outside a reply: ${JSON.stringify(line.slice(0, 80))}`);
      this.current = [line];
      return;
    }
    if (line !== '') {
      this.current.push(line);
      return;
    }
    const [first, ...rest] = this.current;
    this.current = null;
    const match = /^([=?])(\d*)(?: (.*))?$/s.exec(first);
    if (!match) this.error(`malformed first line of a reply: ${JSON.stringify(first.slice(0, 80))}`);
    const text = [match?.[3] ?? first.slice(1), ...rest].join('\n');
    this.replies.push({ ok: first[0] === '=', id: match?.[2] ?? '', text, index: this.replies.length, at: Date.now(), malformed: !match });
  }

  private error(message: string): void {
    this.errors.push(`after reply #${this.replies.length}: ${message}`);
  }
}

export class RawGtpEngine {
  readonly parser = new StrictReplyParser();
  stderr = '';
  exit: { code: number | null; signal: string | null } | null = null;
  private readonly child: ChildProcess;
  private waiters: (() => void)[] = [];

  constructor(program: string, args: string[], options: { cwd?: string } = {}) {
    this.child = spawn(program, args, { cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout!.setEncoding('utf8');
    this.child.stdout!.on('data', (chunk: string) => {
      this.parser.push(chunk);
      this.wake();
    });
    this.child.stderr!.setEncoding('utf8');
    this.child.stderr!.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-20_000);
    });
    this.child.stdin!.on('error', () => {});
    this.child.on('close', (code, signal) => {
      this.exit = { code, signal };
      this.wake();
    });
  }

  get replies(): RawReply[] {
    return this.parser.replies;
  }

  /** Writes bytes as they are: no newline is added. */
  write(data: string | Buffer): void {
    this.child.stdin!.write(data);
  }

  /** Resolves once `done()` holds; rejects on timeout or when the engine exits first. */
  async until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (this.exit) throw new Error(`engine exited (${this.exit.signal ?? `code ${this.exit.code}`}) while waiting for ${what}; stderr: ${this.stderr.slice(-2000)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; unfinished output: ${JSON.stringify(this.parser.pending.slice(-300))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 1000));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Closes stdin (end of input) and waits for the exit, killing after a grace period. */
  async close(graceMs = 3000): Promise<void> {
    if (this.exit) return;
    this.child.stdin!.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.until(() => this.exit !== null, graceMs + 2000, 'the engine to exit').catch(() => {});
    clearTimeout(timer);
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
