import { afterEach, describe, expect, it } from 'vitest';
import { FirstLook } from '../../src/search/first-look.js';
import { FULL_POLICY } from '../../src/search/params.js';
import { Searcher } from '../../src/search/searcher.js';
import type { SearchInfo, SearchPosition } from '../../src/search/types.js';
import { boardFromRows } from '../support/position.js';

// An analysis on a fresh process writes its first lines while the worker threads still start
// (loading the move knowledge takes them the better part of a second): the main thread's first
// look, flat Monte Carlo. The order of the events is what is tested, and a move on a clock
// answering within it however long the workers or the modules took to start.

function position(rows: string[], toMove: 1 | 2 = 1): SearchPosition {
  return { size: rows.length, board: boardFromRows(rows), toMove, komi: 7, history: [], illegal: [], moveNumber: 0, lastMoves: [] };
}

const EMPTY_9 = position(Array.from({ length: 9 }, () => '.........'));

let searcher: Searcher | null = null;
afterEach(async () => {
  await searcher?.close();
  searcher = null;
});

describe('the first look', () => {
  it('plays every legal move but own eyes and the forbidden ones, each once before any twice', () => {
    // Black to move: A1 is Black's own eye; C1 is forbidden (as a superko would); B1, A2 are occupied.
    const pos = { ...position(['.....', '.....', '.....', 'X....', '.X...']), illegal: [2] };
    const look = new FirstLook(pos, FULL_POLICY, 1);
    while (look.playouts < 21) look.run(0); // 21 moves: 25 points, less two stones, the eye and C1
    const info = look.info();
    const seen = new Set(info.candidates.map((c) => c.move));
    for (const p of [0, 1, 2, 5]) expect(seen.has(p)).toBe(false);
    expect(info.candidates.length).toBe(21);
    for (const c of info.candidates) expect(c.visits).toBeGreaterThanOrEqual(1);
    for (let k = 1; k < info.candidates.length; k++) expect(info.candidates[k - 1].visits).toBeGreaterThanOrEqual(info.candidates[k].visits);
  });

  it('shows a move not yet tried with the position\'s mean win rate and score, never NaN', () => {
    const look = new FirstLook(EMPTY_9, FULL_POLICY, 1);
    while (look.playouts < 8) look.run(0); // 8 of the 81 moves tried
    const info = look.info();
    const untried = info.candidates.filter((c) => c.visits === 0);
    expect(untried.length).toBeGreaterThan(0);
    for (const c of untried) {
      expect(c.winrate).toBe(info.winrate);
      expect(c.scoreLead).toBe(info.scoreLead);
    }
    for (const c of info.candidates) expect(Number.isFinite(c.scoreLead)).toBe(true);
  });

  it('ends an analysis stopped while the workers start at once, with the first look', async () => {
    searcher = new Searcher({ threads: 1, level: 10, resignThreshold: 0, maxTreeMb: 64, seed: 3, network: null });
    let ready = false;
    void searcher.workersReady().then(() => (ready = true));
    const abort = new AbortController();
    const analysis = searcher.analyze(EMPTY_9, { signal: abort.signal, infoIntervalMs: 1000, onInfo: () => {} });
    await new Promise((r) => setTimeout(r, 50));
    const readyAtStop = ready;
    abort.abort();
    const info = await analysis;
    if (!readyAtStop) {
      expect(ready).toBe(false); // it did not wait for them
      expect(info.playouts).toBeGreaterThan(0);
    }
  });

  it('answers a move on a clock shorter than the workers\' start from the first look, in time', async () => {
    searcher = new Searcher({ threads: 1, level: 10, resignThreshold: 0, maxTreeMb: 64, seed: 3, network: null });
    let ready = false;
    void searcher.workersReady().then(() => (ready = true));
    // canadian overtime with no main time, 1 s for 1 stone (GTP time_settings 0 1 1)
    const settings = { kind: 'canadian' as const, mainTime: 0, periodTime: 1, periods: 0, stones: 1 };
    const begun = performance.now();
    const { move, info } = await searcher.genmove(EMPTY_9, { clock: { settings, left: { seconds: 1, stones: 1 } } });
    const took = performance.now() - begun;
    expect(took).toBeLessThan(info.plan!.maxMs! + 100);
    expect(typeof move === 'number' && move >= 0 && move < 81).toBe(true);
    if (!ready) expect(info.playouts).toBeGreaterThan(0); // the first look's
  });

  it('answers an analysis before the workers are ready, an info line an interval, then the search takes over', async () => {
    searcher = new Searcher({ threads: 1, level: 10, resignThreshold: 0, maxTreeMb: 64, seed: 3, network: null });
    const events: string[] = [];
    const infos: SearchInfo[] = [];
    const ready = searcher.workersReady().then(() => events.push('ready'));
    const abort = new AbortController();
    const analysis = searcher.analyze(EMPTY_9, {
      signal: abort.signal,
      infoIntervalMs: 20,
      askedAt: performance.now(),
      onInfo: (info) => {
        events.push('info');
        infos.push(info);
        if (events.includes('ready') && info.playouts > 0) abort.abort();
      },
    });
    await ready;
    await analysis;
    const first = events.indexOf('info');
    expect(first).toBe(0); // the first line came before the workers were ready
    expect(events.indexOf('ready')).toBeGreaterThan(first);
    expect(infos[0].candidates.length).toBeGreaterThan(0);
    expect(infos[0].candidates[0].visits).toBeGreaterThan(0);
    expect(infos[0].candidates.every((c) => c.move >= 0 && c.move < 81)).toBe(true);
    // once the workers are up, the search's own lines (the test stops at the first with playouts)
    const afterReady = infos.slice(events.indexOf('ready'));
    expect(afterReady.length).toBeGreaterThan(0);
    expect(afterReady.at(-1)!.playouts).toBeGreaterThan(0);
    // no line says nothing: one due before the workers' first merge waits for it
    expect(infos.every((info) => info.playouts > 0)).toBe(true);
  });

  it('counts the time a move waited before the search against its clock (askedAt)', async () => {
    searcher = new Searcher({ threads: 1, level: 10, resignThreshold: 0, maxTreeMb: 64, seed: 3, network: null });
    await searcher.workersReady();
    const settings = { kind: 'canadian' as const, mainTime: 0, periodTime: 1, periods: 0, stones: 1 };
    const clock = { settings, left: { seconds: 1, stones: 1 } };
    const plain = await searcher.genmove(EMPTY_9, { clock });
    const maxMs = plain.info.plan!.maxMs!;
    // asked maxMs - 100 ms ago: at most about 100 ms of it are left
    const begun = performance.now();
    await searcher.genmove(EMPTY_9, { clock, askedAt: begun - (maxMs - 100) });
    expect(performance.now() - begun).toBeLessThan(maxMs - 50);
  });
});
