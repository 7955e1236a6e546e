// `tengen train`, `tengen accuracy` and `tengen export-positions`: fit the move-prediction
// weights to game records, measure them or the network (its moves, or with --value who wins),
// and write the network's training files. Progress goes to stderr; the result line to stdout.

import { basename } from 'node:path';
import { existsSync } from 'node:fs';
import { Command, Option } from 'commander';
import { formatAccuracy, measureAccuracy, type Tally } from '../knowledge/accuracy.js';
import type { Accuracy } from '../knowledge/weights.js';
import { ALL_SYMMETRIES, defaultNetworkPath, measureNetworkAccuracy, Network } from '../network/network.js';
import { defaultWeightsPath } from '../knowledge/model.js';
import { readRecords, readTygemIndex, type Record } from '../knowledge/records.js';
import { exportPositions, type PositionWriter } from '../network/positions.js';
import { trainModel } from '../knowledge/train.js';
import { checkValue, formatForesight } from '../engine/value-check.js';
import { Searcher } from '../search/searcher.js';
import { DEFAULT_MAX_TREE_MB } from '../search/types.js';
import { loadWeights, saveWeights } from '../knowledge/weights.js';
import { integer, real, reportingFailure } from './options.js';

/** The first `perFile` games of each file (all when 0), in file order. */
function gather(files: string[], perFile: number): Record[] {
  const out: Record[] = [];
  for (const f of files) {
    let rs: Record[];
    try {
      rs = readRecords(f, perFile > 0 ? perFile : Infinity);
    } catch (error) {
      throw new Error(`${f}: ${(error as Error).message}`);
    }
    out.push(...rs);
  }
  return out;
}

function describe(files: string[], perFile: number, prefix: string): string {
  const names = files.map((f) => basename(f).replace(/\.(zip|txt|sgf)$/i, ''));
  const shown = names.length > 6 ? `${names[0]} … ${names[names.length - 1]} (${names.length} files)` : names.join(', ');
  return `${prefix}${shown}; ${perFile > 0 ? `the first ${perFile} games of each` : 'every game'}`;
}

interface TrainOptions {
  out: string;
  gamesPerFile: number;
  seed: number;
  harvest: number;
  cutoff: number;
  epochs: number;
  rate: number;
  stride: number;
  holdout?: string[];
  holdoutGames: number;
  data: string;
}

function train(files: string[], o: TrainOptions): void {
  const log = (line: string): void => console.error(line);
  const records = gather(files, o.gamesPerFile);
  log(`training records: ${records.length} games from ${files.length} file(s)`);
  const command = `tengen ${process.argv.slice(2).join(' ')}`;
  const model = trainModel(records, { seed: o.seed, harvestGames: o.harvest, cutoff: o.cutoff, epochs: o.epochs, rate: o.rate, stride: o.stride, log }, { data: describe(files, o.gamesPerFile, o.data), command });
  if (o.holdout && o.holdout.length > 0) {
    const held = gather(o.holdout, o.holdoutGames);
    const a = measureAccuracy(model, held);
    model.header.heldOut = { ...a, data: describe(o.holdout, o.holdoutGames, o.data) };
    log(`held out: ${formatAccuracy(a)}, log-likelihood ${a.logLikelihood.toFixed(3)}`);
  }
  saveWeights(o.out, model);
  log(`wrote ${o.out} (${model.dict.size} shapes)`);
}

interface AccuracyOptions {
  model?: 'network' | 'patterns';
  weights?: string;
  network?: string;
  threads: number;
  gamesPerFile: number;
  symmetries: '1' | '8';
  index: string[];
  value: boolean;
  from: number;
  every: number;
  playouts: number;
  komi: number;
}

/** The records of `files` (the first `perFile` of each), with the results an index gives. */
function gatherWithResults(files: string[], perFile: number, index: string[]): Record[] {
  const results = new Map<string, string>();
  for (const f of index) for (const [id, result] of readTygemIndex(f)) results.set(id, result);
  const records = gather(files, perFile);
  for (const r of records) if (r.result === undefined && results.has(r.id)) r.result = results.get(r.id);
  return records;
}

async function accuracy(files: string[], o: AccuracyOptions): Promise<void> {
  const records = gatherWithResults(files, o.gamesPerFile, o.index);
  if (o.value) return valueAccuracy(records, o);
  let next = 0;
  const progress = (t: Tally): void => {
    if (t.games >= next) {
      next += 100;
      console.error(`games ${t.games}/${records.length}: ${formatAccuracy(t.result())}`);
    }
  };
  const model = o.model ?? (o.weights ? 'patterns' : o.network || existsSync(defaultNetworkPath()) ? 'network' : 'patterns');
  if (model === 'network' && o.weights) throw new Error('--weights is for --model patterns');
  if (model === 'patterns' && o.network) throw new Error('--network is for --model network');
  let a: Accuracy;
  if (model === 'network') {
    const network = await Network.load(o.network ?? defaultNetworkPath(), o.threads);
    try {
      a = await measureNetworkAccuracy(network, records, o.symmetries === '8' ? ALL_SYMMETRIES : [0], progress);
    } finally {
      await network.close();
    }
  } else {
    a = measureAccuracy(loadWeights(o.weights ?? defaultWeightsPath()), records, progress);
  }
  console.log(`games ${a.games}, log-likelihood ${a.logLikelihood.toFixed(3)}`);
  console.log(formatAccuracy(a));
}

interface ExportCommandOptions {
  out: string;
  gamesPerFile: number;
  sample: number;
  seed: number;
  index: string[];
}

