// A match of two engines, like gogui-twogtp and cutechess-cli: alternating
// colours in colour-swapped pairs (or fixed colours), optionally concurrent,
// on a clock (sudden death, or main time and byo-yomi), stopped early by an SPRT, on this machine or on
// a queue's workers; a stopped run continues from its results file (resume.ts).

import { defaultKomi } from '../game/rules.js';
import { MAX_SIZE, MIN_SIZE } from '../game/vertex.js';
import { defaultReferee, type EngineSpec } from './engines.js';
import { clockFields, type GameRecord, type GameSettings } from './game.js';
import { parseClock, type TimeSettings } from '../game/clock.js';
import { runQueued, runId } from './queue.js';
import { engineStats, type EngineStats, type HeadToHead } from './report.js';
import { Results, type FinishedGame } from './results.js';
import { runLocal, type Plan } from './runner.js';
import { matchSchedule } from './schedule.js';
import { formatElo, eloEstimate, formatSprt, parseSprt, type SprtParameters } from './sprt.js';
import { readTournamentFile } from './file.js';
import { runOpenings } from './openings.js';
import { matchDefinition, resumeRun } from './resume.js';

export interface MatchOptions {
  /** Fixed colours: this engine always plays black… */
  black?: string;
  /** …and this one white. */
  white?: string;
  /** Alternating colours: this engine plays black in odd-numbered games… */
  engine?: string;
  /** …and this one in even-numbered games. */
  opponent?: string;
  /** A tournament file: the engine options above are then names of its engines (required with a queue). */
  engines?: string;
  size?: number;
  komi?: number;
  /** Sent as `kgs-rules` or `kata-set-rules` to engines that list one of them. */
  rules?: string;
  /** Games to play; with an SPRT, the most to play (default 1, with an SPRT 2000). */
  games?: number;
  /** Engine that scores finished games; default: GNU Go (see defaultReferee), else the black engine. */
  referee?: string;
  /** Write one SGF per game here. */
  sgfDir?: string;
  /** The JSON-lines results file. */
  results?: string;
  /** Continue the run the results file holds (same definition): play only the games it lacks. */
  resume?: boolean;
  /** Stop and score a game after this many moves (default 3 × size²). */
  maxMoves?: number;
  /**
   * The clock per side: seconds of sudden death, or a clock as parseClock reads it (`300+3x30`:
   * main time, then 3 byo-yomi periods of 30 s); a side that runs out loses on time.
   */
  clock?: number | string | TimeSettings;
  /** Whole-game seconds, the clock's older name. */
  time?: number;
  /** Seconds an engine may take to answer without a clock before it counts as hung (default 300). */
  moveTimeout?: number;
  concurrency?: number;
  /** `elo0=0,elo1=10,alpha=0.05,beta=0.05[,model=normalized]`, or parsed. */
  sprt?: string | SprtParameters;
  /** An SGF file or a folder of them: games start from their moves (see openings.ts). */
  openings?: string;
  /** Play at most this many moves of each opening. */
  openingMoves?: number;
  /** redis://… : play on the queue's workers. */
  queue?: string;
  stderr?: boolean;
  /** Where the per-game lines and the summary go (default stdout). */
  log?: (line: string) => void;
  /** Where the progress line goes (default stderr). */
  progress?: (line: string) => void;
  /** Called after each game is recorded. */
  onGame?: (record: GameRecord) => void;
  /** Stops the run (Ctrl-C): games in flight are given up, the results file keeps whole pairs. */
  stop?: AbortSignal;
}

export interface MatchSummary {
  games: GameRecord[];
  /** The first engine (black or engine), then the second. */
  players: [EngineStats, EngineStats];
  headToHead: HeadToHead;
  referee: string;
  /** The queue run, when played on a queue. */
  run?: string;
  /** Queue jobs that failed on a worker. */
  failed: string[];
  /** The run was stopped before its end. */
  stopped?: boolean;
}

