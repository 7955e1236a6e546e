// `tengen review`. Two halves:
// - reviewGame with a scripted Player, whose numbers are known, checks the
//   bookkeeping exactly (which moves are mistakes, the comments' numbers, the
//   variations, that the original tree survives);
// - the built command (`node dist/cli/main.js review`) with the real search
//   on small games and few playouts checks the whole program: output file,
//   progress, exit codes, nothing written on failure.
// The second half uses dist/: build first (`npm test` does).

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sgf from '@sabaki/sgf';
import { describe, expect, it } from 'vitest';
import { progressBar, reviewGame } from '../../src/cli/review.js';
import type { SearchInfo, MoveRequest, Player } from '../../src/engine/player.js';
import type { Session } from '../../src/engine/session.js';
import { Game } from '../../src/game/game.js';
import { BLACK, PASS, WHITE, opponent, type Color } from '../../src/game/vertex.js';
import { tempDirs } from '../support/temp-dir.js';

const MAIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`./review-fixtures/${name}`, import.meta.url));

const temporaryDir = tempDirs('tengen-review-');

function parse(path: string): sgf.Node[] {
  return sgf.parse(readFileSync(path, 'utf8'));
}

/** The nodes of the main line after the root. */
function mainLineNodes(root: sgf.Node): sgf.Node[] {
  const nodes: sgf.Node[] = [];
  for (let node = root.children[0]; node; node = node.children[0]) nodes.push(node);
  return nodes;
}

/** The main line as [letter, value] pairs. */
function mainLine(root: sgf.Node): [string, string][] {
  return mainLineNodes(root).map((node) => {
    const letter = 'B' in node.data ? 'B' : 'W';
    return [letter, node.data[letter][0]];
  });
}

function point(value: string, size: number): number {
  if (value === '') return PASS;
  const [x, y] = sgf.parseVertex(value);
  return (size - 1 - y) * size + x;
}

/** Branches whose first node tengen wrote, with the main-line node they are an alternative to. */
function addedVariations(root: sgf.Node): { parent: sgf.Node; mainChild: sgf.Node; branch: sgf.Node[] }[] {
  const found = [];
  for (let parent: sgf.Node | undefined = root; parent && parent.children[0]; parent = parent.children[0]) {
    for (const child of parent.children.slice(1)) {
      if (!child.data.C?.[0].startsWith('tengen:')) continue;
      const branch = [child];
      while (branch[branch.length - 1].children[0]) branch.push(branch[branch.length - 1].children[0]);
      found.push({ parent, mainChild: parent.children[0], branch });
    }
  }
  return found;
}

/** Replays the main line of a 9×9/13×13/19×19 fixture without setup stones up to `parent`, then the branch; false at the first illegal move. */
function branchIsLegal(root: sgf.Node, parent: sgf.Node, branch: sgf.Node[], size: number): boolean {
  const game = new Game(size);
  const ab = root.data.AB ?? [];
  if (ab.length > 0) game.setup(ab.map((v) => point(v, size)), BLACK, WHITE);
  for (let node: sgf.Node = root; ; node = node.children[0]) {
    if (node !== root) {
      const letter = 'B' in node.data ? 'B' : 'W';
      if (game.play(letter === 'B' ? BLACK : WHITE, point(node.data[letter][0], size)) !== null) return false;
    }
    if (node === parent) break;
  }
  let expected: string | null = null;
  for (const node of branch) {
    const letter = 'B' in node.data ? 'B' : 'W';
    if (expected !== null && letter !== expected) return false;
    expected = letter === 'B' ? 'W' : 'B';
    if (game.play(letter === 'B' ? BLACK : WHITE, point(node.data[letter][0], size)) !== null) return false;
  }
  return true;
}

/**
 * A Player with known answers: in every position the best move is the first
 * empty point that is legal for the mover (win rate 0.7 for the mover), the
 * position itself is worth 0.4 and a lead of 1 point to the side to move. So
 * after a move the mover has 0.6, and every move except that point loses 0.1.
 */
