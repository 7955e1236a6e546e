// Training files for the network (`*.tgnp`): positions from game records, their input planes as
// the engine computes them (planes.ts), the move played and the game's result. training/ reads
// them with numpy; this file and training/data.py are the two ends of the format:
//
//   64-byte header: "TGNP", uint32 version (1), planes P, board size S, positions N (LE)
//   N × ceil(P·S·S/8) bytes  planes [P][S][S], 0/1, packed 8 to a byte, first in the high bit
//   N × int16                the move played, y·S + x, or S·S for a pass
//   N × int8                 the result for the side to move: +1 won, -1 lost, 0 unknown
//   N × uint16               the move number (0 = the first move)

import { readFileSync, writeFileSync } from 'node:fs';
import { PASS_IDX, PlayoutBoard } from '../game/playout-board.js';
import { Rng } from '../game/rng.js';
import { boardWinner, replay, type Record } from '../knowledge/records.js';
import { PLANES, PlaneEncoder } from './planes.js';

const MAGIC = 0x504e4754; // "TGNP" read as a little-endian uint32
const VERSION = 1;
const HEADER_BYTES = 64;

export interface Positions {
  planes: number;
  size: number;
  count: number;
  /** count × bytesPerPosition */
  packed: Uint8Array;
  moves: Int16Array;
  results: Int8Array;
  moveNumbers: Uint16Array;
}

export function bytesPerPosition(planes: number, size: number): number {
  return Math.ceil((planes * size * size) / 8);
}

/** Collects positions of one board size, packing their planes as they come. */
export class PositionWriter {
  readonly size: number;
  private readonly bytes: number;
  private packed: Uint8Array;
  private moves: Int16Array;
  private results: Int8Array;
  private moveNumbers: Uint16Array;
  count = 0;

  constructor(size: number, capacity = 1024) {
    this.size = size;
    this.bytes = bytesPerPosition(PLANES, size);
    this.packed = new Uint8Array(capacity * this.bytes);
    this.moves = new Int16Array(capacity);
    this.results = new Int8Array(capacity);
    this.moveNumbers = new Uint16Array(capacity);
  }

  add(planes: Float32Array, move: number, result: number, moveNumber: number): void {
    if (this.count === this.moves.length) this.grow();
    const base = this.count * this.bytes;
    const n = PLANES * this.size * this.size;
    for (let k = 0; k < n; k++) if (planes[k] !== 0) this.packed[base + (k >> 3)] |= 0x80 >> (k & 7);
    this.moves[this.count] = move;
    this.results[this.count] = result;
    this.moveNumbers[this.count] = moveNumber;
    this.count++;
  }

  private grow(): void {
    const cap = this.moves.length * 2;
    const packed = new Uint8Array(cap * this.bytes);
    packed.set(this.packed);
    this.packed = packed;
    const moves = new Int16Array(cap);
    const results = new Int8Array(cap);
    const moveNumbers = new Uint16Array(cap);
    moves.set(this.moves);
    results.set(this.results);
    moveNumbers.set(this.moveNumbers);
    [this.moves, this.results, this.moveNumbers] = [moves, results, moveNumbers];
  }

  /** The file's bytes. */
  toBuffer(): Buffer {
    const n = this.count;
    const header = Buffer.alloc(HEADER_BYTES);
    header.writeUInt32LE(MAGIC, 0);
    header.writeUInt32LE(VERSION, 4);
    header.writeUInt32LE(PLANES, 8);
    header.writeUInt32LE(this.size, 12);
    header.writeUInt32LE(n, 16);
    const bytes = (a: ArrayBufferView, length: number): Buffer => Buffer.from(a.buffer, a.byteOffset, length);
    return Buffer.concat([
      header,
      bytes(this.packed, n * this.bytes),
      bytes(this.moves, n * 2),
      bytes(this.results, n),
      bytes(this.moveNumbers, n * 2),
    ]);
  }

  write(path: string): void {
    writeFileSync(path, this.toBuffer());
  }
}

/** Reads a training file; throws a clear Error when it is not one. */
export function readPositions(path: string): Positions {
  const buf = readFileSync(path);
  if (buf.length < HEADER_BYTES || buf.readUInt32LE(0) !== MAGIC) throw new Error(`${path}: not a tengen training file`);
  if (buf.readUInt32LE(4) !== VERSION) throw new Error(`${path}: training file version ${buf.readUInt32LE(4)}, expected ${VERSION}`);
  const planes = buf.readUInt32LE(8);
  const size = buf.readUInt32LE(12);
  const count = buf.readUInt32LE(16);
  const bytes = bytesPerPosition(planes, size);
  if (buf.length !== HEADER_BYTES + count * (bytes + 5)) throw new Error(`${path}: truncated (${buf.length} bytes for ${count} positions)`);
  // copies, so the typed arrays are aligned whatever the offsets
  let at = HEADER_BYTES;
  const take = (length: number): ArrayBuffer => buf.buffer.slice(buf.byteOffset + at, buf.byteOffset + (at += length));
  const packed = new Uint8Array(take(count * bytes));
  const moves = new Int16Array(take(count * 2));
  const results = new Int8Array(take(count));
  const moveNumbers = new Uint16Array(take(count * 2));
  return { planes, size, count, packed, moves, results, moveNumbers };
}

/** Position k's planes as floats (out: planes × size × size). */
export function unpackPlanes(f: Positions, k: number, out: Float32Array): Float32Array {
  const n = f.planes * f.size * f.size;
  const base = k * bytesPerPosition(f.planes, f.size);
  for (let j = 0; j < n; j++) out[j] = (f.packed[base + (j >> 3)] >> (7 - (j & 7))) & 1;
  return out;
}

export interface ExportOptions {
  /** share of each game's positions kept, drawn with the seed (1 = every position) */
  sample: number;
  seed: number;
}

/**
 * Adds records' positions to writers by board size (one writer per size, made on demand):
 * each position before a move the board accepts, with that move and the game's winner as seen
 * by the side to move. A record stops at the first move the board refuses.
 */
export function exportPositions(records: Iterable<Record>, writers: Map<number, PositionWriter>, o: ExportOptions): void {
  const rng = new Rng(o.seed);
  const scratch = new Map<number, { b: PlayoutBoard; enc: PlaneEncoder; planes: Float32Array }>();
  for (const r of records) {
    let ctx = scratch.get(r.size);
    if (!ctx) {
      ctx = { b: new PlayoutBoard(r.size), enc: new PlaneEncoder(r.size), planes: new Float32Array(PLANES * r.size * r.size) };
      scratch.set(r.size, ctx);
    }
    let w = writers.get(r.size);
    if (!w) writers.set(r.size, (w = new PositionWriter(r.size)));
    const { enc, planes } = ctx;
    const winner = boardWinner(r.result);
    const played: number[] = [];
    replay(r, ctx.b, (b, move) => {
      if (o.sample >= 1 || rng.float() < o.sample) {
        enc.encode(b, played, planes, 0);
        const point = move === PASS_IDX ? r.size * r.size : b.pointOf[move];
        w.add(planes, point, winner === 0 ? 0 : winner === b.toMove ? 1 : -1, played.length);
      }
      played.push(move === PASS_IDX ? -1 : b.pointOf[move]);
    });
  }
}
