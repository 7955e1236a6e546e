// Searcher through its worker threads: runs against the compiled dist/ (npm test builds it).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
// @ts-ignore -- compiled output, no declarations
import { Searcher } from '../../dist/search/searcher.js';
import { boardFromRows as board } from '../support/position.js';
import { Session } from '../../src/engine/session.js';
import { searchPosition } from '../../src/engine/search-player.js';

// searches and long random-game checks: generous limits for a loaded machine
vi.setConfig({ testTimeout: 120_000 });

const PASS = -1;
const distIndex = fileURLToPath(new URL('../../dist/search/searcher.js', import.meta.url));

// Black: a wall and two 16-point regions, 45 points by area; White: a wall and two 12-point regions, 36.
const SETTLED = [
  '....XO...',
  '....XO...',
  '....XO...',
  '....XO...',
  'XXXXXOOOO',
  '....XO...',
  '....XO...',
  '....XO...',
  '....XO...',
];
// The same with a dead white stone at B7 (black's area) and a dead black stone at H3 (white's).
const WITH_DEAD = [
  '....XO...',
  '....XO...',
  '.O..XO...',
  '....XO...',
  'XXXXXOOOO',
  '....XO...',
  '....XO.X.',
  '....XO...',
  '....XO...',
];
// Only the dead white stone at B7.
const DEAD_WHITE = WITH_DEAD.map((row, i) => (i === 6 ? '....XO...' : row));
// Settled with 18 stones, fewer than a quarter of the board: Black 45 points by area, White 36.
const TWO_WALLS = ['.........', '.........', '.........', 'OOOOOOOOO', 'XXXXXXXXX', '.........', '.........', '.........', '.........'];
const at = (col: string, row: number): number => (row - 1) * 9 + 'ABCDEFGHJ'.indexOf(col);

function position(rows: string[], over: Record<string, unknown> = {}) {
  return {
    size: rows.length,
    board: board(rows),
    toMove: 1 as const,
    komi: 7,
    history: [] as Int8Array[],
    illegal: [] as number[],
    moveNumber: 60,
    lastMoves: [at('J', 9), PASS],
    ...over,
  };
}

const searchers: Searcher[] = [];
function searcher(over: Record<string, unknown> = {}): Searcher {
  const s = new Searcher({ threads: 1, level: 10, resignThreshold: 0.1, maxTreeMb: 256, seed: 5, ...over });
  searchers.push(s);
  return s;
}
afterAll(async () => {
  await Promise.all(searchers.map((s) => s.close()));
});

