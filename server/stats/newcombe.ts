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

/**
 * Difference of two rates measured on the same answers (paired), p1 − p2 with p1 = (both +
 * onlyFirst)/n and p2 = (both + onlySecond)/n: Newcombe's score interval for paired data (method 10),
 * which narrows the independent one by the correlation φ of the two (continuity-corrected when
 * positive). Used where both brands' mention rates come from the same answers.
 */
export function pairedRateChange(
  both: number,
  onlyFirst: number,
  onlySecond: number,
  n: number,
  options?: ChangeOptions,
): ChangeEstimate {
  const neither = n - both - onlyFirst - onlySecond;
  if (neither < 0 || both < 0 || onlyFirst < 0 || onlySecond < 0)
    throw new RangeError('paired counts must be non-negative and add up to at most n');
  if (n < minSampleOf(options)) return { ...NOT_ENOUGH_DATA };
  const first = rateInterval(both + onlyFirst, n);
  const second = rateInterval(both + onlySecond, n);
  const [p1, l1, u1] = [first.rate!, first.low!, first.high!];
  const [p2, l2, u2] = [second.rate!, second.low!, second.high!];
  const denominator = Math.sqrt((both + onlyFirst) * (onlySecond + neither) * (both + onlySecond) * (onlyFirst + neither));
  const cross = both * neither - onlyFirst * onlySecond;
  const phi = denominator === 0 ? 0 : (cross > 0 ? Math.max(cross - n / 2, 0) : cross) / denominator;
  const diff = p1 - p2;
  const dl = p1 - l1;
  const du = u2 - p2;
  const el = u1 - p1;
  const eu = p2 - l2;
  const low = diff - Math.sqrt(Math.max(0, dl * dl - 2 * phi * dl * du + du * du));
  const high = diff + Math.sqrt(Math.max(0, el * el - 2 * phi * el * eu + eu * eu));
  return changeOf(diff, Math.max(-1, low), Math.min(1, high));
}
