// Network evaluations per second, for `tengen bench --network`: one position's planes evaluated
// over and over, one at a time and in batches, at each thread count (a new session each).

import type { PlayoutBoard } from '../game/playout-board.js';
import { NetworkEvaluator } from './evaluator.js';
import { PLANES, PlaneEncoder } from './planes.js';

export interface NetworkSpeed {
  threads: number;
  batch: number;
  evaluationsPerSecond: number;
  msPerBatch: number;
}

export async function benchNetwork(path: string, b: PlayoutBoard, lastMoves: number[], seconds: number, threads: number[], batches: number[]): Promise<NetworkSpeed[]> {
  const size = b.size;
  const one = new Float32Array(PLANES * size * size);
  new PlaneEncoder(size).encode(b, lastMoves, one, 0);
  const out: NetworkSpeed[] = [];
  for (const t of threads) {
    const net = await NetworkEvaluator.load(path, { threads: t, planes: PLANES });
    try {
      for (const batch of batches) {
        const planes = new Float32Array(batch * one.length);
        for (let k = 0; k < batch; k++) planes.set(one, k * one.length);
        const warm = performance.now() + 500; // the first runs set up onnxruntime's buffers
        while (performance.now() < warm) await net.evaluate(planes, batch, size);
        let runs = 0;
        const start = performance.now();
        while (performance.now() - start < seconds * 1000) {
          await net.evaluate(planes, batch, size);
          runs++;
        }
        const ms = performance.now() - start;
        out.push({ threads: t, batch, evaluationsPerSecond: (runs * batch * 1000) / ms, msPerBatch: ms / runs });
      }
    } finally {
      await net.close();
    }
  }
  return out;
}
