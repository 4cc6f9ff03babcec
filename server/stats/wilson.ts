import { Z } from './quantiles';

/** A rate with its sample: `rate` = k / n (0..1) and its 95% interval; all null when n = 0. */
export interface RateEstimate {
  k: number;
  n: number;
  rate: number | null;
  low: number | null;
  high: number | null;
}

/**
 * 95% Wilson score interval for k successes out of n trials (no continuity correction).
 * Unlike the Wald interval p ± z·√(p(1−p)/n) it stays inside 0..1 and keeps its coverage near
 * 0% and 100% and for small n, which is where mention rates of rare brands live.
 */
export function rateInterval(k: number, n: number): RateEstimate {
  assertCounts(k, n);
  if (n === 0) return { k, n, rate: null, low: null, high: null };
  const p = k / n;
  const [low, high] = wilsonBounds(p, n);
  return { k, n, rate: p, low, high };
}

/**
 * Wilson's score bounds for an estimate p (0..1) from a sample n > 0, which may be fractional (an
 * effective sample, server/stats/stratified.ts).
 */
export function wilsonBounds(p: number, n: number): [number, number] {
  const z2 = Z * Z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (Z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At p = 0 and p = 1 the exact bound is 0 or 1; floating point may miss it by an ulp.
  return [p === 0 ? 0 : Math.max(0, centre - half), p === 1 ? 1 : Math.min(1, centre + half)];
}

export function assertCounts(k: number, n: number): void {
  if (!Number.isFinite(k) || !Number.isFinite(n) || k < 0 || n < 0 || k > n) {
    throw new RangeError(`a rate needs 0 <= k <= n, got k = ${k}, n = ${n}`);
  }
}
