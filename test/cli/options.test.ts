// The command line's checks: option values (options.ts), options that exclude
// each other, a subcommand's failure as one line and exit code 2, and the
// results and SGF outputs a run checks before its first game (results.ts).
//
// Everything runs in process: commands are parsed with exitOverride, so a
// refused command line throws instead of exiting, and each command's action is
// replaced first, so a command line accepted by mistake starts nothing (gtp's
// action would serve GTP on this process's stdin). One test spawns
// `node dist/cli/main.js match` for the exit status a shell sees; build first
// (`npm test` does).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { gtpCommand } from '../../src/cli/gtp.js';
import { matchCommand } from '../../src/cli/match.js';
import { integer, real, reportingFailure, rulesName, rulesOption } from '../../src/cli/options.js';
import { PRESETS } from '../../src/game/rules.js';
import type { GameRecord } from '../../src/tournament/game.js';
import { readResults, Results, type ResultsOptions } from '../../src/tournament/results.js';
import { tempDirs } from '../support/temp-dir.js';

const MAIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

const temporaryDir = tempDirs('tengen-options-');

/** The message a value parser refuses `text` with; fails the test if it accepts it. */
function refusal(parse: (text: string) => unknown, text: string): string {
  try {
    parse(text);
  } catch (error) {
    expect(error, JSON.stringify(text)).toBeInstanceOf(InvalidArgumentError);
    return (error as Error).message;
  }
  throw new Error(`${JSON.stringify(text)} was accepted`);
}

describe('option values', () => {
  it('integer refuses blanks, hexadecimal, exponents, fractions, words and values out of range', () => {
    const level = integer(0, 10);
    for (const text of ['', '  ', '0x10', '1e3', '3.5', 'abc', '7a', '- 7', '11', '-1', '100'])
      expect(refusal(level, text), JSON.stringify(text)).toBe('expected an integer from 0 to 10');
    const count = integer(1);
    for (const text of ['0', '-3', '', '0x10', '1e3', '99999999999999999999'])
      expect(refusal(count, text), JSON.stringify(text)).toBe('expected an integer ≥ 1');
  });

  it('integer accepts decimal integers, the ends of its range and surrounding spaces', () => {
    const level = integer(0, 10);
    expect(level('7')).toBe(7);
    expect(level(' 7 ')).toBe(7);
    expect(level('+7')).toBe(7);
    expect(level('0')).toBe(0);
    expect(level('10')).toBe(10);
    expect(level('007')).toBe(7);
    expect(integer(-5, 5)('-5')).toBe(-5);
    expect(integer(1)('123456789')).toBe(123456789);
  });

  it('real refuses blanks, infinities, NaN, words and values out of range; accepts decimals', () => {
    const unit = real(0, 1);
    for (const text of ['', '  ', 'Infinity', '-Infinity', 'NaN', 'abc', '1.5', '-0.1', '0x1', '0b1', '0o1', '.', '1e'])
      expect(refusal(unit, text), JSON.stringify(text)).toBe('expected a number from 0 to 1');
    const seconds = real(0.01);
    for (const text of ['', 'Infinity', 'NaN', '0', '0.001'])
      expect(refusal(seconds, text), JSON.stringify(text)).toBe('expected a number from 0.01');
    expect(real(0, 10)('2.5')).toBe(2.5);
    expect(real(0, 10)(' 2.5 ')).toBe(2.5);
    expect(unit('0')).toBe(0);
    expect(unit('1')).toBe(1);
    expect(real(-1000, 1000)('-6.5')).toBe(-6.5);
    expect(seconds('0.01')).toBe(0.01);
    expect(unit('.5')).toBe(0.5);
    expect(unit('5e-1')).toBe(0.5);
  });

  it('rulesName takes one word of letters, digits, _ and -', () => {
    for (const text of ['a b', '', ' ', 'japanese ', 'a/b', 'chinese;'])
      expect(refusal(rulesName, text), JSON.stringify(text)).toBe('expected a rules name (letters, digits, _ and -)');
    expect(rulesName('japanese')).toBe('japanese');
    expect(rulesName('aga-2')).toBe('aga-2');
    expect(rulesName('new_zealand')).toBe('new_zealand');
  });

  it('rulesOption takes the preset names only', () => {
    const names = Object.keys(PRESETS).join(', ');
    expect(names).toMatch(/^chinese, /);
    for (const text of ['ing', '', 'Chinese-x']) expect(refusal(rulesOption, text), JSON.stringify(text)).toBe(`expected one of ${names}`);
    expect(rulesOption('japanese')).toBe(PRESETS.japanese);
    expect(rulesOption('chinese')).toBe(PRESETS.chinese);
  });
});

