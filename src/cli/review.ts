// `tengen review`: analyse every position of a game's main line and write the
// game back with the engine's view in comments. The SGF tree is kept as
// @sabaki/sgf parsed it (every original node and property), so the result is
// the same game: comments are appended, and better moves are added as sibling
// branches after the existing children, never before the main line.

import { accessSync, constants, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Command, Option } from 'commander';
import sgf from '@sabaki/sgf';
import type { Move } from '../game/game.js';
import { sgfPoint } from '../game/sgf.js';
import { BLACK, WHITE, colorLetter, formatVertex, opponent, type Color } from '../game/vertex.js';
import { formatLead, percent } from '../engine/log.js';
import type { SearchInfo, Player } from '../engine/player.js';
import { createPlayer } from '../engine/search-player.js';
import { Session } from '../engine/session.js';
import { integer, networkFile, networkOption, real } from './options.js';

/** Playouts per position when neither --playouts nor --time is given. */
export const DEFAULT_PLAYOUTS = 800;
/** Longest variation written for a better move (moves). */
const PV_LENGTH = 10;
/** Mistakes listed per player in the root comment. */
const SUMMARY_MISTAKES = 3;

export interface ReviewOptions {
  /** Playouts per position (the default when timeSec is not set either). */
  playouts?: number;
  /** Seconds per position. */
  timeSec?: number;
  /** A move is a mistake when the mover's win rate drops more than this (0..1) below the best move's. */
  threshold: number;
  /** Called after each analysed position. */
  onProgress?: (done: number, total: number) => void;
}

/** The engine's view of one position of the main line. */
export interface PositionReview {
  /** Who was analysed as the side to move. */
  color: Color;
  playouts: number;
  /** 0..1, for Black. */
  blackWinrate: number;
  /** Points, positive when Black leads. */
  blackLead: number;
  /** The search's best move here, its win rate for `color`, and its line (only the legal part). */
  best: { move: number; winrate: number; pv: number[] } | null;
}

export interface Mistake {
  /** 1-based, passes included, handicap stones not. */
  moveNumber: number;
  color: Color;
  played: number;
  best: number;
  /** Win rate the mover lost against the best move, 0..1. */
  loss: number;
  pv: number[];
}

export interface ReviewResult {
  /** The annotated SGF text. */
  text: string;
  size: number;
  positions: PositionReview[];
  /** Moves that lost more than the threshold, in game order. */
  mistakes: Mistake[];
}

/** A move of the main line and the tree node that holds it. */
interface MoveNode {
  node: sgf.Node;
  parent: sgf.Node | null;
}

/** Reviews the game in `path` with `player`; returns the annotated SGF. Throws an Error with a user-facing message. */
export async function reviewGame(path: string, player: Player, options: ReviewOptions): Promise<ReviewResult> {
  const { roots, root, moveNodes, session, moves } = loadGame(path);
  const positions = await analysePositions(session, moves, player, options);
  const mistakes = findMistakes(positions, moves, options.threshold);
  annotate(root, moveNodes, positions, mistakes, session.size, options);
  ensureFf4(root);
  return { text: sgf.stringify(roots), size: session.size, positions, mistakes };
}

/**
 * The parsed tree, and a session at the game's start with the moves of its main
 * line. The session reads the file the way `loadsgf` does (setup stones,
 * handicap, komi, rules, legality of every move).
 */
