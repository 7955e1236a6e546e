// Ratings for many engines: the Bradley–Terry model on the Elo scale,
// P(i beats j) = 1/(1+10^(−(Rᵢ−Rⱼ)/400)), a draw worth half a win, fitted
// by maximum likelihood with Newton's method (the score equations Ordo and
// BayesElo solve). As BayesElo does, a prior of virtual draws keeps every
// rating finite when an engine won or lost everything. Errors come from the
// inverse of the information matrix, mapped to ratings whose mean is 0.

export interface RatedGame {
  /** Indices of the two players. */
  a: number;
  b: number;
  /** a's points: 1, ½ or 0. */
  score: number;
}

export interface Rating {
  /** Elo, the pool's mean being 0. */
  elo: number;
  /** Half-width of the 95% interval. */
  error: number;
}

export interface RatingOptions {
  /** Virtual draws added to every pairing that was played (BayesElo's prior); default 1. */
  prior?: number;
  /** Fix this player at 0 instead of fixing the mean at 0; its error is then 0. */
  anchor?: number;
}

const C = Math.LN10 / 400;

/** Solves A x = b by Gaussian elimination with partial pivoting (small dense systems). */
function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  const m = A.map((row, i) => [...row, b[i]]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r][col]) > Math.abs(m[pivot][col])) pivot = r;
    [m[col], m[pivot]] = [m[pivot], m[col]];
    if (Math.abs(m[col][col]) < 1e-300) throw new Error('ratings: the games do not connect every player');
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r][col] / m[col][col];
      for (let k = col; k <= n; k++) m[r][k] -= f * m[col][k];
    }
  }
  return m.map((row, i) => row[n] / row[i]);
}

function inverse(A: number[][]): number[][] {
  const n = A.length;
  const columns = A.map((_, j) => solve(A, A.map((__, i) => (i === j ? 1 : 0))));
  return Array.from({ length: n }, (_, i) => columns.map((col) => col[i]));
}

/** Fits ratings for `players` players; an empty or disconnected pool throws. */
export function fitRatings(players: number, games: readonly RatedGame[], options: RatingOptions = {}): Rating[] {
  if (players === 0) return [];
  if (players === 1) return [{ elo: 0, error: 0 }];
  const prior = options.prior ?? 1;
  const n = Array.from({ length: players }, () => new Array<number>(players).fill(0));
  const S = Array.from({ length: players }, () => new Array<number>(players).fill(0));
  for (const g of games) {
    n[g.a][g.b]++;
    n[g.b][g.a]++;
    S[g.a][g.b] += g.score;
    S[g.b][g.a] += 1 - g.score;
  }
  for (let i = 0; i < players; i++) {
    for (let j = 0; j < players; j++) {
      if (n[i][j] > 0) {
        n[i][j] += prior;
        S[i][j] += prior / 2;
      }
    }
  }

  // Newton on every rating but the anchor's (player 0 while fitting).
  const R = new Array<number>(players).fill(0);
  const free = Array.from({ length: players - 1 }, (_, k) => k + 1);
  const information = (): number[][] => {
    const I = free.map(() => new Array<number>(free.length).fill(0));
    free.forEach((i, x) => {
      for (let j = 0; j < players; j++) {
        if (j === i || n[i][j] === 0) continue;
        const p = 1 / (1 + Math.exp(-C * (R[i] - R[j])));
        const w = C * C * n[i][j] * p * (1 - p);
        I[x][x] += w;
        if (j !== 0) I[x][j - 1] -= w;
      }
    });
    return I;
  };
  for (let iteration = 0; iteration < 100; iteration++) {
    const g = free.map((i) => {
      let sum = 0;
      for (let j = 0; j < players; j++) {
        if (j !== i && n[i][j] > 0) sum += S[i][j] - n[i][j] / (1 + Math.exp(-C * (R[i] - R[j])));
      }
      return C * sum;
    });
    const step = solve(information(), g);
    // A step of more than 400 Elo is cut: from 0, a lopsided pool can overshoot.
    const biggest = Math.max(...step.map(Math.abs));
    const scale = biggest > 400 ? 400 / biggest : 1;
    free.forEach((i, x) => (R[i] += scale * step[x]));
    if (biggest < 1e-9) break;
  }
  for (const r of R) if (!Number.isFinite(r)) throw new Error('ratings: no finite fit (add a prior)');

  // Covariance with player 0 fixed, then mapped to the reference the caller asked for.
  const reduced = inverse(information());
  const cov = Array.from({ length: players }, (_, i) =>
    Array.from({ length: players }, (__, j) => (i === 0 || j === 0 ? 0 : reduced[i - 1][j - 1])),
  );
  // Ratings relative to a reference r = Σ wₖRₖ: R' = R − r, Cov' = (I − 1wᵀ) Cov (I − w1ᵀ).
  const w = new Array<number>(players).fill(options.anchor === undefined ? 1 / players : 0);
  if (options.anchor !== undefined) w[options.anchor] = 1;
  const reference = R.reduce((s, r, k) => s + w[k] * r, 0);
  const covW = cov.map((row) => row.reduce((s, c, k) => s + c * w[k], 0));
  const wCovW = covW.reduce((s, c, k) => s + c * w[k], 0);
  return R.map((r, i) => {
    const variance = cov[i][i] - 2 * covW[i] + wCovW;
    return { elo: r - reference, error: 1.96 * Math.sqrt(Math.max(0, variance)) };
  });
}

/** The standard error of Rᵢ − Rⱼ (independent of the reference). */
export function differenceError(players: number, games: readonly RatedGame[], i: number, j: number, prior = 1): number {
  // With j as anchor, i's error is exactly the error of the difference.
  return fitRatings(players, games, { prior, anchor: j })[i].error / 1.96;
}
