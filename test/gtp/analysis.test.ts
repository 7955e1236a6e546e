import { describe, expect, it } from 'vitest';
import { defaultRequest, formatAnalysis, formatCgosAnalysis, parseAnalyzeArgs } from '../../src/gtp/analysis.js';
import { Session } from '../../src/engine/session.js';
import { BLACK, PASS, WHITE, parseVertex } from '../../src/game/vertex.js';
import type { SearchInfo } from '../../src/engine/player.js';

const v = (text: string) => parseVertex(text, 9)!;
const REQUEST = defaultRequest(BLACK);

/** Candidates with 10, 8, 6 … visits (none below 0), each pv's visits halving along it. */
function info(pvs: number[][]): SearchInfo {
  const candidates = pvs.map((pv, i) => {
    const visits = Math.max(0, 10 - 2 * i);
    return { move: pv[0], visits, winrate: 0.5, prior: 0.1, lcb: 0.4, scoreLead: 1.5, pv, pvVisits: pv.map((_, k) => visits >> k) };
  });
  return { playouts: 30, winrate: 0.5, scoreLead: 1.5, candidates, ownership: new Float32Array(81) };
}

/** The moves of an analysis line, in order. */
const moves = (line: string) => [...line.matchAll(/info move (\S+)/g)].map((m) => m[1]);

describe('analysis lines', () => {
  it('cut each pv at its first pass and never show a pass as a move', () => {
    const line = formatAnalysis(info([[v('E5'), v('D4'), PASS, v('C3')], [PASS, v('E5')], [v('C7'), v('G3')]]), REQUEST, 9, 'lz');
    expect(line).toBe(
      'info move E5 visits 10 winrate 5000 prior 1000 lcb 4000 order 0 pv E5 D4 ' +
        'info move C7 visits 6 winrate 5000 prior 1000 lcb 4000 order 1 pv C7 G3',
    );
  });

  it('list untried moves only up to minmoves, and never more than maxmoves', () => {
    // 10, 8, 6, 4, 2 visits, then three untried moves
    const lines = ['E5', 'D4', 'C3', 'F6', 'G7', 'C7', 'G3', 'B2'].map((m) => [v(m)]);
    const analysis = info(lines);
    expect(moves(formatAnalysis(analysis, REQUEST, 9, 'lz'))).toEqual(['E5', 'D4', 'C3', 'F6', 'G7']);
    expect(moves(formatAnalysis(analysis, { ...REQUEST, minMoves: 3 }, 9, 'lz'))).toEqual(['E5', 'D4', 'C3', 'F6', 'G7']);
    expect(moves(formatAnalysis(analysis, { ...REQUEST, minMoves: 7 }, 9, 'lz'))).toEqual(['E5', 'D4', 'C3', 'F6', 'G7', 'C7', 'G3']);
    expect(moves(formatAnalysis(analysis, { ...REQUEST, minMoves: 7, maxMoves: 2 }, 9, 'kata'))).toEqual(['E5', 'D4']);
  });

  it('follow each pv with its visits when asked, cut where the pv is cut', () => {
    const analysis = info([[v('E5'), v('D4'), v('C3'), PASS, v('B2')]]);
    expect(formatAnalysis(analysis, { ...REQUEST, pvVisits: true }, 9, 'lz')).toMatch(/ pv E5 D4 C3 pvVisits 10 5 2$/);
    expect(formatAnalysis(analysis, { ...REQUEST, pvEdgeVisits: true }, 9, 'kata')).toMatch(/ pv E5 D4 C3 pvEdgeVisits 10 5 2$/);
  });
});

describe('cgos-genmove_analyze JSON', () => {
  it('lists the tried moves with each pv after the move, and ownership for the side to move from A9 to J1', () => {
    const analysis = info([[v('E5'), v('D4'), v('C3')], [v('C7')], [PASS], [v('G3')], [v('B2')], [v('H8')]]);
    // Black owns A9 for sure, White J1; the rest is even
    analysis.ownership[v('A9')] = 1;
    analysis.ownership[v('J1')] = -1;
    const forBlack = JSON.parse(formatCgosAnalysis(analysis, BLACK, 9));
    expect(forBlack).toMatchObject({ winrate: 0.5, score: 1.5, visits: 30 });
    // the sixth candidate has no visits: left out; a pass is listed as "pass"
    expect(forBlack.moves).toEqual([
      { move: 'E5', visits: 10, winrate: 0.5, score: 1.5, prior: 0.1, pv: 'D4 C3' },
      { move: 'C7', visits: 8, winrate: 0.5, score: 1.5, prior: 0.1, pv: '' },
      { move: 'pass', visits: 6, winrate: 0.5, score: 1.5, prior: 0.1, pv: '' },
      { move: 'G3', visits: 4, winrate: 0.5, score: 1.5, prior: 0.1, pv: '' },
      { move: 'B2', visits: 2, winrate: 0.5, score: 1.5, prior: 0.1, pv: '' },
    ]);
    expect(forBlack.ownership).toBe('+' + 'f'.repeat(79) + 'A');
    expect(JSON.parse(formatCgosAnalysis(analysis, WHITE, 9)).ownership).toBe('A' + 'f'.repeat(79) + '+');
  });
});

describe('analysis arguments', () => {
  it('take the interval in centiseconds, whole or not, as a bare number or after `interval` (as KataGo)', () => {
    const session = new Session();
    expect(parseAnalyzeArgs(['B', '50.5'], session).intervalMs).toBe(505);
    expect(parseAnalyzeArgs(['B', 'interval', '50.5'], session).intervalMs).toBe(505);
    expect(parseAnalyzeArgs(['interval', '20'], session).intervalMs).toBe(200);
    expect(() => parseAnalyzeArgs(['B', 'interval', 'soon'], session)).toThrow('syntax error');
    expect(() => parseAnalyzeArgs(['B', 'interval'], session)).toThrow('syntax error');
  });
});
