// Where a run's finished games go: one SGF per game, one JSON line per game
// in the results file, and the running head-to-head figures that decide an
// SPRT. Results are accepted a job at a time (a colour-swapped pair or a
// single game), which is also the unit a queue retries.

import { accessSync, appendFileSync, constants, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { GameRecord, SideTime } from './game.js';
import { headToHead, progressLine, type HeadToHead } from './report.js';
import type { SprtParameters } from './sprt.js';
import type { MatchDefinition } from './resume.js';

/** A match's results file starts with this line: what was run (see resume.ts), and a queue run's id. */
export interface ResultsHeader {
  definition: MatchDefinition;
  run?: string;
}

export function isResultsHeader(line: unknown): line is ResultsHeader {
  return typeof line === 'object' && line !== null && typeof (line as ResultsHeader).definition === 'object';
}

export interface FinishedGame {
  record: GameRecord;
  sgf: string;
}

export interface ResultsOptions {
  /** The JSON-lines results file. */
  file?: string;
  sgfDir?: string;
  /** A queue run's id: its own games in the results file may be rewritten (see checkOutputs). */
  run?: string;
  /** The two engines the progress line and the SPRT follow (engine, opponent). */
  focus?: [string, string];
  /** Whether jobs are colour-swapped pairs (pentanomial) or single games (trinomial). */
  paired: boolean;
  sprt?: SprtParameters;
  /** Games in the whole schedule, for the progress line. */
  total: number;
  /** Called with the progress line after each accepted job. */
  progress?: (line: string) => void;
  /** The first line of a fresh results file (a match's definition). */
  header?: ResultsHeader;
  /** The games a resumed run's file already holds (see resume.ts): kept, counted, and appended to. */
  resumed?: GameRecord[];
}

/**
 * Refuses to start a run over a results file that already holds games
 * (nothing recorded is ever lost) — except, for a queue run, games of that
 * same run, which Redis holds too and the restarted coordinator rewrites —
 * or one whose results or SGF files could not be written: found now, not
 * after the first games.
 */
function checkOutputs(file: string | undefined, sgfDir: string | undefined, run?: string, resuming = false): void {
  if (sgfDir !== undefined) {
    try {
      mkdirSync(sgfDir, { recursive: true });
      accessSync(sgfDir, constants.W_OK);
    } catch (error) {
      throw new Error(`cannot write SGF files to ${sgfDir}: ${(error as Error).message}`);
    }
  }
  if (file === undefined) return;
  if (existsSync(file) && statSync(file).isDirectory()) throw new Error(`results file ${file} is a folder`);
  try {
    accessSync(existsSync(file) ? file : dirname(resolve(file)), constants.W_OK);
  } catch (error) {
    throw new Error(`cannot write results file ${file}: ${(error as Error).message}`);
  }
  if (resuming || !existsSync(file) || statSync(file).size === 0) return;
  const first = readFileSync(file, 'utf8').split('\n', 1)[0];
  let owner: string | undefined;
  try {
    owner = (JSON.parse(first) as GameRecord).run;
  } catch {
    owner = undefined;
  }
  if (run === undefined || owner !== run) throw new Error(`results file ${file} already holds games; remove it or choose another`);
}

/** Whether a parsed results line has every field the reports read. */
function isGameRecord(r: GameRecord): boolean {
  const side = (t: unknown): boolean => typeof t === 'object' && t !== null && typeof (t as SideTime).moves === 'number' && typeof (t as SideTime).seconds === 'number';
  if (typeof r !== 'object' || r === null) return false;
  const names = typeof r.black === 'string' && typeof r.white === 'string';
  const outcome = typeof r.result === 'string' && typeof r.end === 'string' && [null, 'black', 'white'].includes(r.winner);
  return names && outcome && typeof r.pair === 'number' && side(r.time?.black) && side(r.time?.white);
}

/** The records of a results file (a match's header line aside); a clear error names the bad line. */
export function readResults(file: string): GameRecord[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    // Node's message names the path again: `ENOENT: no such file or directory, open 'x'`
    throw new Error(`cannot read results file ${file}: ${(error as Error).message.replace(/, \w+( '.*')?$/, '')}`);
  }
  return parseResults(text, file);
}

/** The records of a results file's text; `file` names it in errors. */
export function parseResults(text: string, file: string): GameRecord[] {
  return text.split('\n').flatMap((line, i) => {
    if (line.trim() === '') return [];
    try {
      const record = JSON.parse(line) as GameRecord;
      if (i === 0 && isResultsHeader(record)) return [];
      if (!isGameRecord(record)) throw new Error('not a game record');
      return [record];
    } catch (error) {
      throw new Error(`${file}:${i + 1}: ${(error as Error).message}`);
    }
  });
}

export class Results {
  readonly records: GameRecord[] = [];

  /** Whether the results file was started afresh yet: not before the first game, so a run that fails to start touches nothing. */
  private started = false;

  /** Throws when the outputs cannot be written or the results file holds another run's games. */
  constructor(private readonly options: ResultsOptions) {
    checkOutputs(options.file, options.sgfDir, options.run, options.resumed !== undefined);
    if (options.resumed !== undefined && options.resumed.length > 0) {
      this.records.push(...options.resumed);
      this.started = true;
    }
  }

  /**
   * Records a finished job: SGF files, results lines, then the progress line. The job's lines
   * go to the file in one write, so a run stopped at any moment leaves whole jobs behind.
   */
  accept(games: readonly FinishedGame[]): void {
    let lines = '';
    for (const { record, sgf } of games) {
      if (this.options.sgfDir !== undefined) {
        mkdirSync(this.options.sgfDir, { recursive: true });
        record.sgf = `game-${String(record.number).padStart(4, '0')}.sgf`;
        writeFileSync(join(this.options.sgfDir, record.sgf), sgf);
      }
      lines += JSON.stringify(record) + '\n';
    }
    if (this.options.file !== undefined) {
      if (!this.started) writeFileSync(this.options.file, this.options.header ? JSON.stringify(this.options.header) + '\n' : '');
      this.started = true;
      appendFileSync(this.options.file, lines);
    }
    this.records.push(...games.map((g) => g.record));
    const status = this.headToHead();
    const line = status ? progressLine(status, this.options.total) : `games ${this.records.length}/${this.options.total}`;
    this.options.progress?.(line);
  }

  /** The followed engines' figures so far (null in a tournament without a focus). */
  headToHead(): HeadToHead | null {
    const focus = this.options.focus;
    return focus ? headToHead(this.records, focus[0], focus[1], this.options.paired, this.options.sprt) : null;
  }

  /** True once the SPRT has accepted a hypothesis: no further results count. */
  get decided(): boolean {
    return this.headToHead()?.sprt?.decision != null;
  }
}