describe('a failing subcommand: one line on stderr and exit code 2', () => {
  let errors: MockInstance<typeof console.error>;
  let exitCode: typeof process.exitCode;
  beforeEach(() => {
    errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    exitCode = process.exitCode;
    process.exitCode = undefined;
  });
  afterEach(() => {
    errors.mockRestore();
    process.exitCode = exitCode;
  });

  it('writes `name: message` once and sets exit code 2, whether the action throws or rejects', async () => {
    await reportingFailure('train', () => {
      throw new Error('no positions in games.sgf');
    })();
    expect(errors.mock.calls).toEqual([['train: no positions in games.sgf']]);
    expect(process.exitCode).toBe(2);

    errors.mockClear();
    process.exitCode = undefined;
    await reportingFailure('match', async () => {
      await Promise.resolve();
      throw new Error('give both --black and --white');
    })();
    expect(errors.mock.calls).toEqual([['match: give both --black and --white']]);
    expect(process.exitCode).toBe(2);
  });

  it('passes the arguments through and writes nothing when the action succeeds', async () => {
    const seen: unknown[][] = [];
    const wrapped = reportingFailure('match', async (a: number, b: string) => {
      seen.push([a, b]);
    });
    await expect(wrapped(3, 'x')).resolves.toBeUndefined();
    expect(seen).toEqual([[3, 'x']]);
    expect(errors).not.toHaveBeenCalled();
    expect(process.exitCode).toBeUndefined();

    // An exit code the action set itself (match: 1 when games failed) stays.
    await reportingFailure('match', () => {
      process.exitCode = 1;
    })();
    expect(process.exitCode).toBe(1);
    expect(errors).not.toHaveBeenCalled();
  });

  it('is how `tengen match` fails in process: no engines given', async () => {
    // The real action, on a command line that fails before any engine starts.
    await matchCommand().exitOverride().parseAsync([], { from: 'user' });
    expect(errors.mock.calls).toEqual([['match: give either --black and --white, or --engine and --opponent']]);
    expect(process.exitCode).toBe(2);
  });

  it('is how `tengen match` fails for a shell: stderr holds one line, the status is 2', () => {
    const run = spawnSync(process.execPath, [MAIN, 'match', '--engine', 'gnugo --mode gtp'], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('match: give both --engine and --opponent\n');
    expect(run.stdout).toBe('');
    expect(run.status).toBe(2);
  });
});

describe('refused command lines', () => {
  /** Parses `args` with `make()`'s options, the action replaced; returns the error and what commander wrote. */
  async function refused(make: () => Command, args: string[]) {
    let ran = false;
    const written: string[] = [];
    const command = make()
      .action(() => void (ran = true))
      .exitOverride()
      .configureOutput({ writeErr: (text) => void written.push(text), writeOut: (text) => void written.push(text) });
    const error = await command.parseAsync(args, { from: 'user' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(ran, args.join(' ')).toBe(false);
    expect(error, args.join(' ')).toBeInstanceOf(CommanderError);
    const { code, exitCode } = error as CommanderError;
    return { code, exitCode, text: written.join('') };
  }

  it('gtp: --quiet and --verbose exclude each other, in either order, and --log-json excludes both', async () => {
    for (const args of [['--quiet', '--verbose'], ['--verbose', '--quiet'], ['--level', '3', '--quiet', '--size', '9', '--verbose']]) {
      expect(await refused(gtpCommand, args), args.join(' ')).toEqual({
        code: 'commander.conflictingOption',
        exitCode: 1,
        text: "error: option '--quiet' cannot be used with option '--verbose'\n",
      });
    }
    for (const other of ['--quiet', '--verbose']) {
      expect(await refused(gtpCommand, ['--log-json', other]), other).toEqual({
        code: 'commander.conflictingOption',
        exitCode: 1,
        text: `error: option '--log-json' cannot be used with option '${other}'\n`,
      });
    }
  });

  it('match: --clock and --time exclude each other, in either order', async () => {
    for (const args of [['--clock', '3', '--time', '3'], ['--time', '3', '--clock', '3']]) {
      expect(await refused(matchCommand, args), args.join(' ')).toEqual({
        code: 'commander.conflictingOption',
        exitCode: 1,
        text: "error: option '--time <seconds>' cannot be used with option '--clock <clock>'\n",
      });
    }
  });

  it('gtp and match: values the options do not take', async () => {
    const invalid = (text: string) => ({ code: 'commander.invalidArgument', exitCode: 1, text: `error: ${text}\n` });
    expect(await refused(gtpCommand, ['--level', ''])).toEqual(invalid("option '--level <n>' argument '' is invalid. expected an integer from 0 to 10"));
    expect(await refused(gtpCommand, ['--size', '0x13'])).toEqual(invalid("option '--size <n>' argument '0x13' is invalid. expected an integer from 2 to 25"));
    expect(await refused(gtpCommand, ['--komi', 'NaN'])).toEqual(invalid("option '--komi <k>' argument 'NaN' is invalid. expected a number from -1000 to 1000"));
    expect(await refused(gtpCommand, ['--rules', 'ing'])).toEqual(
      invalid(`option '--rules <name>' argument 'ing' is invalid. expected one of ${Object.keys(PRESETS).join(', ')}`),
    );
    expect(await refused(matchCommand, ['--rules', 'a b'])).toEqual(
      invalid("option '--rules <name>' argument 'a b' is invalid. expected a rules name (letters, digits, _ and -)"),
    );
    expect(await refused(matchCommand, ['--games', '1e3'])).toEqual(invalid("option '--games <n>' argument '1e3' is invalid. expected an integer from 1 to 10000000"));
    expect(await refused(matchCommand, ['--clock', 'Infinity'])).toEqual(
      invalid(`option '--clock <clock>' argument 'Infinity' is invalid. bad main time "Infinity": expected MAIN or MAIN+PERIODSxSECONDS, as 20m+3x30s, 300+3x30 or 5m (times in s, m or h; seconds without), or none`),
    );
  });

  it('gtp: --param values are checked against the parameter, the unknown names too', async () => {
    const shared = await refused(gtpCommand, ['--param', 'sharedTree=7']);
    expect(shared.code).toBe('commander.invalidArgument');
    expect(shared.text).toMatch(/^error: option '--param <name=value>' argument 'sharedTree=7' is invalid\. /);
    expect(shared.text).toContain('parameter "sharedTree" must be a whole number from 0 to 1');
    // A good --param before a bad one does not excuse it.
    const later = await refused(gtpCommand, ['--param', 'priors.even=20', '--param', 'priors.bogus=1']);
    expect(later.text).toContain('unknown parameter "priors.bogus"');
    expect((await refused(gtpCommand, ['--param', 'equivRave'])).text).toMatch(/name=number/);
  });
});

/** A complete results line. */
function record(extra: Partial<GameRecord> = {}): GameRecord {
  return {
    number: 1,
    pair: 0,
    black: 'a',
    white: 'b',
    blackName: 'GNU Go 3.8',
    whiteName: 'tengen 0.1.0',
    result: 'B+3.5',
    winner: 'black',
    end: 'score',
    moves: 61,
    seconds: 4.5,
    time: { black: { moves: 31, seconds: 1.5 }, white: { moves: 30, seconds: 3 } },
    size: 9,
    komi: 7.5,
    ...extra,
  };
}

const line = (r: unknown) => JSON.stringify(r) + '\n';

describe('results and SGF outputs, checked before the first game', () => {
  const options = (extra: Partial<ResultsOptions>): ResultsOptions => ({ paired: true, total: 2, ...extra });

  it('refuses a results file that holds games of another run, or of no run', () => {
    const dir = temporaryDir();
    const plain = join(dir, 'plain.jsonl');
    writeFileSync(plain, line(record()));
    const queued = join(dir, 'queued.jsonl');
    writeFileSync(queued, line(record({ run: 'run-1' })) + line(record({ run: 'run-1', number: 2 })));
    const garbled = join(dir, 'garbled.jsonl');
    writeFileSync(garbled, 'not json\n');
    const holds = (file: string) => `results file ${file} already holds games; remove it or choose another`;

    expect(() => new Results(options({ file: plain }))).toThrow(holds(plain));
    expect(() => new Results(options({ file: plain, run: 'run-1' }))).toThrow(holds(plain));
    expect(() => new Results(options({ file: queued }))).toThrow(holds(queued));
    expect(() => new Results(options({ file: queued, run: 'run-2' }))).toThrow(holds(queued));
    expect(() => new Results(options({ file: garbled }))).toThrow(holds(garbled));
    expect(() => new Results(options({ file: garbled, run: 'run-1' }))).toThrow(holds(garbled));
    // Nothing recorded is lost.
    expect(readFileSync(plain, 'utf8')).toBe(line(record()));

    // A restarted queue run rewrites its own games.
    expect(() => new Results(options({ file: queued, run: 'run-1' }))).not.toThrow();
  });

  it('accepts an empty file and a missing one, and touches neither before the first game', () => {
    const dir = temporaryDir();
    const empty = join(dir, 'empty.jsonl');
    writeFileSync(empty, '');
    const missing = join(dir, 'missing.jsonl');
    new Results(options({ file: empty }));
    new Results(options({ file: missing }));
    expect(readFileSync(empty, 'utf8')).toBe('');
    expect(existsSync(missing)).toBe(false);

    const results = new Results(options({ file: missing, paired: false, total: 1 }));
    const game = record();
    results.accept([{ record: game, sgf: '(;GM[1])' }]);
    expect(readFileSync(missing, 'utf8')).toBe(line(game));
    expect(readResults(missing)).toEqual([game]);
  });

  it('refuses a results path that is a folder or lies in a missing folder', () => {
    const dir = temporaryDir();
    expect(() => new Results(options({ file: dir }))).toThrow(new Error(`results file ${dir} is a folder`));
    const nowhere = join(dir, 'no', 'such', 'results.jsonl');
    expect(() => new Results(options({ file: nowhere }))).toThrow(new RegExp(`^cannot write results file ${nowhere}: ENOENT`));
    expect(existsSync(join(dir, 'no'))).toBe(false);
  });

  it('refuses an SGF folder under a regular file, and creates a missing one', () => {
    const dir = temporaryDir();
    const file = join(dir, 'file.txt');
    writeFileSync(file, 'x');
    const under = join(file, 'sub');
    expect(() => new Results(options({ sgfDir: under }))).toThrow(new RegExp(`^cannot write SGF files to ${under}: ENOTDIR`));
    // The SGF folder is checked first: a results file is not looked at.
    expect(() => new Results(options({ sgfDir: under, file: dir }))).toThrow(/^cannot write SGF files to /);

    const sgfDir = join(dir, 'games', 'run-1');
    const results = new Results(options({ sgfDir, paired: false, total: 1 }));
    expect(existsSync(sgfDir)).toBe(true);
    results.accept([{ record: record(), sgf: '(;GM[1]SZ[9])' }]);
    expect(readFileSync(join(sgfDir, 'game-0001.sgf'), 'utf8')).toBe('(;GM[1]SZ[9])');
  });
});

describe('reading a results file', () => {
  it('refuses a line that is JSON but not a game record, naming the line', () => {
    const dir = temporaryDir();
    const good = line(record());
    const lacking: unknown[] = [
      { black: 'a', white: 'b' },
      record({ pair: undefined }),
      record({ winner: 'grey' as 'black' }),
      record({ result: undefined }),
      record({ end: undefined }),
      record({ white: 7 as unknown as string }),
      { ...record(), time: { black: { moves: 31, seconds: 1.5 } } },
      { ...record(), time: { black: { moves: 31, seconds: 1.5 }, white: { moves: 30 } } },
      null,
      42,
      [],
      'B+3.5',
    ];
    for (const [i, bad] of lacking.entries()) {
      const file = join(dir, `lacking-${i}.jsonl`);
      writeFileSync(file, good + line(bad) + good);
      expect(() => readResults(file), JSON.stringify(bad)).toThrow(new Error(`${file}:2: not a game record`));
    }

    const broken = join(dir, 'broken.jsonl');
    writeFileSync(broken, good + good + '{"black": "a"\n');
    expect(() => readResults(broken)).toThrow(new RegExp(`^${broken}:3: `));
    expect(() => readResults(join(dir, 'missing.jsonl'))).toThrow(new Error(`cannot read results file ${join(dir, 'missing.jsonl')}: ENOENT: no such file or directory`));
    expect(() => readResults(dir)).toThrow(new Error(`cannot read results file ${dir}: EISDIR: illegal operation on a directory`));
    // blank lines are skipped but still counted, so the number is the editor's line number
    const gap = join(dir, 'gap.jsonl');
    writeFileSync(gap, good + '\n' + line(42));
    expect(() => readResults(gap)).toThrow(new Error(`${gap}:3: not a game record`));
  });

  it('reads every record, a draw and a queue run\'s included', () => {
    const file = join(temporaryDir(), 'results.jsonl');
    const games = [record(), record({ number: 2, pair: 1, result: '0', winner: null, run: 'run-1' })];
    writeFileSync(file, games.map(line).join('') + '\n');
    expect(readResults(file)).toEqual(games);
  });
});
