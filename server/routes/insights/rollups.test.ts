import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../db/testing';
import type { Db, Dialect } from '../../db/types';
import { rollupTotals, rebuildBrandAsKept } from '../../rollups/testing/totals';
import { ingestRun } from '../../runs/ingestRun';
import { deletePromptData } from '../prompts/manage/deletePrompt';
import { emergingThreats } from './threats/emergingThreats';
import { insightRoutes } from './index';
import { answerDifference, appReading, callSchema } from './testing/answers';
import { pageTldAnalysis } from './citations/paging';
import { topAuthors } from './performance/sourcesSov';
import { SqlParams } from './shared/params';
import { type InsightScope, scopeWhere } from './shared/scope';
import type { TldAnalysis } from './citations/tldAnalysis';
import {
  BRAND_ID, COMPETITORS, DAY, DOMAINS, LOCATIONS, NOW, OWN, OWNER, PROMPTS, PROVIDERS, UNTRACKED, buildFacts, loadFixture,
} from './testing/fixture';

/**
 * The rollups are an optimisation, never a second truth: for random data (runs added through the
 * live ingestion path, late ones included), random windows (cut mid-day or at midnight, with and
 * without a delta window) and random filters, every insight call that reads them answers exactly
 * as it does from the raw facts. Everything must be equal except values derived from sentiment
 * sums, which may differ by one rounding step (0.01): the doubles are added in another order.
 */

/** The calls whose aggregates read rollups, with the extra fields their bodies need. */
const CALLS: Array<{ id: string; extra?: Record<string, unknown> }> = [
  { id: 'brands.performance.metadata' },
  { id: 'brands.performance.share-of-voice' },
  { id: 'brands.performance.ranking-list' },
  { id: 'brands.performance.sources-sov', extra: { limit: 10 } },
  { id: 'brands.performance.mention-rate-timeseries' },
  // the running totals per prompt, provider and location; a short list so the pick has rivals
  { id: 'brands.performance.prompts-ranking', extra: { limit: 3 } },
  { id: 'competitors.insights' },
  { id: 'competitors.comparison-metrics', extra: { competitor: 'Globex' } },
  { id: 'competitors.provider-ranking', extra: { competitor: 'Umbrella' } },
  // a fixed 30-day horizon: the random data (late runs included) moves its first sightings
  { id: 'competitors.emerging-threats' },
];

/** Equal; only a sentiment-derived number may be one rounding step (0.01) apart (see sentimentChangeSlack). */
const sameAnswer = (a: unknown, b: unknown) =>
  answerDifference(a, b, (key, parent) => (key === 'pctChangeNetSentimentBrand' ? sentimentChangeSlack(parent) : undefined));

/**
 * The percent change of a net sentiment is taken between two values rounded to 0.01, and summing
 * the same sentiments in another order (rollups against raw facts) can move either rounding by one
 * step. Over a small previous value that step is amplified:
 * d(100·(c−p)/|p|) ≤ 100·0.01/|p'| + 100·|c|·0.01/(|p|·|p'|), with |p'| ≥ |p| − 0.01, plus the 0.01
 * rounding of the change itself. c and p are read from the answer (p = c − delta).
 */
function sentimentChangeSlack(answer: Record<string, unknown>): number {
  const cur = answer.netSentimentBrand;
  const delta = answer.deltaNetSentimentBrand;
  if (typeof cur !== 'number' || typeof delta !== 'number') return 0.0100001;
  const prev = Math.abs(cur - delta) - 0.0100001; // the previous value, less the step it may be off
  if (prev <= 0.01) return Infinity; // a previous value of about one step: any change is noise
  const step = 0.0100001;
  return (100 * step) / prev + (100 * Math.abs(cur) * step) / (prev * prev) + step;
}

const TRACKED = [{ name: OWN }, ...COMPETITORS.map((name) => ({ name }))];

/**
 * The authors the random answers' citations name: few, so authors tie, and spelt so that the order
 * of text decides ties by code point (upper case before lower, accented letters after both);
 * blank ones are stored as none.
 */
const AUTHORS = [null, '', '  ', 'Ann', 'ann', 'Zoë', 'Émile', 'zed'];

