import { describe, expect, it } from 'vitest';
import { competitiveStatus, mentionPerformance, rankingComparison, inPromptList } from './labels';

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

describe('the comparison page lists', () => {
  const STATUSES = ['brand_dominant', 'brand_leading', 'even', 'competitor_leading', 'competitor_dominant'] as const;
  const RANKINGS = ['only_brand_ranked', 'only_competitor_ranked', 'brand_ranks_higher', 'competitor_ranks_higher', 'similar_ranking', 'no_rankings'] as const;
  const pairs = STATUSES.flatMap((s) => RANKINGS.map((r) => [s, r] as const));
  const where = (keep: (leading: boolean, trailing: boolean) => boolean) =>
    pairs.filter(([s, r]) => keep(inPromptList('leading', s, r), inPromptList('trailing', s, r))).map(([s, r]) => `${s}/${r}`);

  // The lists' rules as the product states them, written out independently of inPromptList.
  const isLeading = (s: string, r: string) =>
    r !== 'no_rankings' && (s === 'brand_dominant' || (s === 'brand_leading' && (r === 'brand_ranks_higher' || r === 'only_brand_ranked')));
  const isTrailing = (s: string, r: string) =>
    r !== 'no_rankings' &&
    (['competitor_dominant', 'competitor_leading', 'even'].includes(s) ||
      (s === 'brand_leading' && (r === 'competitor_ranks_higher' || r === 'similar_ranking')) ||
      r === 'competitor_ranks_higher' ||
      r === 'only_competitor_ranked');

  it('keeps in each list the rows its rule names, for every status and ranking', () => {
    for (const [s, r] of pairs) {
      expect([s, r, inPromptList('leading', s, r)]).toEqual([s, r, isLeading(s, r)]);
      expect([s, r, inPromptList('trailing', s, r)]).toEqual([s, r, isTrailing(s, r)]);
    }
  });

  it('puts every ranked row in a list, a dominant brand outranked in both, an unranked row in neither', () => {
    expect(where((l) => l)).toEqual([
      'brand_dominant/only_brand_ranked',
      'brand_dominant/only_competitor_ranked',
      'brand_dominant/brand_ranks_higher',
      'brand_dominant/competitor_ranks_higher',
      'brand_dominant/similar_ranking',
      'brand_leading/only_brand_ranked',
      'brand_leading/brand_ranks_higher',
    ]);
    expect(where((l, t) => l && t)).toEqual(['brand_dominant/only_competitor_ranked', 'brand_dominant/competitor_ranks_higher']);
    expect(where((l, t) => !l && !t)).toEqual(STATUSES.map((s) => `${s}/no_rankings`));
  });
});
