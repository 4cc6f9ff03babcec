import { changeOf, NOT_ENOUGH_DATA, type ChangeEstimate } from './change';
import { minSampleOf, type ChangeOptions } from './minSample';
import { rateInterval } from './wilson';

/**
 * Difference of two independent proportions k1/n1 − k0/n0 with Newcombe's hybrid score interval
 * (method 10): it combines the two Wilson intervals, so it inherits their good coverage at small
 * n and near 0 or 1, where the Wald difference interval fails.
 *   L = d − √((p1 − l1)² + (u0 − p0)²),  U = d + √((u1 − p1)² + (p0 − l0)²)
 */
export function rateChange(k1: number, n1: number, k0: number, n0: number, options?: ChangeOptions): ChangeEstimate {
  const current = rateInterval(k1, n1);
  const previous = rateInterval(k0, n0);
  const min = minSampleOf(options);
  if (n1 < min || n0 < min) return { ...NOT_ENOUGH_DATA };
  return proportionDifference(current, previous);
}

/** Newcombe's interval without the minimum-sample rule (both n > 0). */
export function proportionDifference(
  current: { rate: number | null; low: number | null; high: number | null },
  previous: { rate: number | null; low: number | null; high: number | null },
): ChangeEstimate {
  const { rate: p1, low: l1, high: u1 } = current;
  const { rate: p0, low: l0, high: u0 } = previous;
  if (p1 === null || l1 === null || u1 === null || p0 === null || l0 === null || u0 === null) return { ...NOT_ENOUGH_DATA };
  const diff = p1 - p0;
  const low = diff - Math.sqrt((p1 - l1) ** 2 + (u0 - p0) ** 2);
  const high = diff + Math.sqrt((u1 - p1) ** 2 + (p0 - l0) ** 2);
  return changeOf(diff, Math.max(-1, low), Math.min(1, high));
}