/** An answer naming some of the brands in some order, with a few citations. */
const extraRun = fc.record({
  prompt: fc.constantFrom(...PROMPTS.map((p) => p.id)),
  provider: fc.constantFrom(...PROVIDERS),
  location: fc.constantFrom(...LOCATIONS),
  // up to 45 days back: late runs land on old days; some exactly at midnight
  minutesAgo: fc.oneof(fc.integer({ min: 0, max: 45 * 24 * 60 }), fc.integer({ min: 1, max: 45 }).map((d) => d * 24 * 60 + 12 * 60)),
  named: fc.shuffledSubarray([OWN, ...COMPETITORS, ...UNTRACKED]),
  citations: fc.array(
    fc.record({ domain: fc.constantFrom(...DOMAINS), page: fc.integer({ min: 0, max: 3 }), author: fc.constantFrom(...AUTHORS) }),
    { maxLength: 4 },
  ),
});

type ExtraRun = typeof extraRun extends fc.Arbitrary<infer T> ? T : never;

const instant = fc.integer({ min: -45 * 24, max: 24 }).chain((hours) =>
  fc.boolean().map((midnight) => {
    const at = new Date(NOW.getTime() + hours * 3_600_000);
    return midnight ? new Date(Math.floor(at.getTime() / DAY) * DAY) : at;
  }),
);
const span = fc.tuple(instant, instant).filter(([a, b]) => a.getTime() !== b.getTime()).map(([a, b]) => (a < b ? [a, b] : [b, a]));

const query = fc.record({
  current: span,
  openEnded: fc.boolean(),
  previous: fc.option(span, { nil: undefined }),
  providers: fc.option(fc.subarray(PROVIDERS, { minLength: 1 }), { nil: null }),
  location: fc.oneof(fc.constant(null), fc.constant('global'), fc.subarray(LOCATIONS, { minLength: 1 })),
  interval: fc.constantFrom('day', 'week', 'month', 'hour'),
});

const appOn = (db: Db, factSource: 'rollups' | 'raw') => appReading(db, factSource, insightRoutes, NOW, OWNER);

