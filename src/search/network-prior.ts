// The network's view of the search's root: the position as the search board holds it, with the
// game's last moves, rated by the network once a search (the policy as a prior for the root's
// moves, as Pachi uses its DCNN).

import { PlayoutBoard } from '../game/playout-board.js';
import { koPoint } from './mcts.js';
import type { SearchPosition } from './types.js';

/** The root's search board: the stones, the side to move and the ko point the rules core forbids. */
export function rootBoard(pos: SearchPosition): PlayoutBoard {
  const b = new PlayoutBoard(pos.size);
  const ko = koPoint(pos);
  b.setup(pos.board, pos.toMove, ko < 0 ? 0 : b.idxOf[ko]);
  return b;
}