function gameLine(record: GameRecord, total: number): string {
  const how = record.illegalMove !== undefined ? ` (illegal ${record.illegalMove})` : record.end === 'max-moves' ? ' (move limit)' : record.reason ? ` (${record.end}: ${record.reason})` : '';
  return (
    `game ${record.number}/${total}: ${record.blackName} (B) vs ${record.whiteName} (W): ${record.result}${how}, ` +
    `${record.moves} moves, ${record.seconds.toFixed(1)} s`
  );
}

/** Engine specs and names from the options: commands, or names in a tournament file. */
function matchEngines(options: MatchOptions): { specs: EngineSpec[]; alternate: boolean } {
  const fixed = options.black !== undefined || options.white !== undefined;
  const alternating = options.engine !== undefined || options.opponent !== undefined;
  if (fixed === alternating) throw new Error('give either --black and --white, or --engine and --opponent');
  const [first, second] = fixed ? [options.black, options.white] : [options.engine, options.opponent];
  if (first === undefined || second === undefined) {
    throw new Error(fixed ? 'give both --black and --white' : 'give both --engine and --opponent');
  }
  if (options.engines === undefined) {
    if (options.queue !== undefined) throw new Error('--queue needs --engines FILE: workers run engines by name from their own copy of that file');
    const roles = fixed ? ['black', 'white'] : ['engine', 'opponent'];
    return { specs: [{ name: roles[0], command: first }, { name: roles[1], command: second }], alternate: !fixed };
  }
  const file = readTournamentFile(options.engines);
  const find = (name: string) => {
    const spec = file.engines.find((e) => e.name === name);
    if (!spec) throw new Error(`${options.engines}: no engine named ${name}`);
    return spec;
  };
  if (first === second) throw new Error('a match by names needs two different engines');
  return { specs: [find(first), find(second)], alternate: !fixed };
}

/** The match's clock from --clock (null: none); throws on a clock that cannot be. */
function matchClock(given: number | string | TimeSettings | undefined): TimeSettings | null {
  if (given === undefined) return null;
  if (typeof given === 'number' && !(given > 0 && Number.isFinite(given))) throw new Error('--clock must be positive');
  const clock = typeof given === 'number' ? parseClock(String(given)) : typeof given === 'string' ? parseClock(given) : given;
  if (clock.kind === 'canadian') throw new Error('--clock: canadian overtime is not offered; use sudden death or byo-yomi');
  return clock.kind === 'none' ? null : clock;
}

