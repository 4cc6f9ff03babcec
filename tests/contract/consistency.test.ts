import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresReachable, startTestServer, type TestServer } from '../support/harness';
import { requestFor, windows, type WalkIds } from './requests';
import { catalogue, send } from './walk';
import { DEFAULT_MIN_SAMPLE, rateStats } from '../../server/stats';

// The numbers the dashboard shows must agree with each other and with the raw facts, and both
// databases must give the same answers for the same data.

interface Session { server: TestServer; cookie: string; ids: WalkIds; brandName: string }

async function open(dialect: 'duckdb' | 'postgres'): Promise<Session> {
  const server = await startTestServer({ dialect, days: 20 });
  const cookie = await server.login();
  const me = (await server.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).json();
  const brand = me.userBrands[0];
  const post = (url: string, payload: object) => server.app.inject({ method: 'POST', url, headers: { cookie }, payload }).then((r) => r.json());
  const w = windows(server.now);
  const table = await post('/api/prompts/table', { brandId: brand.id, ...w, providers: null, location: null });
  const prompts = Array.isArray(table) ? table : table.prompts;
  const ranking = await post('/api/brands/performance/ranking-list', { brandId: brand.id, ...w, providers: null, location: null });
  return {
    server, cookie, brandName: brand.name,
    ids: {
      brandId: brand.id,
      promptId: prompts.find((p: { currentPeriodRuns: number }) => p.currentPeriodRuns > 0).promptId,
      competitor: ranking.find((r: { brandName: string }) => r.brandName !== brand.name).brandName,
      now: server.now,
    },
  };
}

async function call<T = any>(s: Session, id: string, override: Record<string, unknown> = {}): Promise<T> {
  const req = requestFor(id, s.ids)!;
  const res = await send(s.server, catalogue.calls[id], { ...req, body: { ...(req.body as object), ...override } }, s.cookie);
  if (res.statusCode !== 200) throw new Error(`${id} → ${res.statusCode} ${res.body}`);
  return res.json();
}

const READ_CALLS = Object.keys(catalogue.calls).filter(
  (id) => id.startsWith('brands.performance.') || id.startsWith('competitors.') && !['competitors.create', 'competitors.update', 'competitors.delete'].includes(id)
    || id === 'citations.tld-analysis'
    || id.startsWith('prompts.') && !['prompts.create', 'prompts.update', 'prompts.delete'].includes(id),
);

