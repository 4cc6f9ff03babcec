import type { Db } from '../../../db/types';
import { addDays, utcDay } from '../../../rollups/tables';
import { factRows } from '../shared/factSource';
import { SqlParams, inList, tsParam } from '../shared/params';
import { type FactSource, type InsightScope, inWindow } from '../shared/scope';
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
  MIN_MENTIONS,
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
 * competitiveRelevanceScore descending, then mentions; at most MAX_THREATS.
 */
export async function emergingThreats(
  db: Db,
  brandId: string,
  tracked: TrackedEntity[],
  now: Date,
  source: FactSource = 'rollups',
  minSample = DEFAULT_MIN_SAMPLE,
): Promise<EmergingThreat[]> {
  const own = tracked.find((t) => t.isOwn)!;
  const horizonStart = new Date(now.getTime() - HORIZON_DAYS * DAY);
  const midStart = new Date(now.getTime() - MID_DAYS * DAY);
  const recentStart = new Date(now.getTime() - RECENT_DAYS * DAY);

  // The untracked brands' counts and positions in the horizon, per answer, from the facts (medians,
  // distinct prompts and co-mentions need each mention).
  const p = new SqlParams();
  const brand = p.add(brandId);
  const from = tsParam(p, horizonStart);
  const to = tsParam(p, now);
  const recent = tsParam(p, recentStart);
  const mid = tsParam(p, midStart);
  const untracked = `NOT (${inList(p, 'm.entity', tracked.map((t) => t.entity))})`;
  const ownKey = p.add(own.entity);
  const minMentions = p.add(MIN_MENTIONS);
  const candidates = await db.query(
    `WITH m AS (
       SELECT m.entity, m.entity_name, m.run_id, m.prompt_id, m.rank, m.created_at
         FROM mentions m
        WHERE m.brand_id = ${brand} AND m.created_at >= ${from} AND m.created_at < ${to} AND ${untracked}
     ),
     own AS (
       SELECT DISTINCT run_id FROM mentions
        WHERE brand_id = ${brand} AND created_at >= ${from} AND created_at < ${to} AND entity = ${ownKey}
     )
     SELECT m.entity, MIN(m.entity_name) AS name,
            COUNT(*) AS total, COUNT(DISTINCT m.prompt_id) AS prompts, COUNT(DISTINCT m.run_id) AS runs,
            COUNT(own.run_id) AS co,
            COUNT(*) FILTER (WHERE m.created_at >= ${recent}) AS recent,
            COUNT(*) FILTER (WHERE m.created_at >= ${mid} AND m.created_at < ${recent}) AS mid,
            COUNT(*) FILTER (WHERE m.created_at < ${mid}) AS older,
            SUM(m.rank) AS rank_sum, SUM(m.rank * m.rank) AS rank_sq_sum, MIN(m.rank) AS best, MAX(m.rank) AS worst,
            CAST(percentile_cont(0.5) WITHIN GROUP (ORDER BY m.rank) AS DOUBLE PRECISION) AS median,
            MIN(m.created_at) AS first_in_horizon, MAX(m.created_at) AS last_seen
       FROM m LEFT JOIN own ON own.run_id = m.run_id
      GROUP BY m.entity
     HAVING COUNT(*) >= ${minMentions}`,
    p.values,
  );
  if (candidates.length === 0) return [];
  const horizon: InsightScope = { brandId, providers: null, locations: null, current: { start: horizonStart, end: now }, previous: null, source };
  const lookback = new Date(now.getTime() - FIRST_SEEN_LOOKBACK_DAYS * DAY);
  const [brandRunCount, earlier] = await Promise.all([
    brandRuns(db, { ...horizon, current: { start: recentStart, end: now }, previous: { start: horizonStart, end: recentStart } }),
    firstSightings(db, { ...horizon, current: { start: lookback, end: horizonStart } }, candidates.map((c) => String(c.entity))),
  ]);


  const threats = candidates.map((c): EmergingThreat => {
    const entity = String(c.entity);
    const total = num(c.total);
    const runs = num(c.runs);
    const co = num(c.co);
    const activity = { recent: num(c.recent), mid: num(c.mid), older: num(c.older) };
    // Named in the horizon, so the last sighting is there; the first is earlier when the lookback has one.
    const firstSeen = earlier.get(entity) ?? new Date(String(c.first_in_horizon));
    const lastSeen = new Date(String(c.last_seen));
    const avgPosition = round2(num(c.rank_sum) / total);
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
      uniquePrompts: num(c.prompts),
      momentum: momentum(test),
    });
    return {
      id: entity,
      competitorName: String(c.name),
      firstSeen: firstSeen.toISOString(),
      lastSeen: lastSeen.toISOString(),
      generatedAt: now.toISOString(),
      threatAssessment: threatAssessment(score, emergence),
      emergenceLevel: emergence,
      temporalPattern: pattern,
      competitiveRelevanceScore: score,
      totalMentions: total,
      uniquePromptsCount: num(c.prompts),
      uniqueRunsCount: runs,
      coMentionsCount: co,
      coMentionPercentage: percent(co, runs),
      avgPosition,
      bestPosition: num(c.best),
      worstPosition: num(c.worst),
      medianPosition: round2(num(c.median)),
      recentMentions: activity.recent,
      midMentions: activity.mid,
      olderMentions: activity.older,
      recentActivityTrend: activityTrend(activity),
      emerging: isEmerging(test),
      recentMentionRateStats: rateStats(activity.recent, brandRunCount.recent, minSample),
      baselineMentionRateStats: rateStats(baselineMentions, brandRunCount.baseline, minSample),
      mentionRateChangeStats: rateChangeStats(activity.recent, brandRunCount.recent, baselineMentions, brandRunCount.baseline, minSample),
      coMentionPercentageStats: rateStats(co, runs, minSample),
      avgPositionStats: meanStats({ n: total, sum: num(c.rank_sum), sumSq: num(c.rank_sq_sum) }, minSample),
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

/**
 * Each entity's first mention in the scope's window, exact to the instant: the earliest day from the
 * fact rows (a rollup row stands for its whole day), then that day's earliest mention from the facts.
 */
async function firstSightings(db: Db, scope: InsightScope, entities: string[]): Promise<Map<string, Date>> {
  const p = new SqlParams();
  const rows = factRows(p, scope, 'mentions', 'fm', { filter: (col) => inList(p, col('entity'), entities) });
  const earliest = await db.query(`SELECT entity, MIN(created_at) AS at FROM ${rows} GROUP BY entity`, p.values);
  if (earliest.length === 0) return new Map();
  const q = new SqlParams();
  const days = earliest.map((r) => {
    const day = utcDay(new Date(String(r.at)));
    const start = new Date(Math.max(day.getTime(), scope.current.start.getTime()));
    return `(entity = ${q.add(String(r.entity))} AND created_at >= ${tsParam(q, start)} AND created_at < ${tsParam(q, addDays(day, 1))})`;
  });
  const exact = await db.query(
    `SELECT entity, MIN(created_at) AS at FROM mentions WHERE brand_id = ${q.add(scope.brandId)} AND (${days.join(' OR ')}) GROUP BY entity`,
    q.values,
  );
  return new Map(exact.map((r) => [String(r.entity), new Date(String(r.at))]));
}
