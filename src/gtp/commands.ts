// The GTP v2 commands (spec section 6) and the query commands regression
// scripts use (GNU Go's set). Handlers translate text into calls on the
// session; they own no game logic.

import { writeFileSync } from 'node:fs';
import { kataName, RULES_NAMES } from '../game/rules.js';
import { writeSgf } from '../game/sgf.js';
import { PASS, colorName, formatVertex, type Color } from '../game/vertex.js';
import { NO_TIME_LIMIT, absoluteTime, fromGtpTimeSettings, initialTimeLeft, withoutEmptyOvertime, type TimeSettings } from '../game/clock.js';
import { searchSummary } from '../engine/log.js';
import type { MoveRequest } from '../engine/player.js';
import type { Session } from '../engine/session.js';
import { arity, attempt, colorArg, illegalMove, intArg, noArgs, numberArg, stoneArg, vertexArg, vertices, type CommandSpec, type Context } from './command.js';
import { drawBoard } from './showboard.js';
import { GtpError } from './protocol.js';

/**
 * Asks the player for a move of `request.color`, plays it when `commit`, and
 * returns it as GTP text (a vertex, `pass` or `resign`).
 */
export async function generate(ctx: Context, request: MoveRequest, commit: boolean): Promise<string> {
  const { session } = ctx;
  const started = performance.now();
  const { move, info } = await ctx.player.genmove(session, { ...request, askedAt: started });
  const seconds = (performance.now() - started) / 1000;
  if (commit) session.spendTime(request.color, seconds);
  ctx.log.move(session, request.color, move, info, seconds);
  if (info) {
    // *-genmove_analyze: the whole search's line last, so that it precedes `play` even after a
    // search shorter than the interval (CGOS uploads the last line before the move)
    request.onInfo?.(info);
    session.lastAnalysis = { info, color: request.color };
    ctx.chat(`MALKOVICH: ${searchSummary(info, request.color, session.size)}`);
    if (move === 'resign') ctx.chat('DISCUSSION: I resign. Thank you for the game.');
  }
  if (move === 'resign') return 'resign';
  if (commit && session.play(request.color, move) !== null) {
    // The player only returns legal moves; should it ever fail, passing keeps the game valid.
    session.play(request.color, PASS);
    return 'pass';
  }
  return formatVertex(move, session.size);
}

