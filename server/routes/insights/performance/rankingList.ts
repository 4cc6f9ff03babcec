import type { Db } from '../../../db/types';
import { meanStats, rateChangeStats, rateStats, type ChangeStats, type EstimateStats } from '../../../stats';
import { momentSums, windowFacts } from '../shared/facts';
import { delta, netSentiment, pctChange, percent } from '../shared/numbers';
import { minSampleOf, type InsightScope } from '../shared/scope';
import type { TrackedEntity } from '../shared/tracked';

/** One brand's row in the overview ranking against the competitors. */
export interface RankingRow {
  brandName: string;
  currentMentionRate: number;
  deltaMentionRate: number | null;
  pctChangeMentionRate: number | null;
  currentNetSentiment: number | null;
  currentMentionRateStats: EstimateStats;
  mentionRateChangeStats: ChangeStats;
  currentNetSentimentStats: EstimateStats;
}

/**
 * The own brand and every competitor, mentioned or not, each with its mention rate over the same
 * runs. Sorted by currentMentionRate descending; ties keep the own brand first, then by name.
 */
export async function rankingList(db: Db, scope: InsightScope, tracked: TrackedEntity[]): Promise<RankingRow[]> {
  const { runs, entities: stats } = await windowFacts(db, scope, tracked.map((t) => t.entity), { squares: ['sentiment'] });
  const byEntity = new Map(stats.map((s) => [s.entity, s]));
  const min = minSampleOf(scope);
  const rows = tracked.map((t) => {
    const s = byEntity.get(t.entity);
    const mentions = s?.mentions ?? { cur: 0, prev: 0 };
    const cur = percent(mentions.cur, runs.cur);
    const prev = runs.prev > 0 ? percent(mentions.prev, runs.prev) : null;
    return {
      isOwn: t.isOwn,
      row: {
        brandName: t.name,
        currentMentionRate: cur,
        deltaMentionRate: delta(cur, prev),
        pctChangeMentionRate: pctChange(cur, prev),
        currentNetSentiment: netSentiment(s?.sentimentSum.cur ?? 0, mentions.cur),
        currentMentionRateStats: rateStats(mentions.cur, runs.cur, min),
        mentionRateChangeStats: rateChangeStats(mentions.cur, runs.cur, mentions.prev, runs.prev, min),
        currentNetSentimentStats: meanStats(momentSums(s, 'sentiment', 'cur'), min, 100),
      },
    };
  });
  rows.sort(
    (a, b) =>
      b.row.currentMentionRate - a.row.currentMentionRate ||
      Number(b.isOwn) - Number(a.isOwn) ||
      a.row.brandName.localeCompare(b.row.brandName),
  );
  return rows.map((r) => r.row);
}
