import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readRecords } from '../../src/knowledge/records.js';
import { NetworkEvaluator } from '../../src/network/evaluator.js';
import { exportPositions, type PositionWriter } from '../../src/network/positions.js';
import { tempDirs } from '../support/temp-dir.js';

// The evaluator against PyTorch: a network trained and exported by the training code must give
// here what it gave there, to float32 rounding. The fixture folder holds model.onnx, input.bin (raw
// float32 LE, [4, P, S, S]) and expected.json {shape, policy [4][S*S+1], value [4][1]}.

const tempDir = tempDirs('tengen-evaluator-');

/**
 * The folder with model.onnx, input.bin and expected.json, made once by the training code:
 * positions of two recorded games exported as a training file, a few training steps on them,
 * the export and PyTorch's outputs for the first positions.
 */
const modelDir = (() => {
  let dir: string | undefined;
  return (): string => {
    if (dir) return dir;
    dir = tempDir();
    const writers = new Map<number, PositionWriter>();
    exportPositions(readRecords('test/knowledge/fixtures/tygem-2005-11-head2.zip'), writers, { sample: 0.25, seed: 1 });
    writers.get(19)!.write(join(dir, 'games.tgnp'));
    execFileSync('/usr/bin/python3', ['training/roundtrip.py', '--data', join(dir, 'games.tgnp'), '--out', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
    return dir;
  };
})();

interface Expected {
  shape: [number, number, number, number];
  policy: number[][];
  value: number[][];
}

function fixture(): { dir: string; model: string; input: Float32Array; expected: Expected } {
  const dir = modelDir();
  const bytes = readFileSync(join(dir, 'input.bin'));
  const input = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Expected;
  return { dir, model: join(dir, 'model.onnx'), input, expected };
}

describe('NetworkEvaluator', () => {
  it('rejects a missing file, naming it', async () => {
    const path = join(tempDir(), 'no-such-net.onnx');
    await expect(NetworkEvaluator.load(path, { threads: 1 })).rejects.toThrow(`network file not found: ${path}`);
  });

  it('rejects a file that is not an ONNX model, naming it', async () => {
    const path = join(tempDir(), 'garbage.onnx');
    writeFileSync(path, 'not a network');
    await expect(NetworkEvaluator.load(path, { threads: 1 })).rejects.toThrow(`cannot load network ${path}`);
  });

  describe('with a network trained and exported by training/', () => {
    it('matches PyTorch on every policy logit and value to 1e-4', async () => {
      const { model, input, expected } = fixture();
      const [n, p, s] = expected.shape;
      expect(input.length).toBe(n * p * s * s);
      const net = await NetworkEvaluator.load(model, { threads: 1 });
      try {
        expect(net.planes).toBe(p);
        const { policy, value } = await net.evaluate(input, n, s);
        expect(policy.length).toBe(n * (s * s + 1));
        expect(value.length).toBe(n);
        for (let k = 0; k < n; k++) {
          expect(expected.policy[k].length).toBe(s * s + 1);
          for (let m = 0; m <= s * s; m++) {
            expect(Math.abs(policy[k * (s * s + 1) + m] - expected.policy[k][m]), `policy[${k}][${m}]`).toBeLessThan(1e-4);
          }
          expect(Math.abs(value[k] - expected.value[k][0]), `value[${k}]`).toBeLessThan(1e-4);
        }
      } finally {
        await net.close();
      }
    });

    it('evaluates a batch of one from a subarray, and keeps earlier results intact', async () => {
      const { model, input, expected } = fixture();
      const [n, p, s] = expected.shape;
      const net = await NetworkEvaluator.load(model, { threads: 1 });
      try {
        const all = await net.evaluate(input, n, s);
        const kept = all.policy.slice();
        const last = await net.evaluate(input.subarray((n - 1) * p * s * s), 1, s);
        expect(all.policy).toEqual(kept);
        const moves = s * s + 1;
        for (let m = 0; m < moves; m++) expect(Math.abs(last.policy[m] - all.policy[(n - 1) * moves + m])).toBeLessThan(1e-5);
        expect(Math.abs(last.value[0] - all.value[n - 1])).toBeLessThan(1e-5);
      } finally {
        await net.close();
      }
    });

    it('takes planes in memory shared between threads', async () => {
      const { model, input, expected } = fixture();
      const [n, , s] = expected.shape;
      const shared = new Float32Array(new SharedArrayBuffer(input.byteLength));
      shared.set(input);
      const net = await NetworkEvaluator.load(model, { threads: 1 });
      try {
        const a = await net.evaluate(input, n, s);
        const b = await net.evaluate(shared, n, s);
        expect(b.policy).toEqual(a.policy);
        expect(b.value).toEqual(a.value);
      } finally {
        await net.close();
      }
    });

    it('reports a wrong number of planes clearly', async () => {
      const { model, input, expected } = fixture();
      const [n, p, s] = expected.shape;
      // the caller's encoder makes a different number of planes than the network was trained on
      await expect(NetworkEvaluator.load(model, { threads: 1, planes: p + 1 })).rejects.toThrow(
        `network ${model} takes ${p} input planes, not the ${p + 1} asked for`,
      );
      const net = await NetworkEvaluator.load(model, { threads: 1, planes: p });
      try {
        // one plane short per position
        const short = input.subarray(0, n * (p - 1) * s * s);
        await expect(net.evaluate(short, n, s)).rejects.toThrow(
          `network ${model} takes ${p} input planes: ${n} position(s) of ${s}×${s} need ` +
            `${n}×${p}×${s}×${s} = ${n * p * s * s} floats, got ${short.length} floats (${p - 1} planes)`,
        );
      } finally {
        await net.close();
      }
    });
  });
});
