// `tengen regress`: run GTP regression files against an engine, in the
// format of GNU Go's regression suite and gogui-regress. A numbered command
// is a test; the `#? [regex]` line after it says what the reply must be.
// Other commands set up positions. One engine process per file, started in the file's folder so
// that `loadsgf` paths resolve relative to the file.

import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Command } from 'commander';
import { GtpClient, type GtpReply } from '../gtp/client.js';

/** What a `#?` line asks of the reply. */
export interface Expectation {
  /** The pattern as written between the brackets, for messages. */
  pattern: string;
  /** Matches the whole reply text. */
  regex: RegExp;
  /** `[!…]`: the reply must not match. */
  negate: boolean;
  /** Trailing `*`: the test is known to fail. */
  expectedFailure: boolean;
  /** Trailing `&`: the reply is shown but not judged (GNU Go regress.awk). */
  ignore: boolean;
}

interface Step {
  line: number;
  command: string;
  /** Set on tests: numbered commands. */
  id?: number;
  expect?: Expectation;
}

/** Counts for one file, in gogui-regress's four outcomes. */
export interface FileReport {
  file: string;
  /** Matched, as expected ("passed"). */
  expectedPasses: number;
  /** Matched although marked `*` ("PASSED"). */
  unexpectedPasses: number;
  /** Failed, as marked with `*` ("failed"). */
  expectedFailures: number;
  /** Failed, not marked ("FAILED"): these make the run fail. */
  unexpectedFailures: number;
  ignored: number;
  /** Non-test commands answered with `?`. */
  setupErrors: number;
  /** Why the file could not be run to the end (unreadable, bad pattern, engine died). */
  error?: string;
}

export interface RegressSummary {
  /** Tests whose reply met the expectation (expected and unexpected passes). */
  passed: number;
  /** Tests whose reply did not (expected and unexpected failures). */
  failed: number;
  unexpectedFailures: number;
  expectedFailures: number;
  unexpectedPasses: number;
  ignored: number;
  setupErrors: number;
  /** One message per file that could not be run to the end. */
  errors: string[];
  files: FileReport[];
}

export interface RegressOptions {
  /** Pass the engine's stderr through. */
  stderr?: boolean;
}

/** Parses the text after `#?`: `[regex]`, `[!regex]`, then optional `*` or `&`. */
export function parseExpectation(text: string): Expectation {
  let body = text.trim();
  let expectedFailure = false;
  let ignore = false;
  for (;;) {
    if (body.endsWith('*')) expectedFailure = true;
    else if (body.endsWith('&')) ignore = true;
    else break;
    body = body.slice(0, -1).trimEnd();
  }
  if (!body.startsWith('[') || !body.endsWith(']')) {
    throw new Error(`expectation is not in brackets: #? ${text.trim()}`);
  }
  const pattern = body.slice(1, -1).trim();
  const negate = pattern.startsWith('!');
  const source = negate ? pattern.slice(1) : pattern;
  let regex: RegExp;
  try {
    // Anchored as a group so that `B14|D17` means the whole reply is one of them.
    regex = new RegExp(`^(?:${source})$`, 's');
  } catch (error) {
    throw new Error(`bad regular expression [${pattern}]: ${(error as Error).message}`);
  }
  return { pattern, regex, negate, expectedFailure, ignore };
}

/** Splits a .tst file into commands, each test carrying its expectation. */
export function parseRegressFile(text: string): Step[] {
  const steps: Step[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/\r/g, '').replace(/\t/g, ' ').trim();
    const where = `line ${i + 1}`;
    if (line.startsWith('#?')) {
      const last = steps.at(-1);
      if (last?.id === undefined || last.expect) {
        throw new Error(`${where}: #? without a numbered command before it`);
      }
      try {
        last.expect = parseExpectation(line.slice(2));
      } catch (error) {
        throw new Error(`${where}: ${(error as Error).message}`);
      }
      continue;
    }
    // GTP preprocessing (spec §3.1): everything from # on is a comment.
    const command = line.replace(/#.*/, '').trim();
    if (command === '') continue;
    const numbered = /^(\d+)\s+\S/.exec(command);
    steps.push({ line: i + 1, command, id: numbered ? Number(numbered[1]) : undefined });
  }
  return steps;
}

/** Whether the reply meets the expectation; a `?` reply never does. */
export function meetsExpectation(reply: GtpReply, expect: Expectation | undefined): boolean {
  if (!reply.ok) return false;
  if (!expect) return true;
  return expect.regex.test(reply.text.trim()) !== expect.negate;
}

function shown(reply: GtpReply): string {
  const text = reply.text.trim().replace(/\n/g, '\\n');
  return reply.ok ? `'${text}'` : `'? ${text}'`;
}

function emptyReport(file: string): FileReport {
  return {
    file,
    expectedPasses: 0,
    unexpectedPasses: 0,
    expectedFailures: 0,
    unexpectedFailures: 0,
    ignored: 0,
    setupErrors: 0,
  };
}

