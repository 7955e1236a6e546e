import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sgf from '@sabaki/sgf';
import { describe, expect, it } from 'vitest';
import { BLACK, PASS, WHITE } from '../../src/game/vertex.js';
import { runMatch } from '../../src/tournament/match.js';
import { readOpenings, runOpenings } from '../../src/tournament/openings.js';
import { tournamentSchedule } from '../../src/tournament/schedule.js';
import { tempDirs } from '../support/temp-dir.js';
import { fake } from './fixtures/fake.js';

const GNUGO = '/usr/games/gnugo --mode gtp --level 0';
const tempDir = tempDirs('tengen-openings-');

/** A folder holding the given files. */
function folder(files: Record<string, string>): string {
  const dir = tempDir();
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const A = '(;GM[1]SZ[7];B[cc];W[ee];B[dd])'; // C5 E3 D4
const B = '(;GM[1]SZ[7]KM[99];B[dd];W[])'; // D4, pass

describe('readOpenings', () => {
  it('reads each .sgf file of a folder in name order, cut to the first moves when asked', () => {
    const dir = folder({ 'b.sgf': B, 'a.sgf': A, 'notes.txt': 'not an opening' });
    const openings = readOpenings(dir, 7);
    expect(openings.map((o) => o.name)).toEqual(['a.sgf', 'b.sgf']);
    // 7×7: C5 is column 2 of row 4 from the bottom (index 4 × 7 + 2)
    expect(openings[0].moves).toEqual([
      { color: BLACK, point: 4 * 7 + 2 },
      { color: WHITE, point: 2 * 7 + 4 },
      { color: BLACK, point: 3 * 7 + 3 },
    ]);
    expect(openings[1].moves).toEqual([
      { color: BLACK, point: 3 * 7 + 3 },
      { color: WHITE, point: PASS },
    ]);
    expect(readOpenings(join(dir, 'a.sgf'), 7, undefined, 2)[0].moves).toHaveLength(2);
  });

  it('refuses openings that do not fit the run, naming the file', () => {
    const one = (text: string) => join(folder({ 'x.sgf': text }), 'x.sgf');
    expect(() => readOpenings(one(A), 9)).toThrow(/x\.sgf: the board is 7x7, the run's is 9x9/);
    expect(() => readOpenings(one('(;GM[1]SZ[7]AB[cc];W[dd])'), 7)).toThrow(/setup stones/);
    expect(() => readOpenings(one('(;GM[1]SZ[7];B[cc];W[cc])'), 7)).toThrow(/move 2 \(C5\) is illegal: the point is occupied/);
    expect(() => readOpenings(one('(;GM[1]SZ[7];B[cc];B[dd])'), 7)).toThrow(/move 2 is not by the side to move/);
    expect(() => readOpenings(one('(;GM[1]SZ[7];B[cc];W[];B[])'), 7)).toThrow(/moves 2 and 3 are passes/);
    expect(() => readOpenings(one('(;GM[1]SZ[7])'), 7)).toThrow(/no moves/);
    expect(() => readOpenings(one('hello'), 7)).toThrow(/not an SGF file/);
    expect(() => readOpenings(folder({}), 7)).toThrow(/no \.sgf files/);
    expect(() => readOpenings(join(tempDir(), 'missing.sgf'), 7)).toThrow(/missing\.sgf: ENOENT/);
    expect(() => runOpenings({ openingMoves: 3 }, 7)).toThrow('--opening-moves needs --openings');
  });
});

describe('openings in a run', () => {
  it('gives each round of a tournament the next opening, the same for every pairing', () => {
    const openings = readOpenings(folder({ 'a.sgf': A, 'b.sgf': B }), 7);
    const jobs = tournamentSchedule(['x', 'y', 'z'], 'round-robin', 6, openings);
    expect(jobs.map((j) => j.opening?.name)).toEqual(['a.sgf', 'a.sgf', 'a.sgf', 'b.sgf', 'b.sgf', 'b.sgf', 'a.sgf', 'a.sgf', 'a.sgf']);
  });

  it('plays a pair of games from each opening, sends its moves to both engines and records them', async () => {
    const dir = folder({ 'a.sgf': A, 'b.sgf': B });
    const logs = [join(dir, 'engine.log'), join(dir, 'opponent.log')];
    const sgfDir = join(dir, 'sgf');
    const summary = await runMatch({
      engine: fake(`--move pass --log ${logs[0]}`),
      opponent: fake(`--move pass --log ${logs[1]}`),
      referee: GNUGO,
      size: 7,
      games: 4,
      openings: dir,
      sgfDir,
      log: () => {},
      progress: () => {},
    });
    expect(summary.games.map((g) => g.opening)).toEqual(['a.sgf', 'a.sgf', 'b.sgf', 'b.sgf']);
    expect(summary.games.map((g) => g.end)).toEqual(['score', 'score', 'score', 'score']);
    // a: three opening moves, then white and black pass; b ends in white's pass, so black's pass ends it
    expect(summary.games.map((g) => g.moves)).toEqual([5, 5, 3, 3]);
    // Only moves after the opening are genmoves.
    expect(summary.players[0].moves + summary.players[1].moves).toBe(2 + 2 + 1 + 1);
    for (const log of logs) {
      const plays = readFileSync(log, 'utf8').split('\n').filter((l) => l.startsWith('play '));
      expect(plays.slice(0, 3)).toEqual(['play black C5', 'play white E3', 'play black D4']);
    }
    const first = readFileSync(join(sgfDir, summary.games[0].sgf!), 'utf8');
    const [root] = sgf.parse(first);
    expect(root.data.GC).toEqual(['opening: a.sgf']);
    const line: string[] = [];
    for (let node = root.children[0]; node; node = node.children[0]) line.push('B' in node.data ? `B${node.data.B[0]}` : `W${node.data.W[0]}`);
    expect(line).toEqual(['Bcc', 'Wee', 'Bdd', 'W', 'B']);
  });

  it('refuses a run whose opening does not fit before any game', async () => {
    const dir = folder({ 'a.sgf': A });
    await expect(runMatch({ engine: fake(''), opponent: fake(''), size: 9, games: 2, openings: dir, log: () => {}, progress: () => {} })).rejects.toThrow(/the run's is 9x9/);
  });
});
