import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sgf from '@sabaki/sgf';
import { afterAll, describe, expect, it } from 'vitest';
import { runMatch, wilsonInterval } from '../../src/cli/match.js';
import { Game } from '../../src/game/game.js';
import { readSgf } from '../../src/game/sgf.js';

const GNUGO = '/usr/games/gnugo --mode gtp --level 0';
const fake = (args: string) =>
  `"${process.execPath}" "${new URL('./fixtures/fake-engine.mjs', import.meta.url).pathname}" ${args}`;
const RESULT = /^(?:[BW]\+(?:\d+(?:\.\d+)?|R)|0)$/;

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The moves of an SGF's main line, as [colour, value] pairs. */
function mainLine(root: sgf.Node): [string, string][] {
  const moves: [string, string][] = [];
  for (let node = root.children[0]; node; node = node.children[0]) {
    const color = 'B' in node.data ? 'B' : 'W';
    moves.push([color, node.data[color][0]]);
  }
  return moves;
}

describe('wilsonInterval', () => {
  it('matches known values', () => {
    const [lo, hi] = wilsonInterval(0.5, 10);
    expect(lo).toBeCloseTo(0.2366, 3);
    expect(hi).toBeCloseTo(0.7634, 3);
    expect(wilsonInterval(1, 4)[1]).toBe(1);
    expect(wilsonInterval(1, 4)[0]).toBeCloseTo(0.5101, 3);
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
  });
});

describe('runMatch', () => {
  it('plays GNU Go against itself with alternating colours and writes SGFs', async () => {
    const sgfDir = mkdtempSync(join(tmpdir(), 'tengen-match-'));
    dirs.push(sgfDir);
    const lines: string[] = [];
    const summary = await runMatch({
      engine: GNUGO,
      opponent: GNUGO,
      referee: GNUGO,
      size: 7,
      komi: 6.5,
      games: 2,
      sgfDir,
      log: (line) => lines.push(line),
    });

    expect(summary.games).toHaveLength(2);
    expect(summary.games.map((g) => g.blackPlayer)).toEqual([0, 1]);
    expect(summary.players[0].wins + summary.players[1].wins + summary.draws).toBe(2);
    expect(summary.players.map((p) => p.role)).toEqual(['engine', 'opponent']);
    for (const game of summary.games) {
      expect(game.result).toMatch(RESULT);
      expect(['score', 'resign']).toContain(game.end);
      expect(game.moves).toBeGreaterThan(10);
      expect(game.moves).toBeLessThan(3 * 49);
    }
    // Every genmove is counted once: the games' moves are the players' moves.
    const genmoves = summary.players[0].moves + summary.players[1].moves;
    expect(genmoves).toBe(summary.games[0].moves + summary.games[1].moves);
    expect(summary.players[0].secondsPerMove).toBeGreaterThan(0);

    expect(readdirSync(sgfDir).sort()).toEqual(['game-001.sgf', 'game-002.sgf']);
    for (const game of summary.games) {
      const [root] = sgf.parse(readFileSync(game.sgfPath!, 'utf8'));
      expect(root.data.SZ).toEqual(['7']);
      expect(root.data.KM).toEqual(['6.5']);
      expect(root.data.RE).toEqual([game.result]);
      expect(root.data.PB).toEqual([game.black]);
      const moves = mainLine(root);
      expect(moves).toHaveLength(game.moves);
      expect(moves.map(([color]) => color)).toEqual(moves.map((_, i) => (i % 2 === 0 ? 'B' : 'W')));
      if (game.end === 'score') expect(moves.slice(-2).map(([, value]) => value)).toEqual(['', '']);
    }

    expect(lines.filter((l) => /^game \d\/2: GNU Go .*\(B\) vs GNU Go .*\(W\): \S+, \d+ moves, [\d.]+ s$/.test(l))).toHaveLength(2);
    expect(lines.at(-1)).toBe(`2 games, ${summary.draws} draws, 0 without result`);
  });

  it('gives the game to the opponent of an engine that plays an illegal move', async () => {
    const summary = await runMatch({ black: fake('--move A1'), white: GNUGO, size: 7, referee: GNUGO, log: () => {} });
    const [game] = summary.games;
    expect(game).toMatchObject({ result: 'W+F', end: 'illegal', illegalMove: 'A1', moves: 2, winner: 1 });
    expect(summary.players.map((p) => p.illegalMoves)).toEqual([1, 0]);
    expect(summary.players.map((p) => p.wins)).toEqual([0, 1]);
  });

  it('handles resignation and a flag fall', async () => {
    const resign = await runMatch({ black: GNUGO, white: fake('--move resign'), size: 7, referee: GNUGO, log: () => {} });
    expect(resign.games[0]).toMatchObject({ result: 'B+R', end: 'resign', moves: 1, winner: 0 });

    const slow = await runMatch({ black: fake('--move pass --delay 400'), white: GNUGO, size: 7, time: 0.2, referee: GNUGO, log: () => {} });
    expect(slow.games[0]).toMatchObject({ result: 'W+T', end: 'time', moves: 0 });
    expect(slow.players.map((p) => p.lostOnTime)).toEqual([1, 0]);
  });

  it('scores a game cut off at the move limit', async () => {
    // No --referee: GNU Go is installed, so it referees, by area.
    const summary = await runMatch({ black: GNUGO, white: GNUGO, size: 7, maxMoves: 6, log: () => {} });
    expect(summary.referee).toMatch(/gnugo --mode gtp --level 0 --chinese-rules$/);
    expect(summary.games[0]).toMatchObject({ end: 'max-moves', moves: 6 });
    expect(summary.games[0].result).toMatch(RESULT);
  });

  it('refuses an incomplete pair of engines', async () => {
    await expect(runMatch({ black: GNUGO, log: () => {} })).rejects.toThrow(/--black and --white/);
    await expect(runMatch({ black: GNUGO, engine: GNUGO, log: () => {} })).rejects.toThrow(/either/);
  });
});

describe('tengen against GNU Go', () => {
  it('plays a whole 9x9 game at fixed playouts: every move legal, ended by two passes or a resignation', async () => {
    const sgfDir = mkdtempSync(join(tmpdir(), 'tengen-game-'));
    dirs.push(sgfDir);
    const tengen = `"${process.execPath}" "${new URL('../../dist/cli/main.js', import.meta.url).pathname}" gtp --playouts 300 --threads 1 --seed 7`;
    const summary = await runMatch({ engine: tengen, opponent: GNUGO, referee: GNUGO, size: 9, komi: 7, games: 1, sgfDir, log: () => {} });
    const [game] = summary.games;
    expect(['score', 'resign']).toContain(game.end);
    expect(summary.players.map((p) => p.illegalMoves)).toEqual([0, 0]);
    expect(summary.players[0].moves).toBeGreaterThan(5);

    // Replayed through tengen's own rules core, independently of both engines' verdicts.
    const record = readSgf(readFileSync(game.sgfPath!, 'utf8'));
    const replay = new Game(9);
    for (const move of record.moves) expect(replay.play(move.color, move.point)).toBeNull();
    expect(record.moves).toHaveLength(game.moves);
    if (game.end === 'score') expect(replay.state.passes).toBe(2);
  });
});
