// Runs a tengen network with onnxruntime-node on the CPU. A network takes "planes", float32
// [N, P, S, S] (planes.ts), and gives "policy" [N, S*S+1], raw logits with pass last, and
// "value" [N, 1], tanh of the outcome for the side to move.
//
// Facts of onnxruntime-node (1.31) that callers must know:
// - It is loaded on the first load(), so code that never uses a network does not load its
//   47 MB native library.
// - run() is synchronous behind a promise: an evaluation blocks the calling thread (right for
//   a search worker), and an input array not over a SharedArrayBuffer is read in place when
//   the run starts, not when evaluate() is called, so it must stay unchanged until the
//   promise settles.
// - Terminating a worker thread while an evaluation runs in it (worker.terminate(), piscina's
//   destroy(), process.exit()) aborts the whole process ("terminate called after throwing an
//   instance of 'Napi::Error'"): stop the evaluations first. Idle workers end cleanly.

import { existsSync, statSync } from 'node:fs';
import type { InferenceSession } from 'onnxruntime-node';

type Ort = typeof import('onnxruntime-node');

let ortModule: Promise<Ort> | undefined;

/** onnxruntime-node, imported once per thread. */
function ort(): Promise<Ort> {
  ortModule ??= import('onnxruntime-node');
  return ortModule;
}

export interface LoadOptions {
  /** onnxruntime's threads for one evaluation (intra-op), at least 1 */
  threads: number;
  /** when given, the network must take exactly this many input planes */
  planes?: number;
}

