// tengen accuracy from the command line: which model a run measures, and the line it ends with.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const GAME = fileURLToPath(new URL('./review-fixtures/game9.sgf', import.meta.url));
const LAST_LINE = /positions \d+, top-1 \d+\.\d%, top-5 \d+\.\d%\n$/;

function accuracy(args: string[]) {
  const run = spawnSync(process.execPath, [MAIN, 'accuracy', ...args], { encoding: 'utf8', timeout: 60_000 });
  return { out: run.stdout, err: run.stderr, status: run.status };
}

describe('tengen accuracy', () => {
  it('measures the weights --weights names (and fails on one that is missing)', () => {
    const missing = accuracy(['--weights', '/no/such/weights.json', GAME]);
    expect(missing.status).not.toBe(0);
    expect(missing.err).toContain('/no/such/weights.json');
    expect(missing.out).toBe('');
  });

  it('refuses --weights with --model network, and --network with --model patterns', () => {
    expect(accuracy(['--model', 'network', '--weights', 'w.json', GAME]).err).toMatch(/--weights is for --model patterns/);
    expect(accuracy(['--model', 'patterns', '--network', 'n.onnx', GAME]).err).toMatch(/--network is for --model network/);
  });

  it.each(['patterns', 'network'])('--model %s ends with the positions and the top-1 and top-5 figures', (model) => {
    const run = accuracy(['--model', model, GAME]);
    expect(run.status, run.err).toBe(0);
    expect(run.out).toMatch(LAST_LINE);
  });
});
