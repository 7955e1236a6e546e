// Reading and writing games as SGF through @sabaki/sgf (no hand-written parser).

import sgf from '@sabaki/sgf';
import type { Game, Move } from './game.js';
import { BLACK, MAX_SIZE, MIN_SIZE, PASS, WHITE, colorLetter, type Color } from './vertex.js';

export interface SgfGame {
  size: number;
  komi: number | null;
  rules: string | null;
  handicap: number;
  /** Setup stones before the first move (AB/AW). */
  setup: { black: number[]; white: number[] };
  /** Who moves first when the file says so (PL), else null. */
  firstToMove: Color | null;
  moves: Move[];
}

/** The main line of the first game in the text; throws an Error with a clear message when it is not a usable Go game. */
export function readSgf(text: string): SgfGame {
  // @sabaki/sgf reads any text without SGF syntax (say "hello") as an empty game.
  if (!/\(\s*;/.test(text)) throw new Error('not an SGF file (no game tree)');
  let roots: sgf.Node[];
  try {
    roots = sgf.parse(text);
  } catch (error) {
    throw new Error(`not an SGF file (${(error as Error).message})`);
  }
  const root = roots[0];
  if (!root) throw new Error('the file holds no game');
  const data = root.data;
  if (data.GM && data.GM[0] !== '1') throw new Error('not a game of Go (GM is not 1)');
  const size = data.SZ ? Number.parseInt(data.SZ[0], 10) : 19;
  if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE) throw new Error(`unsupported board size ${data.SZ?.[0]}`);
  const komi = data.KM ? Number.parseFloat(data.KM[0]) : null;
  const handicap = data.HA ? Number.parseInt(data.HA[0], 10) || 0 : 0;
  const point = (value: string): number => {
    if (value === '' || (value === 'tt' && size <= 19)) return PASS;
    const [x, y] = sgf.parseVertex(value);
    if (x < 0 || y < 0 || x >= size || y >= size) throw new Error(`point ${value} is off the board`);
    return (size - 1 - y) * size + x;
  };
  const points = (values: string[] | undefined): number[] =>
    (values ?? []).flatMap((v) => sgf.parseCompressedVertices(v).map(([x, y]) => point(sgf.stringifyVertex([x, y]))));

  const game: SgfGame = {
    size,
    komi: komi !== null && Number.isFinite(komi) ? komi : null,
    rules: data.RU?.[0] ?? null,
    handicap,
    setup: { black: [], white: [] },
    firstToMove: data.PL ? (data.PL[0].toUpperCase() === 'W' ? WHITE : BLACK) : null,
    moves: [],
  };
  for (let node: sgf.Node | undefined = root; node; node = node.children[0]) {
    const d = node.data;
    if (d.AB || d.AW) {
      if (game.moves.length > 0) throw new Error('setup stones after the first move are not supported');
      game.setup.black.push(...points(d.AB));
      game.setup.white.push(...points(d.AW));
    }
    if (d.B) game.moves.push({ color: BLACK, point: point(d.B[0]) });
    if (d.W) game.moves.push({ color: WHITE, point: point(d.W[0]) });
  }
  return game;
}

/** A point as an SGF property value (`dd`; `` for a pass). */
export function sgfPoint(p: number, size: number): string {
  if (p === PASS) return '';
  return sgf.stringifyVertex([p % size, size - 1 - Math.floor(p / size)]);
}

export interface SgfMeta {
  komi: number;
  rules: string;
  black?: string;
  white?: string;
  result?: string;
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
  return sgfGame(rootData, game.moves, size);
}

/** SGF text of a root with these properties followed by one node per move (a pass is an empty value). */
export function sgfGame(rootData: Record<string, string[]>, moves: readonly { color: Color; point: number }[], size: number): string {
  const nodes: sgf.Node[] = [{ id: 0, parentId: null, data: rootData, children: [] }];
  for (const move of moves) {
    const node: sgf.Node = { id: nodes.length, parentId: nodes.length - 1, data: { [colorLetter(move.color)]: [sgfPoint(move.point, size)] }, children: [] };
    nodes[nodes.length - 1].children.push(node);
    nodes.push(node);
  }
  return sgf.stringify([nodes[0]]);
}
