import { describe, expect, it } from 'vitest';
import { competitiveStatus, mentionPerformance, rankingComparison } from './labels';

describe('comparison labels', () => {
  it('competitive status from the mention-rate gap', () => {
    expect(competitiveStatus(60, 30)).toBe('brand_dominant');
    expect(competitiveStatus(40, 30)).toBe('brand_leading');
    expect(competitiveStatus(32, 30)).toBe('even');
    expect(competitiveStatus(30, 40)).toBe('competitor_leading');
    expect(competitiveStatus(10, 40)).toBe('competitor_dominant');
  });
  it('ranking comparison from mean ranks', () => {
    expect(rankingComparison(null, null)).toBe('no_rankings');
    expect(rankingComparison(2, null)).toBe('only_brand_ranked');
    expect(rankingComparison(null, 2)).toBe('only_competitor_ranked');
    expect(rankingComparison(2, 2.3)).toBe('similar_ranking');
    expect(rankingComparison(1.5, 3)).toBe('brand_ranks_higher');
    expect(rankingComparison(3, 1.5)).toBe('competitor_ranks_higher');
  });
  it('mention performance per provider', () => {
    expect(mentionPerformance(50, 40)).toBe('brand_leading');
    expect(mentionPerformance(40, 50)).toBe('competitor_leading');
    expect(mentionPerformance(40, 40)).toBe('even');
  });
});
