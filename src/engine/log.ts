// The engine log: what tengen tells a person watching its stderr (the GTP console of GoGui,
// Sabaki and Lizzie, a terminal), as Pachi, Leela Zero and KataGo do. After each generated
// move one or two lines on the search; when a game ends (two passes, then final_score or the
// controller moving on; or a resignation) a one-line summary. `verbose` adds the tree's top
// moves and how the move's time was planned; `json` writes each of these as one JSON object a
// line instead, for scripts. The sink must not be stdout, which is protocol.
// No line contains `DISCUSSION:`, `MALKOVICH:` or `MAIN:`: gtp2ogs would post it as chat.
// Lizzie reads stderr merged into stdout, so no line is empty, starts with `=`, `?`, `info`,
// `play`, `Tuning` or `komi=`, or contains ` -> ` (Leela Zero's own log format).

import { BLACK, PASS, WHITE, colorLetter, formatVertex, type Color } from '../game/vertex.js';
import type { SearchInfo } from './player.js';
import type { Session } from './session.js';

export type LogLevel = 'quiet' | 'normal' | 'verbose';
/** Lines for a person, or one JSON object a line for a script. */
export type LogFormat = 'text' | 'json';

/** Candidates listed after the best move on the normal line, and in the verbose table. */
const NEXT_CANDIDATES = 2;
const TABLE_ROWS = 10;
const PV_SHOWN = 10;

/** Commands that start another game, and those that otherwise leave the current one. */
const NEW_GAME = new Set(['clear_board', 'boardsize', 'loadsgf', 'set_position']);
const LEAVING = new Set([...NEW_GAME, 'quit', 'kgs-game_over', 'cgos-gameover']);

/** What tengen did as one colour in this game. */
interface Side {
  moves: number;
  seconds: number;
  playouts: number;
  last: SearchInfo | null;
}

interface GameTally {
  /** Index 1 black, 2 white. */
  sides: [null, Side, Side];
  /** Moves on the board when two passes ended the game (null while it goes on). */
  endedAfter: number | null;
  summarized: boolean;
}

function freshTally(): GameTally {
  const side = (): Side => ({ moves: 0, seconds: 0, playouts: 0, last: null });
  return { sides: [null, side(), side()], endedAfter: null, summarized: false };
}

/** `B+2.5`, `W+0.5` or `0` from a lead for `color`. */
export function formatLead(lead: number, color: Color): string {
  const rounded = Math.round(lead * 10) / 10;
  if (rounded === 0) return '0';
  const leader = (rounded > 0) === (color === BLACK) ? 'B' : 'W';
  return `${leader}+${Math.abs(rounded).toFixed(1)}`;
}

function moves(n: number): string {
  return `${n} move${n === 1 ? '' : 's'}`;
}

/** A share as a percentage: `52.3%`; digits 0 where room is short (`52%`, a board label). */
export function percent(value: number, digits = 1): string {
  return `${(value * 100).toFixed(digits)}%`;
}

function line(points: number[], size: number, shown = PV_SHOWN): string {
  return points.slice(0, shown).map((p) => formatVertex(p, size)).join(' ');
}

/** What a summary shows beside the search's own figures. */
export interface SummaryParts {
  /** The move played: the line starts `B E5: `. Left out for an estimate of a position. */
  move?: number | 'resign';
  /** The search's time: `0.41 s, 731 playouts/s` after the playouts. */
  seconds?: number;
  /** Moves of the best line shown (0: none). */
  pv?: number;
}

/**
 * One search in one line, as the log, the gtp2ogs chat and the win-rate estimate show it:
 * `B E5: 300 playouts, 0.41 s, 731 playouts/s, win rate 52.3% for B, score B+3.5, pv E5 C3 G7`.
 * The win rate and the score are the search's for `color`, the score said as the leader's.
 */
