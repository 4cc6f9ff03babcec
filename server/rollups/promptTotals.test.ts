import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../db/testing';
import type { Dialect } from '../db/types';
import { ingestRun } from '../runs/ingestRun';
import { insertRows } from '../runs/rows';
import { promptTotalsThrough } from './promptTotals';
import { rebuildBrandRollups } from './rebuild';
import { addDays, ROLLUP_TABLES, utcDay } from './tables';

const BRAND = 'brd_t';
const TRACKED = [{ name: 'Acme' }, { name: 'Globex' }];
const DAY0 = new Date('2026-11-01T00:00:00Z');

/** A run of one of few combinations, on one of 12 days, naming the own brand at some rank or not. */
const run = fc.record({
  prompt: fc.constantFrom('prm_1', 'prm_2'),
  provider: fc.constantFrom('openai', 'gemini'),
  location: fc.constantFrom('US', 'GB'),
  day: fc.integer({ min: 0, max: 11 }),
  minute: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 24 * 60 - 1 })),
  ownRank: fc.option(fc.constantFrom(1, 2), { nil: null }),
});
type Run = typeof run extends fc.Arbitrary<infer T> ? T : never;

/** The answer names the tracked brands in an order that puts the own brand at `ownRank`, or names only the competitor. */
const answerOf = (r: Run) =>
  r.ownRank === 1 ? '1. Acme is a solid choice.\n2. Globex is too.'
  : r.ownRank === 2 ? '1. Globex is a solid choice.\n2. Acme is too.'
  : '1. Globex is a solid choice.';

/**
 * The running totals against plain sums of the stored runs: for random runs stored in random order
 * (late ones on days the totals already cover, first runs of a combination before its earlier
 * rows, runs on days past them, several on one day), starting from no totals or from a rebuild as of a random day,
 * every row holds its combination's runs and own mentions up to the end of its day, every
 * combination has a row on every day from its first run to the brand's `through` day, and
 * `through` is the latest run's day (or the rebuild's, if later).
 */
describe.each<Dialect>(['duckdb', 'postgres'])('running totals per prompt, provider and location, on %s', (dialect) => {
  let t: TestDb;
  let stored = 0;

  beforeAll(async () => {
    t = await openTestDb(dialect);
  });
  afterAll(async () => {
    await t?.dispose();
  });
  beforeEach(async () => {
    for (const table of ['runs', 'mentions', 'citations', 'brands', ...ROLLUP_TABLES]) await t.db.exec(`DELETE FROM ${table}`);
    await insertRows(t.db, 'brands', ['id', 'name', 'url', 'location', 'aliases', 'created_by', 'finalized', 'created_at'], [
      [BRAND, 'Acme', 'https://acme.test', 'US', '[]', 'usr_1', true, DAY0],
    ]);
  });

  const store = (r: Run) =>
    ingestRun(
      t.db,
      {
        id: `run_${++stored}`,
        brandId: BRAND, promptId: r.prompt, provider: r.provider, location: r.location,
        createdAt: new Date(addDays(DAY0, r.day).getTime() + r.minute * 60_000),
        answer: { answerText: answerOf(r), citations: [] },
      },
      TRACKED,
    );

  it('hold each combination’s sums up to each day, a row every day, for runs stored in any order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(run, { maxLength: 6 }),
        fc.option(fc.integer({ min: 0, max: 12 }), { nil: null }),
        fc.array(run, { minLength: 1, maxLength: 10 }),
        async (before, rebuildDay, after) => {
          for (const table of ['runs', 'mentions', 'citations', ...ROLLUP_TABLES]) await t.db.exec(`DELETE FROM ${table}`);
          for (const r of before) await store(r);
          // A rebuild as of `rebuildDay`, else the totals kept from the first runs on.
          if (rebuildDay !== null) await t.db.transaction((tx) => rebuildBrandRollups(tx, BRAND, addDays(DAY0, rebuildDay)));
          for (const r of after) await store(r);

          const all = [...before, ...after];
          // Each stored run moves `through` to its own day, if that is later; a rebuild sets it to its day or the latest run's.
          const expectedThrough = addDays(DAY0, Math.max(...all.map((r) => r.day), rebuildDay ?? -Infinity));
          expect(await promptTotalsThrough(t.db, BRAND)).toEqual(expectedThrough);

          const expected = new Map<string, number[]>();
          const first = new Map<string, number>();
          for (const r of all) {
            const key = `${r.prompt}|${r.provider}|${r.location}`;
            first.set(key, Math.min(first.get(key) ?? Infinity, r.day));
          }
          const lastDay = Math.round((expectedThrough.getTime() - DAY0.getTime()) / 86_400_000);
          for (const [key, firstDay] of first) {
            for (let d = firstDay; d <= lastDay; d++) {
              const upTo = all.filter((r) => `${r.prompt}|${r.provider}|${r.location}` === key && r.day <= d);
              const ranks = upTo.filter((r) => r.ownRank !== null).map((r) => r.ownRank!);
              expected.set(`${key}|${addDays(DAY0, d).toISOString()}`, [
                upTo.length, ranks.length, ranks.reduce((a, b) => a + b, 0), ranks.reduce((a, b) => a + b * b, 0),
              ]);
            }
          }
          const rows = await t.db.query<Record<string, unknown>>(
            'SELECT prompt_id, provider, location, day, runs, mentioned, rank_sum, rank_sq_sum FROM rollup_prompt_totals WHERE brand_id = $1',
            [BRAND],
          );
          const actual = new Map(
            rows.map((r) => [
              `${r.prompt_id}|${r.provider}|${r.location}|${utcDay(new Date(r.day as Date)).toISOString()}`,
              [r.runs, r.mentioned, r.rank_sum, r.rank_sq_sum].map(Number),
            ]),
          );
          expect(rows.length).toBe(actual.size); // one row per combination and day
          expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
        },
      ),
      { numRuns: 25 },
    );
  }, 240_000);
});
