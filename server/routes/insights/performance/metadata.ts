import type { Db } from '../../../db/types';
import { meanChangeStats, meanStats, rateChangeStats, rateStats, type ChangeStats, type EstimateStats } from '../../../stats';
import { momentSums, sumCounts, windowFacts } from '../shared/facts';
import { delta, netSentiment, pctChange, percent } from '../shared/numbers';
import { minSampleOf, type InsightScope } from '../shared/scope';
import type { TrackedEntity } from '../shared/tracked';

/** The overview metric cards: mention rate, sentiment, mentions, citations and domains, with their change against the previous window. */
export interface BrandPerformanceMetrics {
  mentionRate: number;
  deltaShareOfVoiceMarket: number | null;
  pctChangeMentionRate: number | null;
  netSentimentBrand: number | null;
  deltaNetSentimentBrand: number | null;
  pctChangeNetSentimentBrand: number | null;
  totalMentionsCount: number;
  deltaTotalMentionsCount: number;
  pctChangeTotalMentionsCount: number | null;
  totalPromptsRun: number;
  totalCitationsCount: number;
  deltaTotalCitationsCount: number;
  pctChangeTotalCitationsCount: number | null;
  totalUniqueDomainsCount: number;
  deltaUniqueDomainsCount: number;
  pctChangeUniqueDomainsCount: number | null;
  mentionRateStats: EstimateStats;
  mentionRateChangeStats: ChangeStats;
  shareOfVoiceChangeStats: ChangeStats;
  netSentimentBrandStats: EstimateStats;
  netSentimentBrandChangeStats: ChangeStats;
}

/**
 * mentionRate uses the same runs and own-brand mentions as the own row of the ranking list, so the
 * two always agree. deltaShareOfVoiceMarket is the change of the own brand's share of voice
 * (percentage points, current − delta window); null when the delta window has no tracked mentions.
 * Every rate and average carries its sample and interval, every change its interval and
 * significance (server/stats).
 */
export async function brandPerformanceMetrics(
  db: Db,
  scope: InsightScope,
  tracked: TrackedEntity[],
): Promise<BrandPerformanceMetrics> {
  const own = tracked.find((t) => t.isOwn)!;
  const facts = await windowFacts(db, scope, tracked.map((t) => t.entity), { citations: true, squares: ['sentiment'] });
  const { runs, entities: stats } = facts;
  const cites = facts.citations!;
  const ownStats = stats.find((s) => s.entity === own.entity);
  const mentions = ownStats?.mentions ?? { cur: 0, prev: 0 };
  const sentiment = ownStats?.sentimentSum ?? { cur: 0, prev: 0 };
  const allTracked = sumCounts(stats, (s) => s.mentions);
  const min = minSampleOf(scope);

  const rateCur = percent(mentions.cur, runs.cur);
  const ratePrev = runs.prev > 0 ? percent(mentions.prev, runs.prev) : null;
  const sovCur = allTracked.cur > 0 ? percent(mentions.cur, allTracked.cur) : null;
  const sovPrev = allTracked.prev > 0 ? percent(mentions.prev, allTracked.prev) : null;
  const sentCur = netSentiment(sentiment.cur, mentions.cur);
  const sentPrev = netSentiment(sentiment.prev, mentions.prev);

  return {
    mentionRate: rateCur,
    deltaShareOfVoiceMarket: delta(sovCur ?? 0, sovPrev),
    pctChangeMentionRate: pctChange(rateCur, ratePrev),
    netSentimentBrand: sentCur,
    deltaNetSentimentBrand: delta(sentCur, sentPrev),
    pctChangeNetSentimentBrand: pctChange(sentCur, sentPrev),
    totalMentionsCount: mentions.cur,
    deltaTotalMentionsCount: mentions.cur - mentions.prev,
    pctChangeTotalMentionsCount: pctChange(mentions.cur, mentions.prev),
    totalPromptsRun: runs.cur,
    totalCitationsCount: cites.citations.cur,
    deltaTotalCitationsCount: cites.citations.cur - cites.citations.prev,
    pctChangeTotalCitationsCount: pctChange(cites.citations.cur, cites.citations.prev),
    totalUniqueDomainsCount: cites.domains.cur,
    deltaUniqueDomainsCount: cites.domains.cur - cites.domains.prev,
    pctChangeUniqueDomainsCount: pctChange(cites.domains.cur, cites.domains.prev),
    mentionRateStats: rateStats(mentions.cur, runs.cur, min),
    mentionRateChangeStats: rateChangeStats(mentions.cur, runs.cur, mentions.prev, runs.prev, min),
    shareOfVoiceChangeStats: rateChangeStats(mentions.cur, allTracked.cur, mentions.prev, allTracked.prev, min),
    netSentimentBrandStats: meanStats(momentSums(ownStats, 'sentiment', 'cur'), min, 100),
    netSentimentBrandChangeStats: meanChangeStats(
      momentSums(ownStats, 'sentiment', 'cur'),
      momentSums(ownStats, 'sentiment', 'prev'),
      min,
      100,
    ),
  };
}
