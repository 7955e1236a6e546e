// How often strong players play a point, by its 3×3 neighbourhood alone: for each shape (the
// 8 neighbours as empty / mover / opponent / off, one code per symmetry class), the share of
// the positions with such a point in which the player chose one. The playout's random phase
// draws points in proportion to a power of that share (search/policy.ts), so that its moves
// look like moves rather than noise, without the cost of the full model.
//
// The counts are a data file written by scripts/playout-shapes.mjs from game records; the
// engine reads them once per thread.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EMPTY, PASS_IDX, PlayoutBoard } from '../game/playout-board.js';
import { EYE, SYMMETRIC_SLOT } from '../game/patterns.js';
import { replay, type Record } from './records.js';

export const FORMAT = 'tengen-playout-shapes';

export interface ShapeCounts {
  format: typeof FORMAT;
  /** the records counted and the command that counted them */
  data: string;
  command: string;
  games: number;
  positions: number;
  /** [canonical code, times chosen, times available] */
  codes: [number, number, number][];
}

/** The representative of a neighbourhood code's symmetry class, seen by the mover (its stones as 1). */
export function canonicalShape(code: number, mover: number): number {
  let best = Infinity;
  for (let s = 0; s < 8; s++) {
    let t = 0;
    for (let j = 0; j < 8; j++) {
      let v = (code >> (2 * j)) & 3;
      if (mover === 2 && v !== EMPTY && v !== 3) v = 3 - v;
      t |= v << (2 * SYMMETRIC_SLOT[s * 8 + j]);
    }
    best = Math.min(best, t);
  }
  return best;
}

/** Counts, over every position of the records, the points available (empty, not the mover's eye) and chosen, by shape. */
export function countShapes(records: Record[]): { positions: number; codes: [number, number, number][] } {
  const canon = new Int32Array(2 * 65536).fill(-1);
  const shape = (code: number, mover: number): number => {
    const key = (mover - 1) * 65536 + code;
    if (canon[key] < 0) canon[key] = canonicalShape(code, mover);
    return canon[key];
  };
  const chosen = new Float64Array(65536);
  const available = new Float64Array(65536);
  let positions = 0;
  const boards = new Map<number, PlayoutBoard>();
  for (const r of records) {
    let b = boards.get(r.size);
    if (!b) boards.set(r.size, (b = new PlayoutBoard(r.size)));
    replay(r, b, (board, move) => {
      if (move === PASS_IDX) return;
      const c = board.toMove;
      positions++;
      for (let k = 0; k < board.emptyCount; k++) {
        const i = board.empty[k];
        if (EYE[board.pat[i]] !== c) available[shape(board.pat[i], c)]++;
      }
      chosen[shape(board.pat[move], c)]++;
    });
  }
  const codes: [number, number, number][] = [];
  for (let code = 0; code < 65536; code++) if (available[code] > 0) codes.push([code, chosen[code], available[code]]);
  return { positions, codes };
}

// A share of 1 in 50 or more is always accepted; below, the acceptance falls with the share's
// power, down to 1 in 64 (so that a point of any shape is still drawn now and then).
const SURE_SHARE = 0.02;
const MIN_ACCEPT = 1 / 64;

/**
 * For each mover (index 0 black, 1 white) and neighbourhood code, the chance out of 65,536
 * that the random phase keeps a point it drew: (share / SURE_SHARE)^power within
 * [MIN_ACCEPT, 1]; the mover's own eyes 0. Unseen shapes get the mean share.
 */
export function acceptanceTables(counts: ShapeCounts, power: number): [Uint16Array, Uint16Array] {
  let chosenAll = 0;
  let availableAll = 0;
  for (const [, chosen, available] of counts.codes) {
    chosenAll += chosen;
    availableAll += available;
  }
  const mean = chosenAll / availableAll;
  const share = new Map(counts.codes.map(([code, chosen, available]) => [code, (chosen + 1) / (available + 1 / mean)]));
  const tables: [Uint16Array, Uint16Array] = [new Uint16Array(65536), new Uint16Array(65536)];
  for (const mover of [1, 2]) {
    const table = tables[mover - 1];
    for (let code = 0; code < 65536; code++) {
      if (EYE[code] === mover) continue;
      const s = share.get(canonicalShape(code, mover)) ?? mean;
      const accept = Math.min(1, Math.max(MIN_ACCEPT, (s / SURE_SHARE) ** power));
      table[code] = Math.min(65535, Math.round(accept * 65536));
    }
  }
  return tables;
}

let shipped: ShapeCounts | null | undefined;
const tablesByPower = new Map<number, [Uint16Array, Uint16Array]>();

/** The shipped counts' acceptance tables for a power, built once per thread; null without the file. */
export function shippedAcceptance(power: number): [Uint16Array, Uint16Array] | null {
  if (shipped === undefined) {
    const path = fileURLToPath(new URL('../../data/knowledge/playout-shapes.json', import.meta.url));
    shipped = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as ShapeCounts) : null;
  }
  if (shipped === null) return null;
  let tables = tablesByPower.get(power);
  if (!tables) tablesByPower.set(power, (tables = acceptanceTables(shipped, power)));
  return tables;
}