function loadGame(path: string) {
  let buffer: Buffer;
  try {
    buffer = readFileSync(path);
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  // @sabaki/sgf reads any text without a game tree as one node (`This` gives a property T), so look for `(;` first.
  if (!/\(\s*;/.test(buffer.toString('latin1'))) throw new Error(`${path} is not an SGF file (no game tree found)`);
  let roots: sgf.Node[];
  try {
    // parseBuffer honours CA (and guesses the charset without one); we write UTF-8.
    roots = sgf.parseBuffer(buffer);
  } catch (error) {
    throw new Error(`${path} is not an SGF file (${(error as Error).message})`);
  }
  const root = roots[0];
  if (!root) throw new Error(`${path} is not an SGF file (no game tree found)`);

  const full = new Session();
  try {
    full.loadSgf(path, null);
  } catch (error) {
    // Session speaks GTP (`cannot load file: …`); say only what is wrong.
    throw new Error(`${path}: ${(error as Error).message.replace(/^cannot load file: /, '')}`);
  }
  const moves = full.game.moves;

  const moveNodes: MoveNode[] = [];
  for (let node: sgf.Node | undefined = root, parent: sgf.Node | null = null; node; parent = node, node = node.children[0]) {
    for (const letter of ['B', 'W']) if (node.data[letter]) moveNodes.push({ node, parent });
  }
  if (moveNodes.length !== moves.length) throw new Error(`${path}: could not match the moves of the main line`);

  const session = new Session();
  session.loadSgf(path, 1);
  return { roots, root, moveNodes, session, moves };
}

/** Analyses the position before each move and after the last; leaves `session` at the end of the game. */
async function analysePositions(session: Session, moves: Move[], player: Player, options: ReviewOptions): Promise<PositionReview[]> {
  const total = moves.length + 1;
  const positions: PositionReview[] = [];
  for (let i = 0; i < total; i++) {
    const color = i < moves.length ? moves[i].color : session.game.toMove;
    const info = await analyse(session, color, player, options);
    if (!info) throw new Error('the search returned no analysis');
    positions.push(positionReview(session, color, info));
    options.onProgress?.(i + 1, total);
    if (i < moves.length && session.play(moves[i].color, moves[i].point) !== null) {
      throw new Error(`move ${i + 1} is illegal`);
    }
  }
  return positions;
}

/**
 * One analysis with the review's limits, which the player keeps itself: its clock starts once
 * its workers can search, and the quick first look it reports while they start does not count.
 */
function analyse(session: Session, color: Color, player: Player, options: ReviewOptions): Promise<SearchInfo | null> {
  const timeMs = options.timeSec !== undefined ? options.timeSec * 1000 : undefined;
  const playouts = timeMs === undefined ? options.playouts ?? DEFAULT_PLAYOUTS : options.playouts;
  return player.analyze(session, { color, playouts, timeMs });
}

function positionReview(session: Session, color: Color, info: SearchInfo): PositionReview {
  const forBlack = color === BLACK;
  const top = info.candidates[0];
  return {
    color,
    playouts: info.playouts,
    blackWinrate: forBlack ? info.winrate : 1 - info.winrate,
    blackLead: forBlack ? info.scoreLead : -info.scoreLead,
    best: top ? { move: top.move, winrate: top.winrate, pv: legalLine(session, color, top.move, top.pv) } : null,
  };
}

/** The longest legal start of the line `first, pv…` (pv may or may not repeat `first`), alternating colours from `color`. */
function legalLine(session: Session, color: Color, first: number, pv: number[]): number[] {
  const line = pv[0] === first ? pv : [first, ...pv];
  const legal: number[] = [];
  let mover = color;
  for (const point of line.slice(0, PV_LENGTH)) {
    if (session.game.play(mover, point) !== null) break;
    legal.push(point);
    mover = opponent(mover);
  }
  for (let i = 0; i < legal.length; i++) session.game.undo();
  return legal;
}

/** Win rate for `color` from a Black win rate. */
function winrateFor(color: Color, blackWinrate: number): number {
  return color === BLACK ? blackWinrate : 1 - blackWinrate;
}

/**
 * A move is a mistake when it is not the search's best move and the mover's win
 * rate after it (the next position's analysis) is more than `threshold` below
 * the best move's win rate in the position before it.
 */
function findMistakes(positions: PositionReview[], moves: Move[], threshold: number): Mistake[] {
  const mistakes: Mistake[] = [];
  moves.forEach((move, i) => {
    const best = positions[i].best;
    if (!best || best.move === move.point || best.pv.length === 0) return;
    const loss = best.winrate - winrateFor(move.color, positions[i + 1].blackWinrate);
    if (loss > threshold) mistakes.push({ moveNumber: i + 1, color: move.color, played: move.point, best: best.move, loss, pv: best.pv });
  });
  return mistakes;
}

function playerName(color: Color): 'Black' | 'White' {
  return color === BLACK ? 'Black' : 'White';
}

function evaluation(position: PositionReview): string {
  return `Black ${percent(position.blackWinrate)}, ${formatLead(position.blackLead, BLACK)} (${position.playouts} playouts)`;
}

function appendComment(node: sgf.Node, text: string): void {
  const old = node.data.C?.[0];
  node.data.C = [old ? `${old}\n\n${text}` : text];
}

function annotate(root: sgf.Node, moveNodes: MoveNode[], positions: PositionReview[], mistakes: Mistake[], size: number, options: ReviewOptions): void {
  const vertex = (p: number) => formatVertex(p, size);
  appendComment(root, summary(positions, mistakes, size, options));

  // A node's comment describes the position after its (last) move.
  moveNodes.forEach(({ node }, i) => {
    if (moveNodes[i + 1]?.node !== node) appendComment(node, `tengen: ${evaluation(positions[i + 1])}`);
  });

  let nextId = 0;
  for (const mistake of mistakes) {
    const { node, parent } = moveNodes[mistake.moveNumber - 1];
    const name = playerName(mistake.color);
    const best = positions[mistake.moveNumber - 1].best!;
    // A node with two moves (B and W at once) has no place for a branch at its second move, the root none at all.
    const branch = parent !== null && !(node.data.B && node.data.W);
    appendComment(node, `tengen: mistake, ${name} lost ${percent(mistake.loss)}; best was ${vertex(mistake.best)}${branch ? ' (see the variation)' : ''}`);
    if (!branch) continue;
    let branchParent = parent;
    let mover = mistake.color;
    mistake.pv.forEach((point, j) => {
      const child: sgf.Node = { id: `tengen-${nextId++}`, parentId: branchParent.id, data: { [colorLetter(mover)]: [sgfPoint(point, size)] }, children: [] };
      if (j === 0) {
        child.data.C = [
          `tengen: best move for ${name} instead of ${vertex(mistake.played)}: ` +
            `${name} ${percent(best.winrate)} against ${percent(best.winrate - mistake.loss)} after the move played ` +
            `(${percent(mistake.loss)} lost)\nLine: ${mistake.pv.map(vertex).join(' ')}`,
        ];
      }
      branchParent.children.push(child);
      branchParent = child;
      mover = opponent(mover);
    });
  }
}

/** The root comment: the settings, the start position, and the largest mistakes of each player. */
function summary(positions: PositionReview[], mistakes: Mistake[], size: number, options: ReviewOptions): string {
  const limit = options.timeSec !== undefined ? `${options.timeSec} s` : `${options.playouts ?? DEFAULT_PLAYOUTS} playouts`;
  const lines = [
    `tengen review: ${positions.length} positions, ${limit} per position, mistakes lose more than ${percent(options.threshold)}`,
    `Start: ${evaluation(positions[0])}`,
  ];
  for (const color of [BLACK, WHITE]) {
    const largest = mistakes
      .filter((m) => m.color === color)
      .sort((a, b) => b.loss - a.loss || a.moveNumber - b.moveNumber)
      .slice(0, SUMMARY_MISTAKES);
    const name = playerName(color);
    if (largest.length === 0) {
      lines.push(`${name}'s largest mistakes: none`);
      continue;
    }
    lines.push(`${name}'s largest mistakes:`);
    for (const m of largest) {
      lines.push(`  move ${m.moveNumber}: ${formatVertex(m.played, size)}, best ${formatVertex(m.best, size)}, lost ${percent(m.loss)}`);
    }
  }
  return lines.join('\n');
}

/** The text we write is UTF-8 SGF FF[4] whatever the file said. */
function ensureFf4(root: sgf.Node): void {
  root.data.FF = ['4'];
  root.data.GM ??= ['1'];
  root.data.CA = ['UTF-8'];
}

/** `\r[#####.....] 12/80` */
export function progressBar(done: number, total: number, width = 30): string {
  const filled = Math.round((done / total) * width);
  return `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`;
}

/** Fails at once, not after the whole analysis, when the output's folder is missing or read-only. */
function checkWritable(path: string): void {
  try {
    accessSync(dirname(path), constants.W_OK);
  } catch (error) {
    throw new Error(`cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** Writes the file whole or not at all: a temporary file beside it, renamed at the end. */
function writeAtomically(path: string, text: string): void {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new Error(`cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

interface ReviewCliOptions {
  output: string;
  playouts?: number;
  time?: number;
  threshold: number;
  threads?: number;
  seed?: number;
  network: string;
}

export function reviewCommand(): Command {
  return new Command('review')
    .description('analyse every position of a game and write it back with win rates, score estimates and better moves')
    .argument('<game>', 'SGF file (the main line of its first game is reviewed)')
    .requiredOption('-o, --output <file>', 'write the reviewed SGF here')
    .addOption(new Option('--playouts <n>', `playouts per position (default ${DEFAULT_PLAYOUTS})`).argParser(integer(1, 100_000_000)).conflicts('time'))
    .addOption(new Option('--time <s>', 'seconds per position').argParser(real(0.01)))
    .addOption(new Option('--threshold <p>', 'win-rate loss (0..1) that makes a move a mistake').argParser(real(0, 1)).default(0.05))
    .addOption(new Option('--threads <n>', "search threads (default: the machine's cores)").argParser(integer(1, 256)))
    .addOption(new Option('--seed <n>', 'random seed').argParser(integer(0, 2 ** 31 - 1)))
    .addOption(networkOption())
    .action(async (path: string, options: ReviewCliOptions) => {
      const player = createPlayer({ level: 10, threads: options.threads, playouts: options.playouts, timeSec: options.time, seed: options.seed, network: networkFile(options.network) });
      let code = 0;
      let progress = false;
      try {
        checkWritable(options.output);
        const result = await reviewGame(path, player, {
          playouts: options.playouts,
          timeSec: options.time,
          threshold: options.threshold,
          onProgress: (done, total) => {
            progress = done < total;
            process.stderr.write(progressBar(done, total) + (done === total ? '\n' : ''));
          },
        });
        writeAtomically(options.output, result.text + '\n');
        const count = (color: Color) => result.mistakes.filter((m) => m.color === color).length;
        process.stdout.write(
          `${result.positions.length} positions reviewed; mistakes over ${percent(options.threshold)}: ` +
            `Black ${count(BLACK)}, White ${count(WHITE)}; written to ${options.output}\n`,
        );
      } catch (error) {
        process.stderr.write(`${progress ? '\n' : ''}tengen review: ${(error as Error).message}\n`);
        code = 1;
      } finally {
        await player.close();
      }
      // Exit once everything written has been flushed; no search worker may keep us alive.
      process.stdout.write('', () => process.exit(code));
    });
}
