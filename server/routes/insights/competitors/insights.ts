import type { Db } from '../../../db/types';
import { entityMentionStats, momentSums, sumCounts } from '../shared/facts';
import { SqlParams, inList } from '../shared/params';
import { meanOrNull, num, pctChange, percent } from '../shared/numbers';
import { factRows } from '../shared/factSource';
import { minSampleOf, type InsightScope } from '../shared/scope';
import { meanChangeStats, meanStats, rateChangeStats, rateStats, type ChangeStats, type EstimateStats } from '../../../stats';
import type { TrackedEntity } from '../shared/tracked';

export type ThreatLevel = 'high' | 'medium' | 'low';

/** One competitor's row in the Competitors table: co-mentions, position, market share, their growth and the threat level. */
export interface CompetitorTableRow {
  competitorName: string;
  coMentions: number;
  avgPosition: number | null;
  avgPositionGrowthPercentage: number | null;
  competitorMentions: number;
  deltaCompetitorMentions: number;
  uniqueRunsMentioned: number;
  citationsCount: number;
  marketShare: number;
  marketShareGrowthPercentage: number | null;
  growthPercentage: number | null;
  threatLevel: ThreatLevel;
  /** marketShare: n = mentions of all tracked brands. */
  marketShareStats: EstimateStats;
  /** marketShare, current − delta window (points). */
  marketShareChangeStats: ChangeStats;
  /** avgPosition: n = the competitor's mentions. */
  avgPositionStats: EstimateStats;
  /** avgPosition, current − delta window (Welch). */
  avgPositionChangeStats: ChangeStats;
}

/** Growth (percent change of mentions) from which a competitor counts as gaining fast. */
export const FAST_GROWTH_PCT = 25;

/**
 * Threat of one competitor against the own brand, from the current window:
 * high = mentioned at least as often as the own brand, or at least 75% as often while growing
 * fast (mentions up ≥ 25% on the delta window); medium = at least half as often, or growing fast;
 * low otherwise. A competitor never mentioned is low.
 */
export function threatLevel(competitorMentions: number, ownMentions: number, growthPct: number | null): ThreatLevel {
  if (competitorMentions === 0) return 'low';
  const fast = growthPct !== null && growthPct >= FAST_GROWTH_PCT;
  if (competitorMentions >= ownMentions || (fast && competitorMentions >= 0.75 * ownMentions)) return 'high';
  if (competitorMentions >= 0.5 * ownMentions || fast) return 'medium';
  return 'low';
}

/**
 * Per competitor in the current window: answers naming it, of those naming the own brand too, and
 * the citations of the answers naming it. Mentions are one per brand per answer, so summing a
 * competitor's mentions counts its answers.
 */
async function runFacts(db: Db, scope: InsightScope, own: string, competitors: string[]) {
  if (competitors.length === 0) return new Map<string, { runs: number; co: number; citations: number }>();
  const current: InsightScope = { ...scope, previous: null };
  const p = new SqlParams();
  const mentions = factRows(p, current, 'mentions', 'fm', {
    filter: (col) => inList(p, col('entity'), competitors),
    answerCitations: true,
    ownEntity: own,
  });
  const rows = await db.query(
    `SELECT entity, SUM(n) AS runs, SUM(with_own) AS co, SUM(answer_citations) AS citations FROM ${mentions} GROUP BY entity`,
    p.values,
  );
  return new Map(rows.map((r) => [String(r.entity), { runs: num(r.runs), co: num(r.co), citations: num(r.citations) }]));
}

/**
 * Every tracked competitor, mentioned or not. coMentions = answers naming both it and the own
 * brand; citationsCount = citations of the answers that name it; marketShare = its share of voice
 * among tracked brands; growth fields are percent changes on the delta window (avgPosition growth is
 * the raw change of the mean rank, so a negative value means it moved up). Sorted by mentions
 * descending, then name.
 */
export async function competitorInsights(
  db: Db,
  scope: InsightScope,
  tracked: TrackedEntity[],
): Promise<CompetitorTableRow[]> {
  const own = tracked.find((t) => t.isOwn)!;
  const competitors = tracked.filter((t) => !t.isOwn);
  const [stats, facts] = await Promise.all([
    entityMentionStats(db, scope, tracked.map((t) => t.entity), { squares: ['rank'] }),
    runFacts(db, scope, own.entity, competitors.map((c) => c.entity)),
  ]);
  const byEntity = new Map(stats.map((s) => [s.entity, s]));
  const all = sumCounts(stats, (s) => s.mentions);
  const ownMentions = byEntity.get(own.entity)?.mentions.cur ?? 0;
  const min = minSampleOf(scope);

  const rows = competitors.map((c): CompetitorTableRow => {
    const s = byEntity.get(c.entity);
    const mentions = s?.mentions ?? { cur: 0, prev: 0 };
    const rankSum = s?.rankSum ?? { cur: 0, prev: 0 };
    const f = facts.get(c.entity) ?? { runs: 0, co: 0, citations: 0 };
    const avgCur = meanOrNull(rankSum.cur, mentions.cur);
    const avgPrev = meanOrNull(rankSum.prev, mentions.prev);
    const shareCur = percent(mentions.cur, all.cur);
    const sharePrev = all.prev > 0 ? percent(mentions.prev, all.prev) : null;
    const growth = pctChange(mentions.cur, mentions.prev);
    return {
      competitorName: c.name,
      coMentions: f.co,
      avgPosition: avgCur,
      avgPositionGrowthPercentage: pctChange(avgCur, avgPrev),
      competitorMentions: mentions.cur,
      deltaCompetitorMentions: mentions.cur - mentions.prev,
      uniqueRunsMentioned: f.runs,
      citationsCount: f.citations,
      marketShare: shareCur,
      marketShareGrowthPercentage: pctChange(shareCur, sharePrev),
      growthPercentage: growth,
      threatLevel: threatLevel(mentions.cur, ownMentions, growth),
      marketShareStats: rateStats(mentions.cur, all.cur, min),
      marketShareChangeStats: rateChangeStats(mentions.cur, all.cur, mentions.prev, all.prev, min),
      avgPositionStats: meanStats(momentSums(s, 'rank', 'cur'), min),
      avgPositionChangeStats: meanChangeStats(momentSums(s, 'rank', 'cur'), momentSums(s, 'rank', 'prev'), min),
    };
  });
  return rows.sort((a, b) => b.competitorMentions - a.competitorMentions || a.competitorName.localeCompare(b.competitorName));
}

