// The pass/resign decision (pass-resign.ts) through a Searcher on the compiled dist/.
import { fileURLToPath } from 'node:url';
import { Session } from '../../src/engine/session.js';
import { searchPosition } from '../../src/engine/search-player.js';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { at, closeSearchers, DEAD_WHITE, PASS, position, searcher, SETTLED, TWO_WALLS, WITH_DEAD } from '../support/searcher.js';

// searches: generous limits for a loaded machine
vi.setConfig({ testTimeout: 120_000 });
afterAll(closeSearchers);

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
