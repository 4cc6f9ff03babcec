import { changeOf, NOT_ENOUGH_DATA, type ChangeEstimate } from './change';
import { minSampleOf, type ChangeOptions } from './minSample';
import { tQuantile } from './quantiles';

/**
 * A sample of values kept as sums, which is what SQL (and the daily rollups) can add up exactly:
 * count, Σx and Σx².
 */
export interface MomentSums {
  n: number;
  sum: number;
  sumSq: number;
}

/** An average with its sample and its 95% interval; the interval is null below 2 values. */
export interface MeanEstimate {
  n: number;
  mean: number | null;
  low: number | null;
  high: number | null;
  /** Sample standard deviation (n − 1 denominator); null below 2 values. */
  sd: number | null;
}

/**
 * 95% Student t interval for the mean: mean ± t(0.975, n − 1) · s / √n, with the sample variance
 * from the sums, s² = (Σx² − (Σx)²/n) / (n − 1).
 */
export function meanInterval(sums: MomentSums): MeanEstimate {
  const { n, sum } = sums;
  assertSums(sums);
  if (n === 0) return { n, mean: null, low: null, high: null, sd: null };
  const mean = sum / n;
  const variance = sampleVariance(sums);
  if (variance === null) return { n, mean, low: null, high: null, sd: null };
  const half = tQuantile(n - 1) * Math.sqrt(variance / n);
  return { n, mean, low: mean - half, high: mean + half, sd: Math.sqrt(variance) };
}

/**
 * Welch's difference of two means (current − previous) with its 95% interval: unequal variances,
 * Welch–Satterthwaite degrees of freedom. When both samples have no spread the difference is
 * exact (interval of width 0).
 */
export function meanChange(current: MomentSums, previous: MomentSums, options?: ChangeOptions): ChangeEstimate {
  const min = Math.max(2, minSampleOf(options));
  assertSums(current);
  assertSums(previous);
  if (current.n < min || previous.n < min) return { ...NOT_ENOUGH_DATA };
  const { diff, se, df } = welch(current, previous);
  if (se === 0) return changeOf(diff, diff, diff);
  const half = tQuantile(df) * se;
  return changeOf(diff, diff - half, diff + half);
}

/** Welch's statistics for current − previous (each n >= 2): difference, its standard error, df. */
export function welch(current: MomentSums, previous: MomentSums): { diff: number; se: number; df: number } {
  const v1 = sampleVariance(current)! / current.n;
  const v0 = sampleVariance(previous)! / previous.n;
  const se2 = v1 + v0;
  const df = se2 === 0 ? Infinity : (se2 * se2) / ((v1 * v1) / (current.n - 1) + (v0 * v0) / (previous.n - 1));
  return { diff: current.sum / current.n - previous.sum / previous.n, se: Math.sqrt(se2), df };
}

/**
 * s² from the sums; null below 2 values. For values that are all equal, Σx² − (Σx)²/n cancels to
 * a rounding residue of either sign (and the two databases add in different orders), so a
 * residue within RELATIVE_NOISE of Σx² counts as no spread.
 */
function sampleVariance({ n, sum, sumSq }: MomentSums): number | null {
  if (n < 2) return null;
  const squares = sumSq - (sum * sum) / n;
  return squares <= sumSq * RELATIVE_NOISE ? 0 : squares / (n - 1);
}

/** Far above the relative error of adding millions of doubles (~1e-16 each), far below any real spread. */
const RELATIVE_NOISE = 1e-9;

function assertSums({ n, sum, sumSq }: MomentSums): void {
  if (!Number.isInteger(n) || n < 0 || !Number.isFinite(sum) || !Number.isFinite(sumSq) || sumSq < 0) {
    throw new RangeError(`a sample needs a whole n >= 0 and finite sums, got n = ${n}, sum = ${sum}, sumSq = ${sumSq}`);
  }
}
