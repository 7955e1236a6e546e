import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sgf from '@sabaki/sgf';
import { describe, expect, it } from 'vitest';
import { readTournamentFile } from '../../src/tournament/file.js';
import { tournamentSchedule } from '../../src/tournament/schedule.js';
import { reportResults, runTournament } from '../../src/tournament/tournament.js';
import { tempDirs } from '../support/temp-dir.js';
import { fake } from './fixtures/fake.js';

const tempDir = tempDirs('tengen-tournament-');

describe('tournamentSchedule', () => {
  it('pairs every two engines with colours swapped, pairings interleaved', () => {
    const jobs = tournamentSchedule(['a', 'b', 'c'], 'round-robin', 4);
    expect(jobs.map((j) => j.games.map((g) => `${g.black}-${g.white}`).join(' '))).toEqual(['a-b b-a', 'a-c c-a', 'b-c c-b', 'a-b b-a', 'a-c c-a', 'b-c c-b']);
    expect(jobs.flatMap((j) => j.games.map((g) => g.number))).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    const gauntlet = tournamentSchedule(['hero', 'x', 'y'], 'gauntlet', 3);
    expect(gauntlet.map((j) => j.games.map((g) => `${g.black}-${g.white}`).join(' '))).toEqual(['hero-x x-hero', 'hero-y y-hero', 'hero-x', 'hero-y']);
  });
});

describe('readTournamentFile', () => {
  const write = (content: string) => {
    const path = join(tempDir(), 't.json');
    writeFileSync(path, content);
    return path;
  };
  const two = [
    { name: 'a', command: 'x' },
    { name: 'b', command: 'y', cwd: 'sub', setup: ['level 1'] },
  ];

  it('reads engines, resolving working folders from the file’s folder', () => {
    const path = write(JSON.stringify({ engines: two, format: 'gauntlet', games: 3, size: 9, komi: 7, clock: 30 }));
    const file = readTournamentFile(path);
    expect(file.engines[1]).toEqual({ name: 'b', command: 'y', cwd: join(path, '..', 'sub'), setup: ['level 1'] });
    expect(file).toMatchObject({ format: 'gauntlet', games: 3, size: 9, komi: 7, clock: 30 });
    expect(file.byoyomi).toBeUndefined();
  });

  it('reads a byo-yomi clock written as --clock takes it, and refuses a malformed one', () => {
    const byoyomi = readTournamentFile(write(JSON.stringify({ engines: two, clock: '5m+3x30s' })));
    expect(byoyomi).toMatchObject({ clock: 300, byoyomi: { periods: 3, seconds: 30 } });
    expect(() => readTournamentFile(write(JSON.stringify({ engines: two, clock: '5m+3x' })))).toThrow(/t\.json: "clock": bad clock/);
  });

  it("takes the rules preset's komi when the file gives none, 7.5 for other rules", () => {
    const komi = (fields: object) => readTournamentFile(write(JSON.stringify({ engines: two, ...fields }))).komi;
    expect(komi({ rules: 'japanese' })).toBe(6.5);
    expect(komi({ rules: 'new-zealand' })).toBe(7);
    expect(komi({ rules: 'japanese', komi: 0.5 })).toBe(0.5);
    expect(komi({ rules: 'ing' })).toBe(7.5);
    expect(komi({})).toBe(7.5);
  });

  it('names the problem of a malformed file', () => {
    expect(() => readTournamentFile(write('{"engines": ['))).toThrow(/t\.json: .*JSON/);
    expect(() => readTournamentFile(write('[]'))).toThrow(/not a JSON object/);
    expect(() => readTournamentFile(write(JSON.stringify({ engines: [two[0]] })))).toThrow(/at least two engines/);
    expect(() => readTournamentFile(write(JSON.stringify({ engines: [two[0], two[0]] })))).toThrow(/two engines named a/);
    expect(() => readTournamentFile(write(JSON.stringify({ engines: two, size: 40 })))).toThrow(/"size" is out of range: 40/);
    // the bound every worker checks a job's settings against
    expect(() => readTournamentFile(write(JSON.stringify({ engines: two, maxMoves: 100_001 })))).toThrow(/"maxMoves" is out of range: 100001/);
    expect(readTournamentFile(write(JSON.stringify({ engines: two, maxMoves: 20_000 }))).maxMoves).toBe(20_000);
    expect(() => readTournamentFile(write(JSON.stringify({ engines: two, format: 'swiss' })))).toThrow(/"format"/);
    expect(() => readTournamentFile(write(JSON.stringify({ engines: [{ name: 'a b', command: 'x' }, two[1]] })))).toThrow(/engines\[0\]\.name/);
    expect(() => readTournamentFile(write(JSON.stringify({ engines: two, colour: 'x' })))).toThrow(/unknown field "colour"/);
    expect(() => readTournamentFile(join(tempDir(), 'missing.json'))).toThrow(/missing\.json: ENOENT/);
  });
});

describe('runTournament', () => {
  it('plays a round robin, writes SGFs and results, and the table is rebuilt from the results alone', async () => {
    const dir = tempDir();
    const path = join(dir, 'tournament.json');
    writeFileSync(
      path,
      JSON.stringify({
        engines: [
          { name: 'gnugo', command: '/usr/games/gnugo --mode gtp --level 0', setup: ['level 0'] },
          { name: 'passer', command: fake('--move pass --name Passer') },
          { name: 'crasher', command: fake('--crash-after 1') },
        ],
        games: 2,
        size: 5,
        komi: 0.5,
        clock: 20,
      }),
    );
    const results = join(dir, 'results.jsonl');
    const sgfDir = join(dir, 'sgf');
    const log: string[] = [];
    const outcome = await runTournament(path, { results, sgfDir, concurrency: 2, log: (l) => log.push(l), progress: () => {} });
    expect(outcome.records).toHaveLength(6);
    expect(readdirSync(sgfDir)).toHaveLength(6);

    // The passer loses to GNU Go; the crasher loses every game, recorded as a crash.
    const crashes = outcome.records.filter((r) => r.black === 'crasher' || r.white === 'crasher');
    expect(crashes.every((r) => r.end === 'crash' && r.winner === (r.black === 'crasher' ? 'white' : 'black'))).toBe(true);
    const table = outcome.table.join('\n');
    expect(table).toMatch(/^1 +gnugo +\d+ +\d+ +4 +100\.0% +4-0-0/m);
    expect(table).toMatch(/^3 +crasher +-\d+ +\d+ +4 +0\.0% +0-4-0 .* 4$/m);
    expect(table).toMatch(/^2 +passer +-?\d+ +\d+ +4 +50\.0% +2-2-0/m);
    expect(table).toContain('gnugo - passer: 2-0-0');
    expect(table).toContain('crasher - passer: 0-2-0');
    expect(reportResults(results)).toEqual(outcome.table);
    expect(log.slice(-outcome.table.length)).toEqual(outcome.table);

    const game = outcome.records.find((r) => r.black === 'gnugo' && r.white === 'passer')!;
    const [root] = sgf.parse(readFileSync(join(sgfDir, game.sgf!), 'utf8'));
    expect(root.data).toMatchObject({ PB: [expect.stringMatching(/^GNU Go/)], PW: ['Passer 1'], RE: [expect.stringMatching(/^B\+\d/)], KM: ['0.5'], RU: ['Chinese'], TM: ['20'], SZ: ['5'] });
  });
});