describe('Searcher: passing and resigning', () => {
  it('passes after an opponent pass when passing wins', async () => {
    const r = await searcher().genmove(position(SETTLED, { komi: -0.5 }), { playouts: 1500 });
    expect(r.move).toBe(PASS);
  });

  it('resigns a game lost on two moves in a row, but not with threshold 0 and not in the first moves', async () => {
    // the opponent has not passed: the search decides, and resigns only on its second lost move
    const lost = position(SETTLED, { komi: 30.5, lastMoves: [at('J', 9), at('A', 1)] });
    const s = searcher();
    const first = await s.genmove(lost, { playouts: 1500 });
    expect(first.move).not.toBe('resign');
    expect(first.info.winrate).toBeLessThan(0.1);
    // the same side's next move (two moves later) is still lost: now it resigns
    expect((await s.genmove({ ...lost, moveNumber: lost.moveNumber + 2 }, { playouts: 1500 })).move).toBe('resign');
    // not when the lost search was for the other colour
    const t = searcher();
    expect((await t.genmove({ ...lost, toMove: 2 as const, komi: -30.5 }, { playouts: 1500 })).info.winrate).toBeLessThan(0.1);
    expect((await t.genmove({ ...lost, moveNumber: lost.moveNumber + 2 }, { playouts: 1500 })).move).not.toBe('resign');
    // a search capped below the usual minimum (fixed playouts, a low level) still resigns
    const capped = searcher({ playouts: 300 });
    expect((await capped.genmove(lost)).move).not.toBe('resign');
    expect((await capped.genmove({ ...lost, moveNumber: lost.moveNumber + 2 })).move).toBe('resign');
    const never = await searcher({ resignThreshold: 0 }).genmove(lost, { playouts: 1500 });
    expect(never.move).not.toBe('resign');
    expect(never.info.winrate).toBeLessThan(0.1);
    // in the first moves it never resigns; a position set up with stones is past them
    const early = searcher();
    const opening = position(TWO_WALLS, { komi: 50.5, moveNumber: 3, lastMoves: [at('A', 1)] });
    expect((await early.genmove(opening, { playouts: 1500 })).info.winrate).toBeLessThan(0.1);
    expect((await early.genmove({ ...opening, moveNumber: 5 }, { playouts: 1500 })).move).not.toBe('resign');
    const setUp = searcher();
    expect((await setUp.genmove({ ...lost, moveNumber: 3 }, { playouts: 1500 })).move).not.toBe('resign');
    expect((await setUp.genmove({ ...lost, moveNumber: 5 }, { playouts: 1500 })).move).toBe('resign');
  });

  it('plans a set-up position\'s clock by its stones, not by the moves played', async () => {
    const clock = { settings: { kind: 'absolute' as const, mainTime: 20, periodTime: 0, periods: 0, stones: 0 }, left: { seconds: 20, stones: 0 } };
    const s = searcher();
    const plan = async (rows: string[], moveNumber: number) => (await s.genmove(position(rows, { moveNumber, lastMoves: [] }), { clock })).info.plan!.targetMs!;
    // 25 stones on the board: planned as move 25 whatever the count of moves played (the plan
    // is net of the few microseconds the move spent before the search)
    const setUp = await plan(SETTLED, 0);
    expect(Math.abs(setUp - (await plan(SETTLED, 25)))).toBeLessThan(5);
    // the same clock on an empty board at move 0 is an opening: less time a move
    expect(setUp - (await plan(Array(9).fill('.........'), 0))).toBeGreaterThan(300);
  });

  it('after an opponent pass in a settled lost position: resigns at once when allowed, else passes (no hopeless invasion)', async () => {
    const lost = position(SETTLED, { komi: 30.5 });
    expect((await searcher().genmove(lost, { playouts: 1500 })).move).toBe('resign');
    expect((await searcher({ resignThreshold: 0 }).genmove(lost, { playouts: 1500 })).move).toBe(PASS);
    // in the opening it never resigns: it passes (unless the position was set up with stones)
    expect((await searcher().genmove(position(TWO_WALLS, { komi: 30.5, moveNumber: 3 }), { playouts: 1500 })).move).toBe(PASS);
    expect((await searcher().genmove({ ...lost, moveNumber: 3 }, { playouts: 1500 })).move).toBe('resign');
    // lost by half a point (45 against 36 by area, komi 9.5): still nothing to play
    const close = position(SETTLED, { komi: 9.5 });
    expect((await searcher().genmove(close, { playouts: 1500 })).move).toBe(PASS);
    expect((await searcher().genmove(close, { playouts: 1500, scoring: 'territory' })).move).toBe(PASS);
  });

  it('passes back in a settled draw (whole-number komi) instead of filling its own area', async () => {
    // 45 against 36 by area, komi 9: a jigo whoever moves
    const draw = position(SETTLED, { komi: 9 });
    for (const toMove of [1, 2] as const) {
      const r = await searcher().genmove({ ...draw, toMove }, { playouts: 1500 });
      expect(r.move).toBe(PASS);
      expect(r.info.scoreLead).toBe(0);
    }
  });

  it('by area, fills a dame that turns the result after an opponent pass; by territory, passes', async () => {
    // E5 is the one neutral point between the walls: by area black has 44 against white's 36
    // and wins with it at komi 8.5
    const rows = SETTLED.map((row, i) => (i === 4 ? 'XXXX.OOOO' : row));
    const pos = position(rows, { komi: 8.5 });
    const area = await searcher().genmove(pos, { playouts: 1500 });
    expect(area.move).toBe(at('E', 5));
    const territory = await searcher().genmove(pos, { playouts: 1500, scoring: 'territory' });
    expect(territory.move).toBe(PASS);
  });

  it('captures dead stones instead of passing when the board as it stands would lose', async () => {
    // by ownership black wins by 0.5; as the stones stand (B7 alive) black loses
    const r = await searcher().genmove(position(DEAD_WHITE, { komi: -0.5 }), { playouts: 2000 });
    expect(r.move).not.toBe(PASS);
    expect(r.move).not.toBe('resign');
  });

  /** The last position of a counted Tygem game (korean, komi 6.5) after `passer`'s pass, the other side to move. */
  const afterPass = (record: string, passer: 1 | 2) => {
    const session = new Session();
    session.loadSgf(fileURLToPath(new URL(`fixtures/tygem-${record}.sgf`, import.meta.url)), null);
    session.komi = 6.5;
    session.setRules('korean');
    session.play(passer, PASS);
    return searchPosition(session, passer === 1 ? 2 : 1);
  };
  const territory = { playouts: 1500, scoring: 'territory' as const };

  it('after an opponent pass, reads the capturing races the playouts misjudge (Tygem 793503732, B+4.5)', async () => {
    // In the lower right the white stone S3 is lost by reading, and with it the white group
    // Q4-S6; the playouts leave the race open, so without the reading Black plays on inside
    // its own area (T1) and White plays on.
    const black = await searcher().genmove(afterPass('793503732', 2), territory);
    expect(black.move).toBe(PASS);
    expect(black.info.scoreLead).toBeGreaterThan(0);
    // White, lost by the race, resigns (or passes with resignation off)
    expect((await searcher().genmove(afterPass('793503732', 1), territory)).move).toBe('resign');
    expect((await searcher({ resignThreshold: 0 }).genmove(afterPass('793503732', 1), territory)).move).toBe(PASS);
  });

  it('after an opponent pass, passes or resigns when the open points cannot turn the result (Tygem 793459438, B+7.5)', async () => {
    // every chain's fate is clear; E4, K19 and L19 are open points the playouts leave
    // unclear, worth three points at most against a margin of 7.5 (Black played M7 and
    // White L5 before)
    const black = await searcher().genmove(afterPass('793459438', 2), territory);
    expect(black.move).toBe(PASS);
    expect(black.info.scoreLead).toBeGreaterThan(3);
    expect((await searcher().genmove(afterPass('793459438', 1), territory)).move).toBe('resign');
  });

  it('cleanup mode never passes while dead opponent stones remain', async () => {
    // black wins even with B7 counted alive, so a normal genmove passes …
    const pos = position(WITH_DEAD, { komi: -20.5 });
    expect((await searcher().genmove(pos, { playouts: 1500 })).move).toBe(PASS);
    // … but cleanup keeps capturing
    const clean = await searcher().genmove(pos, { playouts: 1500, cleanup: true });
    expect(clean.move).not.toBe(PASS);
    expect(clean.move).not.toBe('resign');
  });
});

