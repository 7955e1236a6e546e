// The learner: Coulom's log-linear (Bradley-Terry) model, P(m) ∝ exp(Σ w over m's team),
// fitted by stochastic gradient ascent on the log-likelihood of the played moves (softmax
// logistic regression) with per-feature AdaGrad steps. Chosen over Coulom's MM because MM
// keeps every candidate team of every position in memory for each iteration (Pachi: 600-800
// MB for 500 games) while SGD streams: memory stays flat and every extra game is used, which is
// what 2 shared cores and one session allow. Same records, same seed, same file.
//
// Two passes over the records: harvest the large shapes around played moves (those seen at
// least `cutoff` times become features), then the gradient passes.

import { PlayoutBoard } from '../game/playout-board.js';
import { Rng } from '../game/rng.js';
import { Tally } from './accuracy.js';
import { Candidates, FeatureExtractor, FIXED_NAMES, SHAPES } from './features.js';
import { softmax, teamScores } from './model.js';
import { replay, type Record } from './records.js';
import { canonicalKeys, MAX_RADIUS, MIN_RADIUS, orient, ShapeDict, ShapeReader } from './shapes.js';
import { FORMAT, VERSION, type Weights } from './weights.js';

export interface TrainOptions {
  seed: number;
  /** records harvested for shapes (the first ones of the shuffled order) */
  harvestGames: number;
  /** a shape becomes a feature when seen this often around played moves */
  cutoff: number;
  epochs: number;
  /** AdaGrad step size */
  rate: number;
  /** positions of one game trained on: every k-th (1 = all), so that more games fit the time */
  stride: number;
  log: (line: string) => void;
}

/** The records in a seeded order (Fisher-Yates with the project's xorshift). */
export function shuffled<T>(items: T[], seed: number): T[] {
  const out = items.slice();
  const rng = new Rng(seed);
  for (let k = out.length - 1; k > 0; k--) {
    const j = rng.below(k + 1);
    [out[k], out[j]] = [out[j], out[k]];
  }
  return out;
}

/** Shapes around the played moves of records, kept when seen at least cutoff times. */
export function harvestShapes(records: Record[], cutoff: number, log: (line: string) => void): ShapeDict {
  const counts = new Map<number, number>();
  const kept: { radius: number; values: Uint8Array }[] = [];
  const keys = new Float64Array(MAX_RADIUS + 1);
  const syms = new Int32Array(MAX_RADIUS + 1);
  const readers = new Map<number, ShapeReader>();
  const boards = new Map<number, PlayoutBoard>();
  for (const r of records) {
    let reader = readers.get(r.size);
    let board = boards.get(r.size);
    if (!reader || !board) {
      reader = new ShapeReader(r.size);
      board = new PlayoutBoard(r.size);
      readers.set(r.size, reader);
      boards.set(r.size, board);
    }
    const rd = reader;
    replay(r, board, (b, move) => {
      const p = b.pointOf[move];
      if (p < 0) return;
      rd.read(b, p, b.toMove);
      canonicalKeys(rd.values, keys, syms);
      for (let d = MIN_RADIUS; d <= MAX_RADIUS; d++) {
        const n = (counts.get(keys[d]) ?? 0) + 1;
        counts.set(keys[d], n);
        if (n === cutoff) kept.push({ radius: d, values: orient(rd.values, d, syms[d]) });
      }
    });
  }
  // smaller radii first, so the dictionary reads in the order matching tries them
  kept.sort((a, b) => a.radius - b.radius);
  const dict = new ShapeDict(kept.length);
  for (const s of kept) dict.add(s.radius, s.values);
  const per = Array.from({ length: MAX_RADIUS - MIN_RADIUS + 1 }, (_, k) => kept.filter((s) => s.radius === k + MIN_RADIUS).length);
  log(`shapes: ${counts.size} distinct around ${records.length} games' moves, ${kept.length} seen ≥ ${cutoff} times (radius ${MIN_RADIUS}..${MAX_RADIUS}: ${per.join(' ')})`);
  return dict;
}

