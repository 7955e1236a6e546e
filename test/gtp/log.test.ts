// The engine log and --override-version, on the real engine: the log goes to stderr after each
// genmove with the documented fields and a summary when the game ends, stdout stays pure
// protocol (read strictly), --quiet silences the log, --log-json makes it JSON, --chat keeps its
// own lines.

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RawGtpEngine } from '../support/raw-gtp.js';

const MAIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** Runs the commands through tengen gtp with these options; returns the replies and stderr. */
async function session(options: string[], commands: string[]) {
  const engine = new RawGtpEngine(process.execPath, [MAIN, 'gtp', '--threads', '1', '--playouts', '300', ...options]);
  engine.write(commands.map((c) => c + '\n').join(''));
  await engine.until(() => engine.replies.length === commands.length, 60_000, 'all replies');
  await engine.close();
  expect(engine.parser.errors).toEqual([]);
  expect(engine.parser.pending).toBe('');
  return { replies: engine.replies, stderr: engine.stderr, exit: engine.exit };
}

const GAME = ['boardsize 9', 'genmove b', 'play w pass', 'play b pass', 'final_score', 'quit'];

// `B E5: 300 playouts, 0.41 s, 731 playouts/s, win rate 52.3% for B, score B+3.5`
const MOVE_LINE = /^B ([A-HJ][1-9]|pass): (\d+) playouts, (\d+\.\d\d) s, (\d+) playouts\/s, win rate (\d+\.\d)% for B, score (B\+|W\+)?\d+(\.\d)?$/m;
// `  best line E5 D4 …; next C3 12 visits 48.0%, G7 10 visits 47.5%`
const BEST_LINE = /^ {2}best line ((?:[A-HJ][1-9]|pass)(?: (?:[A-HJ][1-9]|pass))*)(?:; next (?:[A-HJ][1-9]|pass) \d+ visits \d+\.\d%(?:, (?:[A-HJ][1-9]|pass) \d+ visits \d+\.\d%)?)?$/m;