/** Plays the match, logging a line per game, progress and a summary; returns the summary. */
export async function runMatch(options: MatchOptions): Promise<MatchSummary> {
  const log = options.log ?? ((line: string) => console.log(line));
  const progress = options.progress ?? ((line: string) => process.stderr.write(line + '\n'));
  const { specs, alternate } = matchEngines(options);
  const size = options.size ?? 19;
  if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE) throw new Error(`bad board size ${size}`);
  const sprt = typeof options.sprt === 'string' ? parseSprt(options.sprt) : options.sprt;
  const clock = matchClock(options.clock ?? options.time);
  const games = options.games ?? (sprt ? 2000 : 1);
  if (!Number.isInteger(games) || games < 1) throw new Error('--games must be a positive integer');
  const concurrency = options.concurrency ?? 1;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('--concurrency must be a positive integer');
  const settings: GameSettings = {
    size,
    komi: options.komi ?? defaultKomi(options.rules),
    maxMoves: options.maxMoves ?? 3 * size * size,
    moveTimeout: options.moveTimeout ?? 300,
  };
  if (options.rules !== undefined) settings.rules = options.rules;
  if (clock) Object.assign(settings, clockFields(clock));
  const referee = options.referee ?? defaultReferee(settings.rules);
  const openings = runOpenings(options, size, settings.rules);
  const focus: [string, string] = [specs[0].name, specs[1].name];
  const jobs = matchSchedule(focus[0], focus[1], games, alternate, openings);
  const plan: Plan = { engines: specs, jobs, settings, referee, paired: alternate, focus };
  if (sprt) plan.sprt = sprt;
  const definition = matchDefinition({ engines: specs, alternate, settings, referee, openingsPath: options.openings, openingMoves: options.openingMoves, openings, games, sprt });

  const run = options.queue !== undefined ? runId(plan) : undefined;
  let resumed: ReturnType<typeof resumeRun> | undefined;
  if (options.resume) {
    if (options.results === undefined) throw new Error('--resume needs --results FILE: the run to continue');
    if (options.queue !== undefined) throw new Error('--resume is for runs on this machine; a queue run resumes from Redis when the same command runs again');
    resumed = resumeRun(options.results, definition, jobs);
    plan.jobs = resumed.jobs;
  }
  const header = run === undefined ? { definition } : { definition, run };
  const results = new Results({ file: options.results, sgfDir: options.sgfDir, run, focus, paired: alternate, sprt, total: games, progress, header, resumed: resumed?.records });
  const onJob = (finished: FinishedGame[]) => {
    for (const { record } of finished) {
      log(gameLine(record, games));
      options.onGame?.(record);
    }
  };
  log(`${specs[0].name}: ${specs[0].command}; ${specs[1].name}: ${specs[1].command}; referee: ${referee ?? 'the black engine'}`);
  if (openings.length > 0) log(`openings: ${openings.length} from ${options.openings}`);
  if (resumed) {
    const toPlay = resumed.jobs.reduce((n, j) => n + j.games.length, 0);
    let line = `resuming ${options.results}: ${resumed.records.length} games recorded, ${results.decided ? 'the SPRT has decided' : `${toPlay} to play`}`;
    const s = resumed.completed.length > 1 ? 's' : '';
    if (resumed.completed.length > 0) line += `; completing the pair${s} of game${s} ${resumed.completed.map((p) => jobs[p].games[0].number).join(', ')}`;
    if (resumed.cut > 0) line += `; an unfinished last line (${resumed.cut} bytes) was cut off`;
    log(line);
  }
  let failed: string[] = [];
  if (options.queue !== undefined) {
    failed = (await runQueued(plan, results, { url: options.queue, log, onJob })).failed;
  } else {
    await runLocal(plan, results, { concurrency, stderr: options.stderr, onJob, stop: options.stop });
  }

  const records = results.records;
  const players = engineStats(records, focus) as [EngineStats, EngineStats];
  const headToHead = results.headToHead()!;
  for (const p of players) {
    const gtpName = records.find((r) => r.black === p.name)?.blackName ?? records.find((r) => r.white === p.name)?.whiteName ?? p.name;
    const scored = p.wins + p.losses + p.draws;
    const rate = scored ? (100 * (p.wins + p.draws / 2)) / scored : 0;
    let line =
      `${p.name} (${gtpName}): ${p.wins} wins, ${p.losses} losses, ${p.draws} draws, ${rate.toFixed(1)}%, ` +
      `${p.moves ? (p.seconds / p.moves).toFixed(3) : '-'} s/move, ${p.illegalMoves} illegal moves, ${p.failures} crashes or hangs`;
    if (clock) line += `, ${p.timeLosses} lost on time`;
    log(line);
  }
  log(`${formatElo(eloEstimate(headToHead.counts))} (${alternate ? 'pentanomial' : 'trinomial'} ${JSON.stringify(headToHead.counts)})`);
  if (headToHead.sprt) log(`SPRT ${sprt!.model} [${sprt!.elo0}, ${sprt!.elo1}]: ${formatSprt(headToHead.sprt)}`);
  const draws = records.filter((r) => r.result === '0').length;
  const noResult = records.filter((r) => r.winner === null && r.result !== '0').length;
  log(`${records.length} games, ${draws} draws, ${noResult} without result`);
  const summary: MatchSummary = { games: records, players, headToHead, referee: referee ?? 'the black engine', failed };
  if (run !== undefined) summary.run = run;
  if (options.stop?.aborted && !results.decided && records.length < games) {
    summary.stopped = true;
    log(`stopped after ${records.length} of ${games} games${options.results !== undefined ? `; the same command with --resume continues from ${options.results}` : ''}`);
  }
  return summary;
}
