// Reading and writing games as SGF through @sabaki/sgf (no hand-written parser).

import { createRequire } from 'node:module';
import type Sgf from '@sabaki/sgf';
import type { Game, Move } from './game.js';
import { sgfOvertime, type TimeLeft, type TimeSettings } from './clock.js';
import { BLACK, MAX_SIZE, MIN_SIZE, PASS, WHITE, colorLetter, type Color } from './vertex.js';

let loaded: typeof Sgf | null = null;

/** @sabaki/sgf, loaded on first use: `tengen gtp` answers its first command without it (it takes tens of ms to load). */
function sgf(): typeof Sgf {
  loaded ??= createRequire(import.meta.url)('@sabaki/sgf') as typeof Sgf;
  return loaded;
}

export interface SgfGame {
  size: number;
  komi: number | null;
  rules: string | null;
  handicap: number;
  /** The stones set up before the first move (AB/AW, less AE, node by node). */
  setup: { black: number[]; white: number[] };
  /**
   * The number of moves before a node that sets up stones after the first move, or null. The
   * game can't go on from there as moves, so `moves` ends before that node.
   */
  setupAt: number | null;
  /** Who moves first when the file says so (PL), else null. */
  firstToMove: Color | null;
  /** the recorded result (RE: `B+R`, `W+3.5`, `0`, …), else null */
  result: string | null;
  moves: Move[];
}

/** An SGF number (SZ, HA): decimal digits only ("9:5" is a rectangle, not 9), else NaN. */
function wholeNumber(value: string): number {
  return /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
}

/** The main line of the first game in the text; throws an Error with a clear message when it is not a usable Go game. */
export function readSgf(text: string): SgfGame {
  // @sabaki/sgf reads any text without SGF syntax (say "hello") as an empty game.
  if (!/\(\s*;/.test(text)) throw new Error('not an SGF file (no game tree)');
  let roots: Sgf.Node[];
  try {
    roots = sgf().parse(text);
  } catch (error) {
    throw new Error(`not an SGF file (${(error as Error).message})`);
  }
  const root = roots[0];
  if (!root) throw new Error('the file holds no game');
  const data = root.data;
  if (data.GM && data.GM[0] !== '1') throw new Error('not a game of Go (GM is not 1)');
  const size = data.SZ ? wholeNumber(data.SZ[0]) : 19;
  if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE) throw new Error(`unsupported board size ${data.SZ?.[0]}`);
  const komi = data.KM && data.KM[0].trim() !== '' ? Number(data.KM[0].trim()) : null;
  if (komi !== null && !Number.isFinite(komi)) throw new Error(`komi ${data.KM?.[0]} is not a number`);
  const handicap = data.HA ? wholeNumber(data.HA[0]) || 0 : 0;
  const firstToMove = data.PL ? ({ B: BLACK, W: WHITE } as const)[data.PL[0].trim().toUpperCase()] : null;
  if (firstToMove === undefined) throw new Error(`PL[${data.PL?.[0]}] names no colour`);
  const onBoard = ([x, y]: [number, number], value: string): number => {
    if (x < 0 || y < 0 || x >= size || y >= size) throw new Error(`point [${value}] is not on the board`);
    return (size - 1 - y) * size + x;
  };
  const point = (value: string): number => (value === '' || (value === 'tt' && size <= 19) ? PASS : onBoard(sgf().parseVertex(value), value));
  const points = (values: string[] | undefined): number[] => (values ?? []).flatMap((v) => sgf().parseCompressedVertices(v).map((xy) => onBoard(xy, v)));

  const game: SgfGame = {
    size,
    komi,
    rules: data.RU?.[0] ?? null,
    handicap,
    setup: { black: [], white: [] },
    setupAt: null,
    firstToMove,
    result: data.RE?.[0] ?? null,
    moves: [],
  };
  // A later node's setup overrides an earlier one's (FF[4]); within one node a point is named once.
  const stones = new Map<number, Color>();
  for (let node: Sgf.Node | undefined = root; node; node = node.children[0]) {
    const d = node.data;
    if (d.AB || d.AW || d.AE) {
      if (game.moves.length > 0) {
        game.setupAt = game.moves.length;
        break;
      }
      const black = points(d.AB);
      const white = points(d.AW);
      const empty = points(d.AE);
      if (black.some((p) => white.includes(p))) throw new Error('a setup point is both black and white');
      if (empty.some((p) => black.includes(p) || white.includes(p))) throw new Error('a setup point is both emptied (AE) and given a stone');
      for (const p of black) stones.set(p, BLACK);
      for (const p of white) stones.set(p, WHITE);
      for (const p of empty) stones.delete(p);
    }
    if (d.B) game.moves.push({ color: BLACK, point: point(d.B[0]) });
    if (d.W) game.moves.push({ color: WHITE, point: point(d.W[0]) });
  }
  for (const [p, color] of stones) (color === BLACK ? game.setup.black : game.setup.white).push(p);
  return game;
}

