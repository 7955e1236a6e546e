// Cross-check of tengen's rules against GNU Go, an independent implementation.
//
// Seeded random games are played on both engines side by side over GTP. After
// every attempted move both are asked for `list_stones black|white` and
// `captures black|white`, which must agree (stone order aside), and both must
// agree on whether the move was accepted. The one allowed difference is ko:
// GNU Go applies simple ko, tengen positional superko (the chinese preset,
// the default). So:
//   - tengen accepts, GNU Go refuses: always a failure.
//   - GNU Go accepts, tengen refuses: allowed only when it is proven to be a
//     superko refusal: the point was empty, GNU Go (which forbids suicide)
//     kept the new stone on the board, and the arrangement GNU Go reports
//     after the move equals one that occurred earlier in this game (the
//     history being the arrangements both engines agreed on after every
//     move). GNU Go's move is then taken back with `undo`.
//   - both accept: the new arrangement must not be an earlier one, or tengen
//     broke positional superko.
//   - both refuse: the position must not have changed.
// None of this uses tengen's own rules code: the proof rests on GNU Go's
// replies and the agreed history only.
//
// Moves are random candidates (tengen's `all_legal`, empty points, occupied
// and off-board points, passes, last liberties of chains), with ko probes: a
// capture of one stone is followed by the opponent retaking at once (simple
// ko) or after a pass (superko only). They are pipelined in batches.
//
// Reproduce one game: CROSSCHECK_GAME=<size>:<seed> npx vitest run test/gtp/crosscheck.test.ts
// Another engine in tengen's place: CROSSCHECK_ENGINE="<command line>".
// Engine pairs run at once: CROSSCHECK_WORKERS (default 4).

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GtpClient, type GtpReply } from '../../src/gtp/client.js';
import { sendAll } from '../support/gtp-batch.js';
import { Position, vertexList, type Stone } from '../support/position.js';
import { Random, caseSeed } from '../support/random.js';

const MAIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const TENGEN = process.env.CROSSCHECK_ENGINE ?? `node ${MAIN} gtp --seed 1`;
const GNUGO = '/usr/games/gnugo --mode gtp';

const BASE_SEED = 20260801;
const GAMES = { 9: 150, 19: 50 } as const;
/** Games end at two consecutive passes or after this many attempted moves per point. */
const MOVE_LIMIT_PER_POINT = { 9: 2.5, 19: 2 } as const;
/** Moves sent per round trip (pipelined): syscalls, not the engines, are the cost here. */
const BATCH = { 9: 6, 19: 10 } as const;
/** `all_legal` costs tengen a few ms on 19x19, so it is asked only every few batches there. */
const ALL_LEGAL_EVERY = { 9: 1, 19: 3 } as const;
/** How often a capture of a single stone is followed by a recapture attempt (a ko probe). */
const KO_PROBE = 0.5;
const WORKERS = Number(process.env.CROSSCHECK_WORKERS ?? 4);

type Size = 9 | 19;
type ColorName = 'black' | 'white';

const other = (c: ColorName): ColorName => (c === 'black' ? 'white' : 'black');
const stoneOf = (c: ColorName): Stone => (c === 'black' ? 1 : 2);

interface Stats {
  games: number;
  attempts: number;
  accepted: number;
  bothRefused: number;
  koProbes: number;
  superko: number;
  passes: number;
  maxCaptures: number;
}

class Mismatch extends Error {}

interface Pair {
  tengen: GtpClient;
  gnugo: GtpClient;
}

/** A GTP spelling of a colour: controllers send all of these (GTP v2: the name or its initial, in any case). */
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

/** A random candidate: mostly empty points (legal or not), some passes, occupied and off-board points. */
function chooseMove(random: Random, position: Position, legal: string[] | null, planned: Set<string>): string {
  const r = random.next();
  if (r < 0.02) return 'pass';
  if (r < 0.05) {
    const stones = position.stones();
    if (stones.length > 0) return random.pick(stones); // occupied: illegal
  }
  if (r < 0.07) return offBoard(random, position.size);
  const fresh = (list: string[]) => list.filter((v) => !planned.has(v));
  const empties = fresh(position.empties());
  if (empties.length === 0) return 'pass';
  if (r < 0.35) {
    // Captures, self-ataris and suicide attempts.
    const last = fresh(position.lastLiberties());
    if (last.length > 0) return random.pick(last);
  }
  if (r < 0.65 && legal !== null) {
    const candidates = fresh(legal);
    return candidates.length > 0 ? random.pick(candidates) : 'pass';
  }
  return random.pick(empties);
}

interface Planned {
  color: ColorName;
  move: string;
  play: string;
}

/**
 * The moves of one batch, all chosen from the position before it. When a move
 * would capture a single stone, the opponent may try to retake at once
 * (simple ko: both engines must refuse) or pass and then retake (legal under
 * simple ko, a repetition under superko).
 */
