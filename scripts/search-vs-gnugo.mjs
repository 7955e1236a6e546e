#!/usr/bin/env node
// Quick strength check of the search alone: Searcher (compiled, from dist/ or --dist DIR)
// against GNU Go over GTP, alternating colours. The board is tracked with the search's own
// PlayoutBoard; positional superko comes from the board history given to the search. GNU Go
// (chinese rules) scores the final position.
//
//   node scripts/search-vs-gnugo.mjs --games 20 --size 9 --komi 7 --time 1 --threads 2
//   node scripts/search-vs-gnugo.mjs --games 20 --playouts 5000 --level 10 --gnugo-level 10

import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import readline from 'node:readline';

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
};
const games = Number(opt('games', 10));
const size = Number(opt('size', 9));
const komi = Number(opt('komi', 7));
const timeSec = opt('time', undefined);
const playouts = opt('playouts', undefined);
const threads = Number(opt('threads', 2));
const level = Number(opt('level', 10));
const gnugoLevel = Number(opt('gnugo-level', 10));
const dist = path.resolve(opt('dist', 'dist'));
const firstGame = Number(opt('first', 0));
const sgfDir = opt('sgf', undefined);

const { Searcher } = await import(pathToFileURL(path.join(dist, 'search/index.js')).href);
const { PlayoutBoard } = await import(pathToFileURL(path.join(dist, 'search/playout-board.js')).href);

const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
const vertex = (p) => (p < 0 ? 'pass' : LETTERS[p % size] + (Math.floor(p / size) + 1));
const parseVertex = (v) => {
  const t = v.trim().toUpperCase();
  if (t === 'PASS') return -1;
  if (t === 'RESIGN') return 'resign';
  return (Number(t.slice(1)) - 1) * size + LETTERS.indexOf(t[0]);
};

class Gtp {
  constructor(cmd, argv) {
    this.proc = spawn(cmd, argv, { stdio: ['pipe', 'pipe', 'inherit'] });
    this.rl = readline.createInterface({ input: this.proc.stdout });
    this.lines = [];
    this.waiters = [];
    this.rl.on('line', (line) => {
      if (line === '') {
        const resp = this.lines.join('\n');
        this.lines = [];
        this.waiters.shift()?.(resp);
      } else this.lines.push(line);
    });
  }
  send(cmd) {
    return new Promise((resolve, reject) => {
      this.waiters.push((resp) => (resp.startsWith('=') ? resolve(resp.slice(1).trim()) : reject(new Error(`${cmd}: ${resp}`))));
      this.proc.stdin.write(cmd + '\n');
    });
  }
  close() {
    this.proc.stdin.write('quit\n');
    this.proc.stdin.end();
  }
}

const searcher = new Searcher({
  threads,
  level,
  resignThreshold: 0.1,
  maxTreeMb: 512,
  ...(timeSec !== undefined ? { timeSec: Number(timeSec) } : {}),
  ...(playouts !== undefined ? { playouts: Number(playouts) } : {}),
});

let wins = 0;
let played = 0;
let totalPlayouts = 0;
let totalMoves = 0;
let totalMs = 0;
for (let g = firstGame; g < firstGame + games; g++) {
  const tengen = g % 2 === 0 ? 1 : 2; // alternate colours
  const gnugo = new Gtp('/usr/games/gnugo', ['--mode', 'gtp', '--level', String(gnugoLevel), '--chinese-rules']);
  await gnugo.send(`boardsize ${size}`);
  await gnugo.send('clear_board');
  await gnugo.send(`komi ${komi}`);
  const board = new PlayoutBoard(size);
  const history = [];
  const lastMoves = [];
  const moves = [];
  let passes = 0;
  let result = null;
  for (let n = 0; n < size * size * 3 && passes < 2; n++) {
    const toMove = board.toMove;
    const color = toMove === 1 ? 'B' : 'W';
    const current = board.toArray(new Int8Array(size * size));
    let move;
    if (toMove === tengen) {
      const t0 = performance.now();
      const r = await searcher.genmove({
        size,
        board: current,
        toMove,
        komi,
        history: history.slice(),
        illegal: [],
        moveNumber: n,
        lastMoves: lastMoves.slice(-8),
      });
      totalMs += performance.now() - t0;
      totalPlayouts += r.info.playouts;
      totalMoves++;
      if (r.move === 'resign') {
        result = `${tengen === 1 ? 'W' : 'B'}+R`;
        break;
      }
      move = r.move;
      await gnugo.send(`play ${color} ${vertex(move)}`);
    } else {
      const v = parseVertex(await gnugo.send(`genmove ${color}`));
      if (v === 'resign') {
        result = `${tengen === 1 ? 'B' : 'W'}+R`;
        break;
      }
      move = v;
    }
    history.push(current);
    if (move < 0) {
      board.pass();
      passes++;
    } else {
      const i = board.idxOf[move];
      if (!board.isLegal(i, toMove)) throw new Error(`illegal ${color} ${vertex(move)} in game ${g}`);
      board.play(i);
      passes = 0;
    }
    lastMoves.push(move);
    moves.push(`${color}[${move < 0 ? '' : String.fromCharCode(97 + (move % size)) + String.fromCharCode(97 + size - 1 - Math.floor(move / size))}]`);
  }
  if (!result) result = await gnugo.send('final_score');
  gnugo.close();
  const winner = result.startsWith('B') ? 1 : result.startsWith('W') ? 2 : 0;
  played++;
  if (winner === tengen) wins++;
  else if (winner === 0) wins += 0.5; // a draw (integer komi) counts half
  const p = wins / played;
  const se = Math.sqrt((p * (1 - p)) / played);
  console.log(
    `game ${g}: tengen ${tengen === 1 ? 'B' : 'W'} ${result} ${winner === tengen ? 'WIN' : winner === 0 ? 'draw' : 'loss'} | ${wins}/${played} = ${(100 * p).toFixed(1)}% ±${(100 * se).toFixed(1)} | ${(totalPlayouts / totalMoves).toFixed(0)} playouts/move, ${(totalMs / totalMoves).toFixed(0)} ms/move`,
  );
  if (sgfDir) {
    const fs = await import('node:fs');
    fs.mkdirSync(sgfDir, { recursive: true });
    fs.writeFileSync(path.join(sgfDir, `game${g}.sgf`), `(;GM[1]SZ[${size}]KM[${komi}]PB[${tengen === 1 ? 'tengen' : 'gnugo'}]PW[${tengen === 2 ? 'tengen' : 'gnugo'}]RE[${result}];${moves.join(';')})\n`);
  }
}
await searcher.close();