class ScriptedPlayer implements Player {
  analyses = 0;
  async genmove(): Promise<never> {
    throw new Error('not used');
  }
  async analyze(session: Session, request: MoveRequest): Promise<SearchInfo> {
    this.analyses++;
    const game = session.game;
    const first = (color: Color) => {
      for (let p = 0; p < game.size * game.size; p++) if (game.check(color, p) === null) return p;
      return PASS;
    };
    const best = first(request.color);
    game.play(request.color, best);
    const reply = first(opponent(request.color));
    game.undo();
    return {
      playouts: 7,
      winrate: 0.4,
      scoreLead: 1,
      candidates: [{ move: best, visits: 5, winrate: 0.7, prior: 0.5, lcb: 0.55, scoreLead: 2, pv: [best, reply], pvVisits: [5, 1] }],
      ownership: new Float32Array(game.size * game.size),
    };
  }
  async deadStones() {
    return { dead: [], seki: [], settled: { black: [], white: [] } };
  }
  async close() {}
}

describe('reviewGame with a scripted player', () => {
  it('comments every move, adds the best line where a move loses, and keeps the original tree', async () => {
    const player = new ScriptedPlayer();
    const progress: string[] = [];
    const result = await reviewGame(fixture('game9.sgf'), player, {
      playouts: 7,
      threshold: 0.05,
      onProgress: (done, total) => progress.push(`${done}/${total}`),
    });
    // 21 moves: 22 positions, each analysed once.
    expect(player.analyses).toBe(22);
    expect(result.positions).toHaveLength(22);
    expect(progress[0]).toBe('1/22');
    expect(progress.at(-1)).toBe('22/22');

    const [root] = sgf.parse(result.text);
    const [original] = parse(fixture('game9.sgf'));
    expect(mainLine(root)).toEqual(mainLine(original));
    for (const key of ['SZ', 'KM', 'RU', 'PB', 'PW', 'GN']) expect(root.data[key]).toEqual(original.data[key]);
    expect(root.data.FF).toEqual(['4']);

    // After every move the side to move has 0.4 and leads by 1.
    const nodes = mainLineNodes(root);
    expect(nodes).toHaveLength(21);
    nodes.forEach((node, i) => {
      const evaluation = i % 2 === 0 ? 'Black 60.0%, W+1.0' : 'Black 40.0%, B+1.0';
      expect(node.data.C?.[0]).toContain(`tengen: ${evaluation} (7 playouts)`);
    });
    // Existing comments stay first.
    expect(nodes[0].data.C![0]).toMatch(/^The centre\.\n\ntengen: /);
    expect(nodes[20].data.C![0]).toMatch(/^Black ends here\.\n\ntengen: /);

    // Move 13 (B A1) is the scripted best move; every other move loses 10 %.
    expect(result.mistakes.map((m) => m.moveNumber)).toEqual([...Array(21).keys()].map((i) => i + 1).filter((n) => n !== 13));
    for (const m of result.mistakes) expect(m.loss).toBeCloseTo(0.1, 9);
    expect(nodes[12].data.C![0]).not.toContain('mistake');
    expect(nodes[11].data.C![0]).toContain('tengen: mistake, White lost 10.0%; best was A1 (see the variation)');

    const variations = addedVariations(root);
    expect(variations).toHaveLength(20);
    for (const { parent, mainChild, branch } of variations) {
      const letter = 'B' in mainChild.data ? 'B' : 'W';
      expect(letter in branch[0].data).toBe(true);
      expect(branch[0].data[letter][0]).not.toBe(mainChild.data[letter][0]);
      expect(branch).toHaveLength(2);
      expect(branch[0].data.C![0]).toMatch(/^tengen: best move for (Black|White) instead of \S+: (Black|White) 70\.0% against 60\.0% after the move played \(10\.0% lost\)\nLine: \S+ \S+$/);
      expect(branchIsLegal(root, parent, branch, 9)).toBe(true);
    }
    // The first move's better line: A1 (first empty point), then White's first empty point B1.
    expect(variations[0].branch.map((n) => n.data)).toMatchObject([{ B: ['ai'] }, { W: ['bi'] }]);

    // The original variation after move 7 is still the second child, untouched, before tengen's branch.
    const atMove7 = nodes[6];
    expect(atMove7.children[1].data).toEqual({ W: ['eg'], C: ['Another idea (original variation).'] });
    expect(atMove7.children[1].children[0].data).toEqual({ B: ['dg'] });
    expect(atMove7.children[2].data.C![0]).toMatch(/^tengen:/);

    const summary = root.data.C![0];
    expect(summary).toMatch(/^A short 9x9 game.*\n\ntengen review: 22 positions, 7 playouts per position/);
    expect(summary).toMatch(/Black's largest mistakes:\n( {2}move \d+: \S+, best \S+, lost 10\.0%\n){3}White's largest mistakes:\n( {2}move \d+: \S+, best \S+, lost 10\.0%\n?){3}$/);
    expect(summary).toContain('  move 1: E5, best A1, lost 10.0%');
    expect(summary).toContain('  move 2: G7, best A1, lost 10.0%');
  });

  it('adds no variation when no move loses more than the threshold', async () => {
    const result = await reviewGame(fixture('game9.sgf'), new ScriptedPlayer(), { playouts: 7, threshold: 0.2 });
    const [root] = sgf.parse(result.text);
    expect(result.mistakes).toEqual([]);
    expect(addedVariations(root)).toEqual([]);
    expect(root.data.C![0]).toContain("Black's largest mistakes: none\nWhite's largest mistakes: none");
  });

  it('reviews a handicap game: White moves first, setup stones kept', async () => {
    const result = await reviewGame(fixture('handicap13.sgf'), new ScriptedPlayer(), { playouts: 7, threshold: 0.05 });
    const [root] = sgf.parse(result.text);
    expect(root.data.AB).toEqual(['jd', 'dj']);
    expect(root.data.HA).toEqual(['2']);
    expect(result.positions.map((p) => p.color)).toEqual([WHITE, BLACK, WHITE, BLACK, WHITE, BLACK, WHITE]);
    const variations = addedVariations(root);
    expect(variations.length).toBeGreaterThan(0);
    for (const { parent, branch } of variations) expect(branchIsLegal(root, parent, branch, 13)).toBe(true);
    expect(variations[0].branch[0].data).toMatchObject({ W: ['am'] });
  });

  it('refuses broken and non-Go files with a clear message', async () => {
    const player = new ScriptedPlayer();
    const review = (name: string) => reviewGame(fixture(name), player, { threshold: 0.05 });
    await expect(review('broken.sgf')).rejects.toThrow(/not an SGF file/);
    await expect(review('notes.txt')).rejects.toThrow(/not an SGF file \(no game tree found\)/);
    await expect(review('chess.sgf')).rejects.toThrow(/not a game of Go/);
    await expect(review('illegal.sgf')).rejects.toThrow(/move 2 is illegal/);
    await expect(review('missing.sgf')).rejects.toThrow(/cannot read .*missing\.sgf: ENOENT/);
    expect(player.analyses).toBe(0);
  });

  it('draws the progress bar', () => {
    expect(progressBar(12, 80, 10)).toBe('\r[##........] 12/80');
    expect(progressBar(80, 80, 10)).toBe('\r[##########] 80/80');
  });
});

