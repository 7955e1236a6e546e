// Whether a genmove passes or resigns rather than plays the search's best move. After the
// opponent passed (or in cleanup) the board is judged first (end-judgement.ts): a pass that
// ends the game won, or a game lost whatever is played, needs no search. After the search:
// resign on two clearly lost searches in a row, and do not pass into a loss while a move may
// still change it.

import { areaScoreAsIs, judgeRegions, libertiesOfChains } from './dead-stones.js';
import type { ChainJudgement } from './end-judgement.js';
import type { SearchParams } from './params.js';
import type { Judgement } from './pool.js';
import { gameStage } from './timeplan.js';
import type { Candidate, Limits, SearchInfo, SearchPosition } from './types.js';

const PASS = -1;

/** The side to move's view of the game, before it is judged or searched. */
export interface MoveContext {
  me: 1 | 2;
  /** the last move was the opponent's pass */
  opponentPassed: boolean;
  /** the area score as the board stands (every stone alive), for the side to move */
  asIs: number;
  /** no resigning in the opening (ResignParams.openingShare) */
  pastOpening: boolean;
}

/** What to do before the search: a move decided on the judged board, or how to search. */
export type JudgedDecision = { move: number | 'resign'; info: SearchInfo } | { move?: undefined; forbidPass: boolean; cleanupPoints: number[] };

export function moveContext(position: SearchPosition, params: SearchParams): MoveContext {
  const me = position.toMove;
  const last = position.lastMoves.length > 0 ? position.lastMoves[position.lastMoves.length - 1] : 0;
  const asIs = areaScoreAsIs(position.board, position.size) - position.komi;
  return {
    me,
    opponentPassed: position.lastMoves.length > 0 && last === PASS,
    asIs: me === 1 ? asIs : -asIs,
    pastOpening: gameStage(position) >= position.size * position.size * params.resign.openingShare,
  };
}

/** SearchInfo for a pass decided by judging the board rather than by search. */
function passInfo(judged: Judgement, scoreLead: number, winrate: number): SearchInfo {
  const pass: Candidate = { move: PASS, visits: judged.playouts, winrate, prior: 1, lcb: winrate, scoreLead, pv: [PASS], pvVisits: [judged.playouts] };
  return { playouts: judged.playouts, winrate, scoreLead, candidates: [pass], ownership: judged.ownership };
}

export class PassResign {
  /** The last move searched below the resign threshold. */
  private lostAt: { color: 1 | 2; moveNumber: number } | null = null;

  constructor(private readonly resignThreshold: number) {}

  /** After the opponent passed, or in cleanup: the decision on the board as judged. */
  judged(position: SearchPosition, ctx: MoveContext, chains: ChainJudgement, limits: Limits, params: SearchParams): JudgedDecision {
    const { me, asIs, opponentPassed, pastOpening } = ctx;
    const size = position.size;
    const mine = (blackMinusWhite: number): number => (me === 1 ? blackMinusWhite : -blackMinusWhite);
    const judged = chains.judged;
    const regions = judgeRegions(position.board, size, chains.dead, judged.ownership);
    const byJudge = mine(regions.area - position.komi);
    const deadOpponent = chains.dead.filter((p) => position.board[p] === 3 - me);
    // settled: every chain's fate is clear (Pachi's pass_is_safe); then only dame are left,
    // worth a point each by area and nothing by territory, and the open points the playouts
    // leave unclear, worth at most a point each whoever gets them (without this the winner
    // often played on after a pass with only such points open and a larger margin)
    const settled = chains.unsettled.length === 0;
    const open = regions.contested.length;
    const territory = limits.scoring === 'territory';
    if (opponentPassed && !limits.cleanup && settled) {
      // passing ends the game won: as the board stands (CGOS counts every stone alive) or
      // by territory, where the dead stones come off without being captured
      if (byJudge > open && (asIs > 0 || territory)) return { move: PASS, info: passInfo(judged, byJudge, 1) };
      // lost whatever is played: the dame and the open points cannot make up the margin
      // (no dame can by territory, where every further move inside one's own area costs a
      // point). Resign when allowed, after the opening, and when the margin is more than a
      // territory-area difference (ResignParams.judgedMargin).
      const reach = (territory ? 0 : regions.dame.length) + open;
      if (byJudge < 0 && -byJudge > reach) {
        const resign = this.resignThreshold > 0 && pastOpening && -byJudge > params.resign.judgedMargin;
        return { move: resign ? 'resign' : PASS, info: passInfo(judged, byJudge, 0) };
      }
      // a draw (whole-number komi) that nothing left can turn: playing on only fills one's own
      // area, move after move
      if (byJudge === 0 && reach === 0 && (asIs >= 0 || territory)) return { move: PASS, info: passInfo(judged, 0, 0.5) };
    }
    // dead opponent stones must come off the board before we pass: under area counting as
    // the board stands they would count for the opponent, and cleanup requires it anyway
    const forbidPass = deadOpponent.length > 0 && (limits.cleanup === true || (asIs <= 0 && !territory));
    // every playout counts the dead stones as captured whether they are or not, so nothing in
    // the search itself hurries their capture: cleanup plays on their liberties
    const cleanupPoints = limits.cleanup ? libertiesOfChains(position.board, size, deadOpponent) : [];
    return { forbidPass, cleanupPoints };
  }

  /** After the search: its best move, or resign, or a move rather than a pass that loses. */
  searched(position: SearchPosition, ctx: MoveContext, info: SearchInfo, limits: Limits, params: SearchParams, playoutLimit: number): number | 'resign' {
    const candidates = info.candidates;
    const best = candidates[0];
    const { me, asIs, opponentPassed, pastOpening } = ctx;
    // resign: clearly lost after a real search, never in the opening, and on two moves in a
    // row (like KataGo's resignConsecTurns), so that one unlucky search does not give up a game
    const threshold = this.resignThreshold;
    // (a search capped lower, by the request, --playouts or the level, is as real as it gets)
    const minPlayouts = Math.min(params.resign.minPlayouts, params.resign.minPlayoutsPerLine * position.size, playoutLimit);
    const lost = threshold > 0 && best.winrate < threshold && info.playouts >= minPlayouts && pastOpening;
    const lostBefore = this.lostAt?.color === me && this.lostAt.moveNumber === position.moveNumber - 2;
    this.lostAt = lost ? { color: me, moveNumber: position.moveNumber } : null;
    if (lost && lostBefore) return 'resign';
    if (best.move === PASS && opponentPassed && asIs < 0 && !limits.cleanup) {
      // passing now would end the game lost as the board stands: play on while a move may
      // still change that, but no hopeless invasion (the search sees no chance in it)
      const bestNonPass = candidates.find((c) => c.move !== PASS && c.visits > 0);
      if (bestNonPass && bestNonPass.winrate >= params.pass.hopeless && bestNonPass.winrate > best.winrate) return bestNonPass.move;
    }
    return best.move;
  }
}
