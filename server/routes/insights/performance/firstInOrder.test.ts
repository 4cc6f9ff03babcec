import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../seed/generator/prng';
import { firstInOrder } from './promptsRanking';

describe('firstInOrder', () => {
  it('gives what a full sort then a slice gives, for random lists, ties and k', () => {
    const rng = mulberry32(7);
    for (let round = 0; round < 300; round++) {
      const n = Math.floor(rng() * 60);
      // few distinct rates and ranks, so most comparisons fall to the unique key
      const items = Array.from({ length: n }, (_, i) => ({
        rate: Math.floor(rng() * 4) * 25,
        rank: rng() < 0.3 ? null : Math.floor(rng() * 3) + 1,
        key: `p${i}`,
      }));
      const inf = (r: number | null) => (r === null ? Number.POSITIVE_INFINITY : r);
      const order = (a: (typeof items)[number], b: (typeof items)[number]) =>
        b.rate - a.rate || inf(a.rank) - inf(b.rank) || a.key.localeCompare(b.key);
      const k = Math.floor(rng() * 8);
      expect(firstInOrder(items, k, order)).toEqual([...items].sort(order).slice(0, k));
    }
  });
});
