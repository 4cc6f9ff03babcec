import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/harness';

// The insight calls over the generated demo data, signed in through the real session: the numbers
// of different calls must agree with each other and with counts taken straight from the facts.
const DAY = 86_400_000;

describe('insight calls on the demo dataset', () => {
  let server: TestServer;
  let cookie: string;
  let brands: Array<{ id: string; name: string }>;
  let w: { startTime: string; deltaStartTime: string; deltaEndTime: string };

  beforeAll(async () => {
    server = await startTestServer({ dialect: 'duckdb', scale: 0.2, days: 21 });
    cookie = await server.login();
    brands = await server.db.query<{ id: string; name: string }>(
      `SELECT b.id, b.name FROM brands b JOIN brand_members m ON m.brand_id = b.id JOIN users u ON u.id = m.user_id
        WHERE u.email = 'demo@example.com' ORDER BY b.id`,
    );
    const midnight = Date.UTC(server.now.getUTCFullYear(), server.now.getUTCMonth(), server.now.getUTCDate());
    w = {
      startTime: new Date(midnight - 7 * DAY).toISOString(),
      deltaStartTime: new Date(midnight - 14 * DAY).toISOString(),
      deltaEndTime: new Date(midnight - 7 * DAY).toISOString(),
    };
  }, 600_000);
  afterAll(() => server?.close());

  const post = async (url: string, payload: object, as = cookie) => {
    const res = await server.app.inject({ method: 'POST', url, payload, headers: { cookie: as } });
    return { status: res.statusCode, body: res.json() };
  };

  it('has demo brands with runs in the window', async () => {
    expect(brands.length).toBeGreaterThan(0);
    const [{ n }] = await server.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM runs WHERE brand_id = $1 AND created_at >= $2', [
      brands[0].id,
      w.startTime,
    ]);
    expect(n).toBeGreaterThan(100);
  });

  it('overview numbers agree with each other and with the raw facts', async () => {
    for (const brand of brands) {
      const body = { brandId: brand.id, ...w, providers: null, location: null };
      const meta = (await post('/api/brands/performance/metadata', body)).body[brand.id];
      const ranking = (await post('/api/brands/performance/ranking-list', body)).body;
      const series = (await post('/api/brands/performance/mention-rate-timeseries', { brandId: brand.id, startTime: w.startTime, interval: 'day' })).body;
      const [facts] = await server.db.query<{ runs: number; hits: number; cites: number }>(
        `SELECT (SELECT COUNT(*) FROM runs WHERE brand_id = $1 AND created_at >= $2 AND created_at < $3) AS runs,
                (SELECT COUNT(*) FROM mentions WHERE brand_id = $1 AND created_at >= $2 AND created_at < $3 AND entity = $4) AS hits,
                (SELECT COUNT(*) FROM citations WHERE brand_id = $1 AND created_at >= $2 AND created_at < $3) AS cites`,
        [brand.id, w.startTime, server.now, brand.name.toLowerCase()],
      );
      expect(meta.totalPromptsRun).toBe(facts.runs);
      expect(meta.totalMentionsCount).toBe(facts.hits);
      expect(meta.totalCitationsCount).toBe(facts.cites);
      expect(meta.mentionRate).toBe(Math.round((facts.hits / facts.runs) * 10000) / 100);
      expect(ranking.find((r: { brandName: string }) => r.brandName === brand.name).currentMentionRate).toBe(meta.mentionRate);
      const points = series.data[brand.name];
      expect(points.reduce((s: number, p: { totalPrompts: number }) => s + p.totalPrompts, 0)).toBe(meta.totalPromptsRun);
    }
  });

  it('shares of voice of the own brand and its competitors sum to 100', async () => {
    for (const brand of brands) {
      const rows = (await post('/api/competitors/insights', { brandId: brand.id, ...w })).body;
      if (rows.length === 0) continue;
      const cmp = (await post('/api/competitors/comparison-metrics', { brandId: brand.id, competitor: rows[0].competitorName, startTime: w.startTime })).body;
      const total = rows.reduce((s: number, r: { marketShare: number }) => s + r.marketShare, cmp.yourBrandSov);
      expect(Math.abs(total - 100)).toBeLessThanOrEqual(0.01 * (rows.length + 1));
    }
  });

  it('emerging threats never list tracked brands; domain analysis covers every cited domain', async () => {
    const brand = brands[0];
    const tracked = (await server.db.query<{ k: string }>('SELECT name_key AS k FROM competitors WHERE brand_id = $1', [brand.id])).map((r) => r.k);
    const threats = (await post('/api/competitors/emerging-threats', { brandId: brand.id })).body.emergingCompetitors;
    for (const t of threats) expect([brand.name.toLowerCase(), ...tracked]).not.toContain(t.id);
    const tld = (await post('/api/citations/tld-analysis', { brandId: brand.id, startTime: w.startTime })).body;
    const [{ n }] = await server.db.query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM citations WHERE brand_id = $1 AND created_at >= $2 AND created_at < $3 AND domain <> ''`,
      [brand.id, w.startTime, server.now],
    );
    expect(tld.classifications.reduce((s: number, c: { total_count: number }) => s + c.total_count, 0)).toBe(n);
    const [{ urls, top }] = await server.db.query<{ urls: number; top: number }>(
      `SELECT COUNT(DISTINCT url) AS urls, MAX(k) AS top FROM (
         SELECT url, COUNT(DISTINCT url) OVER (PARTITION BY domain) AS k FROM citations
          WHERE brand_id = $1 AND created_at >= $2 AND created_at < $3 AND domain <> '') x`,
      [brand.id, w.startTime, server.now],
    );
    expect(tld.stats.total_unique_urls).toBe(urls);
    const longest = Math.max(...tld.classifications.map((c: { classification_details: unknown[] }) => c.classification_details.length));
    expect(longest).toBe(Math.min(top, 50));
  });

  it('answers 404 BRAND_NOT_FOUND to a signed-in user who is not a member', async () => {
    const other = await server.login('lapsed@example.com');
    const res = await post('/api/brands/performance/metadata', { brandId: brands[0].id, ...w }, other);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('BRAND_NOT_FOUND');
  });
});
