import { describe, expect, it } from 'vitest';
import { momentSums, type EntityMentionStats } from './facts';

const stats: EntityMentionStats = {
  entity: 'acme',
  provider: null,
  mentions: { cur: 4, prev: 2 },
  sentimentSum: { cur: 1, prev: -0.5 },
  rankSum: { cur: 9, prev: 3 },
  sqSum: { sentiment: { cur: 0.75, prev: 0.25 } },
};

describe('the sums an interval of an average takes', () => {
  it('come from the read that fetched their sums of squares', () => {
    expect(momentSums(stats, 'sentiment', 'cur')).toEqual({ n: 4, sum: 1, sumSq: 0.75 });
    expect(momentSums(stats, 'sentiment', 'prev')).toEqual({ n: 2, sum: -0.5, sumSq: 0.25 });
  });

  it('refuse an average whose sums of squares the read did not fetch, rather than a zero spread', () => {
    expect(() => momentSums(stats, 'rank', 'cur')).toThrow(/squares: \['rank'\]/);
  });

  it('are empty for an entity without mentions', () => {
    expect(momentSums(undefined, 'rank', 'cur')).toEqual({ n: 0, sum: 0, sumSq: 0 });
  });
});
