// The GTP loop: reads lines from the first moment, answers them one at a time
// in order (pipelined commands wait their turn), and lets a running command be
// stopped: `# interrupt` (GoGui) or quit stops a genmove early; any line ends
// an analysis stream. Only protocol is written to the output.

import type { Readable, Writable } from 'node:stream';
import type { EngineLog } from '../engine/log.js';
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
  /** The reply to `version` (--override-version), when it is not `version`. */
  reportedVersion?: string;
  /** The engine log on stderr: moves, game summaries, internal errors. */
  log: EngineLog;
  /** Keep searching on the opponent's time after tengen moves; any input stops it. */
  ponder?: boolean;
  /** Write gtp2ogs chat lines (DISCUSSION:/MALKOVICH:) to stderr. */
  chat?: boolean;
}

/** Commands after which tengen has moved and may ponder. */
const MOVE_COMMANDS = new Set(['genmove', 'kgs-genmove_cleanup', 'genmove_analyze', 'lz-genmove_analyze', 'kata-genmove_analyze', 'cgos-genmove_analyze']);

interface Pending {
  line: string;
  /** Some input line (even an empty one) arrived after this one: a stream it starts ends at once. */
  followed: boolean;
}

interface Running {
  abort: AbortController;
  stopsOnInput: boolean;
}

export class GtpServer {
  private readonly queue: Pending[] = [];
  private running: Running | null = null;
  private inputEnded = false;
  private quitting = false;
  /** Whether a reply has been written: the player is warmed after the first one. */
  private answered = false;
  private finished!: () => void;
  readonly done: Promise<void>;

  constructor(private readonly options: ServerOptions) {
    this.done = new Promise((resolve) => (this.finished = resolve));
    // Lines end at LF only: a lone CR is a control character that preprocessing
    // removes (spec 3.1), not a line break as node:readline would take it.
    let pending = '';
    options.input.setEncoding('utf8');
    options.input.on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() as string;
      for (const raw of lines) this.receive(raw);
    });
    const end = () => {
      if (this.inputEnded) return;
      if (pending !== '') this.receive(pending);
      this.inputEnded = true;
      // Commands already read still run to completion; only a stream would never end.
      if (this.running?.stopsOnInput) this.running.abort.abort();
      this.pump();
    };
    options.input.on('end', end);
    options.input.on('error', end);
  }

  private receive(raw: string): void {
    if (this.quitting) return;
    const line = preprocess(raw);
    const interrupt = raw.trim() === '# interrupt';
    const quit = line !== '' && parseCommand(line).name === 'quit';
    if (this.running && (interrupt || quit || this.running.stopsOnInput)) this.running.abort.abort();
    const last = this.queue[this.queue.length - 1];
    if (last) last.followed = true;
    if (line !== '') this.queue.push({ line, followed: false });
    this.pump();
  }

  private pump(): void {
    if (this.running || this.quitting) return;
    const next = this.queue.shift();
    if (next === undefined) {
      if (this.inputEnded) this.finish();
      return;
    }
    void this.execute(next).then((name) => {
      if (this.options.ponder && MOVE_COMMANDS.has(name) && this.queue.length === 0 && !this.quitting) this.ponder();
      this.pump();
    });
  }

  /** Searches the position with the opponent to move until any input arrives (the tree is reused after). */
  private ponder(): void {
    const { session, player, log } = this.options;
    if (session.gameOver || this.inputEnded) return;
    const abort = new AbortController();
    this.running = { abort, stopsOnInput: true };
    player
      .analyze(session, { color: session.game.toMove, signal: abort.signal })
      .catch((error) => log.error(`pondering failed: ${(error as Error).message}`))
      .finally(() => {
        this.running = null;
        this.pump();
      });
  }

  /** Runs one command line and writes its reply; returns the command's name. */
  private async execute({ line, followed }: Pending): Promise<string> {
    const { id, name, args } = parseCommand(line);
    const spec = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    const { output, log } = this.options;
    if (!spec) {
      output.write(formatFailure(id, 'unknown command'));
      return name;
    }
    const abort = new AbortController();
    const stopsOnInput = spec.stopsOnInput ?? false;
    this.running = { abort, stopsOnInput };
    // A stream stops on any input, so one that input already follows (or that
    // starts after the end of input) prints its `=` and ends at once.
    if (stopsOnInput && (followed || this.inputEnded)) abort.abort();
    let streaming = false;
    const ctx: Context = {
      session: this.options.session,
      player: this.options.player,
      signal: abort.signal,
      name: this.options.name,
      version: this.options.version,
      reportedVersion: this.options.reportedVersion ?? this.options.version,
      log,
      commandNames: COMMAND_NAMES,
      begin: () => {
        streaming = true;
        output.write(`=${id ?? ''}\n`);
      },
      // A blank line would end the reply for the controller (Sabaki#676): never write one inside a stream.
      line: (text) => {
        if (text.trim() !== '') output.write(text + '\n');
      },
      chat: (text) => {
        if (this.options.chat) process.stderr.write(text + '\n');
      },
      quit: () => (this.quitting = true),
    };
    try {
      const text = await spec.run(args, ctx);
      if (streaming) output.write(text ? `${text}\n\n` : '\n');
      else output.write(formatSuccess(id, text));
      log.command(name, this.options.session, text);
    } catch (error) {
      const refused = error instanceof GtpError;
      const message = refused ? error.message : `internal error: ${(error as Error).message}`;
      if (!refused) log.error(`internal error in ${name}: ${(error as Error).stack ?? error}`);
      else if (streaming) log.error(`${name}: ${message}`);
      // a stream has already answered `=`: all it can still do is end, so the reason is in the log
      output.write(streaming ? '\n' : formatFailure(id, message));
    } finally {
      this.running = null;
    }
    if (this.quitting) this.finish();
    else if (!this.answered) {
      // Only now load the search and start its threads: the controller's first command is
      // answered without them, and they are warm by the time a search is asked for.
      setImmediate(() => {
        if (!this.quitting) this.options.player.warm?.();
      });
    }
    this.answered = true;
    return name;
  }

  private finish(): void {
    if (!this.quitting) this.options.log.close(this.options.session);
    this.quitting = true;
    this.finished();
  }
}