async function runFile(engine: string, file: string, log: (line: string) => void, options: RegressOptions): Promise<FileReport> {
  const report = emptyReport(file);
  let steps: Step[];
  try {
    steps = parseRegressFile(readFileSync(file, 'utf8'));
  } catch (error) {
    report.error = `${file}: ${(error as Error).message}`;
    return report;
  }

  let client: GtpClient;
  try {
    client = new GtpClient(engine, { cwd: dirname(file), stderr: options.stderr });
    await client.send('name');
  } catch (error) {
    // the usual cause: a program path relative to where regress was started
    report.error = `${file}: ${(error as Error).message} (the engine runs in ${dirname(file)}; --stderr shows what it said)`;
    return report;
  }

  try {
    for (const step of steps) {
      let reply: GtpReply;
      try {
        reply = await client.send(step.command);
      } catch (error) {
        const untested = steps.filter((s) => s.id !== undefined && s.line >= step.line).length;
        report.error = `${file}:${step.line}: ${(error as Error).message} at "${step.command}" (${untested} tests not run)`;
        break;
      }
      judge(report, step, reply, log);
    }
  } finally {
    await client.close();
  }
  return report;
}

function judge(report: FileReport, step: Step, reply: GtpReply, log: (line: string) => void): void {
  if (step.id === undefined) {
    if (!reply.ok) {
      report.setupErrors++;
      log(`${report.file} line ${step.line}: error: ${step.command} -> ${shown(reply)}`);
    }
    return;
  }
  const at = `${report.file}:${step.id}`;
  const command = step.command.replace(/^\d+\s+/, '');
  const expect = step.expect;
  const expected = expect ? `[${expect.pattern}]${expect.expectedFailure ? '*' : ''}` : 'success';
  if (expect?.ignore) {
    report.ignored++;
    return;
  }
  const pass = meetsExpectation(reply, expect);
  const failureExpected = expect?.expectedFailure ?? false;
  if (pass && !failureExpected) {
    report.expectedPasses++;
  } else if (pass) {
    report.unexpectedPasses++;
    log(`${at} PASSED: ${command} -> ${shown(reply)}, expected to fail ${expected}`);
  } else if (failureExpected) {
    report.expectedFailures++;
    log(`${at} failed: ${command} -> expected ${expected}, got ${shown(reply)}`);
  } else {
    report.unexpectedFailures++;
    log(`${at} FAILED: ${command} -> expected ${expected}, got ${shown(reply)}`);
  }
}

function describeFile(r: FileReport): string {
  let line =
    `${r.file}: ${r.expectedPasses} passed, ${r.unexpectedPasses} PASSED, ` +
    `${r.expectedFailures} failed, ${r.unexpectedFailures} FAILED`;
  if (r.ignored > 0) line += `, ${r.ignored} ignored`;
  if (r.setupErrors > 0) line += `, ${r.setupErrors} setup errors`;
  return line;
}

/**
 * Runs each file with a fresh engine and logs a line per failing test, a line
 * per file and a closing `N passed, N failed` (failed = unexpected failures).
 */
export async function runRegress(
  engine: string,
  files: string[],
  log: (line: string) => void,
  options: RegressOptions = {},
): Promise<RegressSummary> {
  const reports: FileReport[] = [];
  for (const file of files) {
    const report = await runFile(engine, file, log, options);
    if (report.error) log(`error: ${report.error}`);
    log(describeFile(report));
    reports.push(report);
  }
  const total = (key: keyof Omit<FileReport, 'file' | 'error'>) => reports.reduce((sum, r) => sum + r[key], 0);
  const summary: RegressSummary = {
    passed: total('expectedPasses') + total('unexpectedPasses'),
    failed: total('expectedFailures') + total('unexpectedFailures'),
    unexpectedFailures: total('unexpectedFailures'),
    expectedFailures: total('expectedFailures'),
    unexpectedPasses: total('unexpectedPasses'),
    ignored: total('ignored'),
    setupErrors: total('setupErrors'),
    errors: reports.flatMap((r) => (r.error ? [r.error] : [])),
    files: reports,
  };
  log(`${summary.passed} passed, ${summary.unexpectedFailures} failed`);
  return summary;
}

/** 0: no unexpected failures; 1: some; 2: a file could not be run (gogui-regress's codes). */
export function regressExitCode(summary: RegressSummary): number {
  if (summary.errors.length > 0) return 2;
  return summary.unexpectedFailures > 0 ? 1 : 0;
}

/** The command line of this very program's GTP engine, the default engine to test. */
export function selfEngineCommand(): string {
  const quote = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;
  return `${quote(process.execPath)} ${quote(process.argv[1])} gtp`;
}

export function regressCommand(): Command {
  return new Command('regress')
    .description('run GTP regression files (GNU Go / gogui-regress .tst format) against an engine')
    .argument('<files...>', 'regression files; each runs in its own engine, started in the file’s folder')
    .option('--engine <command>', 'engine command line (default: this program’s `gtp`)')
    .option('--stderr', 'show the engine’s stderr')
    .action(async (files: string[], opts: { engine?: string; stderr?: boolean }) => {
      const summary = await runRegress(opts.engine ?? selfEngineCommand(), files, (line) => console.log(line), {
        stderr: opts.stderr,
      });
      // the report (stdout) names them in its place; a person or script reading stderr learns it too
      for (const error of summary.errors) console.error(`regress: ${error}`);
      process.exitCode = regressExitCode(summary);
    });
}
