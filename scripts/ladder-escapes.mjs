// How often each player of some games extended a chain out of atari into a working ladder
// (the learned model's feature "escape: into a ladder", without a capture): the moves Pachi's
// prune_ladders keeps out of its tree. Prints, per player (PB/PW), the moves, the moves where
// such an escape was on the board, and where one was played. Run after `npm run build`:
//   node scripts/ladder-escapes.mjs GAME.sgf…

import { readFileSync } from 'node:fs';
import { scriptArgs, usageError } from './args.mjs';

const args = scriptArgs('node scripts/ladder-escapes.mjs GAME.sgf…', {}, { positionals: true });
if (args.positionals.length === 0) usageError(args.usage, 'no games');

const dist = new URL('../dist/', import.meta.url).href;
const { readSgf } = await import(`${dist}game/sgf.js`);
const { PlayoutBoard } = await import(`${dist}game/playout-board.js`);
const { PASS, formatVertex } = await import(`${dist}game/vertex.js`);
const { shippedWeights } = await import(`${dist}knowledge/model.js`);
const { Candidates, FeatureExtractor, escapesIntoLadder } = await import(`${dist}knowledge/features.js`);

const weights = shippedWeights();
const players = new Map();
for (const file of args.positionals) {
  const text = readFileSync(file, 'utf8');
  const game = readSgf(text);
  const names = [null, /PB\[([^\]]*)\]/.exec(text)?.[1] ?? 'Black', /PW\[([^\]]*)\]/.exec(text)?.[1] ?? 'White'];
  const extractor = new FeatureExtractor(game.size, weights.dict);
  const cands = new Candidates(game.size * game.size);
  const board = new Int8Array(game.size * game.size);
  for (const p of game.setup.black) board[p] = 1;
  for (const p of game.setup.white) board[p] = 2;
  const b = new PlayoutBoard(game.size);
  b.setup(board, game.moves[0]?.color ?? 1);
  game.moves.forEach((move, k) => {
    if (b.toMove !== move.color) b.pass(); // two moves of one colour in a row
    if (move.point === PASS) return b.pass();
    const i = b.idxOf[move.point];
    const stats = players.get(names[move.color]) ?? { moves: 0, available: 0, played: [] };
    players.set(names[move.color], stats);
    stats.moves++;
    extractor.extract(b, cands);
    let available = false;
    for (let q = 0; q < cands.count; q++) {
      if (!escapesIntoLadder(cands, q)) continue;
      available = true;
      if (cands.move[q] === i) stats.played.push(`${file.split('/').pop()} ${k + 1} ${formatVertex(move.point, game.size)}`);
    }
    if (available) stats.available++;
    b.play(i);
  });
}
for (const [name, s] of players) {
  console.log(`${name}: ${s.moves} moves, an escape into a ladder on the board at ${s.available}, played ${s.played.length}`);
  for (const where of s.played) console.log(`  ${where}`);
}
