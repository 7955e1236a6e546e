// The weight file: the learned model as compact JSON with a header that says where it came
// from (data, command, seed, held-out accuracy), so a file can always be traced and rebuilt.
// Layout: fixed feature weights by name order, 3×3 codes (one per symmetry class) with their
// weights, shapes (radius and point values packed 2 bits each, base64) with their weights.

import { readFileSync, writeFileSync } from 'node:fs';
import { FIXED, FIXED_NAMES, SHAPES, THREE, THREE_CODES } from './features.js';
import { MAX_RADIUS, MIN_RADIUS, RING_END, ShapeDict } from './shapes.js';

export const FORMAT = 'tengen-move-weights';
export const VERSION = 1;

export interface Accuracy {
  games: number;
  positions: number;
  top1: number;
  top5: number;
  /** mean log-likelihood of the played move (natural log) */
  logLikelihood: number;
}

export interface WeightsHeader {
  format: typeof FORMAT;
  version: number;
  /** the training data, e.g. "yenw/computer-go-dataset TYGEM Kifu 2005-11 … 2011-12, first 200 games of each month" */
  data: string;
  command: string;
  seed: number;
  learner: string;
  trainPositions: number;
  heldOut: (Accuracy & { data: string }) | null;
  fixed: string[];
}

/** The model: one weight per feature index (features.ts) and the shape dictionary. */
export interface Weights {
  header: WeightsHeader;
  dict: ShapeDict;
  /** FIXED + THREE_CODES + dict.size entries; 3×3 entries only at canonical codes */
  w: Float32Array;
}

interface WeightsFile {
  header: WeightsHeader;
  fixed: number[];
  three: { codes: number[]; weights: number[] };
  shapes: { radius: number[]; values: string[]; weights: number[] };
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

export function packValues(values: Uint8Array): string {
  const bytes = Buffer.alloc(Math.ceil(values.length / 4));
  for (let k = 0; k < values.length; k++) bytes[k >> 2] |= values[k] << (2 * (k & 3));
  return bytes.toString('base64');
}

function unpackValues(text: string, n: number): Uint8Array {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length !== Math.ceil(n / 4)) throw new Error('weight file: a shape has the wrong length');
  const out = new Uint8Array(n);
  for (let k = 0; k < n; k++) out[k] = (bytes[k >> 2] >> (2 * (k & 3))) & 3;
  return out;
}

export function serializeWeights(model: Weights): string {
  const { w, dict } = model;
  const codes: number[] = [];
  const three: number[] = [];
  for (let c = 0; c < THREE_CODES; c++) {
    const v = round(w[THREE + c]);
    if (v !== 0) {
      codes.push(c);
      three.push(v);
    }
  }
  const file: WeightsFile = {
    header: model.header,
    fixed: Array.from(w.subarray(0, FIXED), round),
    three: { codes, weights: three },
    shapes: {
      radius: dict.shapes.map((s) => s.radius),
      values: dict.shapes.map((s) => packValues(s.values)),
      weights: dict.shapes.map((_, k) => round(w[SHAPES + k])),
    },
  };
  // one JSON line per section keeps the file diffable without being large
  return `{"header":${JSON.stringify(file.header, null, 1)},\n"fixed":${JSON.stringify(file.fixed)},\n"three":${JSON.stringify(file.three)},\n"shapes":${JSON.stringify(file.shapes)}}\n`;
}

export function saveWeights(path: string, model: Weights): void {
  writeFileSync(path, serializeWeights(model));
}

/** Parses a weight file; throws an Error naming what is wrong when it is not one this build can use. */
export function parseWeights(text: string): Weights {
  let file: WeightsFile;
  try {
    file = JSON.parse(text) as WeightsFile;
  } catch (error) {
    throw new Error(`weight file: not JSON (${(error as Error).message})`);
  }
  const h = file?.header;
  if (!h || h.format !== FORMAT) throw new Error(`weight file: not a ${FORMAT} file`);
  if (h.version !== VERSION) throw new Error(`weight file: version ${h.version}, this build reads ${VERSION}`);
  if (!Array.isArray(h.fixed) || h.fixed.length !== FIXED || h.fixed.some((n, k) => n !== FIXED_NAMES[k]))
    throw new Error('weight file: its fixed features are not the ones this build extracts');
  if (typeof h.data !== 'string' || typeof h.command !== 'string' || !Number.isInteger(h.seed))
    throw new Error('weight file: the header must name the data, the command and the seed');
  if (!Array.isArray(file.fixed) || file.fixed.length !== FIXED) throw new Error('weight file: wrong number of fixed weights');
  const { codes, weights } = file.three;
  if (codes.length !== weights.length) throw new Error('weight file: 3×3 codes and weights differ in number');
  const { radius, values, weights: sw } = file.shapes;
  if (radius.length !== values.length || radius.length !== sw.length) throw new Error('weight file: shape lists differ in length');
  const dict = new ShapeDict(radius.length);
  const w = new Float32Array(SHAPES + radius.length);
  w.set(file.fixed, 0);
  for (let k = 0; k < codes.length; k++) {
    if (!(codes[k] >= 0 && codes[k] < THREE_CODES)) throw new Error(`weight file: bad 3×3 code ${codes[k]}`);
    w[THREE + codes[k]] = weights[k];
  }
  for (let k = 0; k < radius.length; k++) {
    const r = radius[k];
    if (!(r >= MIN_RADIUS && r <= MAX_RADIUS)) throw new Error(`weight file: bad shape radius ${r}`);
    dict.add(r, unpackValues(values[k], RING_END[r]));
    w[SHAPES + k] = sw[k];
  }
  return { header: h, dict, w };
}

export function loadWeights(path: string): Weights {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the weight file: ${(error as Error).message}`);
  }
  return parseWeights(text);
}
