// Openings for a run, as gogui-twogtp's -openings and cutechess-cli's opening
// books: every game starts from the moves of an SGF file, played to both
// engines, and the engines play on from there. Both games of a colour-swapped
// pair share an opening, so each engine plays each side of it; without them,
// engines that search deterministically replay the same game.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Game, REASON_TEXT } from '../game/game.js';
import { rulesByName } from '../game/rules.js';
import { readSgf } from '../game/sgf.js';
import { PASS, formatVertex } from '../game/vertex.js';
import type { Move } from './game.js';

export interface Opening {
  /** The SGF file's name. */
  name: string;
  moves: Move[];
}

/** The .sgf files of a folder in name order, or the one file given. */
function openingFiles(path: string): string[] {
  if (!statSync(path, { throwIfNoEntry: false })?.isDirectory()) return [path];
  const files = readdirSync(path)
    .filter((f) => f.toLowerCase().endsWith('.sgf'))
    .sort()
    .map((f) => join(path, f));
  if (files.length === 0) throw new Error(`${path}: no .sgf files`);
  return files;
}

/**
 * The openings at path (an SGF file or a folder of them): each file's main line, cut to its
 * first `maxMoves` moves. Every problem is an error naming the file: a different board size,
 * setup stones, no moves, or an openingProblem under the run's rules.
 */
export function readOpenings(path: string, size: number, rules?: string, maxMoves = Infinity): Opening[] {
  return openingFiles(path).map((file) => {
    const fail = (message: string): never => {
      throw new Error(`opening ${file}: ${message}`);
    };
    let record: ReturnType<typeof readSgf>;
    try {
      record = readSgf(readFileSync(file, 'utf8'));
    } catch (error) {
      return fail((error as Error).message);
    }
    if (record.size !== size) fail(`the board is ${record.size}x${record.size}, the run's is ${size}x${size}`);
    if (record.setup.black.length + record.setup.white.length > 0 || record.setupAt !== null) fail('setup stones (AB/AW) are not supported; give the stones as moves');
    const moves = record.moves.slice(0, maxMoves);
    if (moves.length === 0) fail('no moves');
    const problem = openingProblem(moves, size, rules);
    if (problem !== null) fail(problem);
    return { name: basename(file), moves };
  });
}

/** Why the moves cannot start a game on the empty board under the rules (by name), or null. */
export function openingProblem(moves: readonly Move[], size: number, rules?: string): string | null {
  const game = new Game(size, (rules === undefined ? null : rulesByName(rules)) ?? undefined);
  for (const [i, m] of moves.entries()) {
    if (m.color !== game.toMove) return `move ${i + 1} is not by the side to move`;
    if (m.point === PASS && i > 0 && moves[i - 1].point === PASS) return `moves ${i} and ${i + 1} are passes, which end the game`;
    const illegal = game.play(m.color, m.point);
    if (illegal !== null) return `move ${i + 1} (${formatVertex(m.point, size)}) is illegal: ${REASON_TEXT[illegal]}`;
  }
  return null;
}

/** The openings a run's options name (`--openings`, `--opening-moves`); none without them. */
export function runOpenings(options: { openings?: string; openingMoves?: number }, size: number, rules?: string): Opening[] {
  if (options.openings === undefined) {
    if (options.openingMoves !== undefined) throw new Error('--opening-moves needs --openings');
    return [];
  }
  return readOpenings(options.openings, size, rules, options.openingMoves);
}
