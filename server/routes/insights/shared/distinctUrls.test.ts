import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../db/testing';
import type { Dialect } from '../../../db/types';
import { rebuildBrandRollups } from '../../../rollups/rebuild';
import { gapChanges, NEVER_CITED } from '../../../rollups/urlGaps';
import { ingestRun } from '../../../runs/ingestRun';
import {
  BRAND_ID,
  COMPETITORS,
  DAY,
  DOMAINS,
  LOCATIONS,
  NOW,
  OWN,
  PROMPTS,
  PROVIDERS,
  buildFacts,
  loadFixture,
} from '../testing/fixture';
import { distinctUrlsPerDomain, readsUrlGaps } from './distinctUrls';
import type { InsightScope } from './scope';

const day = (n: number) => new Date(Date.UTC(2026, 10, n));

describe('gapChanges', () => {
  it('counts a first citation with NEVER_CITED and moves the next day of a URL onto a day placed before it', () => {
    expect(gapChanges([], day(5))).toEqual([{ day: day(5), prevDay: NEVER_CITED, urls: 1 }]);
    expect(gapChanges([day(2), day(9)], day(5))).toEqual([
      { day: day(5), prevDay: day(2), urls: 1 },
      { day: day(9), prevDay: day(2), urls: -1 },
      { day: day(9), prevDay: day(5), urls: 1 },
    ]);
    // before the first day: the first day was a first citation, now it follows the new day
    expect(gapChanges([day(9), day(12)], day(5))).toEqual([
      { day: day(5), prevDay: NEVER_CITED, urls: 1 },
      { day: day(9), prevDay: NEVER_CITED, urls: -1 },
      { day: day(9), prevDay: day(5), urls: 1 },
    ]);
  });
});

/**
 * The distinct URLs of a window from the gap rollup equal the count of the raw citations, for random
 * citations stored through the live ingestion path (late ones between a URL's earlier and later
 * days included) and random windows that the rollup serves: starting at midnight, ending at midnight,
 * mid-day or after the latest facts, with and without runs after the end on its last day. Only
 * PostgreSQL keeps the rollup (urlGapsKeptOn); DuckDB counts the citations.
 */
