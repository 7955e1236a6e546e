import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { measureAccuracy } from '../../src/knowledge/accuracy.js';
import { Candidates, FeatureExtractor } from '../../src/knowledge/features.js';
import { parseLine, readRecords, replay, type Record } from '../../src/knowledge/records.js';
import { trainModel, type TrainOptions } from '../../src/knowledge/train.js';
import { parseWeights, serializeWeights } from '../../src/knowledge/weights.js';
import { PlayoutBoard } from '../../src/game/playout-board.js';

// The learner on six 9-dan games (the first lines of Tygem 2005-11, yenw/computer-go-dataset).

const fixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const games = readRecords(fixture('tygem-2005-11-head6.txt'));

const options = (seed: number): TrainOptions => ({ seed, harvestGames: 5, cutoff: 2, epochs: 2, rate: 0.1, stride: 1, log: () => {} });
const header = { data: 'test', command: 'test' };

/** The mean log-likelihood of the played moves when every legal move (and pass) is equally likely. */
function uniformLogLikelihood(records: Record[]): number {
  const x = new FeatureExtractor(19, null);
  const c = new Candidates(361);
  const b = new PlayoutBoard(19);
  let sum = 0;
  let n = 0;
  for (const r of records) {
    replay(r, b, (board) => {
      x.extract(board, c);
      sum += Math.log(1 / c.count);
      n++;
    });
  }
  return sum / n;
}

describe('game records', () => {
  it('reads one game a line, from text and from a zip', () => {
    expect(games.length).toBe(6);
    expect(games[0].size).toBe(19);
    expect(games[0].moves.length).toBeGreaterThan(50);
    expect(games[0].moves[0].color).toBe(1);
    expect(games[0].moves[1].color).toBe(2);
    const zipped = readRecords(fixture('tygem-2005-11-head2.zip'));
    expect(zipped).toEqual(games.slice(0, 2));
  });

  it('parses points as y*size+x with the bottom row 0, and empty moves as passes', () => {
    const r = parseLine('x\t;B[pd];W[dp];B[]')!;
    // pd: x = 15, SGF row 3 from the top → y = 15
    expect(r.moves).toEqual([
      { color: 1, point: 15 * 19 + 15 },
      { color: 2, point: 3 * 19 + 3 },
      { color: 1, point: -1 },
    ]);
  });
});

describe('the learner', () => {
  const train = games.slice(0, 5);
  const held = games.slice(5);

  it('raises the likelihood of the played moves above uniform, on the games and on a held-out one', () => {
    const model = trainModel(train, options(7), header);
    const seen = measureAccuracy(model, train);
    const unseen = measureAccuracy(model, held);
    expect(seen.logLikelihood).toBeGreaterThan(uniformLogLikelihood(train) + 1);
    expect(unseen.logLikelihood).toBeGreaterThan(uniformLogLikelihood(held) + 0.5);
    expect(seen.top1).toBeGreaterThan(10); // a uniform guess gets well under 1%
    expect(model.dict.size).toBeGreaterThan(0);
  });

  it('is deterministic for a seed, and the seed matters', () => {
    const a = serializeWeights(trainModel(train, options(7), header));
    const b = serializeWeights(trainModel(train, options(7), header));
    const c = serializeWeights(trainModel(train, options(8), header));
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    // what is written reads back to the same model
    expect(serializeWeights(parseWeights(a))).toBe(a);
  });
});
