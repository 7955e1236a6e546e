// Cross-check of tengen's rules against GNU Go, an independent implementation.
//
// Seeded random games are played on both engines side by side over GTP. After
// every attempted move both are asked for `list_stones black|white` and
// `captures black|white`, which must agree (stone order aside), and both must
// agree on whether the move was accepted. The one allowed difference is ko:
// GNU Go applies simple ko, tengen positional superko (rules.md, chinese
// preset, the default). So:
//   - tengen accepts, GNU Go refuses: always a failure.
//   - GNU Go accepts, tengen refuses: allowed only when it is proven to be a
//     superko refusal: the point was empty, GNU Go (which forbids suicide)
//     kept the new stone on the board, and the arrangement GNU Go reports
//     after the move equals one that occurred earlier in this game (the
//     history being the arrangements both engines agreed on after every
//     move). GNU Go's move is then taken back with `undo`.
//   - both accept: the new arrangement must not be an earlier one, or tengen
//     broke positional superko.
// None of this uses tengen's own rules code: the proof rests on GNU Go's
// replies and the agreed history only.
//
// Reproduce one game: CROSSCHECK_GAME=<size>:<seed> npx vitest run test/gtp/crosscheck.test.ts
// Another engine in tengen's place: CROSSCHECK_ENGINE="<command line>".

import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GtpClient, type GtpReply } from '../../src/gtp/client.js';
import { Position, stoneList } from '../support/position.js';
import { Random, caseSeed } from '../support/random.js';

const MAIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const TENGEN = process.env.CROSSCHECK_ENGINE ?? `node ${MAIN} gtp --seed 1`;
const GNUGO = '/usr/games/gnugo --mode gtp';

const BASE_SEED = 20260801;
const GAMES = { 9: 150, 19: 50 } as const;
/** Games end at two consecutive passes or after this many attempted moves per point. */
const MOVE_LIMIT_PER_POINT = 2.5;
/** On 19x19 `all_legal` costs a few ms, so ask for it only every few moves. */
const ALL_LEGAL_EVERY: Record<number, number> = { 9: 1, 19: 8 };
const WORKERS = Math.max(2, Math.min(4, availableParallelism() + 1));

type ColorName = 'black' | 'white';

const other = (c: ColorName): ColorName => (c === 'black' ? 'white' : 'black');

interface Stats {
  games: number;
  attempts: number;
  accepted: number;
  bothRefused: number;
  superko: number;
  passes: number;
  maxCaptures: number;
}

class Mismatch extends Error {}

interface Pair {
  tengen: GtpClient;
  gnugo: GtpClient;
}

/** A GTP spelling of a colour: controllers send all of these (gtp-interop.md 3). */
function spell(random: Random, color: ColorName): string {
  const forms = color === 'black' ? ['black', 'b', 'B', 'Black'] : ['white', 'w', 'W', 'WHITE'];
  return random.pick(forms);
}

/** A vertex that is not on the board: a column past the edge, row 0 or a row past the edge. */
function offBoard(random: Random, size: number): string {
  const letters = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
  switch (random.int(0, 2)) {
    case 0:
      return letters[random.int(size, 24)] + String(random.int(1, size));
    case 1:
      return letters[random.int(0, size - 1)] + '0';
    default:
      return letters[random.int(0, size - 1)] + String(random.int(size + 1, 25));
  }
}

function chooseMove(random: Random, position: Position, legal: string[] | null): string {
  const r = random.next();
  if (r < 0.02) return 'pass';
  const stones = position.stones();
  if (r < 0.05 && stones.length > 0) return random.pick(stones); // occupied: illegal
  if (r < 0.07) return offBoard(random, position.size); // not a vertex of this board
  const empties = position.empties();
  if (empties.length === 0) return 'pass';
  if (r < 0.35) {
    // Captures, self-ataris and suicide attempts make ko and superko happen.
    const last = position.lastLiberties();
    if (last.length > 0) return random.pick(last);
  }
  if (r < 0.65 && legal !== null) return legal.length > 0 ? random.pick(legal) : 'pass';
  return random.pick(empties);
}

function expectOk(reply: GtpReply, engine: string, command: string): string {
  if (!reply.ok) throw new Mismatch(`${engine} refused "${command}": ? ${reply.text}`);
  return reply.text;
}

async function query(client: GtpClient, engine: string, commands: string[]): Promise<string[]> {
  const replies = await Promise.all(commands.map((c) => client.send(c)));
  return replies.map((r, i) => expectOk(r, engine, commands[i]));
}