async function valueAccuracy(records: Record[], o: AccuracyOptions): Promise<void> {
  const network = await Network.load(o.network ?? defaultNetworkPath(), o.threads);
  const searcher = new Searcher({ threads: o.threads, level: 10, resignThreshold: 0, maxTreeMb: DEFAULT_MAX_TREE_MB, network: null, seed: 1 });
  try {
    const c = await checkValue(records, network, searcher, {
      komi: o.komi,
      from: o.from,
      every: o.every,
      playouts: o.playouts,
      progress: (c) => {
        if (c.games % 20 === 0) console.error(`games ${c.games}: positions ${c.network.positions}, network ${formatForesight(c.network)}, search ${formatForesight(c.search)}`);
      },
    });
    console.log(`games ${c.games}, positions ${c.network.positions} (from move ${o.from + 1}, every ${o.every}), winner foreseen by the network: ${formatForesight(c.network)}; by the search at ${o.playouts} playouts: ${formatForesight(c.search)}`);
  } finally {
    await searcher.close();
    await network.close();
  }
}

const indexOption = (): Option =>
  new Option('--index <file>', "a Tygem index file (TYGEM/index/KifuYYYY.zip) giving the one-game-a-line records' results; repeatable")
    .argParser((f: string, all: string[]) => [...all, f])
    .default([] as string[]);

function exportCommandAction(files: string[], o: ExportCommandOptions): void {
  const records = gatherWithResults(files, o.gamesPerFile, o.index);
  const writers = new Map<number, PositionWriter>();
  exportPositions(records, writers, { sample: o.sample, seed: o.seed });
  if (writers.size > 1) throw new Error(`the records have ${writers.size} board sizes (${[...writers.keys()].join(', ')}); export one size a file`);
  const w = [...writers.values()][0];
  if (!w || w.count === 0) throw new Error('no positions to write');
  w.write(o.out);
  const known = records.filter((r) => r.result !== undefined).length;
  console.error(`wrote ${o.out}: ${w.count} positions of ${records.length} games (${known} with a result)`);
}

export function exportPositionsCommand(): Command {
  return new Command('export-positions')
    .description("write the network's training file: each position's input planes, the move played and the game's result")
    .argument('<files...>', 'game records (SGF, or one game a line, zip or text)')
    .requiredOption('-o, --out <file>', 'training file to write (.tgnp)')
    .option('--games-per-file <n>', 'the first N games of each file (0 = all)', integer(0), 0)
    .option('--sample <r>', "share of each game's positions to keep, at random (1 = all)", real(Number.MIN_VALUE, 1), 1)
    .option('--seed <n>', 'seed of the sampling', integer(0), 1)
    .addOption(indexOption())
    .action(reportingFailure('export-positions', exportCommandAction));
}

export function trainCommand(): Command {
  return new Command('train')
    .description('fit move-prediction weights (Bradley-Terry model, SGD) to game records: SGF files or one game a line (zip or text)')
    .argument('<files...>', 'training records')
    .requiredOption('-o, --out <file>', 'weight file to write (the engine loads data/knowledge/tygem-9d.json)')
    .option('--games-per-file <n>', 'use the first N games of each file (0 = all)', integer(0), 0)
    .option('--seed <n>', 'seed of the shuffle', integer(0), 1)
    .option('--harvest <n>', 'games harvested for large shapes', integer(1), 2000)
    .option('--cutoff <n>', 'keep shapes seen at least this often around played moves', integer(1), 5)
    .option('--epochs <n>', 'passes over the records', integer(1), 1)
    .option('--rate <r>', 'AdaGrad step size (> 0)', real(Number.MIN_VALUE), 0.1)
    .option('--stride <k>', 'train on every k-th position of a game', integer(1), 1)
    .option('--holdout <files...>', 'records to measure the result on (its figures go into the header)')
    .option('--holdout-games <n>', 'held-out games per file (0 = all)', integer(0), 500)
    .option('--data <text>', 'what the records are, for the header', 'yenw/computer-go-dataset TYGEM Kifu ')
    .action(reportingFailure('train', train));
}

export function accuracyCommand(): Command {
  return new Command('accuracy')
    .description('how well the network or the move-pattern weights alone predict the moves of game records (SGF, or one game a line, zip or text)')
    .argument('<files...>', 'game records')
    .addOption(new Option('--model <model>', 'the network, or the move-pattern weights (default: the network when one ships)').choices(['network', 'patterns']))
    .option('--weights <file>', 'move-pattern weight file (implies --model patterns; default: the shipped one)')
    .option('--network <file>', 'network file, .onnx (implies --model network; default: the shipped one)')
    .option('--threads <n>', "the network's threads", integer(1), 2)
    .option('--games-per-file <n>', 'only the first N games of each file (0 = all)', integer(0), 0)
    .addOption(new Option('--symmetries <n>', "the network: the board as given (1), or the average over its 8 rotations and reflections, as the search's root (8)").choices(['1', '8']).default('1'))
    .addOption(indexOption())
    .option('--value', "instead of moves: how often the network's value head and the playout search foresee the recorded winner")
    .option('--from <n>', '--value: positions after this many moves', integer(0), 100)
    .option('--every <k>', '--value: every k-th position', integer(1), 10)
    .option('--playouts <n>', "--value: the search's playouts a position", integer(1), 1000)
    .option('--komi <k>', '--value: the games\' komi', real(-1000, 1000), 6.5)
    .action(reportingFailure('accuracy', accuracy));
}