/** Runs the built `tengen review`. */
function review(args: string[]) {
  const run = spawnSync(process.execPath, [MAIN, 'review', ...args], { encoding: 'utf8', timeout: 110_000 });
  return { out: run.stdout, err: run.stderr, status: run.status };
}

describe('tengen review (the real search)', () => {
  it('reviews a 9×9 game: comments, summary, and a legal variation where --threshold 0 forces one', () => {
    const output = join(temporaryDir(), 'reviewed.sgf');
    const { out, err, status } = review([fixture('game9.sgf'), '-o', output, '--playouts', '100', '--threshold', '0', '--threads', '1', '--seed', '1']);
    expect(err).not.toMatch(/tengen review:/);
    expect(status).toBe(0);
    expect(err).toContain('] 22/22');
    expect(err).toMatch(/^\r\[[#.]+\] 1\/22/);
    expect(out.trim().split('\n')).toHaveLength(1);
    expect(out).toMatch(/^22 positions reviewed; mistakes over 0\.0%: Black \d+, White \d+; written to /);

    const [root] = parse(output);
    const [original] = parse(fixture('game9.sgf'));
    expect(mainLine(root)).toEqual(mainLine(original));
    for (const node of mainLineNodes(root)) {
      const match = /tengen: Black (\d+\.\d)%, [BW]\+\d+\.\d \((\d+) playouts\)/.exec(node.data.C?.[0] ?? '');
      expect(match, JSON.stringify(node.data)).not.toBeNull();
      expect(Number(match![1])).toBeGreaterThanOrEqual(0);
      expect(Number(match![1])).toBeLessThanOrEqual(100);
      expect(Number(match![2])).toBeGreaterThanOrEqual(100);
    }
    expect(root.data.C![0]).toMatch(/tengen review: 22 positions, 100 playouts per position/);
    // the first position is searched like the others (not cut short by the pool's start)
    const start = /Start: Black \d+\.\d%, (?:[BW]\+\d+\.\d|0) \((\d+) playouts\)/.exec(root.data.C![0]);
    expect(start, root.data.C![0]).not.toBeNull();
    expect(Number(start![1])).toBeGreaterThanOrEqual(100);
    expect(root.data.C![0]).toMatch(/Black's largest mistakes:/);
    expect(root.data.C![0]).toMatch(/White's largest mistakes:/);

    // A random-ish 9×9 game with a pass: at threshold 0 some move is not the best one.
    const variations = addedVariations(root);
    expect(variations.length).toBeGreaterThan(0);
    for (const { parent, mainChild, branch } of variations) {
      const letter = 'B' in mainChild.data ? 'B' : 'W';
      expect(branch[0].data[letter]?.[0]).not.toBe(mainChild.data[letter][0]);
      expect(branchIsLegal(root, parent, branch, 9)).toBe(true);
    }
  });

  it('adds no variation with --threshold 1', () => {
    const output = join(temporaryDir(), 'reviewed.sgf');
    const { status } = review([fixture('game9.sgf'), '-o', output, '--playouts', '50', '--threshold', '1', '--threads', '1']);
    expect(status).toBe(0);
    const [root] = parse(output);
    expect(addedVariations(root)).toEqual([]);
    expect(root.data.C![0]).toContain("Black's largest mistakes: none\nWhite's largest mistakes: none");
  });

  it.each([
    ['handicap13.sgf', 13],
    ['game19.sgf', 19],
  ])('reviews %s (size %i)', (name, size) => {
    const output = join(temporaryDir(), 'reviewed.sgf');
    const { status, err } = review([fixture(name), '-o', output, '--playouts', '30', '--threshold', '0', '--threads', '1']);
    expect(err).not.toMatch(/tengen review:/);
    expect(status).toBe(0);
    const [root] = parse(output);
    const [original] = parse(fixture(name));
    expect(root.data.SZ).toEqual([String(size)]);
    expect(root.data.AB).toEqual(original.data.AB);
    expect(mainLine(root)).toEqual(mainLine(original));
    for (const node of mainLineNodes(root)) expect(node.data.C?.[0]).toMatch(/tengen: Black \d+\.\d%/);
    for (const { parent, branch } of addedVariations(root)) expect(branchIsLegal(root, parent, branch, size)).toBe(true);
  });

  it('rates 19×19 positions with the --network it is given: a file that is no network fails the review, naming it', () => {
    const dir = temporaryDir();
    const network = join(dir, 'garbage.onnx');
    writeFileSync(network, 'not a network');
    const output = join(dir, 'reviewed.sgf');
    const { status, err } = review([fixture('game19.sgf'), '-o', output, '--playouts', '10', '--threads', '1', '--network', network]);
    expect(status).toBe(1);
    expect(err).toContain('garbage.onnx');
    expect(existsSync(output)).toBe(false);
  });

  it('refuses an output folder that does not exist before it analyses anything', () => {
    const output = join(temporaryDir(), 'no-such-folder', 'reviewed.sgf');
    const { err, status } = review([fixture('game9.sgf'), '-o', output, '--playouts', '10', '--threads', '1']);
    expect(status).toBe(1);
    expect(err).toContain(`tengen review: cannot write ${output}: ENOENT`);
    expect(err).not.toContain('1/22');
  });

  it.each([
    ['broken.sgf', /not an SGF file/],
    ['notes.txt', /not an SGF file/],
    ['chess.sgf', /not a game of Go/],
    ['illegal.sgf', /move 2 is illegal/],
    ['missing.sgf', /cannot read/],
  ])('refuses %s: exit code 1, a message, no output file', (name, message) => {
    const output = join(temporaryDir(), 'reviewed.sgf');
    const { out, err, status } = review([fixture(name), '-o', output, '--playouts', '10']);
    expect(status).toBe(1);
    expect(err).toMatch(/tengen review: /);
    expect(err).toMatch(message);
    expect(out).toBe('');
    expect(existsSync(output)).toBe(false);
  });

  it('leaves an existing output file alone when the review fails', () => {
    const output = join(temporaryDir(), 'reviewed.sgf');
    writeFileSync(output, 'before');
    expect(review([fixture('broken.sgf'), '-o', output]).status).toBe(1);
    expect(readFileSync(output, 'utf8')).toBe('before');
  });
});
