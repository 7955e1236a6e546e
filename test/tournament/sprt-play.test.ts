// The SPRT on real games: wide bounds so that a decision comes within a few
// pairs. GNU Go at level 0 plays the same game for the same colour every
// time, so against itself every pair is split 1-1 (H0: not 300 Elo better);
// against tengen's random baseline it wins every game (H1).
import { describe, expect, it } from 'vitest';
import { runMatch } from '../../src/tournament/match.js';

const GNUGO = '/usr/games/gnugo --mode gtp --level 0';
const RANDOM = `"${process.execPath}" "${new URL('../../dist/cli/main.js', import.meta.url).pathname}" gtp --level 0 --threads 1 --seed 3`;
const quiet = { log: () => {} };

describe('SPRT on played games', () => {
  it('accepts H0 for an engine against itself, then stops', async () => {
    const progress: string[] = [];
    const summary = await runMatch({ engine: GNUGO, opponent: GNUGO, size: 7, komi: 6.5, games: 40, sprt: 'elo0=0,elo1=300', concurrency: 2, ...quiet, progress: (l) => progress.push(l) });
    expect(summary.headToHead.sprt!.decision).toBe('H0');
    // ln(1/19) is crossed after three split pairs (LLR −3.59); a late pair may have finished but is not counted.
    expect(summary.headToHead.counts).toEqual([0, 0, 3, 0, 0]);
    expect(summary.games.length).toBe(6);
    expect(progress.at(-1)).toMatch(/LLR -3\.59 \[-2\.94, 2\.94\] - H0 accepted$/);
  });

  it('accepts H1 for a strong engine against a random one within a bounded number of games', async () => {
    const summary = await runMatch({ engine: GNUGO, opponent: RANDOM, size: 7, komi: 6.5, games: 30, sprt: 'elo0=0,elo1=300', concurrency: 2, ...quiet, progress: () => {} });
    expect(summary.headToHead.sprt!.decision).toBe('H1');
    // Six won pairs give LLR 3.18 ≥ ln 19; a lost game could cost a pair or two more.
    expect(summary.games.length).toBeLessThanOrEqual(20);
    expect(summary.headToHead.sprt!.llr).toBeGreaterThanOrEqual(Math.log(19));
  });
});
