import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../../../db/types';
import { BRAND_ID, DAY, LOCATIONS, NOW, PROVIDERS } from '../testing/fixture';
import { type InsightTestApp, startInsightApp } from '../testing/app';

const start = new Date(NOW.getTime() - 7 * DAY);
const body = { brandId: BRAND_ID, startTime: start.toISOString(), providers: null, location: null };

type Domain = { tld: string; total_count: number; brand_mentions: number; mixed_mentions: number; classification_details: Array<{ citation_url: string; classification: string; confidence: string }> };

describe.each<Dialect>(['duckdb', 'postgres'])('paged citation domain analysis on %s', (dialect) => {
  let h: InsightTestApp;
  let whole: { stats: unknown; classifications: Domain[] };
  beforeAll(async () => {
    h = await startInsightApp(dialect);
    whole = (await h.call('POST', '/api/citations/tld-analysis', body)).body;
  });
  afterAll(() => h?.close());

  const ask = (extra: object) => h.call('POST', '/api/citations/tld-analysis', { ...body, ...extra });

  it('pages of domains put together are the unpaged list, with its total and stats, without the URLs', async () => {
    expect(whole.classifications.length).toBeGreaterThan(3);
    const seen: unknown[] = [];
    for (let offset = 0; offset < whole.classifications.length; offset += 2) {
      const res = await ask({ page: { limit: 2, offset, sort: 'total_count', order: 'desc' } });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(whole.classifications.length);
      expect(res.body.stats).toEqual(whole.stats);
      expect(res.body.classifications.length).toBeLessThanOrEqual(2);
      for (const d of res.body.classifications) expect(d).not.toHaveProperty('classification_details');
      seen.push(...res.body.classifications);
    }
    expect(seen).toEqual(whole.classifications.map(({ classification_details: _d, ...rest }) => rest));
  });

  it('a page of domains of a filtered scope is the slice of that scope\'s unpaged answer, over a longer window too', async () => {
    const scopes = [
      { providers: [PROVIDERS[0]], location: null },
      { providers: null, location: [LOCATIONS[1]] },
      { startTime: new Date(NOW.getTime() - 30 * DAY).toISOString(), providers: [PROVIDERS[1]], location: [LOCATIONS[0]] },
    ];
    for (const scope of scopes) {
      const wholeOfScope = (await ask(scope)).body as { stats: unknown; classifications: Domain[] };
      expect(wholeOfScope.classifications.length).toBeGreaterThan(3);
      const page = await ask({ ...scope, page: { limit: 3, offset: 1, sort: 'total_count', order: 'desc' } });
      expect(page.status).toBe(200);
      expect(page.body.stats).toEqual(wholeOfScope.stats);
      expect(page.body.total).toBe(wholeOfScope.classifications.length);
      expect(page.body.classifications).toEqual(wholeOfScope.classifications.slice(1, 4).map(({ classification_details: _d, ...rest }) => rest));
    }
  });

  it('sorts by any listed key in either order and searches the domain; a page of 0 rows still counts', async () => {
    const byName = await ask({ page: { limit: 200, sort: 'tld', order: 'asc' } });
    expect(byName.body.classifications.map((d: Domain) => d.tld)).toEqual(whole.classifications.map((d) => d.tld).sort((a, b) => a.localeCompare(b)));
    const byMixed = await ask({ page: { limit: 200, sort: 'mixed_mentions', order: 'asc' } });
    const mixed = byMixed.body.classifications.map((d: Domain) => d.mixed_mentions);
    expect(mixed).toEqual([...mixed].sort((a, b) => a - b));
    const needle = whole.classifications[0].tld.slice(0, 3).toUpperCase();
    const found = await ask({ page: { limit: 0, search: needle } });
    expect(found.body.classifications).toEqual([]);
    expect(found.body.total).toBe(whole.classifications.filter((d) => d.tld.includes(needle.toLowerCase())).length);
  });

  it('pages of URLs are every domain\'s URLs with their domain, in the unpaged order', async () => {
    const expected = whole.classifications.flatMap((c) => c.classification_details.map((d) => ({ ...d, domain: c.tld })));
    const first = await ask({ page: { limit: 0 }, urlPage: { limit: 3 } });
    expect(first.body.urlsTotal).toBe(expected.length);
    expect(first.body.urls).toEqual(expected.slice(0, 3));
    const last = await ask({ page: { limit: 0 }, urlPage: { limit: 3, offset: expected.length - 1 } });
    expect(last.body.urls).toEqual(expected.slice(-1));
    const byUrl = await ask({ urlPage: { limit: 200, sort: 'citation_url', order: 'desc' } });
    expect(byUrl.body.urls.map((u: { citation_url: string }) => u.citation_url)).toEqual(expected.map((u) => u.citation_url).sort((a, b) => b.localeCompare(a)));
    // without page the domains stay whole
    expect(byUrl.body.classifications).toEqual(whole.classifications);
  });

  it('answers 400 BAD_PAGE for an unknown sort key, and 400 for a page over 200 rows', async () => {
    const bad = await ask({ page: { limit: 10, sort: 'citation_url' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BAD_PAGE');
    expect(bad.body.message).toContain("unknown sort key 'citation_url'");
    const badUrl = await ask({ urlPage: { limit: 10, sort: 'total_count' } });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.message).toContain('urlPage');
    expect((await ask({ page: { limit: 201 } })).status).toBe(400);
  });
});
