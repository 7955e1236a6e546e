// Extensions the GUIs and servers send beyond GTP v2: GoGui's
// interrupt, title, setup, move sequence and analyze commands (with their gfx
// output), KataGo's set_position, KGS's game-over and chat, and CGOS's game
// information.

import { BLACK, PASS, formatVertex, opponent, type Color } from '../game/vertex.js';
import { percent, searchSummary } from '../engine/log.js';
import type { SearchInfo } from '../engine/player.js';
import { arity, attempt, colorArg, illegalMove, noArgs, vertexArg, type CommandSpec, type Context } from './command.js';
import type { Session } from '../engine/session.js';
import type { Move } from '../game/game.js';
import { GtpError } from './protocol.js';

/** How long the GoGui analyze commands think before drawing. */
const GFX_THINK_MS = 1500;

async function think(ctx: Context): Promise<SearchInfo | null> {
  // A plain timer rather than AbortSignal.timeout(), whose unreferenced timer
  // would let the process exit mid-command when input has ended.
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), GFX_THINK_MS);
  const signal = AbortSignal.any([ctx.signal, stop.signal]);
  const info = await ctx.player.analyze(ctx.session, { color: ctx.session.game.toMove, signal, infoIntervalMs: GFX_THINK_MS }).finally(() => clearTimeout(timer));
  if (info) ctx.session.lastAnalysis = { info, color: ctx.session.game.toMove };
  return info;
}

/** `COLOR VERTEX COLOR VERTEX …` */
function stonesArg(args: string[], session: Session): Move[] {
  if (args.length % 2 !== 0) throw new GtpError('syntax error');
  const stones: Move[] = [];
  for (let i = 0; i < args.length; i += 2) stones.push({ color: colorArg(args[i]), point: vertexArg(args[i + 1], session) });
  return stones;
}

/** What tengen says when asked in chat: its current estimate. */
function estimate(info: SearchInfo | null, color: Color, size: number): string {
  if (!info || info.candidates.length === 0) return 'I have not analysed this position yet.';
  return searchSummary(info, color, size);
}

export const EXTENSION_COMMANDS: Record<string, CommandSpec> = {
  // GoGui: the `# interrupt` comment stops a running genmove (handled by the server).
  'gogui-interrupt': noArgs(() => ''),
  'gogui-setup': {
    run: (args, ctx) => {
      const stones = stonesArg(args, ctx.session);
      attempt(() => ctx.session.addSetupStones(stones));
      return '';
    },
  },
  'gogui-setup_player': {
    run: (args, ctx) => {
      arity(args, 1);
      const color = colorArg(args[0]);
      attempt(() => ctx.session.setFirstToMove(color));
      return '';
    },
  },
  'gogui-play_sequence': {
    run: (args, ctx) => {
      const reason = ctx.session.playAll(stonesArg(args, ctx.session));
      if (reason !== null) throw new GtpError(illegalMove(reason));
      return '';
    },
  },
  set_position: {
    run: (args, ctx) => {
      const stones = stonesArg(args, ctx.session);
      attempt(() => ctx.session.setPosition(stones));
      return '';
    },
  },
  'gogui-title': noArgs((ctx) => `${ctx.name} ${ctx.version} - ${ctx.session.size}x${ctx.session.size}, ${ctx.session.rules.name}, komi ${ctx.session.komi}`),
  'gogui-analyze_commands': noArgs(() =>
    [
      'gfx/Ownership/tengen-ownership',
      'plist/Dead stones/final_status_list dead',
      'gfx/Best moves/tengen-best_moves',
      'gfx/Principal variation/tengen-pv',
      'string/Win rate/tengen-winrate',
    ].join('\n'),
  ),
  'tengen-ownership': noArgs(async (ctx) => {
    const info = await think(ctx);
    if (!info) return '';
    const size = ctx.session.size;
    const values = [...info.ownership].map((v, p) => `${formatVertex(p, size)} ${v.toFixed(2)}`);
    return `INFLUENCE ${values.join(' ')}`;
  }),
  'tengen-best_moves': noArgs(async (ctx) => {
    const info = await think(ctx);
    const moves = (info?.candidates ?? []).filter((c) => c.move !== PASS && c.visits > 0).slice(0, 9);
    if (moves.length === 0) return '';
    return 'LABEL ' + moves.map((c) => `${formatVertex(c.move, ctx.session.size)} ${percent(c.winrate, 0)}`).join(' ');
  }),
  'tengen-pv': noArgs(async (ctx) => {
    const info = await think(ctx);
    const best = info?.candidates[0];
    if (!best) return '';
    let color = ctx.session.game.toMove;
    const steps = best.pv.map((p) => {
      const step = `${color === BLACK ? 'b' : 'w'} ${formatVertex(p, ctx.session.size)}`;
      color = opponent(color);
      return step;
    });
    return `VAR ${steps.join(' ')}`;
  }),
  'tengen-winrate': noArgs(async (ctx) => estimate(await think(ctx), ctx.session.game.toMove, ctx.session.size)),

  // KGS
  'kgs-game_over': noArgs((ctx) => {
    ctx.session.gameOver = true;
    return '';
  }),
  'kgs-chat': {
    run: (args, ctx) => {
      if (args.length < 2) throw new GtpError('syntax error');
      const message = args.slice(2).join(' ').toLowerCase();
      // kgsGtp sends a success reply to the chat; a failure sends nothing, so the ordinary talk
      // of a game's chat (every line of opponent and watchers comes here) gets no answer
      if (/\b(win ?rate|winning|score|eval\w*|thinking)\b/.test(message)) {
        const last = ctx.session.lastAnalysis;
        return estimate(last?.info ?? null, last?.color ?? ctx.session.game.toMove, ctx.session.size);
      }
      if (args[0] === 'private' && /\b(help|hello|hi)\b/.test(message)) return `I am ${ctx.name} ${ctx.version}. Ask me "winrate" for my current estimate.`;
      throw new GtpError('unknown kgs-chat command');
    },
  },

  // CGOS
  'cgos-opponent_name': { run: (args, ctx) => ((ctx.session.opponent.name = args.join(' ')), '') },
  'cgos-opponent_rating': { run: (args, ctx) => ((ctx.session.opponent.rating = args.join(' ')), '') },
  'cgos-gameover': {
    run: (args, ctx) => {
      arity(args, 1);
      ctx.session.gameOver = true;
      return '';
    },
  },
};
