// What a run's game records add up to: per-engine and per-pair counts, the
// SPRT counts of one engine against another, the ratings table. Everything
// here is computed from the records alone, so a results file rebuilds it.

import type { GameRecord } from './game.js';
import { fitRatings } from './ratings.js';
import { eloEstimate, formatElo, formatSprt, sprtStatus, type SprtParameters, type SprtStatus } from './sprt.js';

export interface EngineStats {
  name: string;
  games: number;
  wins: number;
  losses: number;
  draws: number;
  /** Games without a result (unscored). */
  noResult: number;
  /** Genmoves answered and the seconds they took. */
  moves: number;
  seconds: number;
  illegalMoves: number;
  timeLosses: number;
  /** Games lost by crashing, hanging or refusing a setup command. */
  failures: number;
}

/** Points of `name` in a game: 1, ½, 0, or null when it has no result or `name` did not play. */
export function points(record: GameRecord, name: string): number | null {
  const color = record.black === name ? 'black' : record.white === name ? 'white' : null;
  if (color === null) return null;
  if (record.result === '0') return 0.5;
  if (record.winner === null) return null;
  return record.winner === color ? 1 : 0;
}

/** The side that lost a forfeit, or null. */
function loser(record: GameRecord): 'black' | 'white' | null {
  return record.winner === null ? null : record.winner === 'black' ? 'white' : 'black';
}

export function engineStats(records: readonly GameRecord[], names: readonly string[]): EngineStats[] {
  return names.map((name) => {
    const s: EngineStats = { name, games: 0, wins: 0, losses: 0, draws: 0, noResult: 0, moves: 0, seconds: 0, illegalMoves: 0, timeLosses: 0, failures: 0 };
    for (const r of records) {
      for (const color of ['black', 'white'] as const) {
        if (r[color] !== name) continue;
        // Self-play counts a game once for each side.
        s.games++;
        const p = points(r, name) === null ? null : r.result === '0' ? 0.5 : r.winner === color ? 1 : 0;
        if (p === null) s.noResult++;
        else if (p === 1) s.wins++;
        else if (p === 0) s.losses++;
        else s.draws++;
        s.moves += r.time[color].moves;
        s.seconds += r.time[color].seconds;
        if (loser(r) === color) {
          if (r.end === 'illegal') s.illegalMoves++;
          if (r.end === 'time') s.timeLosses++;
          if (r.end === 'crash' || r.end === 'hang' || r.end === 'setup' || r.end === 'genmove-error') s.failures++;
        }
      }
    }
    return s;
  });
}

/** Trinomial [L, D, W] of `a` against `b` over single games, pentanomial over complete colour-swapped pairs. */
export function sprtCounts(records: readonly GameRecord[], a: string, b: string, paired: boolean): number[] {
  const relevant = records.filter((r) => (r.black === a && r.white === b) || (r.black === b && r.white === a));
  if (!paired) {
    const counts = [0, 0, 0];
    for (const r of relevant) {
      const p = points(r, a);
      if (p !== null) counts[p * 2]++;
    }
    return counts;
  }
  const byPair = new Map<number, GameRecord[]>();
  for (const r of relevant) byPair.set(r.pair, [...(byPair.get(r.pair) ?? []), r]);
  const counts = [0, 0, 0, 0, 0];
  for (const pair of byPair.values()) {
    // Only whole pairs count; an unscored game voids its pair (fishtest: an infrastructure failure).
    if (pair.length !== 2) continue;
    const p = pair.map((r) => points(r, a));
    if (p[0] === null || p[1] === null) continue;
    counts[(p[0] + p[1]) * 2]++;
  }
  return counts;
}

export interface HeadToHead {
  counts: number[];
  sprt: SprtStatus | null;
  games: number;
  /** games with a result (`?` ones count for neither side) */
  scored: number;
  score: number;
}

export function headToHead(records: readonly GameRecord[], a: string, b: string, paired: boolean, sprt?: SprtParameters): HeadToHead {
  const counts = sprtCounts(records, a, b, paired);
  const games = records.filter((r) => (r.black === a && r.white === b) || (r.black === b && r.white === a));
  const scores = games.map((r) => points(r, a)).filter((p): p is number => p !== null);
  const score = scores.reduce((s, p) => s + p, 0);
  return { counts, sprt: sprt ? sprtStatus(counts, sprt) : null, games: games.length, scored: scores.length, score };
}

