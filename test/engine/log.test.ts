// The engine log's text and its idea of when a game ends, on a real session.

import { describe, expect, it } from 'vitest';
import { EngineLog, formatLead, searchSummary } from '../../src/engine/log.js';
import type { SearchInfo } from '../../src/engine/player.js';
import { Session } from '../../src/engine/session.js';
import { BLACK, PASS, WHITE, parseVertex } from '../../src/game/vertex.js';

function info(size: number, winrate: number, scoreLead: number, moves: string[]): SearchInfo {
  const points = moves.map((m) => parseVertex(m, size)!);
  return {
    playouts: 1000,
    winrate,
    scoreLead,
    candidates: points.map((move, i) => ({ move, visits: 500 >> i, winrate: winrate - i / 100, prior: 0.1, lcb: winrate - 0.1, scoreLead, pv: points.slice(i), pvVisits: points.slice(i).map(() => 500 >> i) })),
    ownership: new Float32Array(size * size),
  };
}

function collect(level: 'quiet' | 'normal' | 'verbose' = 'normal', format: 'text' | 'json' = 'text') {
  const lines: string[] = [];
  return { lines, log: new EngineLog((text) => lines.push(...text.split('\n')), level, format) };
}

describe('formatLead', () => {
  it("turns the mover's lead into the winner's", () => {
    expect(formatLead(2.54, BLACK)).toBe('B+2.5');
    expect(formatLead(2.5, WHITE)).toBe('W+2.5');
    expect(formatLead(-0.5, BLACK)).toBe('W+0.5');
    expect(formatLead(-7, WHITE)).toBe('B+7.0');
    expect(formatLead(0.04, WHITE)).toBe('0');
  });
});

describe('searchSummary', () => {
  const search = info(9, 0.523, 3.54, ['E5', 'C3', 'G7', 'D4']);
  it('says the move and its time when a move was played, the pv unless asked not to', () => {
    expect(searchSummary(search, BLACK, 9, { move: parseVertex('E5', 9)!, seconds: 0.5 })).toBe('B E5: 1000 playouts, 0.50 s, 2000 playouts/s, win rate 52.3% for B, score B+3.5, pv E5 C3 G7 D4');
    expect(searchSummary(search, WHITE, 9, { move: 'resign', seconds: 0, pv: 0 })).toBe('W resign: 1000 playouts, 0.00 s, 0 playouts/s, win rate 52.3% for W, score W+3.5');
  });
  it('as an estimate of a position: the search alone, the pv cut short', () => {
    expect(searchSummary(search, BLACK, 9)).toBe('1000 playouts, win rate 52.3% for B, score B+3.5, pv E5 C3 G7 D4');
    expect(searchSummary(search, BLACK, 9, { pv: 2 })).toBe('1000 playouts, win rate 52.3% for B, score B+3.5, pv E5 C3');
  });
});

describe('EngineLog', () => {
  it('names the mover, its move, the next candidates, and the score from its side', () => {
    const session = new Session({ size: 9 });
    const { lines, log } = collect();
    log.move(session, WHITE, parseVertex('E5', 9)!, info(9, 0.3, -4, ['E5', 'C3', 'G7', 'D4']), 2);
    expect(lines).toEqual(['W E5: 1000 playouts, 2.00 s, 500 playouts/s, win rate 30.0% for W, score B+4.0', '  best line E5 C3 G7 D4; next C3 250 visits 29.0%, G7 125 visits 28.0%']);
    // a tree that held moves its root prunes is reported
    lines.length = 0;
    log.move(session, WHITE, parseVertex('E5', 9)!, { ...info(9, 0.3, -4, ['E5']), tree: { nodes: 5000, strays: 2 } }, 2);
    expect(lines.at(-1)).toMatch(/^  warning: the reused tree held 2 escapes into a working ladder/);
  });

  it('summarizes a resignation at once, and a two-pass game only when it is scored or left', () => {
    const session = new Session({ size: 9 });
    const { lines, log } = collect();
    session.play(BLACK, parseVertex('E5', 9)!);
    log.move(session, WHITE, 'resign', info(9, 0.02, -30, ['C3']), 1);
    expect(lines.at(-1)).toMatch(/^game over after 1 move \(W resigned\); tengen as W: 1 move, 1\.0 s, 1000 playouts \(1000\/s\), last estimate B\+30\.0 at 2\.0%$/);
    log.command('clear_board', session, '');
    session.clear();

    lines.length = 0;
    session.play(BLACK, PASS);
    log.command('play', session, '');
    session.play(WHITE, PASS);
    log.command('play', session, '');
    expect(lines).toEqual([]);
    log.command('final_score', session, 'W+7.5');
    log.command('final_score', session, 'W+7.5');
    log.command('quit', session, '');
    log.close(session);
    expect(lines).toEqual(['game over after 2 moves (two passes), final score W+7.5']);
  });

  it('in json, writes each move, error and game end as one JSON object a line', () => {
    const session = new Session({ size: 9 });
    const { lines, log } = collect('normal', 'json');
    const search = info(9, 0.3, -4, ['E5', 'C3', 'G7']);
    search.candidates.push({ move: PASS, visits: 0, winrate: 0, prior: 0.01, lcb: 0, scoreLead: 0, pv: [PASS], pvVisits: [0] });
    log.move(session, WHITE, parseVertex('E5', 9)!, search, 2.00049);
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      {
        move: 'E5',
        color: 'W',
        playouts: 1000,
        seconds: 2,
        winrate: 0.3,
        scoreLead: -4,
        pv: ['E5', 'C3', 'G7'],
        // the unvisited pass is left out
        candidates: [
          { move: 'E5', visits: 500, winrate: 0.3, prior: 0.1, lcb: 0.2, scoreLead: -4 },
          { move: 'C3', visits: 250, winrate: 0.29, prior: 0.1, lcb: 0.2, scoreLead: -4 },
          { move: 'G7', visits: 125, winrate: 0.28, prior: 0.1, lcb: 0.2, scoreLead: -4 },
        ],
      },
    ]);
    lines.length = 0;
    log.move(session, BLACK, PASS, null, 0.01);
    log.error('internal error');
    log.move(session, WHITE, 'resign', info(9, 0.02, -30, ['C3']), 1);
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { move: 'pass', color: 'B', playouts: 0, seconds: 0.01, winrate: null, scoreLead: null, pv: [], candidates: [] },
      { error: 'internal error' },
      expect.objectContaining({ move: 'resign', color: 'W', winrate: 0.02 }),
      {
        gameOver: 'W resigned',
        moves: 0,
        finalScore: null,
        sides: [
          { color: 'B', moves: 1, seconds: 0.01, playouts: 0 },
          { color: 'W', moves: 2, seconds: 3, playouts: 2000 },
        ],
      },
    ]);
  });

  it('writes nothing when quiet, not even errors', () => {
    const session = new Session({ size: 9 });
    const { lines, log } = collect('quiet');
    log.move(session, BLACK, parseVertex('E5', 9)!, info(9, 0.5, 0, ['E5']), 1);
    log.move(session, BLACK, 'resign', info(9, 0.5, 0, ['E5']), 1);
    log.error('internal error');
    expect(lines).toEqual([]);
  });
});
