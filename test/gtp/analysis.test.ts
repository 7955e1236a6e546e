import { describe, expect, it } from 'vitest';
import { formatAnalysis, type AnalyzeRequest } from '../../src/gtp/analysis.js';
import { BLACK, PASS, parseVertex } from '../../src/game/vertex.js';
import type { AnalysisInfo } from '../../src/engine/player.js';

const v = (text: string) => parseVertex(text, 9)!;
const REQUEST: AnalyzeRequest = { color: BLACK, intervalMs: 1000, minMoves: 0, maxMoves: Infinity, ownership: false, rootInfo: false, avoid: [] };

function info(pvs: number[][]): AnalysisInfo {
  const candidates = pvs.map((pv, i) => ({ move: pv[0], visits: 10 - i, winrate: 0.5, prior: 0.1, lcb: 0.4, scoreLead: 1.5, pv }));
  return { playouts: 30, winrate: 0.5, scoreLead: 1.5, candidates, ownership: new Float32Array(81) };
}

describe('analysis lines', () => {
  it('cut each pv at its first pass and never show a pass as a move', () => {
    const line = formatAnalysis(info([[v('E5'), v('D4'), PASS, v('C3')], [PASS, v('E5')], [v('C7'), v('G3')]]), REQUEST, 9, 'lz');
    expect(line).toBe(
      'info move E5 visits 10 winrate 5000 prior 1000 lcb 4000 order 0 pv E5 D4 ' +
        'info move C7 visits 8 winrate 5000 prior 1000 lcb 4000 order 1 pv C7 G3',
    );
  });
});
