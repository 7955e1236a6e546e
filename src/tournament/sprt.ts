// The sequential probability ratio test as fishtest computes it (its
// LLRcalc.py / stat_util.py): a generalized SPRT on the score distribution,
// trinomial [L, D, W] for single games, pentanomial [0, ½, 1, 1½, 2 points]
// for pairs of games with colours swapped (the pair cancels most of the
// colour advantage, so its variance is smaller and tests end sooner).
// The LLR is N·Σ p̂ᵢ ln(pᵢ⁽¹⁾/pᵢ⁽⁰⁾), p⁽ᵏ⁾ the maximum-likelihood
// distribution under Hₖ. Overshoot correction is not applied.

/** Logistic: the hypotheses are Elo (score = 1/(1+10^(−E/400))); normalized: fishtest's nElo. */
export type SprtModel = 'logistic' | 'normalized';

export interface SprtParameters {
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
  model: SprtModel;
}

/** `elo0=0,elo1=10,alpha=0.05,beta=0.05[,model=normalized]`; missing alpha/beta are 0.05. */
export function parseSprt(text: string): SprtParameters {
  const fields = new Map<string, string>();
  for (const part of text.split(',')) {
    const [key, value, extra] = part.split('=').map((s) => s.trim());
    if (!key || value === undefined || extra !== undefined) throw new Error(`bad --sprt field "${part}" (want key=value)`);
    fields.set(key, value);
  }
  const number = (key: string, fallback?: number): number => {
    const text = fields.get(key);
    if (text === undefined) {
      if (fallback === undefined) throw new Error(`--sprt needs ${key}=`);
      return fallback;
    }
    const value = Number(text);
    if (text === '' || !Number.isFinite(value)) throw new Error(`--sprt ${key}: not a number: ${text}`);
    return value;
  };
  for (const key of fields.keys()) {
    if (!['elo0', 'elo1', 'alpha', 'beta', 'model'].includes(key)) throw new Error(`--sprt: unknown field ${key}`);
  }
  const model = fields.get('model') ?? 'logistic';
  if (model !== 'logistic' && model !== 'normalized') throw new Error(`--sprt model: logistic or normalized, not ${model}`);
  const params = { elo0: number('elo0'), elo1: number('elo1'), alpha: number('alpha', 0.05), beta: number('beta', 0.05), model: model as SprtModel };
  if (!(params.elo1 > params.elo0)) throw new Error('--sprt needs elo1 > elo0');
  for (const key of ['alpha', 'beta'] as const) {
    if (!(params[key] > 0 && params[key] < 0.5)) throw new Error(`--sprt ${key} must be in (0, 0.5)`);
  }
  return params;
}

/** [lower, upper]: accept H0 at or below lower, H1 at or above upper. */
export function sprtBounds(p: Pick<SprtParameters, 'alpha' | 'beta'>): [number, number] {
  return [Math.log(p.beta / (1 - p.alpha)), Math.log((1 - p.beta) / p.alpha)];
}

/** Scores of the outcomes of a count vector: 3 counts are games, 5 are pairs (halved). */
function scores(counts: readonly number[]): number[] {
  if (counts.length === 3) return [0, 0.5, 1];
  if (counts.length === 5) return [0, 0.25, 0.5, 0.75, 1];
  throw new Error('counts: 3 (L, D, W) or 5 (pair scores 0..2)');
}

/** Zero counts become 1e-3 (as fishtest), then frequencies. */
function regularize(counts: readonly number[]): { n: number; freq: number[] } {
  const c = counts.map((x) => (x === 0 ? 1e-3 : x));
  const n = c.reduce((a, b) => a + b, 0);
  return { n, freq: c.map((x) => x / n) };
}

function meanVariance(p: readonly number[], a: readonly number[]): [number, number] {
  const mu = p.reduce((s, pi, i) => s + pi * a[i], 0);
  return [mu, p.reduce((s, pi, i) => s + pi * (a[i] - mu) ** 2, 0)];
}

/**
 * θ with Σ p̂ᵢφᵢ/(1+θφᵢ) = 0, by bisection on the interval where every
 * 1+θφᵢ > 0 (the sum falls monotonically from +∞ to −∞ there).
 */