/** Plays one seeded game on both engines; throws Mismatch on the first disagreement. */
async function playGame(pair: Pair, size: number, seed: number, stats: Stats, transcript: string[]): Promise<void> {
  const random = new Random(seed);
  const setup = ['boardsize ' + size, 'clear_board', 'komi 6.5'];
  await Promise.all([query(pair.tengen, 'tengen', setup), query(pair.gnugo, 'GNU Go', setup)]);

  let position = Position.empty(size);
  let captures = ['0', '0'];
  const history = new Set<string>([position.key]);
  let toMove: ColorName = 'black';
  let passes = 0;
  let legal: { color: ColorName; list: string[] } | null = null;
  const limit = Math.floor(MOVE_LIMIT_PER_POINT * size * size);

  for (let n = 1; n <= limit && passes < 2; n++) {
    // Now and then one colour moves twice: GTP allows it, and it breaks simple ko.
    const color = random.chance(0.03) ? other(toMove) : toMove;
    const move = chooseMove(random, position, legal?.color === color ? legal.list : null);
    const vertex = random.chance(0.2) ? move.toLowerCase() : move;
    const play = `play ${spell(random, color)} ${vertex}`;
    transcript.push(play);
    const state = ['list_stones black', 'list_stones white', 'captures black', 'captures white'];
    const legalFor = other(color);
    const askLegal = n % ALL_LEGAL_EVERY[size] === 0;
    const tengenCommands = [play, ...state, ...(askLegal ? [`all_legal ${legalFor}`] : [])];
    const [t, g] = await Promise.all([
      Promise.all(tengenCommands.map((c) => pair.tengen.send(c))),
      Promise.all([play, ...state].map((c) => pair.gnugo.send(c))),
    ]);
    const where = `move ${n}, "${play}"`;
    const tState = t.slice(1, 5).map((r, i) => expectOk(r, 'tengen', state[i]));
    const gState = g.slice(1, 5).map((r, i) => expectOk(r, 'GNU Go', state[i]));
    legal = askLegal ? { color: legalFor, list: stoneList(expectOk(t[5], 'tengen', `all_legal ${legalFor}`)) } : null;
    const tPosition = new Position(size, stoneList(tState[0]), stoneList(tState[1]));
    const gPosition = new Position(size, stoneList(gState[0]), stoneList(gState[1]));
    stats.attempts++;

    if (t[0].ok && !g[0].ok) {
      throw new Mismatch(`${where}: tengen accepted a move GNU Go refuses (? ${g[0].text})`);
    }
    if (!t[0].ok && g[0].ok) {
      // Must be a superko refusal; prove it from GNU Go's result and the history.
      if (move === 'pass') throw new Mismatch(`${where}: tengen refused a pass (? ${t[0].text})`);
      if (position.at(move) !== 0) throw new Mismatch(`${where}: GNU Go accepted a move on a non-empty point`);
      if (tPosition.key !== position.key) throw new Mismatch(`${where}: tengen refused the move but its board changed`);
      if (gPosition.at(move) !== (color === 'black' ? 1 : 2)) {
        throw new Mismatch(`${where}: GNU Go accepted it and the stone left the board (suicide?); tengen refused (? ${t[0].text})`);
      }
      if (!history.has(gPosition.key)) {
        throw new Mismatch(
          `${where}: tengen refused (? ${t[0].text}) a move GNU Go accepts whose position is new, so it is not superko\n` +
            `  position after it: ${gPosition.key}`,
        );
      }
      stats.superko++;
      // Take GNU Go's move back and check it is where tengen is.
      const [undo, ...back] = await Promise.all(['undo', ...state].map((c) => pair.gnugo.send(c)));
      expectOk(undo, 'GNU Go', 'undo');
      const backState = back.map((r, i) => expectOk(r, 'GNU Go', state[i]));
      const restored = new Position(size, stoneList(backState[0]), stoneList(backState[1]));
      if (restored.key !== position.key || backState[2] !== captures[0] || backState[3] !== captures[1]) {
        throw new Mismatch(`${where}: GNU Go's undo did not restore the position; cannot continue this game`);
      }
      continue;
    }
    // Both accepted, or both refused: everything must agree.
    if (tPosition.key !== gPosition.key) {
      throw new Mismatch(`${where} (${t[0].ok ? 'accepted' : 'refused'} by both): positions differ\n  tengen: ${tPosition.key}\n  GNU Go: ${gPosition.key}`);
    }
    if (tState[2] !== gState[2] || tState[3] !== gState[3]) {
      throw new Mismatch(`${where}: captures differ: tengen black ${tState[2]} white ${tState[3]}, GNU Go black ${gState[2]} white ${gState[3]}`);
    }
    if (!t[0].ok) {
      if (tPosition.key !== position.key) throw new Mismatch(`${where}: both refused the move but the board changed`);
      stats.bothRefused++;
      continue;
    }
    stats.accepted++;
    if (move === 'pass') {
      passes++;
      stats.passes++;
    } else {
      passes = 0;
      if (history.has(tPosition.key)) {
        throw new Mismatch(`${where}: tengen accepted a move that repeats an earlier position (positional superko)\n  position: ${tPosition.key}`);
      }
      history.add(tPosition.key);
    }
    position = tPosition;
    captures = [tState[2], tState[3]];
    stats.maxCaptures = Math.max(stats.maxCaptures, Number(captures[0]) + Number(captures[1]));
    toMove = other(color);
  }
  stats.games++;
}