export function searchSummary(info: SearchInfo, color: Color, size: number, parts: SummaryParts = {}): string {
  const fields = [`${info.playouts} playouts`];
  if (parts.seconds !== undefined) {
    const rate = parts.seconds > 0 ? Math.round(info.playouts / parts.seconds) : 0;
    fields.push(`${parts.seconds.toFixed(2)} s`, `${rate} playouts/s`);
  }
  fields.push(`win rate ${percent(info.winrate)} for ${colorLetter(color)}`, `score ${formatLead(info.scoreLead, color)}`);
  const pv = info.candidates[0]?.pv ?? [];
  const shown = parts.pv ?? PV_SHOWN;
  if (shown > 0 && pv.length > 0) fields.push(`pv ${line(pv, size, shown)}`);
  const head = parts.move === undefined ? '' : `${colorLetter(color)} ${parts.move === 'resign' ? 'resign' : formatVertex(parts.move, size)}: `;
  return head + fields.join(', ');
}

/** A generated move and its search as `--log-json` writes it; win rates and leads are `color`'s. */
export interface MoveRecord {
  move: string;
  color: 'B' | 'W';
  playouts: number;
  seconds: number;
  /** null when nothing was searched (level 0) */
  winrate: number | null;
  scoreLead: number | null;
  pv: string[];
  /** The root's visited moves, most visited first. */
  candidates: { move: string; visits: number; winrate: number; prior: number; lcb: number; scoreLead: number }[];
}

/** Rounded to `digits` decimals: enough for a script, short enough to read. */
function round(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}

export function moveRecord(color: Color, move: number | 'resign', info: SearchInfo | null, seconds: number, size: number): MoveRecord {
  const vertex = (p: number) => formatVertex(p, size);
  return {
    move: move === 'resign' ? 'resign' : vertex(move),
    color: colorLetter(color) as 'B' | 'W',
    playouts: info?.playouts ?? 0,
    seconds: round(seconds, 3),
    winrate: info ? round(info.winrate, 4) : null,
    scoreLead: info ? round(info.scoreLead, 2) : null,
    pv: (info?.candidates[0]?.pv ?? []).map(vertex),
    candidates: (info?.candidates ?? [])
      .filter((c) => c.visits > 0)
      .map((c) => ({
        move: vertex(c.move),
        visits: c.visits,
        winrate: round(c.winrate, 4),
        prior: round(c.prior, 4),
        lcb: round(Math.max(0, c.lcb), 4),
        scoreLead: round(c.scoreLead, 2),
      })),
  };
}

export class EngineLog {
  private tally = freshTally();

  constructor(
    private readonly write: (text: string) => void,
    readonly level: LogLevel = 'normal',
    readonly format: LogFormat = 'text',
  ) {}

  /** Internal errors, and input read only in part: shown unless quiet. */
  error(message: string): void {
    if (this.level === 'quiet') return;
    this.write(this.format === 'json' ? JSON.stringify({ error: message }) : message);
  }

  /** After a genmove: the search that chose `move` for `color`. */
  move(session: Session, color: Color, move: number | 'resign', info: SearchInfo | null, seconds: number): void {
    const side = this.tally.sides[color];
    side.moves++;
    side.seconds += seconds;
    side.playouts += info?.playouts ?? 0;
    side.last = info;
    if (this.level === 'quiet') return;
    const size = session.size;
    const strays = info?.tree?.strays ?? 0;
    const warning = strays > 0 ? `the reused tree held ${strays} escapes into a working ladder at the root; left out (a bug, please report)` : null;
    if (this.format === 'json') {
      this.write(JSON.stringify(moveRecord(color, move, info, seconds, size)));
      if (warning) this.write(JSON.stringify({ warning }));
    } else if (!info) {
      this.write(`${colorLetter(color)} ${move === 'resign' ? 'resign' : formatVertex(move, size)}: no search (level 0), ${seconds.toFixed(2)} s`);
    } else {
      this.write(searchSummary(info, color, size, { move, seconds, pv: 0 }));
      const [best, ...others] = info.candidates;
      if (best) {
        const next = others
          .filter((c) => c.visits > 0)
          .slice(0, NEXT_CANDIDATES)
          .map((c) => `${formatVertex(c.move, size)} ${c.visits} visits ${percent(c.winrate)}`);
        this.write(`  best line ${line(best.pv, size)}${next.length > 0 ? `; next ${next.join(', ')}` : ''}`);
      }
      if (warning) this.write(`  warning: ${warning}`);
      if (this.level === 'verbose') this.details(info, color, size);
    }
    if (move === 'resign') this.summary(session, `${colorLetter(color)} resigned`, null);
  }