function planBatch(random: Random, position: Position, toMove: ColorName, count: number, legal: { color: ColorName; list: string[] } | null, stats: Stats): { planned: Planned[]; next: ColorName } {
  const planned: Planned[] = [];
  const points = new Set<string>();
  const add = (color: ColorName, move: string) => {
    points.add(move);
    const vertex = random.chance(0.2) ? move.toLowerCase() : move;
    planned.push({ color, move, play: `play ${spell(random, color)} ${vertex}` });
  };
  let color = toMove;
  while (planned.length < count) {
    // Now and then one colour moves twice: GTP allows it, and it breaks simple ko.
    if (random.chance(0.03)) color = other(color);
    const move = chooseMove(random, position, legal?.color === color ? legal.list : null, points);
    add(color, move);
    const captured = move === 'pass' ? [] : position.singleCaptures(move, stoneOf(color));
    if (captured.length > 0 && random.chance(KO_PROBE)) {
      stats.koProbes++;
      const retake = random.pick(captured);
      if (random.chance(0.5)) add(other(color), 'pass');
      add(other(color), retake);
    } else {
      color = other(color);
    }
  }
  return { planned, next: color };
}

function expectOk(reply: GtpReply, engine: string, command: string): string {
  if (!reply.ok) throw new Mismatch(`${engine} refused "${command}": ? ${reply.text}`);
  return reply.text;
}

async function query(client: GtpClient, engine: string, commands: string[]): Promise<string[]> {
  const replies = await sendAll(client, commands);
  return replies.map((r, i) => expectOk(r, engine, commands[i]));
}

const STATE = ['list_stones black', 'list_stones white', 'captures black', 'captures white'];

/** What one engine reports after a move: its stones and both capture counts. */
interface Report {
  position: Position;
  captures: string;
}

function report(size: number, replies: GtpReply[], engine: string): Report {
  const [black, white, capturesBlack, capturesWhite] = replies.map((r, i) => expectOk(r, engine, STATE[i]));
  try {
    return { position: Position.fromLists(size, black, white), captures: `black ${capturesBlack}, white ${capturesWhite}` };
  } catch (error) {
    throw new Mismatch(`${engine}: ${(error as Error).message}`);
  }
}

/**
 * Plays one seeded game on both engines; throws Mismatch on the first
 * disagreement. Moves go in batches (one write and one wait per batch), each
 * move followed by the state queries; the replies are then checked move by move.
 */
