// Live analysis for GUIs such as Sabaki and Lizzie: lz-analyze, kata-analyze and
// Sabaki's analyze, and their genmove_* variants. A stream prints `=` and then
// one `info …` line per interval until any input line arrives; the genmove
// variants end by themselves with `play <vertex>`. CGOS's cgos-genmove_analyze
// prints one JSON line for the whole search before `play <vertex>`.

import { BLACK, PASS, formatVertex, parseColor, parseVertex, type Color } from '../game/vertex.js';
import type { Candidate, SearchInfo } from '../engine/player.js';
import type { Session } from '../engine/session.js';
import { colorArg, type CommandSpec } from './command.js';
import { generate } from './commands.js';
import { GtpError } from './protocol.js';

/** `lz` and `analyze`: integer ten-thousandths; `kata`: floats 0..1 with score fields. */
export type Dialect = 'lz' | 'kata';

export interface AnalyzeRequest {
  color: Color;
  intervalMs: number;
  minMoves: number;
  maxMoves: number;
  ownership: boolean;
  rootInfo: boolean;
  /** each pv's visits per move after it (`pvVisits`, `pvEdgeVisits`: the same here, no transpositions) */
  pvVisits: boolean;
  pvEdgeVisits: boolean;
  /** moves the side to move may not choose (avoid and allow clauses; later depths are not restricted) */
  avoid: number[];
}

const DEFAULT_INTERVAL_MS = 1000;

/** What an analyze command asks for when it names nothing but the colour. */
export function defaultRequest(color: Color): AnalyzeRequest {
  return {
    color,
    intervalMs: DEFAULT_INTERVAL_MS,
    minMoves: 0,
    maxMoves: Infinity,
    ownership: false,
    rootInfo: false,
    pvVisits: false,
    pvEdgeVisits: false,
    avoid: [],
  };
}

/** `[color] [interval] [minmoves N] [maxmoves N] [ownership true] [rootInfo true] [pvVisits true] [pvEdgeVisits true] [avoid|allow PLAYER V,V,… DEPTH]…`. */
export function parseAnalyzeArgs(args: string[], session: Session): AnalyzeRequest {
  const request = defaultRequest(session.game.toMove);
  const avoided = new Set<number>();
  let allowed: Set<number> | null = null;
  let i = 0;
  if (i < args.length && parseColor(args[i]) !== null) request.color = colorArg(args[i++]);
  const CENTISECONDS = /^\d+(\.\d+)?$/;
  if (i < args.length && CENTISECONDS.test(args[i])) request.intervalMs = Number(args[i++]) * 10;
  const flag = (value: string | undefined): boolean => {
    if (value !== 'true' && value !== 'false') throw new GtpError('syntax error');
    return value === 'true';
  };
  const count = (value: string | undefined): number => {
    if (value === undefined || !/^\d+$/.test(value)) throw new GtpError('syntax error');
    return Number(value);
  };
  while (i < args.length) {
    const key = args[i++].toLowerCase();
    const value = args[i++];
    if (key === 'interval') {
      if (value === undefined || !CENTISECONDS.test(value)) throw new GtpError('syntax error');
      request.intervalMs = Number(value) * 10;
    } else if (key === 'minmoves') request.minMoves = count(value);
    else if (key === 'maxmoves') request.maxMoves = count(value);
    else if (key === 'ownership') request.ownership = flag(value);
    else if (key === 'rootinfo') request.rootInfo = flag(value);
    else if (key === 'pvvisits') request.pvVisits = flag(value);
    else if (key === 'pvedgevisits') request.pvEdgeVisits = flag(value);
    else if (key === 'ownershipstdev' || key === 'movesownership') flag(value);
    else if (key === 'avoid' || key === 'allow') {
      // `avoid|allow PLAYER V,V,… UNTILDEPTH`: only the first move is restricted here, so a
      // clause for the other player (whose moves start at depth 2) changes nothing
      const player = value === undefined ? null : parseColor(value);
      const points = (args[i++] ?? '').split(',').map((v) => parseVertex(v, session.size));
      const depth = count(args[i++]);
      if (player === null || depth < 1 || points.some((p) => p === null)) throw new GtpError('syntax error');
      if (player !== request.color) continue;
      if (key === 'avoid') for (const p of points) avoided.add(p!);
      else allowed = new Set(points.filter((p) => allowed === null || allowed.has(p!)) as number[]);
    } else throw new GtpError('syntax error');
  }
  if (allowed !== null) for (const p of [PASS, ...session.game.board.empties()]) if (!allowed.has(p)) avoided.add(p);
  request.avoid = [...avoided];
  // A zero interval would flood the output; KataGo treats small ones as "as often as sensible".
  request.intervalMs = Math.max(request.intervalMs, 50);
  return request;
}

function rate(value: number, dialect: Dialect): string {
  return dialect === 'lz' ? String(Math.round(value * 10000)) : value.toFixed(6);
}

function candidateText(c: Candidate, order: number, size: number, dialect: Dialect, request: AnalyzeRequest): string {
  // cut at the first pass: older Sabaki hung on a pass inside a pv (Sabaki#498)
  const passAt = c.pv.indexOf(PASS);
  const length = passAt < 0 ? c.pv.length : passAt;
  const pv = c.pv.slice(0, length).map((p) => formatVertex(p, size)).join(' ');
  const score = dialect === 'kata' ? ` scoreMean ${c.scoreLead.toFixed(6)} scoreLead ${c.scoreLead.toFixed(6)}` : '';
  const visits = c.pvVisits.slice(0, length).join(' ');
  return (
    `info move ${formatVertex(c.move, size)} visits ${c.visits} winrate ${rate(c.winrate, dialect)}${score}` +
    ` prior ${rate(c.prior, dialect)} lcb ${rate(c.lcb, dialect)} order ${order} pv ${pv}` +
    (request.pvVisits ? ` pvVisits ${visits}` : '') +
    (request.pvEdgeVisits ? ` pvEdgeVisits ${visits}` : '')
  );
}

