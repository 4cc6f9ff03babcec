import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../../../db/types';
import { BRAND_ID, DAY, NOW } from '../testing/fixture';
import { nearly, pct, wilsonByInversion, window } from '../testing/expect';
import { DEFAULT_MIN_SAMPLE } from '../../../stats';
import { type InsightTestApp, startInsightApp } from '../testing/app';
import { MAX_DETAILS_PER_DOMAIN, brandDomain, tldAnalysis, unmatchedUrlDetails } from './tldAnalysis';
import { MAX_COMPETITORS_PER_BRAND } from '../competitors/manage';
import type { BrandRow } from '../../access';
import { scopeFromBody } from '../shared/scope';
import type { TrackedEntity } from '../shared/tracked';

const start = new Date(NOW.getTime() - 7 * DAY);

/** A citation share's stats against the reference Wilson interval of k of n (percent). */
function expectRate(stats: { n: number; low: number | null; high: number | null; enoughData: boolean }, k: number, n: number) {
  expect(stats).toMatchObject({ n, enoughData: n >= DEFAULT_MIN_SAMPLE });
  const [low, high] = wilsonByInversion(k, n);
  expect(nearly(stats.low, low * 100) && nearly(stats.high, high * 100), `${k}/${n}: ${stats.low}–${stats.high}`).toBe(true);
}

describe('brandDomain', () => {
  it('is the registrable domain of the brand url', () => {
    expect(brandDomain({ url: 'https://www.Acme.co.uk/about' })).toBe('acme.co.uk');
    expect(brandDomain({ url: 'not a url' })).toBeNull();
  });
});

