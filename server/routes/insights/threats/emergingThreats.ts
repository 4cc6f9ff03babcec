import type { Db } from '../../../db/types';
import { factRows } from '../shared/factSource';
import { SqlParams } from '../shared/params';
import { type FactSource, type InsightScope, inWindow, tailFromRollupOn } from '../shared/scope';
import { DEFAULT_MIN_SAMPLE, meanStats, rateChange, rateChangeStats, rateStats, type ChangeStats, type EstimateStats } from '../../../stats';
import { num, percent, round2 } from '../shared/numbers';
import type { TrackedEntity } from '../shared/tracked';
import {
  type ActivityTrend,
  type EmergenceLevel,
  FIRST_SEEN_LOOKBACK_DAYS,
  HORIZON_DAYS,
  MAX_THREATS,
  MID_DAYS,
  RECENT_DAYS,
  type TemporalPattern,
  type ThreatAssessment,
  activityTrend,
  competitiveRelevanceScore,
  emergenceLevel,
  isEmerging,
  momentum,
  temporalPattern,
  threatAssessment,
} from './assessment';
import { type ThreatWindows, oneStatementOn, rawCandidates, rollupCandidates } from './candidates';

/** An untracked brand that the answers name: its threat labels, relevance score, counts and positions. */
export interface EmergingThreat {
  id: string;
  competitorName: string;
  firstSeen: string;
  lastSeen: string;
  generatedAt: string;
  threatAssessment: ThreatAssessment;
  emergenceLevel: EmergenceLevel;
  temporalPattern: TemporalPattern;
  competitiveRelevanceScore: number;
  totalMentions: number;
  uniquePromptsCount: number;
  uniqueRunsCount: number;
  coMentionsCount: number;
  coMentionPercentage: number;
  avgPosition: number;
  bestPosition: number;
  worstPosition: number;
  medianPosition: number;
  recentMentions: number;
  midMentions: number;
  olderMentions: number;
  recentActivityTrend: ActivityTrend;
  /** The baseline test: significantly more often named in the last 7 days than in the 23 before. */
  emerging: boolean;
  recentMentionRateStats: EstimateStats;
  baselineMentionRateStats: EstimateStats;
  mentionRateChangeStats: ChangeStats;
  /** coMentionPercentage: n = the answers naming the brand (uniqueRunsCount), Wilson interval. */
  coMentionPercentageStats: EstimateStats;
  /** avgPosition: n = the brand's mentions (totalMentions), t interval. */
  avgPositionStats: EstimateStats;
}

const DAY = 86_400_000;

/**
 * Brands the answers name that the user does not track (neither the own brand nor a competitor),
 * over the last HORIZON_DAYS, labelled and scored by the rules in assessment.ts. Sorted by
 * competitiveRelevanceScore descending, then mentions; at most MAX_THREATS. `tailFromRollup` as in
 * InsightScope (tailFromRollupOn): PostgreSQL reads today's rollup rows when no run follows `now` today (the usual case).
 * `oneStatement`: read the rollup candidates in one statement (DuckDB) or in four (oneStatementOn).
 */
