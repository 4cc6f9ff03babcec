/**
 * Fewest answers a rate, an average or each side of a change must rest on before the product
 * states a change as a number. Below it a change is 'not enough data': with under 30 answers a
 * 95% interval of a rate is wider than ±15 points around 50%, so no movement a user could act on
 * is distinguishable from chance. Operators set it with STATS_MIN_SAMPLE.
 */
export const DEFAULT_MIN_SAMPLE = 30;

export interface ChangeOptions {
  /** Fewest observations on each side for a change to be stated (default DEFAULT_MIN_SAMPLE). */
  minSample?: number;
}

export function minSampleOf(options: ChangeOptions | undefined): number {
  const min = options?.minSample ?? DEFAULT_MIN_SAMPLE;
  if (!Number.isInteger(min) || min < 1) throw new RangeError(`minSample must be a whole number of at least 1, got ${min}`);
  return min;
}
