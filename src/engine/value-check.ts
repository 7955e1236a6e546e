// How well the winner of a recorded game is foreseen from some move on: the network's value
// head beside the playout search's win rate at a fixed number of playouts, on the same
// positions (games with a known winner, no setup stones, every k-th position).

import { boardWinner, type Record } from '../knowledge/records.js';
import type { Network } from '../network/network.js';
import { rootBoard } from '../search/network-prior.js';
import type { Searcher } from '../search/searcher.js';
import { searchPosition } from './search-player.js';
import { Session } from './session.js';

/** Predictions counted right (win rate on the winner's side of 0.5) and the squared errors of the win rates. */
export interface Foresight {
  positions: number;
  right: number;
  squares: number;
}

export interface ValueCheck {
  games: number;
  network: Foresight;
  search: Foresight;
}

export interface ValueCheckOptions {
  komi: number;
  from: number;
  every: number;
  playouts: number;
  progress?: (c: ValueCheck) => void;
}

function count(f: Foresight, winrate: number, won: boolean): void {
  f.positions++;
  if (winrate > 0.5 === won) f.right++;
  f.squares += (winrate - (won ? 1 : 0)) ** 2;
}

export async function checkValue(records: Iterable<Record>, network: Network, searcher: Searcher, o: ValueCheckOptions): Promise<ValueCheck> {
  const c: ValueCheck = { games: 0, network: { positions: 0, right: 0, squares: 0 }, search: { positions: 0, right: 0, squares: 0 } };
  for (const r of records) {
    const winner = boardWinner(r.result);
    if (winner === 0 || r.black.length > 0 || r.white.length > 0 || r.moves.length <= o.from) continue;
    const session = new Session({ size: r.size, komi: o.komi });
    for (const [i, m] of r.moves.entries()) {
      if (i >= o.from && (i - o.from) % o.every === 0) {
        const position = searchPosition(session, m.color);
        const won = m.color === winner;
        count(c.network, (await network.evaluate(rootBoard(position), position.lastMoves, [0])).winrate, won);
        count(c.search, (await searcher.analyze(position, { playouts: o.playouts })).winrate, won);
      }
      if (session.play(m.color, m.point) !== null) break;
    }
    c.games++;
    o.progress?.(c);
  }
  return c;
}

export function formatForesight(f: Foresight): string {
  const share = f.positions > 0 ? f.right / f.positions : 0;
  return `${(100 * share).toFixed(1)}% right, Brier ${(f.positions > 0 ? f.squares / f.positions : 0).toFixed(3)}`;
}
