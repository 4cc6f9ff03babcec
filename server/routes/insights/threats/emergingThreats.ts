import type { Db } from '../../../db/types';
import { SqlParams, inList, tsParam } from '../shared/params';
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
  growthPct,
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
): Promise<EmergingThreat[]> {
  const own = tracked.find((t) => t.isOwn)!;
  const horizonStart = new Date(now.getTime() - HORIZON_DAYS * DAY);
  const midStart = new Date(now.getTime() - MID_DAYS * DAY);
  const recentStart = new Date(now.getTime() - RECENT_DAYS * DAY);

  // One statement: the untracked brands' counts in the horizon, their first/last sighting over the
  // last FIRST_SEEN_LOOKBACK_DAYS (so a brand named for months is no "new entrant"), and the brand's runs.
  const p = new SqlParams();
  const brand = p.add(brandId);
  const from = tsParam(p, horizonStart);
  const to = tsParam(p, now);
  const recent = tsParam(p, recentStart);
  const mid = tsParam(p, midStart);
  const lookback = tsParam(p, new Date(now.getTime() - FIRST_SEEN_LOOKBACK_DAYS * DAY));
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
     ),
     agg AS (
       SELECT m.entity, MIN(m.entity_name) AS name,
              COUNT(*) AS total, COUNT(DISTINCT m.prompt_id) AS prompts, COUNT(DISTINCT m.run_id) AS runs,
              COUNT(own.run_id) AS co,
              COUNT(*) FILTER (WHERE m.created_at >= ${recent}) AS recent,
              COUNT(*) FILTER (WHERE m.created_at >= ${mid} AND m.created_at < ${recent}) AS mid,
              COUNT(*) FILTER (WHERE m.created_at < ${mid}) AS older,
              SUM(m.rank) AS rank_sum, MIN(m.rank) AS best, MAX(m.rank) AS worst,
              CAST(percentile_cont(0.5) WITHIN GROUP (ORDER BY m.rank) AS DOUBLE PRECISION) AS median
         FROM m LEFT JOIN own ON own.run_id = m.run_id
        GROUP BY m.entity
       HAVING COUNT(*) >= ${minMentions}
     ),
     seen AS (
       SELECT entity, MIN(created_at) AS first_seen, MAX(created_at) AS last_seen FROM mentions
        WHERE brand_id = ${brand} AND created_at >= ${lookback} AND created_at < ${to} AND entity IN (SELECT entity FROM agg)
        GROUP BY entity
     )
     SELECT agg.*, seen.first_seen, seen.last_seen,
            (SELECT COUNT(*) FROM runs WHERE brand_id = ${brand} AND created_at >= ${from} AND created_at < ${to}) AS brand_runs
       FROM agg JOIN seen ON seen.entity = agg.entity`,
    p.values,
  );
  if (candidates.length === 0) return [];
  const brandRuns = num(candidates[0].brand_runs);

  const threats = candidates.map((c): EmergingThreat => {
    const entity = String(c.entity);
    const total = num(c.total);
    const runs = num(c.runs);
    const co = num(c.co);
    const activity = { recent: num(c.recent), mid: num(c.mid), older: num(c.older) };
    const firstSeen = new Date(String(c.first_seen));
    const lastSeen = new Date(String(c.last_seen));
    const avgPosition = round2(num(c.rank_sum) / total);
    const growth = growthPct(activity);
    const pattern = temporalPattern(activity, firstSeen, now);
    const emergence = emergenceLevel(growth, pattern);
    const score = competitiveRelevanceScore({
      runShare: brandRuns > 0 ? runs / brandRuns : 0,
      coMentionShare: runs > 0 ? co / runs : 0,
      avgPosition,
      uniquePrompts: num(c.prompts),
      growth,
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
