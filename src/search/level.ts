// Playing levels 1..10. Level 10 is full strength; lower levels cap the playouts per move
// (each halving costs roughly 100 Elo, MoGo §7) and, at the bottom, weaken the playout policy
// and the priors so the play is also less shapely, not just shallower.

import { FULL_POLICY, type PolicyParams } from './policy.js';
import { FULL_PRIORS, type PriorParams } from './priors.js';

export interface LevelSettings {
  policy: PolicyParams;
  priors: PriorParams;
  /** playouts per move at most (Infinity at level 10) */
  maxPlayouts: number;
}

export function levelSettings(level: number): LevelSettings {
  const l = Math.max(1, Math.min(10, Math.round(level)));
  if (l >= 10) return { policy: FULL_POLICY, priors: FULL_PRIORS, maxPlayouts: Infinity };
  // level 1: 300 playouts … level 9: about 300·2^8 = 77k
  const maxPlayouts = Math.round(300 * 2 ** (l - 1));
  // levels 1-3 lose most of the playout heuristics and the knowledge priors
  const k = l <= 3 ? (l - 1) / 3 : 1;
  // (the self-atari verdicts stay: a weaker level plays fewer playouts, not sillier ones)
  const policy: PolicyParams = {
    ...FULL_POLICY,
    captureRate: FULL_POLICY.captureRate * k,
    patternRate: FULL_POLICY.patternRate * k,
    selfAtariRate: FULL_POLICY.selfAtariRate * (0.5 + 0.5 * k),
    nakadeRate: FULL_POLICY.nakadeRate * k,
    twoLibRate: FULL_POLICY.twoLibRate * k,
  };
  // the learned prior stays at every level, at half weight at level 1
  const priors: PriorParams = { ...FULL_PRIORS, learned: 0.5 + 0.5 * k };
  return { policy, priors, maxPlayouts };
}
