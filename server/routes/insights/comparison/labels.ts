/**
 * The head-to-head labels of the comparison page (a prompt's competitive status and ranking
 * comparison, a provider's mention performance), from mention rates in percent (0-100) and mean
 * ranks (null = never named).
 */
export type CompetitiveStatus = 'brand_dominant' | 'brand_leading' | 'even' | 'competitor_leading' | 'competitor_dominant';
export type RankingComparison =
  | 'only_brand_ranked'
  | 'only_competitor_ranked'
  | 'brand_ranks_higher'
  | 'competitor_ranks_higher'
  | 'similar_ranking'
  | 'no_rankings';
export type MentionPerformance = 'brand_leading' | 'competitor_leading' | 'even';

/** Mention-rate gaps (percentage points) for "leading" and "dominant". */
export const LEADING_GAP = 5;
export const DOMINANT_GAP = 20;
/** Mean ranks closer than this are "similar". */
export const SIMILAR_RANK_GAP = 0.5;

export function competitiveStatus(brandRate: number, competitorRate: number): CompetitiveStatus {
  const gap = brandRate - competitorRate;
  if (gap >= DOMINANT_GAP) return 'brand_dominant';
  if (gap >= LEADING_GAP) return 'brand_leading';
  if (gap > -LEADING_GAP) return 'even';
  if (gap > -DOMINANT_GAP) return 'competitor_leading';
  return 'competitor_dominant';
}

export function rankingComparison(brandRank: number | null, competitorRank: number | null): RankingComparison {
  if (brandRank === null && competitorRank === null) return 'no_rankings';
  if (competitorRank === null) return 'only_brand_ranked';
  if (brandRank === null) return 'only_competitor_ranked';
  if (Math.abs(brandRank - competitorRank) < SIMILAR_RANK_GAP) return 'similar_ranking';
  return brandRank < competitorRank ? 'brand_ranks_higher' : 'competitor_ranks_higher';
}

export function mentionPerformance(brandRate: number, competitorRate: number): MentionPerformance {
  if (brandRate > competitorRate) return 'brand_leading';
  if (brandRate < competitorRate) return 'competitor_leading';
  return 'even';
}
