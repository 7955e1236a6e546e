// xorshift32: tiny, fast, and seedable, so a 1-thread search with a seed is reproducible.

export class Rng {
  private s: number;

  constructor(seed: number) {
    // avoid the all-zero state, and decorrelate nearby seeds
    let s = (seed ^ 0x2545f491) | 0;
    s = Math.imul(s ^ (s >>> 16), 0x45d9f3b);
    s = Math.imul(s ^ (s >>> 16), 0x45d9f3b);
    s ^= s >>> 16;
    this.s = s === 0 ? 0x1234567 : s;
  }

  /** A uniform uint32 (as a non-negative number). */
  next(): number {
    let s = this.s;
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    this.s = s;
    return s >>> 0;
  }

  /** Uniform integer in [0, n). */
  below(n: number): number {
    return Math.floor((this.next() * n) / 4294967296);
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }
}
