import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sgf from '@sabaki/sgf';
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/game/game.js';
import { readSgf } from '../../src/game/sgf.js';
import type { GameRecord } from '../../src/tournament/game.js';
import { runMatch, type MatchOptions } from '../../src/tournament/match.js';
import { headToHead, progressLine } from '../../src/tournament/report.js';
import { readResults } from '../../src/tournament/results.js';
import { tempDirs } from '../support/temp-dir.js';
import { fake } from './fixtures/fake.js';

const GNUGO = '/usr/games/gnugo --mode gtp --level 0';
const RESULT = /^(?:[BW]\+(?:\d+(?:\.\d+)?|R)|0)$/;
const quiet = { log: () => {}, progress: () => {} };

const tempDir = tempDirs('tengen-match-');

/** The moves of an SGF's main line, as [colour, value] pairs. */
function mainLine(root: sgf.Node): [string, string][] {
  const moves: [string, string][] = [];
  for (let node = root.children[0]; node; node = node.children[0]) {
    const color = 'B' in node.data ? 'B' : 'W';
    moves.push([color, node.data[color][0]]);
  }
  return moves;
}

describe('runMatch', () => {
  it('plays GNU Go against itself with alternating colours, writes SGFs and a results file', async () => {
    const dir = tempDir();
    const sgfDir = join(dir, 'sgf');
    const results = join(dir, 'results.jsonl');
    const lines: string[] = [];
    const progress: string[] = [];
    const summary = await runMatch({
      engine: GNUGO,
      opponent: GNUGO,
      referee: GNUGO,
      size: 7,
      komi: 6.5,
      games: 2,
      sgfDir,
      results,
      log: (line) => lines.push(line),
      progress: (line) => progress.push(line),
    });

    expect(summary.games).toHaveLength(2);
    expect(summary.games.map((g) => [g.black, g.white])).toEqual([
      ['engine', 'opponent'],
      ['opponent', 'engine'],
    ]);
    expect(summary.players[0].wins + summary.players[1].wins + summary.players[0].draws).toBe(2);
    for (const game of summary.games) {
      expect(game.result).toMatch(RESULT);
      expect(['score', 'resign']).toContain(game.end);
      expect(game.moves).toBeGreaterThan(10);
      expect(game.moves).toBeLessThan(3 * 49);
    }
    // Every genmove is counted once: the games' moves are the players' moves.
    expect(summary.players[0].moves + summary.players[1].moves).toBe(summary.games[0].moves + summary.games[1].moves);
    expect(summary.players[0].seconds).toBeGreaterThan(0);

    // One complete colour-swapped pair: one pentanomial count.
    expect(summary.headToHead.counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(progress.at(-1)).toMatch(/^games 2\/2, score [\d.]+-[\d.]+ \([\d.]+%\), Elo /);

    expect(readdirSync(sgfDir).sort()).toEqual(['game-0001.sgf', 'game-0002.sgf']);
    expect(readResults(results)).toEqual(summary.games);
    for (const game of summary.games) {
      const [root] = sgf.parse(readFileSync(join(sgfDir, game.sgf!), 'utf8'));
      expect(root.data.SZ).toEqual(['7']);
      expect(root.data.KM).toEqual(['6.5']);
      expect(root.data.RE).toEqual([game.result]);
      expect(root.data.RU).toEqual(['Chinese']);
      expect(root.data.PB).toEqual([game.blackName]);
      expect(root.data.PB[0]).toMatch(/^GNU Go/);
      const moves = mainLine(root);
      expect(moves).toHaveLength(game.moves);
      expect(moves.map(([color]) => color)).toEqual(moves.map((_, i) => (i % 2 === 0 ? 'B' : 'W')));
      if (game.end === 'score') expect(moves.slice(-2).map(([, value]) => value)).toEqual(['', '']);
    }

    expect(lines.filter((l) => /^game [12]\/2: GNU Go .*\(B\) vs GNU Go .*\(W\): \S+, \d+ moves, [\d.]+ s$/.test(l))).toHaveLength(2);
    expect(lines.at(-1)).toBe(`2 games, ${summary.games.filter((g) => g.result === '0').length} draws, 0 without result`);
  });

  it('gives the game to the opponent of an engine that plays an illegal move or garbage', async () => {
    const summary = await runMatch({ black: fake('--move A1'), white: GNUGO, size: 7, referee: GNUGO, ...quiet });
    const [game] = summary.games;
    expect(game).toMatchObject({ result: 'W+F', end: 'illegal', illegalMove: 'A1', moves: 2, winner: 'white' });
    expect(summary.players.map((p) => p.illegalMoves)).toEqual([1, 0]);
    expect(summary.players.map((p) => p.wins)).toEqual([0, 1]);

    const garbage = await runMatch({ black: GNUGO, white: fake('--move banana'), size: 7, referee: GNUGO, ...quiet });
    expect(garbage.games[0]).toMatchObject({ result: 'B+F', end: 'illegal', illegalMove: 'banana', winner: 'black' });
  });

  it('handles resignation and a flag fall on the whole-game clock', async () => {
    const resign = await runMatch({ black: GNUGO, white: fake('--move resign'), size: 7, referee: GNUGO, ...quiet });
    expect(resign.games[0]).toMatchObject({ result: 'B+R', end: 'resign', moves: 1, winner: 'black' });

    const slow = await runMatch({ black: fake('--move pass --delay 400'), white: GNUGO, size: 7, clock: 0.2, referee: GNUGO, ...quiet });
    expect(slow.games[0]).toMatchObject({ result: 'W+T', end: 'time', moves: 0 });
    expect(slow.players.map((p) => p.timeLosses)).toEqual([1, 0]);

    // an engine that never answers loses on time too, and its clock shows the flag fallen
    const hung = await runMatch({ black: fake('--hang'), white: GNUGO, size: 7, clock: 0.2, referee: GNUGO, ...quiet });
    expect(hung.games[0]).toMatchObject({ result: 'W+T', end: 'time', moves: 0 });
    expect(hung.games[0].time.black.left).toEqual({ seconds: 0, stones: 0 });
  });

  it('sends time_settings S 0 0 and time_left before every genmove', async () => {
    const log = join(tempDir(), 'commands.log');
    const summary = await runMatch({ black: fake(`--move c3,pass --log ${log}`), white: GNUGO, size: 7, clock: 30, referee: GNUGO, maxMoves: 6, ...quiet });
    const sent = readFileSync(log, 'utf8').trim().split('\n');
    expect(sent).toContain('time_settings 30 0 0');
    const genmoves = sent.flatMap((line, i) => (line === 'genmove black' ? [i] : []));
    expect(genmoves.length).toBe(summary.players[0].moves);
    for (const i of genmoves) expect(sent[i - 1]).toMatch(/^time_left black (30|29) 0$/);
  });

  it('sends byo-yomi as kgs-time_settings where listed, else time_settings with one stone, and time_left as each expects', async () => {
    // 0.5 s of main time, then 2 periods of 1 s; every genmove takes 0.6 s: the first runs 0.1 s
    // into the first period, which it keeps, and every later one stays within its period.
    for (const kgs of [true, false]) {
      const dir = tempDir();
      const log = join(dir, 'commands.log');
      const results = join(dir, 'results.jsonl');
      const summary = await runMatch({
        black: fake(`--move c3,pass --delay 600 --log ${log}${kgs ? ' --kgs' : ''}`),
        white: GNUGO,
        size: 7,
        clock: '0.5+2x1',
        referee: GNUGO,
        maxMoves: 6,
        sgfDir: dir,
        results,
        ...quiet,
      });
      const sent = readFileSync(log, 'utf8').trim().split('\n');
      expect(sent).toContain(kgs ? 'kgs-time_settings byoyomi 1 1 2' : 'time_settings 1 1 1');
      const beforeGenmoves = sent.flatMap((line, i) => (line === 'genmove black' ? [sent[i - 1]] : []));
      expect(beforeGenmoves.length).toBeGreaterThanOrEqual(2);
      // main time (floored to whole seconds) with 0 stones, then the period's seconds and the periods left (KGS) or 1 stone (GTP)
      expect(beforeGenmoves[0]).toBe('time_left black 0 0');
      for (const line of beforeGenmoves.slice(1)) expect(line).toBe(kgs ? 'time_left black 1 2' : 'time_left black 1 1');

      const [game] = summary.games;
      expect(game.end).not.toBe('time');
      expect(game).toMatchObject({ clock: 0.5, byoyomi: { periods: 2, seconds: 1 } });
      expect(game.time.black.left).toEqual({ seconds: 1, stones: 2 });
      expect(game.time.black.longestByoyomiMove).toBeGreaterThan(0.5);
      expect(game.time.black.longestByoyomiMove).toBeLessThan(1);
      expect(readResults(results)).toEqual(summary.games);

      const [root] = sgf.parse(readFileSync(join(dir, game.sgf!), 'utf8'));
      expect(root.data).toMatchObject({ TM: ['0.5'], OT: ['2x1 byo-yomi'] });
      const black = root.children[0].data;
      expect(black).toMatchObject({ B: ['ce'], BL: ['1'], OB: ['2'] });
      // GNU Go's moves carry its own clock: still in main time after a quick move
      const white = root.children[0].children[0].data;
      expect(Number(white.WL[0])).toBeGreaterThan(0);
      expect(Number(white.WL[0])).toBeLessThanOrEqual(0.5);
      expect(white.OW).toBeUndefined();
    }
  });

  it('loses on time when the last byo-yomi period runs out', async () => {
    // 0.1 s of main time and 2 periods of 0.15 s: 0.4 s in all, and the move takes 0.6 s.
    const slow = await runMatch({ black: fake('--move pass --delay 600'), white: GNUGO, size: 7, clock: '0.1+2x0.15', referee: GNUGO, ...quiet });
    expect(slow.games[0]).toMatchObject({ result: 'W+T', end: 'time', moves: 0 });
    expect(slow.games[0].time.black.left).toEqual({ seconds: 0, stones: 0 });
    expect(slow.players.map((p) => p.timeLosses)).toEqual([1, 0]);
    await expect(runMatch({ black: GNUGO, white: GNUGO, clock: '5m+3x', ...quiet })).rejects.toThrow(/bad clock/);
  });

  it('records a crash and a hang as losses of the engine at fault and goes on with restarted engines', async () => {
    const lines: string[] = [];
    const crash = await runMatch({ black: fake('--move c3,d4 --crash-after 2'), white: GNUGO, size: 7, games: 2, referee: GNUGO, log: (l) => lines.push(l), progress: () => {} });
    expect(crash.games).toHaveLength(2);
    expect(crash.games[0]).toMatchObject({ end: 'crash', result: 'W+F', moves: 2 });
    expect(crash.games[0].reason).toMatch(/exited/);
    // The restarted fake crashes again at its second genmove; the run went on regardless.
    expect(crash.games[1]).toMatchObject({ end: 'crash', result: 'W+F' });
    expect(crash.players[0].failures).toBe(2);
    expect(lines.some((l) => /crash: .*exited/.test(l))).toBe(true);

    const hang = await runMatch({ black: GNUGO, white: fake('--hang'), size: 7, games: 2, moveTimeout: 0.5, referee: GNUGO, ...quiet });
    expect(hang.games.map((g) => [g.end, g.result])).toEqual([
      ['hang', 'B+F'],
      ['hang', 'B+F'],
    ]);
    expect(hang.games[0].reason).toMatch(/no answer to "genmove white" within 0.5 s/);
  });

  it('plays games concurrently, each number once', async () => {
    const summary = await runMatch({ engine: GNUGO, opponent: fake('--move resign'), size: 7, games: 5, concurrency: 2, referee: GNUGO, ...quiet });
    expect(summary.games.map((g) => g.number).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(summary.players[0].wins).toBe(5);
    // Two complete pairs (the fifth game has no partner) for the pentanomial counts.
    expect(summary.headToHead.counts).toEqual([0, 0, 0, 0, 2]);
  });

  it('scores a game cut off at the move limit', async () => {
    // No --referee: GNU Go is installed, so it referees, by area.
    const summary = await runMatch({ black: GNUGO, white: GNUGO, size: 7, maxMoves: 6, ...quiet });
    expect(summary.referee).toMatch(/gnugo --mode gtp --level 0 --chinese-rules$/);
    expect(summary.games[0]).toMatchObject({ end: 'max-moves', moves: 6 });
    expect(summary.games[0].result).toMatch(RESULT);
  });

  it('refuses bad input before playing and loses nothing already recorded', async () => {
    await expect(runMatch({ black: GNUGO, ...quiet })).rejects.toThrow(/--black and --white/);
    await expect(runMatch({ black: GNUGO, engine: GNUGO, ...quiet })).rejects.toThrow(/either/);
    await expect(runMatch({ engine: GNUGO, opponent: '/nonexistent/engine --gtp', size: 7, ...quiet })).rejects.toThrow(
      /engine opponent: cannot start engine "\/nonexistent\/engine --gtp"/,
    );
    await expect(runMatch({ engine: GNUGO, opponent: GNUGO, size: 7, referee: '/nonexistent/referee', ...quiet })).rejects.toThrow(
      /engine referee: cannot start engine "\/nonexistent\/referee"/,
    );
    await expect(runMatch({ engine: GNUGO, opponent: GNUGO, sprt: 'elo0=5,elo1=0', ...quiet })).rejects.toThrow(/elo1 > elo0/);
    const results = join(tempDir(), 'old.jsonl');
    writeFileSync(results, '{"kept": true}\n');
    await expect(runMatch({ engine: GNUGO, opponent: GNUGO, size: 7, results, ...quiet })).rejects.toThrow(/already holds games/);
    expect(readFileSync(results, 'utf8')).toBe('{"kept": true}\n');
    expect(existsSync(results)).toBe(true);
  });
});

describe('resuming a stopped run', () => {
  // Scripted engines and GNU Go as referee: the same games every time, decided by opening and colour.
  const OPENINGS = [';B[dd]', ';B[cc];W[ee]', ';B[dd];W[cc]', ';B[ee]'];
  /** The first `count` openings, in dir/openings. */
  const writeOpenings = (dir: string, count = OPENINGS.length) => {
    mkdirSync(join(dir, 'openings'), { recursive: true });
    OPENINGS.slice(0, count).forEach((moves, i) => writeFileSync(join(dir, 'openings', `${i}.sgf`), `(;GM[1]SZ[7]${moves})`));
  };
  const definition = (dir: string, extra: Partial<MatchOptions> = {}): MatchOptions => ({
    engine: fake('--move c3,pass --each-game'),
    opponent: fake('--move e5,pass --each-game'),
    referee: GNUGO,
    size: 7,
    komi: 6.5,
    games: 40,
    openings: join(dir, 'openings'),
    ...extra,
  });
  /** What two runs of the same games share (not the times). */
  const games = (records: readonly GameRecord[]) => records.map((r) => [r.number, r.pair, r.black, r.white, r.result, r.opening, r.sgf]);
  const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter((l) => l !== '');

  for (const sprt of ['elo0=0,elo1=100', undefined]) {
    it(`gives the uninterrupted run's games and figures, counting the pair cut in the middle once (${sprt ? 'SPRT' : 'no SPRT'})`, async () => {
      const dir = tempDir();
      writeOpenings(dir);
      const total = sprt ? 40 : 12;
      const whole = await runMatch({ ...definition(dir, { games: total, sprt }), results: join(dir, 'whole.jsonl'), sgfDir: join(dir, 'whole'), ...quiet });
      if (sprt) {
        // H0 is accepted after 9 pairs: long after the cut below.
        expect(whole.headToHead.sprt!.decision).toBe('H0');
        expect(whole.games).toHaveLength(18);
      }

      // Stopped after four pairs…
      const results = join(dir, 'cut.jsonl');
      const sgfDir = join(dir, 'cut');
      const stop = new AbortController();
      const log: string[] = [];
      const options = { ...definition(dir, { games: total, sprt }), results, sgfDir };
      const first = await runMatch({ ...options, stop: stop.signal, onGame: (r) => r.number >= 8 && stop.abort(), log: (l) => log.push(l), progress: () => {} });
      expect(first.stopped).toBe(true);
      expect(first.games).toHaveLength(8);
      expect(log.at(-1)).toBe(`stopped after 8 of ${total} games; the same command with --resume continues from ${results}`);
      // …then, as if the stop had come between the two games of the fourth pair, mid-write.
      const kept = lines(results);
      expect(kept).toHaveLength(9);
      writeFileSync(results, kept.slice(0, 8).join('\n') + '\n' + kept[8].slice(0, 40));

      const resumedLog: string[] = [];
      const resumed = await runMatch({ ...options, resume: true, log: (l) => resumedLog.push(l), progress: () => {} });
      expect(resumedLog).toContain(`resuming ${results}: 7 games recorded, ${total - 7} to play; completing the pair of game 7; an unfinished last line (40 bytes) was cut off`);
      expect(resumedLog.filter((l) => l.startsWith('game '))[0]).toMatch(new RegExp(`^game 8/${total}: `));
      expect(games(resumed.games)).toEqual(games(whole.games));
      expect(resumed.headToHead).toEqual(whole.headToHead);
      expect(games(readResults(results))).toEqual(games(readResults(join(dir, 'whole.jsonl'))));
      expect(readdirSync(sgfDir)).toEqual(readdirSync(join(dir, 'whole')));

      // A finished run resumed plays nothing more.
      const again: string[] = [];
      const done = await runMatch({ ...options, resume: true, log: (l) => again.push(l), progress: () => {} });
      expect(again).toContain(`resuming ${results}: ${whole.games.length} games recorded, ${sprt ? 'the SPRT has decided' : '0 to play'}`);
      expect(done.headToHead).toEqual(whole.headToHead);
      expect(lines(results)).toHaveLength(whole.games.length + 1);
    });
  }

  it('refuses a file of another definition, naming the difference, and a file without one', async () => {
    const dir = tempDir();
    writeOpenings(dir, 1);
    const results = join(dir, 'results.jsonl');
    const options = { ...definition(dir, { games: 2 }), results, ...quiet };
    await runMatch(options);
    const text = readFileSync(results, 'utf8');
    const refused = (extra: Partial<MatchOptions>) => runMatch({ ...options, ...extra, resume: true });
    await expect(refused({ komi: 7.5 })).rejects.toThrow(`cannot resume ${results}: another run's file (komi: 7.5 now, 6.5 in the file)`);
    await expect(refused({ games: 4 })).rejects.toThrow(/\(games: 4 now, 2 in the file\)$/);
    await expect(refused({ opponent: fake('--move pass') })).rejects.toThrow(/\(engine opponent's command: ".*--move pass" now, ".*--move e5,pass --each-game" in the file\)$/);
    await expect(refused({ sprt: 'elo0=0,elo1=50' })).rejects.toThrow(/\(sprt: \{"elo0":0,"elo1":50,.*\} now, none in the file\)$/);
    await expect(refused({ engine: undefined, opponent: undefined, black: options.engine, white: options.opponent })).rejects.toThrow(/\(colours: "fixed" now, "alternating" in the file\)$/);
    await expect(refused({ openingMoves: 1 })).rejects.toThrow(/\(opening-moves: 1 now, none in the file\)$/);
    writeOpenings(dir, 2);
    await expect(refused({})).rejects.toThrow(/\(openings: 2 from .* now are not the 1 from .* in the file\)$/);
    expect(readFileSync(results, 'utf8')).toBe(text);

    // A file written before the definition was recorded is read by the reports, never resumed.
    const old = join(dir, 'old.jsonl');
    writeFileSync(old, text.split('\n').slice(1).join('\n'));
    expect(readResults(old)).toEqual(readResults(results));
    await expect(runMatch({ ...options, results: old, resume: true })).rejects.toThrow(`cannot resume ${old}: it records no run definition (written before --resume, or not by tengen match)`);
    await expect(runMatch({ ...definition(dir), resume: true, ...quiet })).rejects.toThrow('--resume needs --results FILE');
  });

  it('stops on SIGINT with whole pairs in the results file, then --resume finishes the run', async () => {
    const dir = tempDir();
    const results = join(dir, 'results.jsonl');
    const main = new URL('../../dist/cli/main.js', import.meta.url).pathname;
    const options = { engine: fake('--move c3,pass --delay 150'), opponent: fake('--move e5,pass --delay 150'), referee: GNUGO, size: 7, games: 8, results };
    const args = ['match', '--engine', options.engine, '--opponent', options.opponent, '--referee', GNUGO, '--size', '7', '--games', '8', '--results', results];
    const child = spawn(process.execPath, [main, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', () => {});
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    while (!existsSync(results) || lines(results).length < 3) await new Promise((r) => setTimeout(r, 50));
    // In the middle of the second pair's first game.
    await new Promise((r) => setTimeout(r, 200));
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    const recorded = readResults(results);
    expect(recorded.length % 2).toBe(0);
    expect(recorded.length).toBeLessThan(8);
    expect(readFileSync(results, 'utf8').endsWith('\n')).toBe(true);
    expect(stdout).toContain(`stopped after ${recorded.length} of 8 games; the same command with --resume continues from ${results}`);

    const summary = await runMatch({ ...options, resume: true, ...quiet });
    expect(summary.games.map((g) => g.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(summary.headToHead.counts.reduce((a, b) => a + b, 0)).toBe(4);
    expect(readResults(results)).toEqual(summary.games);
  });
});

describe('tengen against GNU Go', () => {
  it('plays a whole 9x9 game at fixed playouts: every move legal, ended by two passes or a resignation', async () => {
    const sgfDir = tempDir();
    const tengen = `"${process.execPath}" "${new URL('../../dist/cli/main.js', import.meta.url).pathname}" gtp --playouts 300 --threads 1 --seed 7`;
    const summary = await runMatch({ engine: tengen, opponent: GNUGO, referee: GNUGO, size: 9, komi: 7, games: 1, sgfDir, ...quiet });
    const [game] = summary.games;
    expect(['score', 'resign']).toContain(game.end);
    expect(summary.players.map((p) => p.illegalMoves)).toEqual([0, 0]);
    expect(summary.players[0].moves).toBeGreaterThan(5);

    // Replayed through tengen's own rules core, independently of both engines' verdicts.
    const record = readSgf(readFileSync(join(sgfDir, game.sgf!), 'utf8'));
    const replay = new Game(9);
    for (const move of record.moves) expect(replay.play(move.color, move.point)).toBeNull();
    expect(record.moves).toHaveLength(game.moves);
    if (game.end === 'score') expect(replay.state.passes).toBe(2);
  });

  it.each(['korean', 'tromp-taylor', 'Japanese'])('sets rules %s through the command tengen takes them by: no game lost at the set-up', async (rules) => {
    const tengen = `"${process.execPath}" "${new URL('../../dist/cli/main.js', import.meta.url).pathname}" gtp --playouts 20 --threads 1 --network none`;
    const summary = await runMatch({ engine: tengen, opponent: tengen, referee: GNUGO, size: 5, games: 2, maxMoves: 6, rules, ...quiet });
    expect(summary.games.map((g) => g.end)).not.toContain('setup');
    expect(summary.games).toHaveLength(2);
  });
  it('never loses on time under kgs-time_settings byoyomi 2 2 3: no byo-yomi move above the period, every period still held', async () => {
    const dir = tempDir();
    // never resigning, so the game is played out into byo-yomi rather than resigned in main time
    const tengen = `"${process.execPath}" "${new URL('../../dist/cli/main.js', import.meta.url).pathname}" gtp --threads 1 --seed 7 --resign-threshold 0`;
    // tengen lists kgs-time_settings, so it hears `kgs-time_settings byoyomi 2 2 3`; GNU Go hears time_settings 2 2 1
    const summary = await runMatch({ black: tengen, white: GNUGO, referee: GNUGO, size: 9, komi: 7, clock: '2+3x2', sgfDir: dir, ...quiet });
    const [game] = summary.games;
    expect(game.end).not.toBe('time');
    expect(['score', 'resign']).toContain(game.end);
    const mine = game.time.black;
    expect(mine.longestByoyomiMove).toBeLessThanOrEqual(2);
    // still in main time, or in byo-yomi with all three periods
    expect(mine.left!.stones === 0 ? mine.left!.seconds > 0 : mine.left!.stones === 3).toBe(true);

    const [root] = sgf.parse(readFileSync(join(dir, game.sgf!), 'utf8'));
    expect(root.data).toMatchObject({ TM: ['2'], OT: ['3x2 byo-yomi'] });
    const periods: string[] = [];
    for (let node = root.children[0]; node; node = node.children[0]) if (node.data.B) periods.push(node.data.OB?.[0] ?? 'main');
    expect(periods.every((p) => p === 'main' || p === '3')).toBe(true);
    // 2 s of main time last tengen a few moves: the game is played out in byo-yomi
    expect(periods.filter((p) => p === '3').length).toBeGreaterThan(0);
  });
});

describe('the progress line', () => {
  it('counts a game without a result for neither side', () => {
    const game = (number: number, black: string, white: string, result: string, winner: string | null) =>
      ({ number, pair: Math.floor((number - 1) / 2), black, white, result, winner }) as GameRecord;
    const records = [game(1, 'engine', 'opponent', 'B+R', 'black'), game(2, 'opponent', 'engine', '?', null), game(3, 'engine', 'opponent', '0', null)];
    const line = progressLine(headToHead(records, 'engine', 'opponent', true), 10);
    expect(line).toMatch(/^games 3\/10, score 1\.5-0\.5 \(75\.0%\), /);
  });
});
