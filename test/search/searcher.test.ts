// Searcher through its worker threads: runs against the compiled dist/ (npm test builds it).
// The pass/resign decision and the end-of-game judgement have test files of their own.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
// @ts-ignore -- compiled output, no declarations
import { Searcher } from '../../dist/search/searcher.js';
import { at, closeSearchers, PASS, position, searcher } from '../support/searcher.js';
import { Session } from '../../src/engine/session.js';
import { searchPosition } from '../../src/engine/search-player.js';
import { tempDirs } from '../support/temp-dir.js';

// searches and long random-game checks: generous limits for a loaded machine
vi.setConfig({ testTimeout: 120_000 });
afterAll(closeSearchers);

const tempDir = tempDirs('tengen-searcher-');
const distIndex = fileURLToPath(new URL('../../dist/search/searcher.js', import.meta.url));

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

describe('Searcher: what the workers are given', () => {
  // 5×5 ko: Black has just taken a White stone at D3 by playing C3; White's retake at D3 brings
  // back the board before Black's capture (the last one in the history).
  const size = 5;
  const p = (x: number, y: number): number => y * size + x;
  const before = new Int8Array(25);
  for (const q of [p(1, 2), p(2, 1), p(2, 3), p(3, 2)]) before[q] = 2;
  for (const q of [p(3, 1), p(3, 3), p(4, 2)]) before[q] = 1;
  const after = before.slice();
  after[p(2, 2)] = 1;
  after[p(3, 2)] = 0;
  const ko = { size, board: after, toMove: 2 as const, komi: 0.5, history: [new Int8Array(25), before], illegal: [], moveNumber: 10, lastMoves: [p(2, 2)] };
  const retakeVisits = async (historyToMove?: number[]) => {
    const { info } = await searcher().genmove({ ...ko, historyToMove }, { playouts: 600 });
    return info.candidates.find((c: { move: number }) => c.move === p(3, 2))?.visits ?? 0;
  };

  it('situational superko: the retake repeats the board, and the position only if Black was to move then', async () => {
    expect(await retakeVisits()).toBe(0); // positional superko
    expect(await retakeVisits([1, 1])).toBe(0);
    expect(await retakeVisits([1, 2])).toBeGreaterThan(0);
  });

  it('a network file that does not load fails the 19×19 searches with its name, and nothing else', async () => {
    const path = join(tempDir(), 'garbage.onnx');
    writeFileSync(path, 'not a network');
    const s = searcher({ network: path });
    const empty19 = { size: 19, board: new Int8Array(361), toMove: 1 as const, komi: 7, history: [], illegal: [], moveNumber: 0, lastMoves: [] };
    await expect(s.genmove(empty19, { playouts: 50 })).rejects.toThrow(`cannot load network ${path}`);
    // the network plays only 19×19: other sizes search as before
    const r = await s.genmove({ ...empty19, size: 9, board: new Int8Array(81) }, { playouts: 50 });
    expect(r.move).toBeGreaterThanOrEqual(0);
  });
});
