/**
 * The documented rules that turn an untracked brand's mention counts into the emerging-threat
 * labels and score. Pure functions, so the rules are tested on their own.
 *
 * Activity windows, relative to now: recent = the last 7 days, mid = 7-14 days ago, older = 14-30
 * days ago (16 days). Counts are compared per week: older is scaled by 7/16.
 *
 * Emergence is a test, not a ratio of counts: the brand's mention rate in the recent window (its
 * answers ÷ the brand's answers) against its own baseline (the rest of the horizon), with
 * Newcombe's interval of the difference (server/stats). A brand is emerging when the rise is
 * significant at 95% with at least the minimum sample of answers on both sides.
 */
import type { ChangeEstimate } from '../../../stats';
export const HORIZON_DAYS = 30;
export const RECENT_DAYS = 7;
export const MID_DAYS = 14;
/** How far back firstSeen looks (bounds the scan on long histories). */
export const FIRST_SEEN_LOOKBACK_DAYS = 180;
/** A brand first seen within this many days is a new entrant. */
export const NEW_ENTRANT_DAYS = 14;
/** Untracked brands with fewer mentions in the horizon are noise, not threats. */
export const MIN_MENTIONS = 2;
export const MAX_THREATS = 50;

export type ThreatAssessment = 'immediate_threat' | 'growing_threat' | 'emerging_threat' | 'monitoring_required';
export type EmergenceLevel = 'high_emergence' | 'medium_emergence' | 'low_emergence';
export type TemporalPattern = 'consistent' | 'new_entrant' | 'declining' | 'sporadic';
export type ActivityTrend = 'increasing' | 'stable' | 'decreasing';

export interface ActivityCounts {
  recent: number;
  mid: number;
  older: number;
}


/** Mean mentions per week before the recent window (mid and older together, 23 days). */
export function baselineWeekly(a: ActivityCounts): number {
  return (a.mid + a.older) / ((HORIZON_DAYS - RECENT_DAYS) / 7);
}

/** Percent growth of the recent week over the baseline week; a brand with no baseline counts its recent mentions as +100% each. */
export function growthPct(a: ActivityCounts): number {
  const base = baselineWeekly(a);
  if (base === 0) return a.recent > 0 ? 100 * a.recent : 0;
  return ((a.recent - base) / base) * 100;
}

/** increasing / decreasing when the last week moved more than 20% against the week before. */
export function activityTrend(a: ActivityCounts): ActivityTrend {
  if (a.recent > a.mid * 1.2) return 'increasing';
  if (a.recent < a.mid * 0.8) return 'decreasing';
  return 'stable';
}

/**
 * new_entrant: first seen (ever, for this brand) within NEW_ENTRANT_DAYS; declining: the last week
 * is under 70% of the baseline week; consistent: mentioned in all three windows; sporadic otherwise.
 */
export function temporalPattern(a: ActivityCounts, firstSeen: Date, now: Date): TemporalPattern {
  if (now.getTime() - firstSeen.getTime() <= NEW_ENTRANT_DAYS * 86_400_000) return 'new_entrant';
  if (a.recent < 0.7 * baselineWeekly(a)) return 'declining';
  if (a.recent > 0 && a.mid > 0 && a.older > 0) return 'consistent';
  return 'sporadic';
}

/** The baseline test of a brand: its recent rate against its baseline rate (0..1), and their difference. */
export interface BaselineTest {
  recentRate: number | null;
  baselineRate: number | null;
  change: ChangeEstimate;
}

/** Emerging: the recent rate is significantly above the baseline, with enough answers on both sides. */
export function isEmerging(test: BaselineTest): boolean {
  return test.change.enoughData && test.change.significant && (test.change.diff ?? 0) > 0;
}

/**
 * How sure the rise is, 0..1: the lower bound of the rise measured against the baseline rate (1 =
 * surely at least doubled; a baseline of 0 counts as 1 point). 0 when the brand is not emerging.
 */
export function momentum(test: BaselineTest): number {
  if (!isEmerging(test)) return 0;
  return clamp01((test.change.low ?? 0) / Math.max(test.baselineRate ?? 0, 0.01));
}

/**
 * high: emerging and surely at least doubled (momentum 1), or a new entrant that is emerging;
 * medium: emerging; low: not significantly above its baseline (or too few answers to tell).
 */
export function emergenceLevel(test: BaselineTest, pattern: TemporalPattern): EmergenceLevel {
  if (!isEmerging(test)) return 'low_emergence';
  if (pattern === 'new_entrant' || momentum(test) >= 1) return 'high_emergence';
  return 'medium_emergence';
}

export interface RelevanceInput {
  /** answers naming the brand ÷ all answers of the tracked brand in the horizon, 0..1 */
  runShare: number;
  /** answers naming it together with the own brand ÷ answers naming it, 0..1 */
  coMentionShare: number;
  /** mean rank, 1 = first named */
  avgPosition: number;
  uniquePrompts: number;
  /** momentum(test), 0..1 */
  momentum: number;
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/**
 * 0-100, one decimal: presence 35 (full at 30% of answers), co-mention 20, position 20 (full at
 * rank 1, none from rank 6), momentum 15 (the baseline test's momentum: full when the rate surely
 * at least doubled, none when not significantly above its baseline), breadth 10 (full at 5 prompts).
 */
export function competitiveRelevanceScore(x: RelevanceInput): number {
  const score =
    35 * clamp01(x.runShare / 0.3) +
    20 * clamp01(x.coMentionShare) +
    20 * clamp01((6 - x.avgPosition) / 5) +
    15 * clamp01(x.momentum) +
    10 * clamp01(x.uniquePrompts / 5);
  return Math.round(score * 10) / 10;
}

/**
 * immediate ≥ 70 (by presence alone); the growing and emerging labels need the baseline test:
 * growing ≥ 50, or ≥ 35 with high emergence; emerging ≥ 25; monitoring otherwise.
 */
export function threatAssessment(score: number, emergence: EmergenceLevel): ThreatAssessment {
  if (score >= 70) return 'immediate_threat';
  if (emergence === 'low_emergence') return 'monitoring_required';
  if (score >= 50 || (score >= 35 && emergence === 'high_emergence')) return 'growing_threat';
  if (score >= 25) return 'emerging_threat';
  return 'monitoring_required';
}
