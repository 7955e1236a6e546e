// The end of the game as correct play would settle it: which chains are dead, in seki or still
// unsettled, judged by tree-less playouts (dead-stones.ts reads their ownership) with the
// capturing races the playouts misjudge read out (tactics/semeai.ts). Used for
// final_status_list and before a move that may end the game.

import { neighbours } from '../game/vertex.js';
import { afterCaptures, chainAt, RaceReader } from '../tactics/semeai.js';
import { judgeChains, judgeRegions, libertiesOfChains, protectivePoints } from './dead-stones.js';
import type { Judgement, WorkerPool } from './pool.js';
import { FULL_POLICY, type JudgeParams, type PolicyParams } from './params.js';
import type { EndJudgement, SearchPosition } from './types.js';

/** The judging playouts: the full policy but for self-ataris and chains in atari (JudgeParams). */
function judgePolicy(judge: JudgeParams): PolicyParams {
  return { ...FULL_POLICY, selfAtariRate: judge.selfAtariRate, forceStones: judge.forceStones };
}

export interface ChainJudgement {
  judged: Judgement;
  dead: number[];
  seki: number[];
  unsettled: number[];
}

/** final_status_list: the dead stones, the seki and the regions each side will own. */
export async function judgeFinalPosition(pool: WorkerPool, position: SearchPosition, judge: JudgeParams): Promise<EndJudgement> {
  const { judged, dead, seki } = await judgeEnd(pool, position, judge, judge.finalPlayouts, judge.finalMs);
  const { black, white } = judgeRegions(position.board, position.size, dead, judged.ownership);
  return { dead, seki, settled: { black, white }, protective: protectivePoints(position.board, position.size, dead) };
}

/**
 * Dead, seki and unsettled stones of the position (judgeChains) with the capturing races the
 * playouts misjudge read out, and the ownership the regions are to be judged from. The
 * chains reading proves lost are captured on the board as a race ends (see afterCaptures)
 * and the playouts judge it again; a capture after which the capturer dies anyway (a seki,
 * one eye) proves nothing and is dropped, and the rest judged once more (at most three
 * judgements in all).
 */
export async function judgeEnd(pool: WorkerPool, position: SearchPosition, judge: JudgeParams, playouts: number, ms: number): Promise<ChainJudgement> {
  const { board, size } = position;
  const policy = judgePolicy(judge);
  let judged = await pool.judge(position, policy, playouts, ms);
  let { dead, seki, unsettled } = judgeChains(board, size, judged.ownership, judged.dame);
  let lost = new RaceReader(size).lostInRaces(board, dead, unsettled);
  for (let round = 0; round < 2 && lost.length > 0; round++) {
    const after = afterCaptures(board, size, lost);
    const again = await pool.judge({ ...position, board: after.board }, policy, playouts, ms);
    const chains = judgeChains(after.board, size, again.ownership, again.dame);
    const isDead = new Set(chains.dead);
    // the capturer's stones on the liberties of the chain it took must live
    const kept = after.filled.filter((stones) => !libertiesOfChains(board, size, stones).some((p) => isDead.has(p)));
    if (kept.length < lost.length) {
      lost = kept;
      continue;
    }
    judged = again;
    dead = [...lost.flat(), ...chains.dead].sort((a, b) => a - b);
    seki = chains.seki;
    // the chains that took them won their race by reading: settled whatever share of the
    // playouts they lose (the capturer's stones on the liberties are not on the board)
    const winners = new Set(lost.flatMap((stones) => stones.flatMap((q) => neighbours(q, size))));
    unsettled = chains.unsettled.filter((p) => board[p] === after.board[p] && !chainAt(board, size, p).stones.some((q) => winners.has(q)));
    break;
  }
  return { judged, dead, seki, unsettled };
}