describe.each<Dialect>(['duckdb', 'postgres'])('rollups answer as the raw facts do, on %s', (dialect) => {
  let t: TestDb;
  let withRollups: Awaited<ReturnType<typeof appOn>>;
  let rawOnly: Awaited<ReturnType<typeof appOn>>;
  let added = 0;

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await loadFixture(t.db, buildFacts());
    withRollups = await appOn(t.db, 'rollups');
    rawOnly = await appOn(t.db, 'raw');
  }, 120_000);

  /** Stores one random answer through the live ingestion path (rollups kept up as in production). */
  async function ingest(r: ExtraRun): Promise<void> {
    const urls = r.citations.map((c) => ({ url: `https://www.${c.domain}/page-${c.page}`, title: null, author: c.author, publishedAt: null }));
    await ingestRun(
      t.db,
      {
        brandId: BRAND_ID, promptId: r.prompt, provider: r.provider, location: r.location,
        createdAt: new Date(NOW.getTime() - r.minutesAgo * 60_000),
        answer: { answerText: r.named.map((n, i) => `${i + 1}. ${n} is a solid choice for this.`).join('\n'), citations: urls },
        id: `run_extra_${++added}`,
      },
      TRACKED,
    );
  }

  afterAll(async () => {
    await withRollups?.close();
    await rawOnly?.close();
    await t?.dispose();
  });

  it('every rollup-backed call gives the raw answer for random runs, windows and filters', async () => {
    const calls = CALLS.map((c) => ({ ...c, ...callSchema(c.id) }));
    await fc.assert(
      fc.asyncProperty(fc.array(extraRun, { maxLength: 4 }), query, async (runs, q) => {
        for (const r of runs) await ingest(r);
        const [start, end] = q.current;
        const body: Record<string, unknown> = {
          brandId: BRAND_ID,
          startTime: start.toISOString(),
          ...(q.openEnded ? {} : { endTime: end.toISOString() }),
          deltaStartTime: (q.previous?.[0] ?? new Date(start.getTime() - 7 * DAY)).toISOString(),
          deltaEndTime: (q.previous?.[1] ?? start).toISOString(),
          providers: q.providers,
          location: q.location,
          interval: q.interval,
        };
        for (const call of calls) {
          const payload = Object.fromEntries(Object.entries({ ...body, ...call.extra }).filter(([k]) => call.fields.has(k)));
          const [a, b] = await Promise.all(
            [withRollups, rawOnly].map((app) => app.inject({ method: 'POST', url: call.path, payload })),
          );
          expect(a.statusCode, `${call.id} ${a.body}`).toBe(b.statusCode);
          if (a.statusCode !== 200) continue; // e.g. a reversed window: the same 400 both ways
          const diff = sameAnswer(a.json(), b.json());
          expect(diff, `${call.id} ${JSON.stringify(payload)}`).toBeNull();
        }
      }),
      { numRuns: 20 },
    );
    expect(added).toBeGreaterThan(0);
  }, 240_000);

  it('sources-sov names each domain\'s most cited author as counted from the citations, ties to the smaller by code point', async () => {
    // Counted here in plain JS from the citations of the scope, so the tie-break is checked against
    // its rule, not only rollups against raw (which share the ranking SQL). Short windows too, cut
    // at any hour, so few citations count and authors tie.
    const shortSpan = fc
      .tuple(instant, fc.integer({ min: 1, max: 72 }))
      .map(([a, hours]) => [a, new Date(a.getTime() + hours * 3_600_000)] as [Date, Date]);
    const filters = fc.record({
      current: fc.oneof(span, shortSpan),
      providers: fc.option(fc.subarray(PROVIDERS, { minLength: 1 }), { nil: null }),
      locations: fc.option(fc.subarray(LOCATIONS, { minLength: 1 }), { nil: null }),
    });
    let ties = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(extraRun, { maxLength: 4 }), filters, async (runs, q) => {
        for (const r of runs) await ingest(r);
        const scope: InsightScope = {
          brandId: BRAND_ID, providers: q.providers, locations: q.locations,
          current: { start: q.current[0], end: q.current[1] }, previous: null, source: 'rollups',
        };
        const p = new SqlParams();
        const cited = await t.db.query<{ domain: string; author: string | null }>(
          `SELECT domain, author FROM citations WHERE ${scopeWhere(p, scope)}`,
          p.values,
        );
        const counts = new Map<string, Map<string, number>>();
        for (const c of cited) {
          if (c.domain === '' || c.author === null || c.author === '') continue;
          const byAuthor = counts.get(c.domain) ?? new Map<string, number>();
          counts.set(c.domain, byAuthor.set(c.author, (byAuthor.get(c.author) ?? 0) + 1));
        }
        const expected = new Map(
          [...counts].map(([domain, byAuthor]) => {
            const ranked = [...byAuthor].sort(([a, n], [b, m]) => m - n || Buffer.compare(Buffer.from(a), Buffer.from(b)));
            if (ranked.length > 1 && ranked[0][1] === ranked[1][1]) ties++;
            return [domain, ranked[0][0]];
          }),
        );
        const domains = [...DOMAINS, ''];
        for (const variant of [{ source: 'raw' }, { source: 'rollups' }, { source: 'rollups', tailFromRollup: true }] as const) {
          const got = await topAuthors(t.db, { ...scope, ...variant }, domains);
          expect(new Map([...got].sort()), JSON.stringify({ variant, q })).toEqual(new Map([...expected].sort()));
        }
      }),
      { numRuns: 40 },
    );
    expect(ties).toBeGreaterThan(0);
  }, 240_000);

  it('the Sources page\'s pages of domains and of URLs are pages of the whole raw answer', async () => {
    // The pages count domains from the rollups and read the matched brands of the page's URLs
    // alone; the whole answer (raw facts only, every URL with its brands) is the reference.
    const { path } = callSchema('citations.tld-analysis');
    const urlPage = fc.record({
      limit: fc.integer({ min: 0, max: 12 }),
      offset: fc.integer({ min: 0, max: 30 }),
      sort: fc.option(fc.constantFrom('citation_url', 'domain', 'classification', 'confidence'), { nil: undefined }),
      order: fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
      search: fc.option(fc.constantFrom('page-1', 'WWW', 'a', 'zz'), { nil: undefined }),
    });
    const domainPage = fc.record({
      limit: fc.integer({ min: 0, max: 5 }),
      offset: fc.integer({ min: 0, max: 4 }),
      sort: fc.constantFrom('total_count', 'tld', 'mixed_mentions'),
      order: fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(extraRun, { maxLength: 4 }), query, domainPage, urlPage, async (runs, q, page, urls) => {
        for (const r of runs) await ingest(r);
        const [start, end] = q.current;
        const body = {
          brandId: BRAND_ID,
          startTime: start.toISOString(),
          ...(q.openEnded ? {} : { endTime: end.toISOString() }),
          providers: q.providers,
          location: typeof q.location === 'string' ? [q.location] : q.location, // this call takes a list
        };
        const whole = await rawOnly.inject({ method: 'POST', url: path, payload: body });
        const reference = whole.json() as TldAnalysis;
        // the Urls tab's first request (the unpaged order) and any other
        const inOrder = { limit: urls.limit, offset: urls.offset };
        const requests = [{ page }, { page: { limit: 0 }, urlPage: inOrder }, { page, urlPage: urls }];
        for (const paging of requests) {
          const res = await withRollups.inject({ method: 'POST', url: path, payload: { ...body, ...paging } });
          expect(res.statusCode, res.body).toBe(whole.statusCode);
          if (res.statusCode !== 200) continue; // e.g. a window that ends before it starts: the same 400
          const expected = JSON.parse(JSON.stringify(pageTldAnalysis(reference, paging.page, paging.urlPage)));
          expect(answerDifference(res.json(), expected), JSON.stringify({ body, paging })).toBeNull();
        }
      }),
      { numRuns: 25 },
    );
  }, 240_000);

  it('emerging threats give the raw answer at any moment, with any brands tracked', async () => {
    // The call's windows move with "now": cut at any hour or at midnight, in the past (facts after
    // the horizon exist) or ahead of the latest facts, and the tracked brands decide what is a threat.
    const now = fc.oneof(
      instant,
      fc.integer({ min: 0, max: 48 }).map((hours) => new Date(NOW.getTime() + hours * 3_600_000)),
    );
    const competitors = fc.subarray([...COMPETITORS, ...UNTRACKED]);
    await fc.assert(
      fc.asyncProperty(fc.array(extraRun, { maxLength: 3 }), now, competitors, async (runs, at, names) => {
        for (const r of runs) await ingest(r);
        const tracked = [OWN, ...names].map((name, i) => ({ entity: name.toLowerCase(), name, isOwn: i === 0 }));
        // rollups with today's rows read from the rollup when no run follows `at` that day (PostgreSQL's default) and without,
        // each with the candidates read in four statements (PostgreSQL's default) and in one (DuckDB's)
        const [fromFacts, ...fromRollups] = await Promise.all([
          emergingThreats(t.db, BRAND_ID, tracked, at, 'raw'),
          ...[false, true].flatMap((tail) =>
            [false, true].map((oneStatement) => emergingThreats(t.db, BRAND_ID, tracked, at, 'rollups', undefined, tail, oneStatement)),
          ),
        ]);
        for (const answer of fromRollups) expect(answer).toEqual(fromFacts);
      }),
      { numRuns: 30 },
    );
  }, 240_000);

  it('the rollups kept up at ingestion equal a rebuild from raw facts, also after a prompt is deleted', async () => {
    const kept = await rollupTotals(t.db);
    await rebuildBrandAsKept(t.db, BRAND_ID);
    expect(await rollupTotals(t.db)).toEqual(kept);
    expect(kept.rollup_runs_daily.length).toBeGreaterThan(0);

    await deletePromptData(t.db, PROMPTS[3].id);
    const [{ n }] = await t.db.query<{ n: number }>(`SELECT SUM(runs) AS n FROM rollup_runs_daily WHERE brand_id = $1`, [BRAND_ID]);
    const [{ raw }] = await t.db.query<{ raw: number }>(`SELECT COUNT(*) AS raw FROM runs WHERE brand_id = $1`, [BRAND_ID]);
    expect(Number(n)).toBe(raw);
    const afterDelete = await rollupTotals(t.db);
    await rebuildBrandAsKept(t.db, BRAND_ID);
    expect(await rollupTotals(t.db)).toEqual(afterDelete);
  }, 120_000);
});
