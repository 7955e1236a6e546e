// The engines of a match or tournament: their specs (as a tournament file
// gives them) and the running processes. A process that crashed, hung or
// timed out is marked broken and replaced by a fresh one before its next game,
// so one bad game never stops a run.

import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { GtpClient, type GtpReply } from '../gtp/client.js';

export interface EngineSpec {
  /** What results, tables and queue jobs call the engine. */
  name: string;
  command: string;
  /** Working folder of the process. */
  cwd?: string;
  /** GTP commands sent after every start, each of which must succeed. */
  setup?: string[];
}

/** A command the engine did not answer in time; the process is then killed. */
export class EngineTimeout extends Error {}

export class EngineProcess {
  /** `name version` as the engine reports them. */
  gtpName = '';
  commands = new Set<string>();
  /** Crashed, hung or timed out: replace before the next game. */
  broken = false;
  private closing: Promise<void> | null = null;

  private constructor(
    readonly spec: EngineSpec,
    private readonly client: GtpClient,
  ) {}

  /** Starts the engine and sends its setup commands; a clear error if it cannot. */
  static async start(spec: EngineSpec, stderr = false, timeoutSeconds = 60): Promise<EngineProcess> {
    const engine = new EngineProcess(spec, new GtpClient(spec.command, { cwd: spec.cwd, stderr }));
    try {
      const name = await engine.send('name', timeoutSeconds);
      const version = await engine.send('version', timeoutSeconds);
      const list = await engine.send('list_commands', timeoutSeconds);
      const base = name.ok && name.text.trim() ? name.text.trim() : spec.name;
      engine.gtpName = version.ok && version.text.trim() ? `${base} ${version.text.trim()}` : base;
      engine.commands = new Set(list.ok ? list.text.split('\n').map((c) => c.trim()) : []);
      for (const command of spec.setup ?? []) await engine.must(command, timeoutSeconds);
      return engine;
    } catch (error) {
      await engine.close();
      throw new Error(`engine ${spec.name}: ${(error as Error).message}`);
    }
  }

  /** Sends a command; rejects if the process dies or does not answer within the timeout (it is then killed). */
  async send(command: string, timeoutSeconds: number): Promise<GtpReply> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new EngineTimeout(`no answer to "${command}" within ${timeoutSeconds} s`)), timeoutSeconds * 1000);
    });
    try {
      return await Promise.race([this.client.send(command), timeout]);
    } catch (error) {
      this.broken = true;
      void this.close();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Sends a command that must succeed. */
  async must(command: string, timeoutSeconds: number): Promise<string> {
    const reply = await this.send(command, timeoutSeconds);
    if (!reply.ok) throw new Error(`"${command}" failed: ${reply.text}`);
    return reply.text;
  }

  close(): Promise<void> {
    this.closing ??= this.client.close();
    return this.closing;
  }
}

/**
 * The processes one game slot needs: its engines (two of the same engine in
 * self-play) and a referee, started on demand and kept between games.
 */
export class Table {
  private readonly running = new Map<string, EngineProcess>();
  private refereeProcess: EngineProcess | null = null;

  constructor(
    private readonly refereeCommand: string | null,
    private readonly stderr = false,
  ) {}

  /** The running process for an engine (instance 1 is the second copy in self-play). */
  async engine(spec: EngineSpec, instance: 0 | 1 = 0): Promise<EngineProcess> {
    const key = `${instance}:${spec.name}`;
    const current = this.running.get(key);
    if (current && !current.broken) return current;
    this.running.delete(key);
    await current?.close();
    const started = await EngineProcess.start(spec, this.stderr);
    this.running.set(key, started);
    return started;
  }

  /** The referee, or null to let the black engine count (no --referee and no GNU Go). */
  async referee(): Promise<EngineProcess | null> {
    if (this.refereeCommand === null) return null;
    if (this.refereeProcess && !this.refereeProcess.broken) return this.refereeProcess;
    await this.refereeProcess?.close();
    this.refereeProcess = await EngineProcess.start({ name: 'referee', command: this.refereeCommand }, this.stderr);
    return this.refereeProcess;
  }

  /** Stops the engines a coming game does not use, so idle engines do not pile up. */
  async keepOnly(names: readonly string[]): Promise<void> {
    for (const [key, engine] of this.running) {
      if (!names.includes(engine.spec.name)) {
        this.running.delete(key);
        await engine.close();
      }
    }
  }

  async close(): Promise<void> {
    const all = [...this.running.values(), ...(this.refereeProcess ? [this.refereeProcess] : [])];
    this.running.clear();
    this.refereeProcess = null;
    await Promise.all(all.map((e) => e.close()));
  }
}

/**
 * The default referee: GNU Go, if installed, scoring by area unless the rules
 * say territory. Level 0 because at its default level final_score can take
 * minutes on a messy 9×9 board (measured: 372 s once), and after two passes
 * the status of the stones is rarely in doubt.
 */
export function defaultReferee(rules?: string): string | null {
  const scoring = rules !== undefined && /japanese|korean/i.test(rules) ? '--japanese-rules' : '--chinese-rules';
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/games'];
  for (const dir of dirs) {
    if (!dir) continue;
    const path = join(dir, 'gnugo');
    try {
      accessSync(path, constants.X_OK);
      return `${path} --mode gtp --level 0 ${scoring}`;
    } catch {
      // not here
    }
  }
  return null;
}