export const CORE_COMMANDS: Record<string, CommandSpec> = {
  // admin (GTP 6.3.1)
  protocol_version: noArgs(() => '2'),
  name: noArgs((ctx) => ctx.name),
  version: noArgs((ctx) => ctx.reportedVersion),
  known_command: {
    run: (args, ctx) => {
      arity(args, 1);
      return ctx.commandNames.includes(args[0]) ? 'true' : 'false';
    },
  },
  list_commands: noArgs((ctx) => ctx.commandNames.join('\n')),
  // takes no arguments, but a controller that sends some still wants the engine gone
  quit: {
    run: (_a, ctx) => {
      ctx.quit();
      return '';
    },
  },

  // setup (6.3.2)
  boardsize: {
    run: (args, ctx) => {
      arity(args, 1);
      attempt(() => ctx.session.setBoardSize(intArg(args[0])));
      return '';
    },
  },
  clear_board: noArgs((ctx) => {
    ctx.session.clear();
    return '';
  }),
  komi: {
    run: (args, ctx) => {
      arity(args, 1);
      ctx.session.komi = numberArg(args[0]);
      return '';
    },
  },
  fixed_handicap: {
    run: (args, ctx) => {
      arity(args, 1);
      return vertices(attempt(() => ctx.session.fixedHandicap(intArg(args[0]))), ctx.session);
    },
  },
  place_free_handicap: {
    run: (args, ctx) => {
      arity(args, 1);
      return vertices(attempt(() => ctx.session.placeFreeHandicap(intArg(args[0]))), ctx.session);
    },
  },
  set_free_handicap: {
    run: (args, ctx) => {
      const points = args.map((a) => vertexArg(a, ctx.session));
      attempt(() => ctx.session.setFreeHandicap(points));
      return '';
    },
  },

  // core play (6.3.3)
  play: {
    run: (args, ctx) => {
      arity(args, 2);
      const color = colorArg(args[0]);
      const point = vertexArg(args[1], ctx.session);
      const reason = ctx.session.play(color, point);
      if (reason !== null) throw new GtpError(illegalMove(reason));
      return '';
    },
  },
  genmove: {
    run: (args, ctx) => {
      arity(args, 1);
      return generate(ctx, { color: colorArg(args[0]), signal: ctx.signal }, true);
    },
  },
  'kgs-genmove_cleanup': {
    run: (args, ctx) => {
      arity(args, 1);
      return generate(ctx, { color: colorArg(args[0]), signal: ctx.signal, cleanup: true }, true);
    },
  },
  undo: noArgs((ctx) => {
    if (!ctx.session.game.undo()) throw new GtpError('cannot undo');
    return '';
  }),

  // regression (6.3.5)
  loadsgf: {
    run: (args, ctx) => {
      arity(args, 1, 2);
      const moveNumber = args.length === 2 ? intArg(args[1]) : null;
      const { toMove, unknownRules } = attempt(() => ctx.session.loadSgf(args[0], moveNumber));
      if (unknownRules !== null) ctx.log.error(`loadsgf: RU[${unknownRules}] is not a rules preset (${RULES_NAMES.join(', ')}); playing by ${ctx.session.rules.name} rules`);
      return colorName(toMove);
    },
  },
  reg_genmove: {
    run: (args, ctx) => {
      arity(args, 1);
      return generate(ctx, { color: colorArg(args[0]), signal: ctx.signal }, false);
    },
  },

  // debug and queries (GNU Go's set, used by regression scripts)
  showboard: noArgs((ctx) => '\n' + drawBoard(ctx.session)),
  printsgf: {
    run: (args, ctx) => {
      arity(args, 0, 1);
      const text = writeSgf(ctx.session.game, { komi: ctx.session.komi, rules: ctx.session.rules.name });
      if (args.length === 0) return text;
      try {
        writeFileSync(args[0], text);
      } catch {
        throw new GtpError('cannot write file');
      }
      return '';
    },
  },
  is_legal: {
    run: (args, ctx) => {
      arity(args, 2);
      const color = colorArg(args[0]);
      return ctx.session.game.check(color, vertexArg(args[1], ctx.session)) === null ? '1' : '0';
    },
  },
  all_legal: {
    run: (args, ctx) => {
      arity(args, 1);
      const color = colorArg(args[0]);
      const legal = [...ctx.session.game.board.empties()].filter((p) => ctx.session.game.check(color, p) === null);
      return vertices(legal, ctx.session);
    },
  },
  list_stones: {
    run: (args, ctx) => {
      arity(args, 1);
      return vertices(ctx.session.game.board.stones(colorArg(args[0])), ctx.session);
    },
  },
  color: {
    run: (args, ctx) => {
      arity(args, 1);
      const p = vertexArg(args[0], ctx.session);
      if (p === PASS) throw new GtpError('syntax error');
      const color = ctx.session.game.board.color(p);
      return color === 0 ? 'empty' : colorName(color as Color);
    },
  },
  countlib: {
    run: (args, ctx) => {
      arity(args, 1);
      const board = ctx.session.game.board;
      return String(board.liberties(board.chain(stoneArg(args[0], ctx.session))).count());
    },
  },
  findlib: {
    run: (args, ctx) => {
      arity(args, 1);
      const board = ctx.session.game.board;
      return vertices(board.liberties(board.chain(stoneArg(args[0], ctx.session))), ctx.session);
    },
  },
  captures: {
    run: (args, ctx) => {
      arity(args, 1);
      return String(ctx.session.game.state.prisoners[colorArg(args[0])]);
    },
  },
  final_score: noArgs(async (ctx) => {
    const { dead, settled, protective } = await ctx.player.deadStones(ctx.session);
    return ctx.session.count(dead, settled, protective).result;
  }),
  final_status_list: {
    run: async (args, ctx) => {
      arity(args, 1);
      const status = args[0].toLowerCase();
      if (!['alive', 'dead', 'seki'].includes(status)) throw new GtpError('syntax error');
      const { dead, seki } = await ctx.player.deadStones(ctx.session);
      const board = ctx.session.game.board;
      const chosen =
        status === 'dead' ? dead : status === 'seki' ? seki : [...board.black.union(board.white)].filter((p) => !dead.includes(p) && !seki.includes(p));
      return chosen.map((p) => formatVertex(p, ctx.session.size)).join('\n');
    },
  },
  final_status: {
    run: async (args, ctx) => {
      arity(args, 1);
      const p = vertexArg(args[0], ctx.session);
      if (p === PASS) throw new GtpError('syntax error');
      const { dead, seki, settled, protective } = await ctx.player.deadStones(ctx.session);
      if (ctx.session.game.board.color(p) !== 0) return dead.includes(p) ? 'dead' : seki.includes(p) ? 'seki' : 'alive';
      const owner = ctx.session.owner(p, dead, settled, protective);
      return owner === 0 ? 'dame' : `${colorName(owner)}_territory`;
    },
  },

  // rules
  'kgs-rules': {
    run: (args, ctx) => {
      arity(args, 1);
      if (!['chinese', 'japanese', 'aga', 'new_zealand'].includes(args[0].toLowerCase())) throw new GtpError('unknown rules');
      attempt(() => ctx.session.setRules(args[0]));
      return '';
    },
  },
  'kata-set-rules': {
    run: (args, ctx) => {
      arity(args, 1);
      attempt(() => ctx.session.setRules(args[0]));
      return '';
    },
  },
  'kata-get-rules': noArgs((ctx) => kataName(ctx.session.rules)),

  // time
  time_settings: {
    run: (args, ctx) => {
      arity(args, 3);
      const [main, period, stones] = args.map(intArg);
      setClock(ctx.session, fromGtpTimeSettings(main, period, stones));
      return '';
    },
  },
  'kgs-time_settings': {
    run: (args, ctx) => {
      const kind = args[0]?.toLowerCase();
      const values = args.slice(1).map(intArg);
      let settings: TimeSettings;
      if (kind === 'none' && values.length === 0) settings = NO_TIME_LIMIT;
      else if (kind === 'absolute' && values.length === 1) settings = absoluteTime(values[0]);
      else if (kind === 'byoyomi' && values.length === 3) settings = { kind: 'byoyomi', mainTime: values[0], periodTime: values[1], periods: values[2], stones: 1 };
      else if (kind === 'canadian' && values.length === 3) settings = { kind: 'canadian', mainTime: values[0], periodTime: values[1], periods: 1, stones: values[2] };
      else throw new GtpError('syntax error');
      setClock(ctx.session, settings);
      return '';
    },
  },
  time_left: {
    run: (args, ctx) => {
      arity(args, 3);
      const color = colorArg(args[0]);
      const seconds = numberArg(args[1]);
      const stones = intArg(args[2]);
      ctx.session.timeLeft[color] = { seconds: Math.max(0, seconds), stones };
      return '';
    },
  },
};

function setClock(session: Session, given: TimeSettings): void {
  const settings = withoutEmptyOvertime(given);
  session.timeSettings = settings;
  session.timeLeft = [null, initialTimeLeft(settings), initialTimeLeft(settings)];
}