function newStats(): Stats {
  return { games: 0, attempts: 0, accepted: 0, bothRefused: 0, superko: 0, passes: 0, maxCaptures: 0 };
}

/** Runs the games on a few engine pairs at once; returns one message per failed game. */
async function runGames(size: number, seeds: number[], stats: Stats): Promise<string[]> {
  const queue = [...seeds];
  const failures: string[] = [];
  const worker = async () => {
    let pair: Pair | null = null;
    try {
      while (queue.length > 0) {
        const seed = queue.shift()!;
        pair ??= { tengen: new GtpClient(TENGEN), gnugo: new GtpClient(GNUGO) };
        const transcript: string[] = [];
        try {
          await playGame(pair, size, seed, stats, transcript);
        } catch (error) {
          const message = error instanceof Mismatch ? error.message : `engine failure: ${(error as Error).message}`;
          failures.push(
            `${size}x${size} game, seed ${seed} (CROSSCHECK_GAME=${size}:${seed}): ${message}\n` +
              `  replay: boardsize ${size}; clear_board; komi 6.5; ${transcript.join('; ')}`,
          );
          // The engines may be out of step (or dead): start a fresh pair.
          const old = pair;
          pair = null;
          await Promise.all([old.tengen.close(), old.gnugo.close()]);
        }
      }
    } finally {
      if (pair) await Promise.all([pair.tengen.close(), pair.gnugo.close()]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(WORKERS, seeds.length) }, worker));
  return failures;
}

function seedsFor(size: 9 | 19): number[] {
  const only = process.env.CROSSCHECK_GAME;
  if (only) {
    const [s, seed] = only.split(':').map(Number);
    return s === size ? [seed] : [];
  }
  return Array.from({ length: GAMES[size] }, (_, i) => caseSeed(BASE_SEED + size, i));
}

function summary(size: number, stats: Stats, ms: number): string {
  return (
    `crosscheck ${size}x${size}: ${stats.games} games, ${stats.attempts} move attempts ` +
    `(${stats.accepted} accepted by both, ${stats.bothRefused} refused by both, ${stats.superko} superko refusals proven), ` +
    `${stats.passes} passes, max captures in a game ${stats.maxCaptures}, ${(ms / 1000).toFixed(1)} s`
  );
}

describe('tengen against GNU Go: random games', () => {
  it('has a built engine to test', () => {
    expect(existsSync(MAIN), 'run `npx tsc -p tsconfig.json` first').toBe(true);
    expect(existsSync('/usr/games/gnugo')).toBe(true);
  });

  for (const size of [9, 19] as const) {
    it(
      `agrees on ${size}x${size} (${GAMES[size]} games)`,
      async () => {
        const seeds = seedsFor(size);
        const stats = newStats();
        const start = Date.now();
        const failures = await runGames(size, seeds, stats);
        console.log(summary(size, stats, Date.now() - start));
        for (const failure of failures) console.error(failure);
        expect(failures.map((f) => f.split('\n')[0]), `${failures.length} game(s) disagree; see the log for replays`).toEqual([]);
        expect(stats.games).toBe(seeds.length);
        // The games must reach the cases they are for (when run in full).
        if (!process.env.CROSSCHECK_GAME) {
          expect(stats.bothRefused).toBeGreaterThan(0);
          expect(stats.maxCaptures).toBeGreaterThan(0);
        }
      },
      150_000,
    );
  }
});
