import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../db/testing';
import type { Dialect } from '../../../db/types';
import { medianOfHistogram } from './candidates';

describe.each<Dialect>(['duckdb', 'postgres'])('the median of a rank histogram, against percentile_cont on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(dialect);
  });
  afterAll(() => t?.dispose());

  it('takes the middle value, or halfway between the two middle ones', () => {
    expect(medianOfHistogram([{ rank: 2, n: 3 }], 3)).toBe(2);
    expect(medianOfHistogram([{ rank: 1, n: 1 }, { rank: 4, n: 1 }], 2)).toBe(2.5);
    expect(medianOfHistogram([{ rank: 1, n: 2 }, { rank: 2, n: 2 }, { rank: 7, n: 1 }], 5)).toBe(2);
  });

  it('is the value the database computes from the ranks themselves', async () => {
    const histogram = fc
      .uniqueArray(fc.record({ rank: fc.integer({ min: 1, max: 12 }), n: fc.integer({ min: 1, max: 6 }) }), { selector: (r) => r.rank, minLength: 1, maxLength: 6 })
      .map((rows) => rows.sort((a, b) => a.rank - b.rank));
    await fc.assert(
      fc.asyncProperty(histogram, async (rows) => {
        const ranks = rows.flatMap((r) => Array<number>(r.n).fill(r.rank));
        const [{ median }] = await t.db.query<{ median: number }>(
          `SELECT CAST(percentile_cont(0.5) WITHIN GROUP (ORDER BY rank) AS DOUBLE PRECISION) AS median
             FROM (${ranks.map((r) => `SELECT CAST(${r} AS INTEGER) AS rank`).join(' UNION ALL ')}) v`,
        );
        expect(medianOfHistogram(rows, ranks.length)).toBe(Number(median));
      }),
      { numRuns: 50 },
    );
  });
});
