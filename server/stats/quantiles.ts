import jstat from 'jstat';

/** Confidence level of every interval and significance test in the product. */
export const CONFIDENCE = 0.95;

/** Two-sided standard normal quantile for CONFIDENCE (1.959964 for 95%). */
export const Z = jstat.jStat.normal.inv(1 - (1 - CONFIDENCE) / 2, 0, 1);

/**
 * Two-sided Student t quantile for CONFIDENCE with `df` degrees of freedom (2.262 for df = 9).
 * Fractional df (Welch) are allowed; df must be positive.
 */
export function tQuantile(df: number): number {
  if (!(df > 0)) throw new RangeError(`degrees of freedom must be positive, got ${df}`);
  if (!Number.isInteger(df) || df > T_CACHE_MAX_DF) return tInverse(df);
  let t = tCache.get(df);
  if (t === undefined) tCache.set(df, (t = tInverse(df)));
  return t;
}

const tInverse = (df: number) => jstat.jStat.studentt.inv(1 - (1 - CONFIDENCE) / 2, df);

// jStat inverts the t distribution by iteration (about 20 µs); a list of averages asks for the same
// whole degrees of freedom again and again, so those (up to a bound, the cache stays small) are kept.
const T_CACHE_MAX_DF = 10_000;
const tCache = new Map<number, number>();
