// The GTP loop: reads lines from the first moment, answers them one at a time
// in order (pipelined commands wait their turn), and lets a running command be
// stopped: `# interrupt` (GoGui) or quit stops a genmove early; any line ends
// an analysis stream. Only protocol is written to the output.

import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Player } from '../engine/player.js';
import type { Session } from '../engine/session.js';
import type { Context } from './command.js';
import { COMMAND_NAMES, COMMANDS } from './table.js';
import { GtpError, formatFailure, formatSuccess, parseCommand, preprocess } from './protocol.js';

export interface ServerOptions {
  input: Readable;
  output: Writable;
  session: Session;
  player: Player;
  name: string;
  version: string;
  log: (message: string) => void;
}

interface Running {
  abort: AbortController;
  stopsOnInput: boolean;
}

export class GtpServer {
  private readonly queue: string[] = [];
  private running: Running | null = null;
  private inputEnded = false;
  private quitting = false;
  private finished!: () => void;
  readonly done: Promise<void>;

  constructor(private readonly options: ServerOptions) {
    this.done = new Promise((resolve) => (this.finished = resolve));
    const lines = createInterface({ input: options.input, crlfDelay: Infinity, terminal: false });
    lines.on('line', (raw) => this.receive(raw));
    lines.on('close', () => {
      this.inputEnded = true;
      this.running?.abort.abort();
      this.pump();
    });
  }

  private receive(raw: string): void {
    if (this.quitting) return;
    const line = preprocess(raw);
    const running = this.running;
    if (running) {
      const interrupt = raw.trim() === '# interrupt';
      const quit = line !== '' && parseCommand(line).name === 'quit';
      if (interrupt || quit || running.stopsOnInput) running.abort.abort();
    }
    if (line !== '') this.queue.push(line);
    this.pump();
  }

  private pump(): void {
    if (this.running || this.quitting) return;
    const line = this.queue.shift();
    if (line === undefined) {
      if (this.inputEnded) this.finish();
      return;
    }
    void this.execute(line).then(() => this.pump());
  }

  private async execute(line: string): Promise<void> {
    const { id, name, args } = parseCommand(line);
    const spec = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    const { output, log } = this.options;
    if (!spec) {
      output.write(formatFailure(id, 'unknown command'));
      return;
    }
    const abort = new AbortController();
    this.running = { abort, stopsOnInput: spec.stopsOnInput ?? false };
    let streaming = false;
    const ctx: Context = {
      session: this.options.session,
      player: this.options.player,
      signal: abort.signal,
      name: this.options.name,
      version: this.options.version,
      commandNames: COMMAND_NAMES,
      begin: () => {
        streaming = true;
        output.write(`=${id ?? ''}\n`);
      },
      line: (text) => output.write(text + '\n'),
      quit: () => (this.quitting = true),
    };
    try {
      const text = await spec.run(args, ctx);
      if (streaming) output.write(text ? `${text}\n\n` : '\n');
      else output.write(formatSuccess(id, text));
    } catch (error) {
      if (streaming) output.write('\n');
      else if (error instanceof GtpError) output.write(formatFailure(id, error.message));
      else {
        log(`internal error in ${name}: ${(error as Error).stack ?? error}`);
        output.write(formatFailure(id, `internal error: ${(error as Error).message}`));
      }
    } finally {
      this.running = null;
    }
    if (this.quitting) this.finish();
  }

  private finish(): void {
    this.quitting = true;
    this.finished();
  }
}