/** Why the position after `played` moves of the record (all: Infinity) can't be had, or null. */
export function setupProblem(record: SgfGame, played: number): string | null {
  return record.setupAt !== null && played >= record.setupAt ? `stones set up (AB/AW/AE) after move ${record.setupAt} are not supported` : null;
}

/** A point as an SGF property value (`dd`; `` for a pass). */
export function sgfPoint(p: number, size: number): string {
  if (p === PASS) return '';
  return sgf().stringifyVertex([p % size, size - 1 - Math.floor(p / size)]);
}

export interface SgfMeta {
  komi: number;
  rules: string;
  black?: string;
  white?: string;
  result?: string;
  /** The clock (TM, OT) and each move's clock after it (BL/WL, OB/OW), by move index. */
  clock?: { settings: TimeSettings; after: readonly (TimeLeft | undefined)[] };
}

/** BL/WL (seconds left after the move) and OB/OW (byo-yomi periods, or canadian stones, left) for a move's node. */
export function timeLeftProperties(color: Color, left: TimeLeft | undefined): Record<string, string[]> {
  if (!left) return {};
  const letter = colorLetter(color);
  const properties: Record<string, string[]> = { [`${letter}L`]: [String(Math.round(left.seconds * 10) / 10)] };
  if (left.stones > 0) properties[`O${letter}`] = [String(left.stones)];
  return properties;
}

/** The game (setup stones and moves) as SGF text. */
export function writeSgf(game: Game, meta: SgfMeta): string {
  const size = game.size;
  const first = game.boards()[0];
  const rootData: Record<string, string[]> = {
    GM: ['1'],
    FF: ['4'],
    CA: ['UTF-8'],
    AP: ['tengen'],
    SZ: [String(size)],
    KM: [String(meta.komi)],
    RU: [meta.rules],
  };
  if (game.handicap > 0) rootData.HA = [String(game.handicap)];
  if (!first.black.isEmpty()) rootData.AB = [...first.black].map((p) => sgfPoint(p, size));
  if (!first.white.isEmpty()) rootData.AW = [...first.white].map((p) => sgfPoint(p, size));
  // Without PL a reader guesses who starts after setup stones (Black, or White after HA).
  if (!first.black.isEmpty() || !first.white.isEmpty() || game.firstToMove !== BLACK) rootData.PL = [colorLetter(game.firstToMove)];
  if (meta.black) rootData.PB = [meta.black];
  if (meta.white) rootData.PW = [meta.white];
  if (meta.result) rootData.RE = [meta.result];
  const clock = meta.clock;
  if (clock && clock.settings.kind !== 'none') {
    rootData.TM = [String(clock.settings.mainTime)];
    rootData.OT = [sgfOvertime(clock.settings)!];
  }
  return sgfGame(rootData, game.moves, size, (k) => timeLeftProperties(game.moves[k].color, clock?.after[k]));
}

/**
 * SGF text of a root with these properties followed by one node per move (a pass is an empty
 * value). @sabaki/sgf writes each node; the sequence is joined here, because its stringify
 * recurses once per node of a line and overflows the stack past a few thousand moves.
 */
export function sgfGame(
  rootData: Record<string, string[]>,
  moves: readonly { color: Color; point: number }[],
  size: number,
  /** More properties for move k's node (the time left, say). */
  extra: (k: number) => Record<string, string[]> = () => ({}),
): string {
  const node = (id: number, data: Sgf.Node['data']): string => sgf().stringify({ id, parentId: null, data, children: [] }, { level: 1 });
  const lines = moves.map((move, k) => node(k + 1, { [colorLetter(move.color)]: [sgfPoint(move.point, size)], ...extra(k) }));
  return `(\n${node(0, rootData)}${lines.join('')})\n`;
}