/** Fits weights to the records (in the given order; shuffle first). */
export function train(records: Record[], dict: ShapeDict, o: TrainOptions): { w: Float32Array; positions: number } {
  const nw = SHAPES + dict.size;
  const w = new Float32Array(nw);
  const g2 = new Float32Array(nw); // AdaGrad: sum of squared gradients per feature
  const grad = new Float64Array(nw);
  const touched = new Int32Array(nw);
  const isTouched = new Uint8Array(nw);
  const ctx = new Map<number, { b: PlayoutBoard; x: FeatureExtractor; c: Candidates; s: Float64Array }>();
  let positions = 0;
  for (let epoch = 1; epoch <= o.epochs; epoch++) {
    const order = epoch === 1 ? records : shuffled(records, o.seed + epoch);
    const tally = new Tally();
    const started = performance.now();
    let report = started + 30_000;
    for (const r of order) {
      let cx = ctx.get(r.size);
      if (!cx) {
        cx = { b: new PlayoutBoard(r.size), x: new FeatureExtractor(r.size, dict), c: new Candidates(r.size * r.size), s: new Float64Array(r.size * r.size + 1) };
        ctx.set(r.size, cx);
      }
      const { b, x, c, s } = cx;
      let ply = 0;
      replay(r, b, (board, move) => {
        if (ply++ % o.stride !== 0) return;
        x.extract(board, c);
        const played = c.indexOf(move);
        if (played < 0) return false;
        teamScores(w, c, s);
        softmax(s, c.count);
        tally.add(s, c.count, played); // measured before the step: an honest running figure
        // gradient of log P(played): +1 for the played team's features, -P(m) for every team's
        let nt = 0;
        const { start, feats } = c;
        for (let k = 0; k < c.count; k++) {
          const pk = k === played ? s[k] - 1 : s[k];
          for (let j = start[k]; j < start[k + 1]; j++) {
            const f = feats[j];
            if (!isTouched[f]) {
              isTouched[f] = 1;
              touched[nt++] = f;
              grad[f] = 0;
            }
            grad[f] -= pk;
          }
        }
        for (let t = 0; t < nt; t++) {
          const f = touched[t];
          const g = grad[f];
          isTouched[f] = 0;
          if (g === 0) continue;
          g2[f] += g * g;
          w[f] += (o.rate * g) / Math.sqrt(g2[f]);
        }
        positions++;
      });
      tally.games++;
      const now = performance.now();
      if (now >= report) {
        const a = tally.result();
        const rate = a.positions / ((now - started) / 1000);
        o.log(`epoch ${epoch}: games ${tally.games}/${order.length}, positions ${a.positions}, running top-1 ${a.top1.toFixed(1)}%, log-likelihood ${a.logLikelihood.toFixed(3)}, ${rate.toFixed(0)} positions/s`);
        report = now + 30_000;
      }
    }
    const a = tally.result();
    o.log(`epoch ${epoch} done: positions ${a.positions}, running top-1 ${a.top1.toFixed(1)}%, top-5 ${a.top5.toFixed(1)}%, log-likelihood ${a.logLikelihood.toFixed(3)}`);
  }
  return { w, positions };
}

/** A complete model from training records: harvest, fit, and a header naming all of it. */
export function trainModel(records: Record[], o: TrainOptions, header: { data: string; command: string }): Weights {
  const order = shuffled(records, o.seed);
  const dict = harvestShapes(order.slice(0, o.harvestGames), o.cutoff, o.log);
  const { w, positions } = train(order, dict, o);
  return {
    header: {
      format: FORMAT,
      version: VERSION,
      data: header.data,
      command: header.command,
      seed: o.seed,
      learner: `softmax (Bradley-Terry) by AdaGrad SGD, rate ${o.rate}, ${o.epochs} epoch(s), every ${o.stride === 1 ? '' : `${o.stride}th `}position; shapes seen ≥ ${o.cutoff} times in ${Math.min(o.harvestGames, records.length)} games`,
      trainPositions: positions,
      heldOut: null,
      fixed: FIXED_NAMES,
    },
    dict,
    w,
  };
}