describe.each<Dialect>(['duckdb', 'postgres'])('citation domain analysis on %s', (dialect) => {
  let h: InsightTestApp;
  beforeAll(async () => {
    h = await startInsightApp(dialect);
  });
  afterAll(() => h?.close());

  it('stats and per-domain counts agree with the citations; brand / mixed / other by the documented rule', async () => {
    const res = await h.call('POST', '/api/citations/tld-analysis', { brandId: BRAND_ID, startTime: start.toISOString(), providers: null, location: null });
    expect(res.status).toBe(200);
    const c = window(h.facts, { start, end: NOW });
    const cites = c.citations.filter((x) => x.domain !== '');
    const ownRuns = new Set(c.of('acme').map((m) => m.runId));
    const brandCites = cites.filter((x) => x.domain === 'acme.com');
    expect(res.body.stats).toMatchObject({
      total_tlds: new Set(cites.map((x) => x.domain)).size,
      total_unique_urls: new Set(cites.map((x) => x.url)).size,
      brand_url_citations: brandCites.length,
      brand_url_percentage: pct(brandCites.length, cites.length),
    });
    expectRate(res.body.stats.brand_url_percentage_stats, brandCites.length, cites.length);
    for (const entry of res.body.classifications) {
      const mine = cites.filter((x) => x.domain === entry.tld);
      expect(entry.total_count).toBe(mine.length);
      if (entry.tld === 'acme.com') {
        expect(entry.brand_mentions).toBe(mine.length);
        expect(entry.classification_details.every((d: { classification: string }) => d.classification === 'brand')).toBe(true);
      } else {
        expect(entry.brand_mentions).toBe(0);
        expect(entry.mixed_mentions).toBe(mine.filter((x) => ownRuns.has(x.runId)).length);
        for (const d of entry.classification_details) {
          const runs = mine.filter((x) => x.url === d.citation_url);
          const named = runs.filter((x) => ownRuns.has(x.runId)).length;
          expect(d.classification).toBe(named > 0 ? 'mixed' : 'other');
          expect(d.confidence).toBe(named === 0 || named === runs.length ? 'high' : 'medium');
          const citing = new Set(runs.map((x) => x.runId));
          const expected = ['Acme', 'Globex', 'Initech'].filter((n) => c.of(n.toLowerCase()).some((m) => citing.has(m.runId)));
          expect(d.matched_entities).toEqual(expected);
        }
      }
      expect(entry.locations_list).toEqual([...new Set(mine.map((x) => x.location))].sort());
      for (const p of entry.provider_breakdown) {
        const fromProvider = cites.filter((x) => x.provider === p.provider);
        expect(p.share_of_voice).toBe(pct(fromProvider.filter((x) => x.domain === entry.tld).length, fromProvider.length));
        expectRate(p.share_of_voice_stats, fromProvider.filter((x) => x.domain === entry.tld).length, fromProvider.length);
      }
    }
    const counts = res.body.classifications.map((e: { total_count: number }) => e.total_count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
  });

  it('names matched brands right however many are tracked (the most a brand may track: 50 competitors)', async () => {
    // the fixture's named brands at the end of the tracked list, past the 32nd bit of the mask
    const fillers = Array.from({ length: MAX_COMPETITORS_PER_BRAND - 3 }, (_, i) => `Filler ${String(i).padStart(2, '0')}`);
    const names = [...fillers, 'Globex', 'Initech', 'Umbrella'];
    const tracked: TrackedEntity[] = [
      { entity: 'acme', name: 'Acme', isOwn: true },
      ...names.map((name) => ({ entity: name.toLowerCase(), name, isOwn: false })),
    ];
    const [brand] = await h.t.db.query<BrandRow>('SELECT * FROM brands WHERE id = $1', [BRAND_ID]);
    const scope = scopeFromBody({ brandId: BRAND_ID, startTime: start.toISOString() }, NOW);
    const answer = await tldAnalysis(h.t.db, scope, brand, tracked);
    const c = window(h.facts, { start, end: NOW });
    let checked = 0;
    for (const entry of answer.classifications) {
      for (const d of entry.classification_details) {
        const citing = new Set(c.citations.filter((x) => x.url === d.citation_url).map((x) => x.runId));
        const expected = ['Acme', 'Globex', 'Initech', 'Umbrella'].filter((n) => c.of(n.toLowerCase()).some((m) => citing.has(m.runId)));
        expect(d.matched_entities).toEqual(expected);
        if (expected.includes('Umbrella')) checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('lists a domain\'s most cited URLs only, ties cut by code point, in the whole answer, the lighter one and a page\'s domains', async () => {
    // A brand of its own: one domain with more URLs than are listed, the cut inside a tie of
    // single citations whose code-point order (upper case first) differs from a locale's.
    const brandId = 'brd_wide';
    const domain = 'wide.example';
    const cited = [
      ...Array.from({ length: 3 }, () => `https://${domain}/z-most`),
      ...Array.from({ length: 2 }, () => `https://${domain}/y-second`),
      ...Array.from({ length: MAX_DETAILS_PER_DOMAIN + 10 }, (_, i) => `https://${domain}/${String.fromCharCode((i % 2 ? 65 : 97) + (i % 26))}${i}`),
      `https://other.example/only`,
    ];
    const at = new Date(NOW.getTime() - 2 * DAY).toISOString();
    await h.t.db.bulkInsert(
      'citations',
      ['brand_id', 'run_id', 'prompt_id', 'provider', 'location', 'created_at', 'position', 'url', 'domain', 'title', 'author', 'published_at', 'citation_hash'],
      cited.map((url, i) => [brandId, `run_wide_${i}`, 'prm_wide', 'openai', 'US', at, 1, url, new URL(url).hostname, null, null, null, `h_${i}`]),
    );
    const singles = cited.filter((u) => u.startsWith(`https://${domain}/`) && !/\/(z-most|y-second)$/.test(u));
    const expected = [`https://${domain}/z-most`, `https://${domain}/y-second`, ...[...singles].sort().slice(0, MAX_DETAILS_PER_DOMAIN - 2)];
    const [row] = await h.t.db.query<BrandRow>('SELECT * FROM brands WHERE id = $1', [BRAND_ID]);
    const brand = { ...row, id: brandId, url: 'https://wide-own.example' };
    const tracked: TrackedEntity[] = [{ entity: 'acme', name: 'Acme', isOwn: true }];
    const scope = scopeFromBody({ brandId, startTime: start.toISOString() }, NOW, 'raw');
    const listed = (a: Awaited<ReturnType<typeof tldAnalysis>>) => a.classifications.find((c) => c.tld === domain)!.classification_details.map((d) => d.citation_url);
    const whole = listed(await tldAnalysis(h.t.db, scope, brand, tracked));
    expect(whole.slice(0, 2)).toEqual(expected.slice(0, 2));
    expect([...whole].sort()).toEqual([...expected].sort());
    expect(listed(await tldAnalysis(h.t.db, scope, brand, tracked, { matched: false }))).toEqual(whole);
    const details = await unmatchedUrlDetails(h.t.db, scope, brand, tracked, [domain, 'other.example']);
    expect(details.get(domain)!.map((d) => d.citation_url)).toEqual(whole);
    expect(details.get('other.example')!.map((d) => d.citation_url)).toEqual(['https://other.example/only']);
  });

  it('filters by provider', async () => {
    const res = await h.call('POST', '/api/citations/tld-analysis', { brandId: BRAND_ID, startTime: start.toISOString(), providers: ['openai'] });
    const c = window(h.facts, { start, end: NOW, providers: ['openai'] });
    expect(res.body.classifications.reduce((s: number, e: { total_count: number }) => s + e.total_count, 0)).toBe(
      c.citations.filter((x) => x.domain !== '').length,
    );
  });
});
