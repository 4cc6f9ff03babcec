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

export type PromptSide = 'leading' | 'trailing';

/**
 * Whether a prompt row belongs to a list of the comparison page. Leading: the brand is dominant,
 * or leading with a higher (or the only) rank. Trailing: the competitor leads or matches the
 * brand, or ranks higher (or is the only one ranked), or the brand leads only by a similar rank.
 * A row can be in both (the brand dominates on mentions, the competitor ranks higher); a row where
 * neither brand is ranked is in neither, since it tells nothing of how the two compare.
 */
export function inPromptList(side: PromptSide, status: CompetitiveStatus, ranking: RankingComparison): boolean {
  if (ranking === 'no_rankings') return false;
  if (side === 'leading') {
    return status === 'brand_dominant' || (status === 'brand_leading' && (ranking === 'brand_ranks_higher' || ranking === 'only_brand_ranked'));
  }
  return (
    status === 'even' ||
    status === 'competitor_leading' ||
    status === 'competitor_dominant' ||
    ranking === 'competitor_ranks_higher' ||
    ranking === 'only_competitor_ranked' ||
    (status === 'brand_leading' && ranking === 'similar_ranking')
  );
}