export async function emergingThreats(
  db: Db,
  brandId: string,
  tracked: TrackedEntity[],
  now: Date,
  source: FactSource = 'rollups',
  minSample = DEFAULT_MIN_SAMPLE,
  tailFromRollup = tailFromRollupOn(db.dialect),
  oneStatement = oneStatementOn(db.dialect),
): Promise<EmergingThreat[]> {
  const own = tracked.find((t) => t.isOwn)!;
  const horizonStart = new Date(now.getTime() - HORIZON_DAYS * DAY);
  const midStart = new Date(now.getTime() - MID_DAYS * DAY);
  const recentStart = new Date(now.getTime() - RECENT_DAYS * DAY);

  const windows: ThreatWindows = {
    lookback: new Date(now.getTime() - FIRST_SEEN_LOOKBACK_DAYS * DAY),
    horizon: horizonStart,
    mid: midStart,
    recent: recentStart,
    now,
  };
  const query = { brandId, tracked: tracked.map((t) => t.entity), own: own.entity, tailFromRollup, oneStatement };
  const horizon: InsightScope = { brandId, providers: null, locations: null, current: { start: horizonStart, end: now }, previous: null, source, tailFromRollup };
  const [candidates, brandRunCount] = await Promise.all([
    source === 'raw' ? rawCandidates(db, query, windows) : rollupCandidates(db, query, windows),
    brandRuns(db, { ...horizon, current: { start: recentStart, end: now }, previous: { start: horizonStart, end: recentStart } }),
  ]);

  const threats = candidates.map((c): EmergingThreat => {
    const activity = { recent: c.recent, mid: c.mid, older: c.older };
    const { total, runs, co, firstSeen, lastSeen } = c;
    const avgPosition = round2(c.rankSum / total);
    // The baseline test: mentions are one per answer, so mentions in a window = answers naming it.
    const baselineMentions = activity.mid + activity.older;
    const test = {
      recentRate: brandRunCount.recent > 0 ? activity.recent / brandRunCount.recent : null,
      baselineRate: brandRunCount.baseline > 0 ? baselineMentions / brandRunCount.baseline : null,
      change: rateChange(activity.recent, brandRunCount.recent, baselineMentions, brandRunCount.baseline, { minSample }),
    };
    const pattern = temporalPattern(activity, firstSeen, now);
    const emergence = emergenceLevel(test, pattern);
    const allRuns = brandRunCount.recent + brandRunCount.baseline;
    const score = competitiveRelevanceScore({
      runShare: allRuns > 0 ? runs / allRuns : 0,
      coMentionShare: runs > 0 ? co / runs : 0,
      avgPosition,
      uniquePrompts: c.prompts,
      momentum: momentum(test),
    });
    return {
      id: c.entity,
      competitorName: c.name,
      firstSeen: firstSeen.toISOString(),
      lastSeen: lastSeen.toISOString(),
      generatedAt: now.toISOString(),
      threatAssessment: threatAssessment(score, emergence),
      emergenceLevel: emergence,
      temporalPattern: pattern,
      competitiveRelevanceScore: score,
      totalMentions: total,
      uniquePromptsCount: c.prompts,
      uniqueRunsCount: runs,
      coMentionsCount: co,
      coMentionPercentage: percent(co, runs),
      avgPosition,
      bestPosition: c.best,
      worstPosition: c.worst,
      medianPosition: round2(c.median),
      recentMentions: activity.recent,
      midMentions: activity.mid,
      olderMentions: activity.older,
      recentActivityTrend: activityTrend(activity),
      emerging: isEmerging(test),
      recentMentionRateStats: rateStats(activity.recent, brandRunCount.recent, minSample),
      baselineMentionRateStats: rateStats(baselineMentions, brandRunCount.baseline, minSample),
      mentionRateChangeStats: rateChangeStats(activity.recent, brandRunCount.recent, baselineMentions, brandRunCount.baseline, minSample),
      coMentionPercentageStats: rateStats(co, runs, minSample),
      avgPositionStats: meanStats({ n: total, sum: c.rankSum, sumSq: c.rankSqSum }, minSample),
    };
  });
  return threats
    .sort(
      (a, b) =>
        b.competitiveRelevanceScore - a.competitiveRelevanceScore ||
        b.totalMentions - a.totalMentions ||
        a.competitorName.localeCompare(b.competitorName),
    )
    .slice(0, MAX_THREATS);
}

/** The brand's runs in the recent window (scope.current) and in the baseline before it (scope.previous), from the daily rollups for whole days. */
async function brandRuns(db: Db, scope: InsightScope): Promise<{ recent: number; baseline: number }> {
  const p = new SqlParams();
  const recent = inWindow(p, scope.current);
  const baseline = inWindow(p, scope.previous!);
  const [row] = await db.query(
    `SELECT SUM(n) FILTER (WHERE ${recent}) AS recent, SUM(n) FILTER (WHERE ${baseline}) AS baseline FROM ${factRows(p, scope, 'runs', 'fr')}`,
    p.values,
  );
  return { recent: num(row?.recent), baseline: num(row?.baseline) };
}