/** `games 12/40, score 7.5-4.5 (62.5%), Elo +89 [-40, +250], LLR 0.52 [-2.94, 2.94]` */
export function progressLine(h: HeadToHead, total: number): string {
  const decided = h.counts.reduce((s, c) => s + c, 0);
  const other = h.scored - h.score;
  let line = `games ${h.games}/${total}, score ${h.score}-${other}`;
  if (h.scored > 0) line += ` (${((100 * h.score) / h.scored).toFixed(1)}%)`;
  line += `, ${formatElo(decided > 0 ? eloEstimate(h.counts) : null)}`;
  if (h.sprt) line += `, ${formatSprt(h.sprt)}`;
  return line;
}

const pad = (text: string, width: number) => text.padEnd(width);
const padLeft = (text: string, width: number) => text.padStart(width);

/** The ratings table, per-pair results and per-engine counts, as text lines (names sorted, so any order of records gives one table). */
export function tournamentTable(records: readonly GameRecord[], unsorted: readonly string[]): string[] {
  const names = [...unsorted].sort();
  const index = new Map(names.map((n, i) => [n, i]));
  const rated = records.flatMap((r) => {
    const p = points(r, r.black);
    return p === null || r.black === r.white ? [] : [{ a: index.get(r.black)!, b: index.get(r.white)!, score: p }];
  });
  const stats = engineStats(records, names);
  let ratings: { elo: number; error: number }[] | null = null;
  try {
    ratings = fitRatings(names.length, rated);
  } catch {
    ratings = null;
  }
  const strength = (i: number) => (ratings ? Math.round(ratings[i].elo * 1000) : stats[i].wins);
  const order = names.map((_, i) => i).sort((i, j) => strength(j) - strength(i) || i - j);
  const width = Math.max(6, ...names.map((n) => n.length));
  const lines = [
    `${pad('rank', 5)}${pad('engine', width + 2)}${padLeft('Elo', 6)}${padLeft('±95%', 7)}${padLeft('games', 7)}${padLeft('score', 8)}  ` +
      `${padLeft('W-L-D', 11)}${padLeft('s/move', 8)}${padLeft('illegal', 8)}${padLeft('time', 6)}${padLeft('crash', 6)}`,
  ];
  order.forEach((i, rank) => {
    const s = stats[i];
    const scored = s.wins + s.losses + s.draws;
    const elo = ratings ? ratings[i].elo.toFixed(0) : '-';
    const error = ratings ? ratings[i].error.toFixed(0) : '-';
    const score = scored ? `${((100 * (s.wins + s.draws / 2)) / scored).toFixed(1)}%` : '-';
    lines.push(
      `${pad(String(rank + 1), 5)}${pad(s.name, width + 2)}${padLeft(elo, 6)}${padLeft(error, 7)}${padLeft(String(s.games), 7)}${padLeft(score, 8)}  ` +
        `${padLeft(`${s.wins}-${s.losses}-${s.draws}`, 11)}${padLeft(s.moves ? (s.seconds / s.moves).toFixed(3) : '-', 8)}` +
        `${padLeft(String(s.illegalMoves), 8)}${padLeft(String(s.timeLosses), 6)}${padLeft(String(s.failures), 6)}`,
    );
  });
  lines.push('', 'pairs (W-L-D of the first):');
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const wld = [0, 0, 0];
      for (const r of records) {
        if (!((r.black === names[i] && r.white === names[j]) || (r.black === names[j] && r.white === names[i]))) continue;
        const p = points(r, names[i]);
        if (p !== null) wld[p === 1 ? 0 : p === 0 ? 1 : 2]++;
      }
      if (wld[0] + wld[1] + wld[2] > 0) lines.push(`  ${names[i]} - ${names[j]}: ${wld.join('-')}`);
    }
  }
  const unscored = records.filter((r) => r.winner === null && r.result !== '0').length;
  lines.push('', `${records.length} games, ${unscored} without result`);
  return lines;
}

/** The engine names of a set of records, in order of first appearance. */
export function namesIn(records: readonly GameRecord[]): string[] {
  const names: string[] = [];
  for (const r of records) for (const n of [r.black, r.white]) if (!names.includes(n)) names.push(n);
  return names;
}