describe('searchPosition', () => {
  it('gives the side to move of every earlier board under situational superko only', () => {
    const session = new Session();
    session.play(1, at('E', 5));
    session.play(2, PASS);
    session.play(2, at('C', 3)); // same colour twice: the side to move is the rules core's
    expect(searchPosition(session, 1).historyToMove).toBeUndefined();
    session.setRules('aga');
    const pos = searchPosition(session, 1);
    expect(pos.history).toHaveLength(3);
    expect(pos.historyToMove).toEqual([1, 2, 1]);
  });
});

describe('Searcher: dead stones', () => {
  it('finds the dead stones of a settled 9x9 position', async () => {
    const r = await searcher().deadStones(position(WITH_DEAD));
    expect(r.dead).toEqual([at('H', 3), at('B', 7)].sort((a, b) => a - b));
    expect(r.seki).toEqual([]);
  });

  it('finds nothing dead when everything lives', async () => {
    const r = await searcher().deadStones(position(SETTLED, { lastMoves: [] }));
    expect(r.dead).toEqual([]);
  });

  it('finds a seki', async () => {
    // bottom: white A2-F2 F1 and black B1 C1 D1 share the liberties A1 and E1 and have no eyes:
    // whoever plays there first is captured, and the capturer lives (four points, or Black's
    // whole side). Black lives everywhere else with many eyes. (With one black stone, B1 between
    // A1 and C1, it is no seki: Black plays C1, White takes two stones, and Black kills the
    // two-point eye with a throw-in; the race reading proves that.)
    const rows = [
      'X.XX.XX.X',
      'XXXXXXXXX',
      'X.XX.XX.X',
      'XXXXXXXXX',
      'X.XX.XX.X',
      'XXXXXXXXX',
      'XXXXXX.XX',
      'OOOOOOXXX',
      '.XXX.OX.X',
    ];
    const r = await searcher().deadStones(position(rows, { lastMoves: [], toMove: 2 }));
    expect(r.dead).toEqual([]);
    const seki = ['B1', 'C1', 'D1', 'F1', 'A2', 'B2', 'C2', 'D2', 'E2', 'F2'].map((v) => at(v[0], Number(v.slice(1))));
    expect(r.seki).toEqual(seki);
  });
});

