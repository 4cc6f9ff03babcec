import { NOT_ENOUGH_DATA, type ChangeEstimate } from './change';
import { minSampleOf, type ChangeOptions } from './minSample';
import { proportionDifference } from './newcombe';
import { wilsonBounds } from './wilson';

/** One stratum of a stratified rate: k of its n answers count (e.g. one prompt's answers naming the brand). */
export interface Stratum {
  k: number;
  n: number;
}

/** The mean of the strata's rates with its 95% interval; rate, low and high are null without answers. */
export interface StratifiedRateEstimate {
  /** Strata with answers, each weighing alike in the mean. */
  strata: number;
  /** Answers over those strata. */
  n: number;
  /** 1 / Σ(wᵢ²/nᵢ): the sample a plain proportion would need to be as precise (equals n when the nᵢ are equal). */
  effectiveN: number;
  rate: number | null;
  low: number | null;
  high: number | null;
}

/**
 * The unweighted mean of the strata's rates, p = Σ wᵢ·kᵢ/nᵢ with wᵢ = 1/K over the K strata with
 * answers, and its stratified Wilson score interval (Yan & Su 2010): the p₀ with
 * (p − p₀)² ≤ z²·p₀(1 − p₀)·Σ wᵢ²/nᵢ, i.e. Wilson's interval with n replaced by the effective
 * sample 1/Σ(wᵢ²/nᵢ) = K²/Σ(1/nᵢ). It is the interval of the mean itself (each stratum's answers
 * random, the strata fixed), not of the pooled share Σkᵢ/Σnᵢ, so it always contains the mean; a
 * stratum with few answers weighs as much as one with many and widens it accordingly. When the
 * strata have equal n it is the Wilson interval of the pooled answers.
 */
export function stratifiedRateInterval(strata: Iterable<Stratum>): StratifiedRateEstimate {
  let count = 0;
  let n = 0;
  let rates = 0;
  let inverseNs = 0;
  for (const { k, n: ni } of strata) {
    if (!Number.isInteger(k) || !Number.isInteger(ni) || k < 0 || ni < 0 || k > ni)
      throw new RangeError(`a stratum needs whole numbers 0 <= k <= n, got k = ${k}, n = ${ni}`);
    if (ni === 0) continue;
    count++;
    n += ni;
    rates += k / ni;
    inverseNs += 1 / ni;
  }
  if (count === 0) return { strata: 0, n: 0, effectiveN: 0, rate: null, low: null, high: null };
  const p = rates / count;
  const effectiveN = (count * count) / inverseNs;
  const [low, high] = wilsonBounds(p, effectiveN);
  return { strata: count, n, effectiveN, rate: p, low, high };
}

/**
 * The change of a stratified mean rate between two periods, current − previous (each period its own
 * strata): Newcombe's hybrid interval (method 10) from the two stratified Wilson intervals, as Yan &
 * Su (2010) combine them. Below the minimum sample of answers on either side: not enough data.
 */
export function stratifiedRateChange(current: Iterable<Stratum>, previous: Iterable<Stratum>, options?: ChangeOptions): ChangeEstimate {
  const c = stratifiedRateInterval(current);
  const p = stratifiedRateInterval(previous);
  const min = minSampleOf(options);
  if (c.n < min || p.n < min) return { ...NOT_ENOUGH_DATA };
  return proportionDifference(c, p);
}