describe('insight numbers', () => {
  let duck: Session;
  let pg: Session | undefined;

  beforeAll(async () => {
    duck = await open('duckdb');
    if (await postgresReachable()) pg = await open('postgres');
  });
  afterAll(async () => {
    await duck?.server.close();
    await pg?.server.close();
  });

  it('overview mention rate equals the own brand row of the ranking list', async () => {
    const meta = await call(duck, 'brands.performance.metadata');
    const ranking = await call<{ brandName: string; currentMentionRate: number }[]>(duck, 'brands.performance.ranking-list');
    const own = ranking.find((r) => r.brandName === duck.brandName)!;
    expect(own).toBeDefined();
    expect(Object.values(meta)[0]).toMatchObject({ mentionRate: own.currentMentionRate });
    // Sorted by mention rate, highest first (spec: ranking list order).
    const rates = ranking.map((r) => r.currentMentionRate);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
  });

  it('overview counts equal counts taken directly from the raw facts', async () => {
    const w = windows(duck.server.now);
    const meta = Object.values(await call<Record<string, any>>(duck, 'brands.performance.metadata'))[0];
    const [facts] = await duck.server.db.query<{ runs: number; mentions: number; citations: number; domains: number }>(
      `SELECT
         (SELECT count(*) FROM runs WHERE brand_id = $1 AND created_at >= CAST($2 AS TIMESTAMP) AND created_at < CAST($3 AS TIMESTAMP)) AS runs,
         (SELECT count(*) FROM mentions m JOIN brands b ON b.id = m.brand_id
           WHERE m.brand_id = $1 AND m.entity = lower(b.name) AND m.created_at >= CAST($2 AS TIMESTAMP) AND m.created_at < CAST($3 AS TIMESTAMP)) AS mentions,
         (SELECT count(*) FROM citations WHERE brand_id = $1 AND created_at >= CAST($2 AS TIMESTAMP) AND created_at < CAST($3 AS TIMESTAMP)) AS citations,
         (SELECT count(DISTINCT domain) FROM citations WHERE brand_id = $1 AND created_at >= CAST($2 AS TIMESTAMP) AND created_at < CAST($3 AS TIMESTAMP)) AS domains`,
      [duck.ids.brandId, w.startTime, duck.server.now.toISOString()],
    );
    expect(facts.runs).toBeGreaterThan(100);
    expect(meta.totalPromptsRun).toBe(facts.runs);
    expect(meta.totalMentionsCount).toBe(facts.mentions);
    expect(meta.totalCitationsCount).toBe(facts.citations);
    expect(meta.totalUniqueDomainsCount).toBe(facts.domains);
    expect(meta.mentionRate).toBeCloseTo((100 * facts.mentions) / facts.runs, 1);
    // Its sample and interval come from the same counts (server/stats is checked on its own).
    expect(meta.mentionRateStats).toEqual(rateStats(facts.mentions, facts.runs, DEFAULT_MIN_SAMPLE));
  });

  it('the visibility time series adds up to the window totals', async () => {
    const meta = Object.values(await call<Record<string, any>>(duck, 'brands.performance.metadata'))[0];
    const series = await call<{ data: Record<string, { totalPrompts: number; mentionRate: number }[]> }>(duck, 'brands.performance.mention-rate-timeseries');
    const own = series.data[duck.brandName];
    expect(own.length).toBe(8); // 7 full days plus today so far
    const runs = own.reduce((s, p) => s + p.totalPrompts, 0);
    const mentions = own.reduce((s, p) => s + (p.mentionRate * p.totalPrompts) / 100, 0);
    expect(runs).toBe(meta.totalPromptsRun);
    expect(mentions).toBeCloseTo(meta.totalMentionsCount, -1); // per-bucket rates are rounded to 2 decimals
    expect(Math.abs(mentions - meta.totalMentionsCount)).toBeLessThan(1);
  });

  it('shares of voice across all tracked brands sum to 100%', async () => {
    const rows = await call<{ competitorName: string; marketShare: number }[]>(duck, 'competitors.insights');
    const w = windows(duck.server.now);
    const [own] = await duck.server.db.query<{ own: number; tracked: number }>(
      `SELECT count(*) FILTER (WHERE m.entity = lower(b.name)) AS own,
              count(*) FILTER (WHERE m.entity = lower(b.name) OR m.entity IN (SELECT name_key FROM competitors c WHERE c.brand_id = $1)) AS tracked
         FROM mentions m JOIN brands b ON b.id = m.brand_id
        WHERE m.brand_id = $1 AND m.created_at >= CAST($2 AS TIMESTAMP) AND m.created_at < CAST($3 AS TIMESTAMP)`,
      [duck.ids.brandId, w.startTime, duck.server.now.toISOString()],
    );
    const total = rows.reduce((s, r) => s + r.marketShare, 0) + (100 * own.own) / own.tracked;
    expect(total).toBeCloseTo(100, 0);
    expect(Math.abs(total - 100)).toBeLessThan(0.1);

    const promptSov = await call<{ provider: string; currentSov: number; entityType: string }[]>(duck, 'prompts.metrics.share-of-voice');
    const all = promptSov.filter((r) => r.provider === 'All' && r.entityType !== 'other');
    expect(all.length).toBeGreaterThan(1);
    expect(Math.abs(all.reduce((s, r) => s + r.currentSov, 0) - 100)).toBeLessThan(0.1);
  });

  it('DuckDB and PostgreSQL give the same answers for the same data', async () => {
    if (!pg) throw new Error('PostgreSQL is not reachable at 127.0.0.1:5432/test: both databases must be checked');
    expect(READ_CALLS.length).toBeGreaterThan(15);
    const differences: string[] = [];
    for (const id of READ_CALLS) {
      const a = await call(duck, id);
      const b = await call(pg, id);
      const diff = firstDifference(a, b, id);
      if (diff) differences.push(diff);
    }
    expect(differences).toEqual([]);
  }, 300_000);
});

/**
 * Deep comparison with a tolerance for the last rounded decimal, except the intervals and changes
 * of counts (`…Stats` of rates and ranks): both databases count the same facts, so these must be
 * identical. Sentiment sums are doubles added in another order, so theirs keep the tolerance.
 */
function firstDifference(a: unknown, b: unknown, path: string): string | null {
  if (typeof a === 'number' && typeof b === 'number') {
    const exact = /Stats\.\w+$/.test(path) && !/sentiment/i.test(path);
    return Math.abs(a - b) <= (exact ? 0 : 0.011) ? null : `${path}: ${a} vs ${b}`;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${path}: length ${a.length} vs ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) {
      const d = firstDifference((a as any)[k], (b as any)[k], `${path}.${k}`);
      if (d) return d;
    }
    return null;
  }
  return a === b ? null : `${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
}