/**
 * One line of analysis output: the moves the search tried, then untried ones (by prior) up to
 * minmoves, at most maxmoves; pv ends each segment (but for the pvVisits the request asked
 * for) and `move pass` never appears.
 */
export function formatAnalysis(info: SearchInfo, request: AnalyzeRequest, size: number, dialect: Dialect): string {
  const moves = info.candidates.filter((c) => c.move !== PASS);
  let count = 0;
  while (count < moves.length && moves[count].visits > 0) count++;
  const shown = moves.slice(0, Math.min(Math.max(count, request.minMoves), request.maxMoves));
  const parts = shown.map((c, order) => candidateText(c, order, size, dialect, request));
  if (dialect === 'kata' && request.rootInfo) {
    parts.push(`rootInfo visits ${info.playouts} winrate ${info.winrate.toFixed(6)} scoreLead ${info.scoreLead.toFixed(6)}`);
  }
  if (dialect === 'kata' && request.ownership) {
    const sign = request.color === BLACK ? 1 : -1;
    const values: string[] = [];
    for (let y = size - 1; y >= 0; y--) {
      for (let x = 0; x < size; x++) values.push((sign * info.ownership[y * size + x]).toFixed(4));
    }
    parts.push('ownership ' + values.join(' '));
  }
  return parts.join(' ');
}

function analyzeCommand(dialect: Dialect): CommandSpec {
  return {
    stopsOnInput: true,
    run: async (args, ctx) => {
      const askedAt = performance.now();
      const request = parseAnalyzeArgs(args, ctx.session);
      ctx.begin();
      await ctx.player.analyze(ctx.session, {
        askedAt,
        color: request.color,
        avoid: request.avoid,
        signal: ctx.signal,
        infoIntervalMs: request.intervalMs,
        onInfo: (info) => ctx.line(formatAnalysis(info, request, ctx.session.size, dialect)),
      });
      return '';
    },
  };
}

function genmoveAnalyzeCommand(dialect: Dialect): CommandSpec {
  return {
    run: async (args, ctx) => {
      const request = parseAnalyzeArgs(args, ctx.session);
      ctx.begin();
      const moveRequest = {
        color: request.color,
        avoid: request.avoid,
        signal: ctx.signal,
        infoIntervalMs: request.intervalMs,
        onInfo: (info: SearchInfo) => ctx.line(formatAnalysis(info, request, ctx.session.size, dialect)),
      };
      return `play ${await generate(ctx, moveRequest, true)}`;
    },
  };
}

/** CGOS's ownership alphabet: -1 … +1 for the side to move in 63 steps. */
const OWNERSHIP_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const CGOS_MOVES = 10;

/**
 * The JSON line of cgos-genmove_analyze (zakki/cgos, "GTP tournament game expansion"): win
 * rate, score and ownership for the side to move, and the tried moves with each pv after the
 * move itself; ownership runs from A19 row by row to T1.
 */
export function formatCgosAnalysis(info: SearchInfo, color: Color, size: number): string {
  const round = (x: number, digits: number) => Number(x.toFixed(digits));
  const vertex = (p: number) => formatVertex(p, size);
  const moves = info.candidates
    .filter((c) => c.visits > 0)
    .slice(0, CGOS_MOVES)
    .map((c) => ({
      move: vertex(c.move),
      visits: c.visits,
      winrate: round(c.winrate, 4),
      score: round(c.scoreLead, 2),
      prior: round(c.prior, 4),
      pv: c.pv.slice(1).map(vertex).join(' '),
    }));
  const sign = color === BLACK ? 1 : -1;
  let ownership = '';
  for (let y = size - 1; y >= 0; y--) {
    for (let x = 0; x < size; x++) {
      const share = Math.max(0, Math.min(1, (sign * info.ownership[y * size + x] + 1) / 2));
      ownership += OWNERSHIP_CHARS[Math.round(share * 62)];
    }
  }
  return JSON.stringify({ winrate: round(info.winrate, 4), score: round(info.scoreLead, 2), visits: info.playouts, moves, ownership });
}

/** `cgos-genmove_analyze [color]`: `=`, the search's JSON line, `play <vertex>`. */
const cgosGenmoveAnalyze: CommandSpec = {
  run: async (args, ctx) => {
    if (args.length > 1) throw new GtpError('syntax error');
    const color = args.length === 1 ? colorArg(args[0]) : ctx.session.game.toMove;
    let last: SearchInfo | null = null;
    ctx.begin();
    const move = await generate(ctx, { color, signal: ctx.signal, onInfo: (info) => (last = info) }, true);
    ctx.line(last === null ? '{}' : formatCgosAnalysis(last, color, ctx.session.size));
    return `play ${move}`;
  },
};

export const ANALYSIS_COMMANDS: Record<string, CommandSpec> = {
  analyze: analyzeCommand('lz'),
  'lz-analyze': analyzeCommand('lz'),
  'kata-analyze': analyzeCommand('kata'),
  genmove_analyze: genmoveAnalyzeCommand('lz'),
  'lz-genmove_analyze': genmoveAnalyzeCommand('lz'),
  'kata-genmove_analyze': genmoveAnalyzeCommand('kata'),
  'cgos-genmove_analyze': cgosGenmoveAnalyze,
};
