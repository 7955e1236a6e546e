// Game records for training and measuring: SGF files, or the "one game a line" format of the
// Tygem collection (yenw/computer-go-dataset: `id<TAB>;B[pd];W[pp];…`, 19×19), as plain text
// or inside a zip. Moves only: these readers are for move prediction, not for replaying rules.

import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { readSgf, setupProblem } from '../game/sgf.js';
import { BLACK, PASS_IDX, WHITE, type PlayoutBoard } from '../game/playout-board.js';

/** One game's main line: points p = y*size+x (y = 0 the bottom row), -1 a pass. */
export interface Record {
  id: string;
  size: number;
  /** setup stones (handicap) before the first move */
  black: number[];
  white: number[];
  /** colours alternate from `first` unless a record says otherwise */
  moves: { color: 1 | 2; point: number }[];
  /** the recorded result when the record has one (SGF RE; Tygem lines carry none) */
  result?: string;
}

/** Reads an SGF point `pd` of a size×size board; '' or `tt` (19×19) is a pass; null when off the board. */
function sgfPoint(v: string, size: number): number | null {
  if (v === '' || (v === 'tt' && size <= 19)) return -1;
  const x = v.charCodeAt(0) - 97;
  const y = v.charCodeAt(1) - 97;
  if (v.length !== 2 || x < 0 || y < 0 || x >= size || y >= size) return null;
  return (size - 1 - y) * size + x;
}

/** One line of the Tygem format, or null when it holds no moves. */
export function parseLine(line: string, size = 19): Record | null {
  const tab = line.indexOf('\t');
  const id = tab >= 0 ? line.slice(0, tab) : '';
  const body = tab >= 0 ? line.slice(tab + 1) : line;
  const moves: Record['moves'] = [];
  const re = /([BW])\[([a-z]{0,2})\]/g;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    const p = sgfPoint(m[2], size);
    if (p === null) break;
    moves.push({ color: m[1] === 'B' ? 1 : 2, point: p });
  }
  return moves.length > 0 ? { id, size, black: [], white: [], moves } : null;
}

/** The text of a zip file's entries, concatenated in their order. */
export function unzipText(buf: Buffer): string {
  const decoder = new TextDecoder();
  return Object.values(unzipSync(buf))
    .map((data) => decoder.decode(data))
    .join('\n');
}

/** The games in a file (.sgf: one game; .zip or text: one game a line), at most limit of them. */
export function readRecords(path: string, limit = Infinity): Record[] {
  const buf = readFileSync(path);
  if (path.toLowerCase().endsWith('.sgf')) {
    const g = readSgf(buf.toString('utf8'));
    const problem = setupProblem(g, Infinity);
    if (problem !== null) throw new Error(`${path}: ${problem}`);
    return [
      {
        id: path,
        size: g.size,
        black: g.setup.black,
        white: g.setup.white,
        moves: g.moves.map((m) => ({ color: m.color, point: m.point })),
        result: g.result ?? undefined,
      },
    ];
  }
  const text = buf.length >= 4 && buf.readUInt32LE(0) === 0x04034b50 ? unzipText(buf) : buf.toString('utf8');
  const out: Record[] = [];
  for (const line of text.split('\n')) {
    if (out.length >= limit) break;
    const r = parseLine(line.trim());
    if (r) out.push(r);
  }
  return out;
}

/**
 * Replays a record on b, calling visit(b, move) before each move (move: padded index, PASS_IDX
 * for a pass). Stops at the first move the board refuses (suicide, a retaken ko) or when
 * visit returns false.
 */
export function replay(r: Record, b: PlayoutBoard, visit: (b: PlayoutBoard, move: number) => boolean | void): void {
  const stones = new Int8Array(r.size * r.size);
  for (const p of r.black) stones[p] = BLACK;
  for (const p of r.white) stones[p] = WHITE;
  b.setup(stones, r.moves.length > 0 ? r.moves[0].color : BLACK);
  for (const m of r.moves) {
    b.toMove = m.color;
    const i = m.point < 0 ? PASS_IDX : b.idxOf[m.point];
    if (i !== PASS_IDX && !b.isLegal(i, m.color)) return;
    if (visit(b, i) === false) return;
    if (i === PASS_IDX) b.pass();
    else b.play(i);
  }
}

/**
 * The results in the index files of the Tygem collection (`TYGEM/index/KifuYYYY.zip`: one game a
 * line, tab-separated; the first field the game's id, the ninth its result such as `B+Resign`,
 * `W+2.5`, `B+Time`), by id.
 */
export function readTygemIndex(path: string): Map<string, string> {
  const out = new Map<string, string>();
  const buf = readFileSync(path);
  const text = buf.length >= 4 && buf.readUInt32LE(0) === 0x04034b50 ? unzipText(buf) : buf.toString('utf8');
  for (const line of text.split('\n')) {
    const f = line.split('\t');
    if (f.length >= 9 && f[0] !== '') out.set(f[0], f[8].trim());
  }
  return out;
}

/**
 * The winner a result names when the game was decided on the board (a count or a resignation),
 * else 0: games won on time, by a disconnection or forfeit say nothing about the position, and
 * draws and unknown results name nobody.
 */
export function boardWinner(result: string | undefined): 0 | 1 | 2 {
  const m = /^\s*([BW])\+(.*)$/i.exec(result ?? '');
  if (!m) return 0;
  const how = m[2].trim().toLowerCase();
  if (how !== '' && !/^(r|resign|\d+(\.\d+)?)$/.test(how)) return 0;
  return m[1].toUpperCase() === 'B' ? BLACK : WHITE;
}