function solveTheta(freq: readonly number[], phi: readonly number[]): number {
  const hi0 = -1 / Math.min(...phi);
  const lo0 = -1 / Math.max(...phi);
  const f = (theta: number) => freq.reduce((s, p, i) => s + (p * phi[i]) / (1 + theta * phi[i]), 0);
  let [lo, hi] = [lo0, hi0];
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (mid === lo || mid === hi) break;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The ML distribution with mean s (which must lie strictly between the extreme scores). */
function mleMean(freq: readonly number[], a: readonly number[], s: number): number[] {
  const phi = a.map((ai) => ai - s);
  const theta = solveTheta(freq, phi);
  return freq.map((p, i) => p / (1 + theta * phi[i]));
}

/** The ML distribution with (μ−½)/σ = t (fishtest's MLE_t_value). */
function mleT(freq: readonly number[], a: readonly number[], t: number): number[] {
  let p = a.map(() => 1 / a.length);
  for (let iteration = 0; iteration < 1000; iteration++) {
    const [mu, variance] = meanVariance(p, a);
    const sigma = Math.sqrt(variance);
    const phi = a.map((ai) => ai - 0.5 - ((t * sigma) / 2) * (1 + ((ai - mu) / sigma) ** 2));
    const theta = solveTheta(freq, phi);
    const next = freq.map((q, i) => q / (1 + theta * phi[i]));
    const change = Math.max(...next.map((q, i) => Math.abs(q - p[i])));
    p = next;
    if (change < 1e-9) break;
  }
  return p;
}

export const logisticScore = (elo: number): number => 1 / (1 + 10 ** (-elo / 400));
/** Elo from a score in (0, 1); ±Infinity at the ends. */
export const scoreToElo = (score: number): number => -400 * Math.log10(1 / score - 1);
/** 800/ln 10: the scale of normalized Elo. */
const NELO_SCALE = 800 / Math.LN10;

/** The log-likelihood ratio of H1 against H0 for trinomial or pentanomial counts. */
export function llr(counts: readonly number[], p: Pick<SprtParameters, 'elo0' | 'elo1' | 'model'>): number {
  const a = scores(counts);
  if (counts.every((c) => c === 0)) return 0;
  const { n, freq } = regularize(counts);
  let p0: number[];
  let p1: number[];
  if (p.model === 'logistic') {
    p0 = mleMean(freq, a, logisticScore(p.elo0));
    p1 = mleMean(freq, a, logisticScore(p.elo1));
  } else {
    const scale = (counts.length === 5 ? Math.SQRT2 : 1) / NELO_SCALE;
    p0 = mleT(freq, a, p.elo0 * scale);
    p1 = mleT(freq, a, p.elo1 * scale);
  }
  return n * freq.reduce((s, q, i) => s + q * Math.log(p1[i] / p0[i]), 0);
}

export interface EloEstimate {
  /** Logistic Elo of the mean score; ±Infinity after only wins or only losses. */
  elo: number;
  /** 95% interval, from the score's standard error (per game or per pair). */
  low: number;
  high: number;
  score: number;
}

/** The Elo difference and its 95% interval from unregularized counts (null with no data). */
export function eloEstimate(counts: readonly number[]): EloEstimate | null {
  const n = counts.reduce((x, y) => x + y, 0);
  if (n === 0) return null;
  const [mu, variance] = meanVariance(
    counts.map((c) => c / n),
    scores(counts),
  );
  const half = 1.96 * Math.sqrt(variance / n);
  const clamp = (s: number) => Math.min(1, Math.max(0, s));
  return { elo: scoreToElo(mu), low: scoreToElo(clamp(mu - half)), high: scoreToElo(clamp(mu + half)), score: mu };
}

export type SprtDecision = 'H0' | 'H1' | null;

export interface SprtStatus {
  llr: number;
  bounds: [number, number];
  decision: SprtDecision;
}

export function sprtStatus(counts: readonly number[], p: SprtParameters): SprtStatus {
  const value = llr(counts, p);
  const bounds = sprtBounds(p);
  const decision = value >= bounds[1] ? 'H1' : value <= bounds[0] ? 'H0' : null;
  return { llr: value, bounds, decision };
}

/** `LLR 0.74 [-2.94, 2.94]` (cutechess-cli prints the same figures), with the decision once made. */
export function formatSprt(s: SprtStatus): string {
  const text = `LLR ${s.llr.toFixed(2)} [${s.bounds[0].toFixed(2)}, ${s.bounds[1].toFixed(2)}]`;
  return s.decision === null ? text : `${text} - ${s.decision} accepted`;
}

/** `+13.9 ± 21.5` style; the interval is printed as its half-width when finite and symmetric enough to read. */
export function formatElo(e: EloEstimate | null): string {
  if (e === null) return 'Elo -';
  const f = (x: number) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${x.toFixed(0)}` : x > 0 ? '+inf' : '-inf');
  return `Elo ${f(e.elo)} [${f(e.low)}, ${f(e.high)}]`;
}
