// Statistics of the product's numbers: every rate, average and change an insight call returns
// comes with its sample size, a 95% interval and whether a change is significant. Pure functions
// on counts and sums; the formulas and why they were chosen are in docs/metrics.md.
export { CONFIDENCE, Z, tQuantile } from './quantiles';
export { rateInterval, type RateEstimate } from './wilson';
export { stratifiedRateInterval, stratifiedRateChange, type Stratum, type StratifiedRateEstimate } from './stratified';
export { rateChange, proportionDifference, pairedRateChange } from './newcombe';
export { meanInterval, meanChange, welch, type MomentSums, type MeanEstimate } from './meanInterval';
export { NOT_ENOUGH_DATA, type ChangeEstimate } from './change';
export { DEFAULT_MIN_SAMPLE, type ChangeOptions } from './minSample';
export {
  pairedRateChangeStats,
  rateStats,
  rateChangeStats,
  meanStats,
  meanChangeStats,
  stratifiedRateStats,
  stratifiedRateChangeStats,
  type EstimateStats,
  type ChangeStats,
} from './fields';
