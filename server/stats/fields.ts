import { meanChange, meanInterval, type MomentSums } from './meanInterval';
import { pairedRateChange, rateChange } from './newcombe';
import { stratifiedRateChange, stratifiedRateInterval, type Stratum } from './stratified';
import { rateInterval } from './wilson';

// The statistics in the units the API reports them (schemas/api/README.md "Units"): rates in
// percent 0-100, changes of rates in percentage points, averages in the metric's own unit (times
// `scale`: 100 for net sentiment), all rounded to 2 decimals. Significance is decided on the
// unrounded interval.

/** The sample and 95% interval of a rate or an average (entities.schema.json RateStats / MeanStats). */
export interface EstimateStats {
  n: number;
  low: number | null;
  high: number | null;
  /** n reaches the minimum sample: below it the product greys the figure out. */
  enoughData: boolean;
}

/** A change against the previous period (entities.schema.json ChangeStats). */
export interface ChangeStats {
  /** Answers (or mentions, for shares of mentions and averages) in the current period. */
  n: number;
  previousN: number;
  diff: number | null;
  low: number | null;
  high: number | null;
  significant: boolean;
  enoughData: boolean;
}

const round2 = (x: number) => Math.round((x + Number.EPSILON) * 100) / 100;
const scaled = (x: number | null, scale: number) => (x === null ? null : round2(x * scale));

/** k of n as a percentage's interval. */
export function rateStats(k: number, n: number, minSample: number): EstimateStats {
  const r = rateInterval(k, n);
  return { n, low: scaled(r.low, 100), high: scaled(r.high, 100), enoughData: n >= minSample };
}

/** The change of k1/n1 against k0/n0, in percentage points (Newcombe). */
export function rateChangeStats(k1: number, n1: number, k0: number, n0: number, minSample: number): ChangeStats {
  const c = rateChange(k1, n1, k0, n0, { minSample });
  return {
    n: n1,
    previousN: n0,
    diff: scaled(c.diff, 100),
    low: scaled(c.low, 100),
    high: scaled(c.high, 100),
    significant: c.significant,
    enoughData: c.enoughData,
  };
}

/** The interval of a mean from its sums, times `scale`. */
export function meanStats(sums: MomentSums, minSample: number, scale = 1): EstimateStats {
  const m = meanInterval(sums);
  return { n: sums.n, low: scaled(m.low, scale), high: scaled(m.high, scale), enoughData: sums.n >= minSample };
}

/** The change of a mean against the previous period (Welch), times `scale`. */
export function meanChangeStats(current: MomentSums, previous: MomentSums, minSample: number, scale = 1): ChangeStats {
  const c = meanChange(current, previous, { minSample });
  return {
    n: current.n,
    previousN: previous.n,
    diff: scaled(c.diff, scale),
    low: scaled(c.low, scale),
    high: scaled(c.high, scale),
    significant: c.significant,
    enoughData: c.enoughData,
  };
}

/** The gap between two rates over the same n answers (paired Newcombe), in percentage points. */
export function pairedRateChangeStats(both: number, onlyFirst: number, onlySecond: number, n: number, minSample: number): ChangeStats {
  const c = pairedRateChange(both, onlyFirst, onlySecond, n, { minSample });
  return {
    n,
    previousN: n,
    diff: scaled(c.diff, 100),
    low: scaled(c.low, 100),
    high: scaled(c.high, 100),
    significant: c.significant,
    enoughData: c.enoughData,
  };
}

/**
 * The mean of the strata's rates (each stratum alike) as a percentage's interval: stratified Wilson.
 * n = the answers over the strata (what the minimum sample counts), the interval from their effective sample.
 */
export function stratifiedRateStats(strata: Stratum[], minSample: number): EstimateStats {
  const r = stratifiedRateInterval(strata);
  return { n: r.n, low: scaled(r.low, 100), high: scaled(r.high, 100), enoughData: r.n >= minSample };
}

/** The change of a mean of strata's rates against the previous period, in percentage points (stratified Newcombe). */
export function stratifiedRateChangeStats(current: Stratum[], previous: Stratum[], minSample: number): ChangeStats {
  const c = stratifiedRateChange(current, previous, { minSample });
  return {
    n: current.reduce((a, s) => a + s.n, 0),
    previousN: previous.reduce((a, s) => a + s.n, 0),
    diff: scaled(c.diff, 100),
    low: scaled(c.low, 100),
    high: scaled(c.high, 100),
    significant: c.significant,
    enoughData: c.enoughData,
  };
}