async function playGame(pair: Pair, size: Size, seed: number, stats: Stats, transcript: string[]): Promise<void> {
  const random = new Random(seed);
  const setup = ['boardsize ' + size, 'clear_board', 'komi 6.5'];
  await Promise.all([query(pair.tengen, 'tengen', setup), query(pair.gnugo, 'GNU Go', setup)]);

  let position = Position.empty(size);
  let captures = 'black 0, white 0';
  const history = new Set<string>([position.key]);
  let toMove: ColorName = 'black';
  let passes = 0;
  let legal: { color: ColorName; list: string[] } | null = null;
  const limit = Math.floor(MOVE_LIMIT_PER_POINT[size] * size * size);
  let n = 0;

  for (let batch = 0; n < limit && passes < 2; batch++) {
    const { planned, next } = planBatch(random, position, toMove, Math.min(BATCH[size], limit - n), legal, stats);
    const askLegal = batch % ALL_LEGAL_EVERY[size] === 0;
    const plays = planned.flatMap((p) => [p.play, ...STATE]);
    const [t, g] = await Promise.all([
      sendAll(pair.tengen, askLegal ? [...plays, `all_legal ${next}`] : plays),
      sendAll(pair.gnugo, plays),
    ]);
    legal = askLegal ? { color: next, list: vertexList(expectOk(t[plays.length], 'tengen', `all_legal ${next}`)) } : null;

    for (let i = 0; i < planned.length; i++) {
      const { color, move, play } = planned[i];
      n++;
      transcript.push(play);
      stats.attempts++;
      const where = `move ${n}, "${play}"`;
      const [tPlay, ...tRest] = t.slice(i * 5, i * 5 + 5);
      const [gPlay, ...gRest] = g.slice(i * 5, i * 5 + 5);
      const tReport = report(size, tRest, 'tengen');
      const gReport = report(size, gRest, 'GNU Go');

      if (tPlay.ok && !gPlay.ok) {
        throw new Mismatch(`${where}: tengen accepted a move GNU Go refuses (? ${gPlay.text})`);
      }
      if (!tPlay.ok && gPlay.ok) {
        // Allowed only as a superko refusal; prove it from GNU Go's result and the agreed history.
        if (move === 'pass') throw new Mismatch(`${where}: tengen refused a pass (? ${tPlay.text})`);
        if (position.at(move) !== 0) throw new Mismatch(`${where}: GNU Go accepted a move on a point that is not empty`);
        if (tReport.position.key !== position.key) throw new Mismatch(`${where}: tengen refused the move but its board changed`);
        if (gReport.position.at(move) !== stoneOf(color)) {
          throw new Mismatch(`${where}: GNU Go accepted it and the stone left the board (suicide?); tengen refused (? ${tPlay.text})`);
        }
        if (!history.has(gReport.position.key)) {
          throw new Mismatch(
            `${where}: tengen refused (? ${tPlay.text}) a move GNU Go accepts whose position is new, so it is not superko\n` +
              `  position after it: ${gReport.position.describe()}`,
          );
        }
        stats.superko++;
        // The rest of the batch ran on different positions: take back GNU Go's
        // moves from this one on and tengen's after it, and check that both are
        // where they agreed. The game goes on from there.
        const undoGnugo = planned.slice(i).filter((_, j) => g[(i + j) * 5].ok).length;
        const undoTengen = planned.slice(i + 1).filter((_, j) => t[(i + 1 + j) * 5].ok).length;
        const [tBack, gBack] = await Promise.all([
          sendAll(pair.tengen, [...Array<string>(undoTengen).fill('undo'), ...STATE]),
          sendAll(pair.gnugo, [...Array<string>(undoGnugo).fill('undo'), ...STATE]),
        ]);
        tBack.slice(0, undoTengen).forEach((r) => expectOk(r, 'tengen', 'undo'));
        gBack.slice(0, undoGnugo).forEach((r) => expectOk(r, 'GNU Go', 'undo'));
        const backs = [['tengen', report(size, tBack.slice(undoTengen), 'tengen')], ['GNU Go', report(size, gBack.slice(undoGnugo), 'GNU Go')]] as const;
        for (const [engine, back] of backs) {
          if (back.position.key !== position.key || back.captures !== captures) {
            throw new Mismatch(`${where}: after taking back the rest of the batch, ${engine} is not at the position before this move`);
          }
        }
        transcript.push(`(superko refusal: undo x${undoTengen} on tengen, x${undoGnugo} on GNU Go)`);
        legal = null;
        break;
      }
      // Both accepted, or both refused: everything must agree.
      if (tReport.position.key !== gReport.position.key) {
        throw new Mismatch(
          `${where} (${tPlay.ok ? 'accepted' : 'refused'} by both): positions differ\n` +
            `  tengen: ${tReport.position.describe()}\n  GNU Go: ${gReport.position.describe()}`,
        );
      }
      if (tReport.captures !== gReport.captures) {
        throw new Mismatch(`${where}: captures differ: tengen ${tReport.captures}; GNU Go ${gReport.captures}`);
      }
      if (!tPlay.ok) {
        if (tReport.position.key !== position.key) throw new Mismatch(`${where}: both refused the move but the board changed`);
        stats.bothRefused++;
        continue;
      }
      stats.accepted++;
      if (move === 'pass') {
        passes++;
        stats.passes++;
      } else {
        passes = 0;
        if (history.has(tReport.position.key)) {
          throw new Mismatch(`${where}: tengen accepted a move that repeats an earlier position (positional superko)\n  position: ${tReport.position.describe()}`);
        }
        history.add(tReport.position.key);
        position = tReport.position;
      }
      captures = tReport.captures;
      const total = captures.match(/\d+/g)!.reduce((sum, c) => sum + Number(c), 0);
      stats.maxCaptures = Math.max(stats.maxCaptures, total);
      toMove = other(color);
    }
  }
  stats.games++;
}

function newStats(): Stats {
  return { games: 0, attempts: 0, accepted: 0, bothRefused: 0, koProbes: 0, superko: 0, passes: 0, maxCaptures: 0 };
}

/** Runs the games on a few engine pairs at once; returns one message per failed game. */
async function runGames(size: Size, seeds: number[], stats: Stats): Promise<string[]> {
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
            `${size}x${size} game, seed ${seed} (rerun: CROSSCHECK_GAME=${size}:${seed}): ${message}\n` +
              `  commands: boardsize ${size}; clear_board; komi 6.5; ${transcript.join('; ')}`,
          );
          // The engines may be out of step, or dead: go on with a fresh pair.
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

function seedsFor(size: Size): number[] {
  const only = process.env.CROSSCHECK_GAME;
  if (only) {
    const [s, seed] = only.split(':').map(Number);
    return s === size ? [seed] : [];
  }
  return Array.from({ length: GAMES[size] }, (_, i) => caseSeed(BASE_SEED + size, i));
}

function summary(size: Size, stats: Stats, ms: number): string {
  return (
    `crosscheck ${size}x${size}: ${stats.games} games, ${stats.attempts} move attempts ` +
    `(${stats.accepted} accepted by both, ${stats.bothRefused} refused by both, ` +
    `${stats.superko} superko refusals proven; ${stats.koProbes} ko probes), ` +
    `${stats.passes} passes, up to ${stats.maxCaptures} captures in a game, ${(ms / 1000).toFixed(1)} s`
  );
}

describe('tengen against GNU Go: random games', () => {
  it('has both engines to run', () => {
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
        expect(failures.map((f) => f.split('\n')[0]), `${failures.length} game(s) went wrong; the log has their commands`).toEqual([]);
        expect(stats.games).toBe(seeds.length);
        if (!process.env.CROSSCHECK_GAME) {
          // The games must reach the cases they are for.
          expect(stats.bothRefused).toBeGreaterThan(0);
          expect(stats.maxCaptures).toBeGreaterThan(0);
          expect(stats.superko).toBeGreaterThan(0);
        }
      },
      150_000,
    );
  }
});