export interface Evaluation {
  /** n × (size*size + 1) raw logits, position by position, pass last */
  policy: Float32Array;
  /** n values in [-1, 1], for the side to move of each position */
  value: Float32Array;
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export class NetworkEvaluator {
  private constructor(
    readonly path: string,
    private readonly ort: Ort,
    private readonly session: InferenceSession,
    /** input planes P, from the model (or LoadOptions.planes when the model leaves it open) */
    readonly planes: number | null,
    /** the board size when the model fixes it; null when it takes any size */
    readonly size: number | null,
  ) {}

  /** Loads an .onnx network; rejects with a message naming the file when it cannot be used. */
  static async load(path: string, opts: LoadOptions): Promise<NetworkEvaluator> {
    const threads = opts.threads;
    if (!Number.isInteger(threads) || threads < 1) throw new Error(`network threads must be an integer ≥ 1, got ${threads}`);
    if (!existsSync(path)) throw new Error(`network file not found: ${path}`);
    if (!statSync(path).isFile()) throw new Error(`network path is not a file: ${path}`);
    const lib = await ort();
    let session: InferenceSession;
    try {
      session = await lib.InferenceSession.create(path, {
        executionProviders: ['cpu'],
        intraOpNumThreads: threads,
        interOpNumThreads: 1,
        executionMode: 'sequential',
        // idle pool threads sleep instead of spinning, so they leave the cores to the search;
        // the binding turns these objects into the config entries session.intra_op.allow_spinning …
        extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
      });
    } catch (e) {
      throw new Error(`cannot load network ${path}: ${message(e)}`, { cause: e });
    }
    try {
      const { planes, size } = checkSignature(path, session);
      if (opts.planes !== undefined && planes !== null && planes !== opts.planes) {
        throw new Error(`network ${path} takes ${planes} input planes, not the ${opts.planes} asked for`);
      }
      return new NetworkEvaluator(path, lib, session, planes ?? opts.planes ?? null, size);
    } catch (e) {
      await session.release();
      throw e;
    }
  }

  /**
   * Evaluates n positions of size × size whose planes lie one after the other in planes
   * (exactly n × P × size × size floats; pass a subarray of a larger buffer; one over a
   * SharedArrayBuffer is copied first, any other is read in place). The arrays
   * returned are onnxruntime's own output buffers, handed over without a copy: fresh for every
   * call and never reused, so the caller may keep them.
   */
  async evaluate(planes: Float32Array, n: number, size: number): Promise<Evaluation> {
    if (!Number.isInteger(n) || n < 1) throw new Error(`network ${this.path}: batch size must be an integer ≥ 1, got ${n}`);
    if (!Number.isInteger(size) || size < 1) throw new Error(`network ${this.path}: board size must be an integer ≥ 1, got ${size}`);
    if (this.size !== null && size !== this.size) {
      throw new Error(`network ${this.path} is for ${this.size}×${this.size} boards, not ${size}×${size}`);
    }
    const points = size * size;
    const given = planes.length / (n * points);
    const p = this.planes ?? given;
    if (!Number.isInteger(p) || planes.length !== n * p * points) {
      const seen = Number.isInteger(given) ? ` (${given} planes)` : '';
      const need = this.planes === null ? 'a whole number of planes' : `${n}×${p}×${size}×${size} = ${n * p * points} floats`;
      throw new Error(
        `network ${this.path} takes ${this.planes ?? 'P'} input planes: ${n} position(s) of ${size}×${size} ` +
          `need ${need}, got ${planes.length} floats${seen}`,
      );
    }
    // the binding rejects memory shared between threads ("Invalid argument"); a copy is cheap
    // beside a run (and frees the caller's shared buffer at once)
    const data = planes.buffer instanceof SharedArrayBuffer ? planes.slice() : planes;
    let out: InferenceSession.ReturnType;
    try {
      out = await this.session.run({ planes: new this.ort.Tensor('float32', data, [n, p, size, size]) });
    } catch (e) {
      throw new Error(`network ${this.path}: ${message(e)}`, { cause: e });
    }
    const policy = out.policy;
    const value = out.value;
    if (!sameDims(policy.dims, [n, points + 1]) || policy.type !== 'float32') {
      throw new Error(`network ${this.path}: policy is ${policy.type} [${policy.dims.join(', ')}], expected float32 [${n}, ${points + 1}]`);
    }
    if (!sameDims(value.dims, [n, 1]) || value.type !== 'float32') {
      throw new Error(`network ${this.path}: value is ${value.type} [${value.dims.join(', ')}], expected float32 [${n}, 1]`);
    }
    return { policy: policy.data as Float32Array, value: value.data as Float32Array };
  }

  /** Frees the session; the evaluator cannot be used afterwards. */
  async close(): Promise<void> {
    await this.session.release();
  }
}

function sameDims(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((d, k) => d === b[k]);
}

/** Checks the names and types the evaluator relies on; returns what the model fixes of [N, P, S, S]. */
function checkSignature(path: string, session: InferenceSession): { planes: number | null; size: number | null } {
  const names = `inputs [${session.inputNames.join(', ')}], outputs [${session.outputNames.join(', ')}]`;
  if (!session.inputNames.includes('planes') || !session.outputNames.includes('policy') || !session.outputNames.includes('value')) {
    throw new Error(`network ${path} has ${names}; tengen's networks have input "planes" and outputs "policy", "value"`);
  }
  const input = session.inputMetadata.find((m) => m.name === 'planes');
  if (!input?.isTensor || input.type !== 'float32' || (input.shape.length !== 4 && input.shape.length !== 0)) {
    const shape = input?.isTensor ? `${input.type} [${input.shape.join(', ')}]` : 'not a tensor';
    throw new Error(`network ${path}: input "planes" is ${shape}, expected float32 [N, P, S, S]`);
  }
  // an empty shape means the model does not say; symbolic dimensions come as strings
  const dim = (k: number): number | null => (typeof input.shape[k] === 'number' ? (input.shape[k] as number) : null);
  const h = dim(2);
  const w = dim(3);
  if (h !== null && w !== null && h !== w) throw new Error(`network ${path}: input "planes" is ${h}×${w}, not square`);
  return { planes: dim(1), size: h ?? w };
}