describe('distinct URLs per domain on postgres', () => {
  const dialect: Dialect = 'postgres';
  let t: TestDb;
  let added = 0;
  beforeAll(async () => {
    t = await openTestDb(dialect);
    await loadFixture(t.db, buildFacts());
  }, 120_000);
  afterAll(() => t?.dispose());

  const citedRun = fc.record({
    hoursAgo: fc.integer({ min: -12, max: 40 * 24 }),
    citations: fc.array(fc.record({ domain: fc.constantFrom(...DOMAINS), page: fc.integer({ min: 0, max: 5 }) }), {
      minLength: 1,
      maxLength: 5,
    }),
  });
  const window = fc.record({
    startDaysAgo: fc.integer({ min: 1, max: 40 }),
    days: fc.integer({ min: 1, max: 20 }),
    endHour: fc.constantFrom(0, 0, 7, 13, 23),
    domains: fc.option(fc.subarray(DOMAINS, { minLength: 1 }), { nil: undefined }),
  });

  it('counts from the rollup what the raw citations give, for random late citations and windows', async () => {
    const today = new Date(Math.floor(NOW.getTime() / DAY) * DAY);
    let servedFromGaps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(citedRun, { maxLength: 4 }), window, async (runs, w) => {
        for (const r of runs) {
          await ingestRun(
            t.db,
            {
              brandId: BRAND_ID,
              promptId: PROMPTS[added % PROMPTS.length].id,
              provider: PROVIDERS[added % 2],
              location: LOCATIONS[added % 2],
              createdAt: new Date(NOW.getTime() - r.hoursAgo * 3_600_000),
              answer: {
                answerText: `1. ${OWN} is a solid choice for this.`,
                citations: r.citations.map((c) => ({
                  url: `https://www.${c.domain}/u-${c.page}`,
                  title: null,
                  author: null,
                  publishedAt: null,
                })),
              },
              id: `run_url_${++added}`,
            },
            [{ name: OWN }, ...COMPETITORS.map((name) => ({ name }))],
          );
        }
        const start = new Date(today.getTime() - w.startDaysAgo * DAY);
        const end = new Date(start.getTime() + w.days * DAY + w.endHour * 3_600_000);
        const scope: InsightScope = {
          brandId: BRAND_ID,
          providers: null,
          locations: null,
          current: { start, end },
          previous: null,
          source: 'rollups',
        };
        expect(readsUrlGaps(scope, dialect)).toBe(true);
        servedFromGaps++;
        const [fromRollup, fromRaw] = await Promise.all([
          distinctUrlsPerDomain(t.db, scope, w.domains),
          distinctUrlsPerDomain(t.db, { ...scope, source: 'raw' }, w.domains),
        ]);
        expect(Object.fromEntries(fromRollup), JSON.stringify({ start, end, domains: w.domains })).toEqual(Object.fromEntries(fromRaw));
      }),
      { numRuns: 40 },
    );
    expect(servedFromGaps).toBe(40);
    expect(added).toBeGreaterThan(0);
  }, 240_000);

  it('the gap rows kept up at ingestion equal a rebuild from the citations', async () => {
    const rows = (table: string, key: string, sum: string) =>
      t.db.query(`SELECT ${key}, ${sum} AS s FROM ${table} WHERE brand_id = $1 GROUP BY ${key} HAVING ${sum} <> 0 ORDER BY ${key}`, [
        BRAND_ID,
      ]);
    const kept = await rows('rollup_url_gaps_daily', 'day, domain, prev_day', 'SUM(urls)');
    const keptDays = await rows('rollup_cited_url_days', 'domain, url, day', 'COUNT(*)');
    await t.db.transaction((tx) => rebuildBrandRollups(tx, BRAND_ID));
    expect(await rows('rollup_url_gaps_daily', 'day, domain, prev_day', 'SUM(urls)')).toEqual(kept);
    expect(await rows('rollup_cited_url_days', 'domain, url, day', 'COUNT(*)')).toEqual(keptDays);
    expect(kept.length).toBeGreaterThan(0);
  }, 120_000);

  it('falls back to the citations for a window the rollup cannot serve', () => {
    const base: InsightScope = {
      brandId: BRAND_ID,
      providers: null,
      locations: null,
      current: { start: day(10), end: day(17) },
      previous: null,
      source: 'rollups',
    };
    expect(readsUrlGaps(base, dialect)).toBe(true);
    expect(readsUrlGaps(base, 'duckdb')).toBe(false);
    expect(readsUrlGaps({ ...base, current: { start: new Date(day(10).getTime() + 3_600_000), end: day(17) } }, dialect)).toBe(false);
    expect(readsUrlGaps({ ...base, providers: [PROVIDERS[0]] }, dialect)).toBe(false);
    expect(readsUrlGaps({ ...base, locations: [LOCATIONS[0]] }, dialect)).toBe(false);
    expect(readsUrlGaps({ ...base, source: 'raw' }, dialect)).toBe(false);
  });
});

describe('distinct URLs per domain on duckdb', () => {
  it('keeps no URL gap rows and counts the citations', async () => {
    const t = await openTestDb('duckdb');
    try {
      await loadFixture(t.db, buildFacts());
      await ingestRun(
        t.db,
        {
          brandId: BRAND_ID,
          promptId: PROMPTS[0].id,
          provider: PROVIDERS[0],
          location: LOCATIONS[0],
          createdAt: new Date(NOW.getTime() - 3 * DAY),
          answer: {
            answerText: `1. ${OWN} is fine.`,
            citations: [{ url: 'https://www.g2.com/u-1', title: null, author: null, publishedAt: null }],
          },
          id: 'run_url_duckdb',
        },
        [{ name: OWN }],
      );
      await t.db.transaction((tx) => rebuildBrandRollups(tx, BRAND_ID));
      for (const table of ['rollup_cited_url_days', 'rollup_url_gaps_daily']) {
        expect(await t.db.query(`SELECT * FROM ${table}`), table).toEqual([]);
      }
      const start = new Date(Math.floor(NOW.getTime() / DAY) * DAY - 7 * DAY);
      const scope: InsightScope = {
        brandId: BRAND_ID,
        providers: null,
        locations: null,
        current: { start, end: NOW },
        previous: null,
        source: 'rollups',
      };
      const counts = await distinctUrlsPerDomain(t.db, scope);
      expect(counts.get('g2.com')).toBeGreaterThan(0);
      expect(counts).toEqual(await distinctUrlsPerDomain(t.db, { ...scope, source: 'raw' }));
    } finally {
      await t.dispose();
    }
  }, 120_000);
});
