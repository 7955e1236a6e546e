// Who plays whom, in which colour, in what order. The unit of work is a
// job: a pair of games with colours swapped (as cutechess-cli's -repeat and
// fishtest play them; the pentanomial SPRT needs whole pairs) or, where
// colours are fixed or a count is odd, a single game. Jobs interleave the
// pairings, so a run stopped early is still balanced. With openings, the
// jobs of each round take the next one in turn, so that every pairing plays
// the same openings and both games of a pair share one.

import type { Opening } from './openings.js';

export interface ScheduledGame {
  /** 1-based game number in the whole run. */
  number: number;
  black: string;
  white: string;
}

export interface Job {
  /** 0-based index of the job; results are keyed by it. */
  pair: number;
  games: ScheduledGame[];
  /** The moves every game of the job starts from. */
  opening?: Opening;
}

export type Format = 'round-robin' | 'gauntlet';

/** Jobs from a list of pairings, `games` per pairing, pairs first, then a single game if odd. */
function interleave(pairings: [string, string][], games: number, swap: boolean, openings: readonly Opening[]): Job[] {
  const jobs: Job[] = [];
  let number = 1;
  const per = swap ? 2 : 1;
  for (let played = 0, round = 0; played < games; played += per, round++) {
    for (const [a, b] of pairings) {
      const count = Math.min(per, games - played);
      const order: [string, string][] = [[a, b], [b, a]];
      const job: Job = { pair: jobs.length, games: order.slice(0, count).map(([black, white]) => ({ number: number++, black, white })) };
      if (openings.length > 0) job.opening = openings[round % openings.length];
      jobs.push(job);
    }
  }
  return jobs;
}

/**
 * Two engines: with alternating colours the first plays black in odd games
 * (pairs of games), with fixed colours it always plays black (single games).
 */
export function matchSchedule(first: string, second: string, games: number, alternate: boolean, openings: readonly Opening[] = []): Job[] {
  return interleave([[first, second]], games, alternate, openings);
}

/** A round robin of every pairing, or a gauntlet of the first engine against each other one. */
export function tournamentSchedule(names: readonly string[], format: Format, gamesPerPairing: number, openings: readonly Opening[] = []): Job[] {
  const pairings: [string, string][] = [];
  if (format === 'gauntlet') {
    for (const other of names.slice(1)) pairings.push([names[0], other]);
  } else {
    for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) pairings.push([names[i], names[j]]);
  }
  return interleave(pairings, gamesPerPairing, true, openings);
}