describe('Searcher: threads, determinism, abort, close', () => {
  const mid = position(
    ['.........', '...O.....', '..XO.O...', '..XXO....', '...X.O...', '..X..X...', '.........', '.........', '.........'],
    { moveNumber: 12, lastMoves: [at('F', 5)], komi: 7 },
  );

  it('with 1 thread and a seed, the same playouts give the same move and statistics', async () => {
    const a = await searcher({ seed: 42 }).genmove(mid, { playouts: 800 });
    const b = await searcher({ seed: 42 }).genmove(mid, { playouts: 800 });
    expect(a.move).toBe(b.move);
    expect(a.info.playouts).toBe(800);
    expect(a.info.candidates.map((c: { move: number; visits: number }) => [c.move, c.visits])).toEqual(
      b.info.candidates.map((c: { move: number; visits: number }) => [c.move, c.visits]),
    );
  });

  it('reports priors as one distribution over the legal moves, and the untried moves after the tried ones by prior', async () => {
    const { info } = await searcher().genmove(mid, { playouts: 100 });
    const cands: { move: number; visits: number; prior: number }[] = info.candidates;
    const legal = mid.board.filter((c) => c === 0).length + 1; // and pass
    expect(cands.length).toBe(legal);
    expect(cands.reduce((a, c) => a + c.prior, 0)).toBeCloseTo(1, 6);
    const firstUntried = cands.findIndex((c) => c.visits === 0);
    expect(firstUntried).toBeGreaterThan(0);
    const untried = cands.slice(firstUntried);
    expect(untried.every((c) => c.visits === 0)).toBe(true);
    for (let k = 1; k < untried.length; k++) expect(untried[k].prior).toBeLessThanOrEqual(untried[k - 1].prior);
  });

  it('level 1 plays from a few hundred playouts, level 10 from the full budget', async () => {
    const weak = await searcher({ level: 1 }).genmove(mid, { timeMs: 5000 });
    expect(weak.info.playouts).toBeLessThanOrEqual(300);
    expect(weak.info.playouts).toBeGreaterThan(0);
    const strong = await searcher({ level: 10 }).genmove(mid, { playouts: 1200 });
    expect(strong.info.playouts).toBe(1200);
  });

  it('2 threads share one playout budget and report merged statistics', async () => {
    const r = await searcher({ threads: 2 }).genmove(mid, { playouts: 2000 });
    expect(r.info.playouts).toBeGreaterThanOrEqual(2000);
    expect(r.info.playouts).toBeLessThanOrEqual(2002);
    const visits = r.info.candidates.reduce((a: number, c: { visits: number }) => a + c.visits, 0);
    expect(visits).toBeGreaterThanOrEqual(2000);
    expect(r.info.candidates[0].pv[0]).toBe(r.info.candidates[0].move);
    expect(r.info.ownership.length).toBe(81);
  });

  it('aborts within about 100 ms and returns the best move so far', async () => {
    const s = searcher({ threads: 2 });
    await s.genmove(mid, { playouts: 50 }); // start the workers
    const ac = new AbortController();
    const infos: number[] = [];
    const started = performance.now();
    setTimeout(() => ac.abort(), 300);
    const info = await s.analyze(mid, { signal: ac.signal, onInfo: (i: { playouts: number }) => infos.push(i.playouts), infoIntervalMs: 50 });
    const late = performance.now() - started - 300;
    expect(late).toBeLessThan(300); // ~100 ms on an idle machine; slack for a loaded one
    expect(info.playouts).toBeGreaterThan(0);
    expect(info.candidates.length).toBeGreaterThan(0);
    expect(infos.length).toBeGreaterThanOrEqual(2);
  });

  it('returns a real move even when aborted before the first playout', async () => {
    const ac = new AbortController();
    ac.abort();
    const r = await searcher().genmove(mid, { signal: ac.signal });
    expect(typeof r.move).toBe('number');
    expect(r.move).toBeGreaterThanOrEqual(0);
    expect(mid.board[r.move as number]).toBe(0);
  });

  it('a tree bound beyond what the system reserves still searches one shared tree (19×19, 2 threads)', async () => {
    const s = searcher({ threads: 2, maxTreeMb: 65536 });
    const empty = { size: 19, board: new Int8Array(361), toMove: 1 as const, komi: 7.5, history: [], illegal: [], moveNumber: 0, lastMoves: [] };
    const r = await s.genmove(empty, { playouts: 400 });
    expect(r.move).toBeGreaterThanOrEqual(0);
    expect(r.info.playouts).toBeGreaterThanOrEqual(400);
  });

  it('close() lets the process exit', () => {
    const script = `
      import { Searcher } from ${JSON.stringify(distIndex)};
      const s = new Searcher({ threads: 2, level: 10, resignThreshold: 0.1, maxTreeMb: 64, seed: 1 });
      const r = await s.genmove({ size: 9, board: new Int8Array(81), toMove: 1, komi: 7, history: [], illegal: [], moveNumber: 0, lastMoves: [] }, { playouts: 300 });
      await s.close();
      console.log('move', r.move);
    `;
    const t0 = Date.now();
    const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20000 });
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/^move \d+/);
    expect(Date.now() - t0).toBeLessThan(15000);
  });
});