describe('engine log', () => {
  it('follows each genmove on stderr with playouts, time, rate, win rate, score and the best line; a summary ends the game', async () => {
    const { replies, stderr } = await session([], GAME);
    expect(replies.every((r) => r.ok)).toBe(true);
    const move = replies[1].text;
    const line = MOVE_LINE.exec(stderr);
    expect(line, stderr).not.toBeNull();
    expect(line![1]).toBe(move);
    expect(Number(line![2])).toBe(300);
    // playouts/s is playouts over seconds, both printed rounded (to 0.01 s and to 1 playout/s)
    const [seconds, rate] = [Number(line![3]), Number(line![4])];
    expect(Math.abs(rate * seconds - 300)).toBeLessThanOrEqual(rate * 0.005 + seconds * 0.5 + 0.01);
    const best = BEST_LINE.exec(stderr);
    expect(best, stderr).not.toBeNull();
    expect(best![1].split(' ')[0]).toBe(move);
    // the summary: once, after final_score, with the score the controller was given
    const summaries = stderr.split('\n').filter((l) => l.startsWith('game over'));
    expect(summaries).toEqual([expect.stringMatching(new RegExp(`^game over after 3 moves \\(two passes\\), final score ${replies[4].text.replace('+', '\\+')}; tengen as B: 1 move, \\d+\\.\\d s, 300 playouts`))]);
    // nothing gtp2ogs would post as chat
    expect(stderr).not.toMatch(/DISCUSSION|MALKOVICH|MAIN:/);
    // nothing Lizzie, which reads stderr merged into stdout, would take for a reply or analysis
    for (const l of stderr.trimEnd().split('\n')) expect(l).not.toMatch(/^(=|\?|info|play|Tuning|komi=|opp_komi=)| -> |^$/);
  });

  it('--verbose adds the top moves and the time plan; --quiet writes nothing', async () => {
    const verbose = await session(['--verbose'], ['boardsize 9', 'genmove b', 'quit']);
    expect(verbose.stderr).toMatch(MOVE_LINE);
    expect(verbose.stderr).toMatch(/^ {2}move +visits +win +prior +lcb +score +line$/m);
    const rows = verbose.stderr.split('\n').filter((l) => /^ {2}([A-HJ][1-9]|pass) +\d+ +\d+\.\d%/.test(l));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.map((r) => Number(r.trim().split(/ +/)[1])).reduce((a, b) => a + b)).toBeLessThanOrEqual(300);
    expect(verbose.stderr).toMatch(/^ {2}time: fixed by options: 300 playouts$/m);

    const quiet = await session(['--quiet'], GAME);
    expect(quiet.replies.every((r) => r.ok)).toBe(true);
    expect(quiet.stderr).toBe('');
  });

  it('is written after a game that ends without final_score, once, when the controller leaves it', async () => {
    const { stderr } = await session([], ['boardsize 9', 'play b E5', 'genmove w', 'play b pass', 'play w pass', 'clear_board', 'play b pass', 'play w pass', 'undo', 'quit']);
    const summaries = stderr.split('\n').filter((l) => l.startsWith('game over'));
    // the second game was reopened by undo and never ended
    expect(summaries).toEqual([expect.stringMatching(/^game over after 4 moves \(two passes\); tengen as W: 1 move/)]);
  });

  it('--log-json writes one JSON object a line on stderr and nothing else, stdout pure protocol', async () => {
    const { replies, stderr } = await session(['--log-json'], GAME);
    expect(replies.every((r) => r.ok)).toBe(true);
    const lines = stderr.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines).toEqual([
      {
        move: replies[1].text,
        color: 'B',
        playouts: 300,
        seconds: expect.any(Number),
        winrate: expect.any(Number),
        scoreLead: expect.any(Number),
        pv: expect.arrayContaining([replies[1].text]),
        candidates: expect.any(Array),
      },
      { gameOver: 'two passes', moves: 3, finalScore: replies[4].text, sides: [{ color: 'B', moves: 1, seconds: expect.any(Number), playouts: 300 }] },
    ]);
    expect(lines[0].pv[0]).toBe(replies[1].text);
    expect(lines[0].candidates[0]).toEqual({ move: replies[1].text, visits: expect.any(Number), winrate: expect.any(Number), prior: expect.any(Number), lcb: expect.any(Number), scoreLead: expect.any(Number) });
  });

  it('keeps --chat lines in gtp2ogs form beside the log', async () => {
    const { stderr } = await session(['--chat'], ['boardsize 9', 'genmove b', 'quit']);
    expect(stderr).toMatch(/^MALKOVICH: 300 playouts, win rate \d+\.\d% for B, score (?:[BW]\+\d+\.\d|0), pv [A-HJ][1-9]/m);
    expect(stderr).toMatch(MOVE_LINE);
  });

  it('says when a loaded record names rules tengen has no preset for, and which rules it keeps', async () => {
    const sgf = (name: string) => fileURLToPath(new URL(`../../gtp-fixtures/sgf/${name}`, import.meta.url));
    const { replies, stderr } = await session(['--rules', 'japanese'], [`loadsgf ${sgf('rules-ing.sgf')}`, 'kata-get-rules', `loadsgf ${sgf('japanese.sgf')}`, 'quit']);
    expect(replies.slice(0, 3).map((r) => [r.ok, r.text])).toEqual([[true, 'black'], [true, 'japanese'], [true, 'black']]);
    expect(stderr.split('\n').filter((l) => l.startsWith('loadsgf'))).toEqual(['loadsgf: RU[Ing] is not a rules preset (chinese, japanese, korean, aga, new_zealand, tromp-taylor); playing by japanese rules']);
  });
});

describe('--override-version', () => {
  it('is what version answers; name and gogui-title keep the real version', async () => {
    const { replies } = await session(['--quiet', '--override-version', '0.17'], ['name', 'version', 'gogui-title']);
    expect(replies.map((r) => r.text).slice(0, 2)).toEqual(['tengen', '0.17']);
    expect(replies[2].text).toMatch(/^tengen \d+\.\d+\.\d+ /);
    const plain = await session(['--quiet'], ['version']);
    expect(plain.replies[0].text).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