  /** The tree's top moves and the time plan (verbose). */
  private details(info: SearchInfo, color: Color, size: number): void {
    const rows = info.candidates.filter((c) => c.visits > 0).slice(0, TABLE_ROWS);
    if (rows.length > 0) this.write('  move   visits   win    prior  lcb     score  line');
    for (const c of rows) {
      const move = c.move === PASS ? 'pass' : formatVertex(c.move, size);
      this.write(
        `  ${move.padEnd(5)} ${String(c.visits).padStart(7)}  ${percent(c.winrate).padStart(6)} ${percent(c.prior).padStart(6)} ` +
          `${percent(Math.max(0, c.lcb)).padStart(6)} ${formatLead(c.scoreLead, color).padStart(7)}  ${line(c.pv, size)}`,
      );
    }
    const plan = info.plan;
    if (!plan) {
      this.write('  time: no search; the board was judged and passing wins');
      return;
    }
    const seconds = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(2)} s`);
    const limit =
      plan.source === 'clock'
        ? `clock plan: target ${seconds(plan.targetMs)}, at most ${seconds(plan.maxMs)} while the best two moves are close`
        : `${plan.source === 'fixed' ? 'fixed by options' : 'fixed by the request'}: ` +
          [plan.playouts !== undefined ? `${plan.playouts} playouts` : '', plan.targetMs !== undefined ? seconds(plan.targetMs) : ''].filter(Boolean).join(', ');
    this.write(`  time: ${limit}${plan.judgeMs > 1 ? `; ${seconds(plan.judgeMs)} judging the board first` : ''}`);
    if (info.tree) this.write(`  tree: ${info.tree.nodes} nodes`);
  }

  /**
   * After each command that succeeded: notices a game ended by two passes, and writes the
   * summary when the controller scores it (final_score) or leaves it.
   */
  command(name: string, session: Session, reply: string): void {
    const t = this.tally;
    if (t.endedAfter !== null && name === 'final_score') this.summary(session, 'two passes', reply);
    else if (t.endedAfter !== null && LEAVING.has(name)) this.summary(session, 'two passes', null);
    if (NEW_GAME.has(name)) this.tally = freshTally();
    // an undo after the passes reopens the game
    else if (!t.summarized) t.endedAfter = session.game.state.passes >= 2 ? (t.endedAfter ?? session.game.moveCount) : null;
  }

  /** At the end of input: a game ended by passes and never scored is summarized now. */
  close(session: Session): void {
    if (this.tally.endedAfter !== null) this.summary(session, 'two passes', null);
  }

  /** `finalScore`: the reply to final_score, when the controller asked for it. */
  private summary(session: Session, how: string, finalScore: string | null): void {
    const t = this.tally;
    if (t.summarized || this.level === 'quiet') return;
    t.summarized = true;
    const played = t.endedAfter ?? session.game.moveCount;
    if (this.format === 'json') {
      const sides = ([BLACK, WHITE] as const)
        .filter((color) => t.sides[color].moves > 0)
        .map((color) => {
          const { moves, seconds, playouts } = t.sides[color];
          return { color: colorLetter(color), moves, seconds: round(seconds, 3), playouts };
        });
      this.write(JSON.stringify({ gameOver: how, moves: played, finalScore, sides }));
      return;
    }
    const parts = [`game over after ${moves(played)} (${how})${finalScore ? `, final score ${finalScore}` : ''}`];
    for (const color of [BLACK, WHITE] as const) {
      const side = t.sides[color];
      if (side.moves === 0) continue;
      const rate = side.seconds > 0 ? Math.round(side.playouts / side.seconds) : 0;
      const estimate = side.last ? `, last estimate ${formatLead(side.last.scoreLead, color)} at ${percent(side.last.winrate)}` : '';
      parts.push(`tengen as ${colorLetter(color)}: ${moves(side.moves)}, ${side.seconds.toFixed(1)} s, ${side.playouts} playouts (${rate}/s)${estimate}`);
    }
    this.write(parts.join('; '));
  }
}
