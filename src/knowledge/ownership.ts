// Ownership as move knowledge (Pachi's "mcowner" pattern feature): a move's learned
// probability is multiplied by a weight for how surely the side to move ends up owning the
// point in the search's playouts (9 buckets of that share). Points one side surely holds are
// rarely where the game is; contested ones often are. The weights are fitted on top of the
// shipped move weights by `tengen train-ownership` (train-ownership.ts) and ship as their own
// small file with a header that says where they came from.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const OWNERSHIP_FORMAT = 'tengen-ownership-weights' as const;
export const OWNERSHIP_BUCKETS = 9;

/** The bucket of a share (0..1) of playouts in which the side to move owned the point. */
export function ownershipBucket(share: number): number {
  return Math.min(OWNERSHIP_BUCKETS - 1, Math.max(0, Math.floor(share * (OWNERSHIP_BUCKETS - 1))));
}

/** Mean log-likelihood of the played move and top-1 share (%), with and without the weights. */
export interface OwnershipMeasure {
  data: string;
  positions: number;
  logLikelihood: number;
  logLikelihoodWithout: number;
  top1: number;
  top1Without: number;
}

export interface OwnershipHeader {
  format: typeof OWNERSHIP_FORMAT;
  version: 1;
  data: string;
  command: string;
  seed: number;
  /** playouts per position that measured the ownership */
  playouts: number;
  trainPositions: number;
  heldOut: OwnershipMeasure | null;
}

export interface OwnershipWeights {
  header: OwnershipHeader;
  /** natural-log weight per bucket (a pass has none) */
  weights: number[];
}

export function parseOwnership(text: string): OwnershipWeights {
  let file: OwnershipWeights;
  try {
    file = JSON.parse(text) as OwnershipWeights;
  } catch (error) {
    throw new Error(`ownership file: not JSON (${(error as Error).message})`);
  }
  const h = file?.header;
  if (h?.format !== OWNERSHIP_FORMAT) throw new Error(`ownership file: not a ${OWNERSHIP_FORMAT} file`);
  if (h.version !== 1) throw new Error(`ownership file: version ${String(h.version)}, this build reads 1`);
  if (typeof h.data !== 'string' || typeof h.command !== 'string' || !Number.isInteger(h.seed)) throw new Error('ownership file: the header must name the data, the command and the seed');
  const w = file.weights;
  if (!Array.isArray(w) || w.length !== OWNERSHIP_BUCKETS || !w.every(Number.isFinite)) throw new Error(`ownership file: ${OWNERSHIP_BUCKETS} finite weights expected`);
  return file;
}

export function saveOwnership(path: string, o: OwnershipWeights): void {
  writeFileSync(path, JSON.stringify(o, null, 1) + '\n');
}

export function defaultOwnershipPath(): string {
  return fileURLToPath(new URL('../../data/knowledge/ownership.json', import.meta.url));
}

let shipped: Float64Array | null | undefined;

/** The shipped weights as factors (e^w) per bucket, loaded once per thread; null when the file is missing. */
export function shippedOwnershipFactors(): Float64Array | null {
  if (shipped === undefined) {
    const path = defaultOwnershipPath();
    shipped = existsSync(path) ? Float64Array.from(parseOwnership(readFileSync(path, 'utf8')).weights, Math.exp) : null;
  }
  return shipped;
}
