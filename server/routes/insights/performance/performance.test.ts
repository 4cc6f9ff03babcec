import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../../../db/types';
import { BRAND_ID, COMPETITORS, DAY, NOW, OWN, STRANGER } from '../testing/fixture';
import { nearly, newcombeReference, pct, r2, tIntervalOf, wilsonByInversion, window } from '../testing/expect';
import { tQuantile } from '../../../stats';
import { type InsightTestApp, startInsightApp } from '../testing/app';

// Overview windows as the client sends them: start = midnight UTC 7 days back, delta = the 7 days before.
const start = new Date(Date.UTC(2026, 10, 14));
const deltaStart = new Date(start.getTime() - 7 * DAY);
const body = {
  brandId: BRAND_ID,
  startTime: start.toISOString(),
  deltaStartTime: deltaStart.toISOString(),
  deltaEndTime: start.toISOString(),
  providers: null,
  location: null,
};
const pctChange = (cur: number, prev: number) => (prev === 0 ? null : r2(((cur - prev) / Math.abs(prev)) * 100));

describe.each<Dialect>(['duckdb', 'postgres'])('brand performance calls on %s', (dialect) => {
  let h: InsightTestApp;
  beforeAll(async () => {
    h = await startInsightApp(dialect);
  });
  afterAll(() => h?.close());

  const cur = () => window(h.facts, { start, end: NOW });
  const prev = () => window(h.facts, { start: deltaStart, end: start });

  it('metadata: metric cards from runs, mentions and citations of both windows', async () => {
    const res = await h.call('POST', '/api/brands/performance/metadata', body);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual([BRAND_ID]);
    const m = res.body[BRAND_ID];
    const c = cur();
    const p = prev();
    const own = OWN.toLowerCase();
    expect(c.runs.length).toBeGreaterThan(50);
    expect(m.totalPromptsRun).toBe(c.runs.length);
    expect(m.mentionRate).toBe(c.rate(own));
    expect(m.pctChangeMentionRate).toBe(pctChange(c.rate(own), p.rate(own)));
    expect(m.totalMentionsCount).toBe(c.of(own).length);
    expect(m.deltaTotalMentionsCount).toBe(c.of(own).length - p.of(own).length);
    expect(m.pctChangeTotalMentionsCount).toBe(pctChange(c.of(own).length, p.of(own).length));
    expect(m.netSentimentBrand).toBe(c.sentiment(own));
    expect(m.deltaNetSentimentBrand).toBe(r2(c.sentiment(own)! - p.sentiment(own)!));
    expect(m.totalCitationsCount).toBe(c.citations.length);
    expect(m.deltaTotalCitationsCount).toBe(c.citations.length - p.citations.length);
    expect(m.totalUniqueDomainsCount).toBe(c.domains.size);
    expect(m.deltaUniqueDomainsCount).toBe(c.domains.size - p.domains.size);
    const tracked = [own, ...COMPETITORS.map((x) => x.toLowerCase())];
    const sov = (w: typeof c) => pct(w.of(own).length, tracked.reduce((s, e) => s + w.of(e).length, 0));
    expect(m.deltaShareOfVoiceMarket).toBe(r2(sov(c) - sov(p)));
  });

  it('metadata: every rate and average has its sample and 95% interval, every change its interval and significance', async () => {
    const m = (await h.call('POST', '/api/brands/performance/metadata', body)).body[BRAND_ID];
    const c = cur();
    const p = prev();
    const own = OWN.toLowerCase();
    const [k1, n1, k0, n0] = [c.of(own).length, c.runs.length, p.of(own).length, p.runs.length];
    const [low, high] = wilsonByInversion(k1, n1);
    expect(m.mentionRateStats).toMatchObject({ n: n1, enoughData: n1 >= 30 });
    expect(nearly(m.mentionRateStats.low, low * 100) && nearly(m.mentionRateStats.high, high * 100)).toBe(true);
    const [dLow, dHigh] = newcombeReference(k1, n1, k0, n0);
    expect(m.mentionRateChangeStats).toMatchObject({
      n: n1,
      previousN: n0,
      enoughData: n0 >= 30 && n1 >= 30,
      significant: dLow > 0 || dHigh < 0,
    });
    expect(nearly(m.mentionRateChangeStats.low, dLow * 100) && nearly(m.mentionRateChangeStats.high, dHigh * 100)).toBe(true);
    expect(nearly(m.mentionRateChangeStats.diff, (k1 / n1 - k0 / n0) * 100)).toBe(true);
    const sentiments = c.of(own).map((x) => x.sentiment * 100);
    const [sLow, sHigh] = tIntervalOf(sentiments, tQuantile(sentiments.length - 1));
    expect(m.netSentimentBrandStats.n).toBe(sentiments.length);
    expect(nearly(m.netSentimentBrandStats.low, sLow) && nearly(m.netSentimentBrandStats.high, sHigh)).toBe(true);
    expect(m.netSentimentBrandChangeStats).toMatchObject({ n: sentiments.length, previousN: p.of(own).length });
  });

  it('metadata honours provider and location filters (location codes in any case)', async () => {
    const res = await h.call('POST', '/api/brands/performance/metadata', { ...body, providers: ['perplexity'], location: ['gb'] });
    expect(res.status).toBe(200);
    const c = window(h.facts, { start, end: NOW, providers: ['perplexity'], locations: ['GB'] });
    expect(res.body[BRAND_ID].totalPromptsRun).toBe(c.runs.length);
    expect(res.body[BRAND_ID].mentionRate).toBe(c.rate('acme'));
    expect(res.body[BRAND_ID].totalCitationsCount).toBe(c.citations.length);
  });

  it('ranking list: own brand and every competitor, sorted by mention rate, own row = metadata', async () => {
    const [meta, res] = await Promise.all([
      h.call('POST', '/api/brands/performance/metadata', body),
      h.call('POST', '/api/brands/performance/ranking-list', body),
    ]);
    expect(res.status).toBe(200);
    const rows = res.body as Array<{ brandName: string; currentMentionRate: number; deltaMentionRate: number }>;
    expect(rows.map((r) => r.brandName).sort()).toEqual([OWN, ...COMPETITORS].sort());
    const rates = rows.map((r) => r.currentMentionRate);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    expect(rows.find((r) => r.brandName === OWN)!.currentMentionRate).toBe(meta.body[BRAND_ID].mentionRate);
    for (const r of rows) {
      const e = r.brandName.toLowerCase();
      expect(r.currentMentionRate).toBe(cur().rate(e));
      expect(r.deltaMentionRate).toBe(r2(cur().rate(e) - prev().rate(e)));
    }
  });

  it('share of voice by provider: own mentions over tracked mentions per provider, sorted', async () => {
    const res = await h.call('POST', '/api/brands/performance/share-of-voice', { ...body, providers: undefined });
    expect(res.status).toBe(200);
    const tracked = ['acme', 'globex', 'initech'];
    expect(res.body.map((r: { provider: string }) => r.provider).sort()).toEqual(['openai', 'perplexity']);
    for (const row of res.body) {
      const c = window(h.facts, { start, end: NOW, providers: [row.provider] });
      const all = tracked.reduce((s, e) => s + c.of(e).length, 0);
      expect(row.shareOfVoice).toBe(pct(c.of('acme').length, all));
      expect(row.totalMentionCount).toBe(c.of('acme').length);
    }
    const shares = res.body.map((r: { shareOfVoice: number }) => r.shareOfVoice);
    expect(shares).toEqual([...shares].sort((a: number, b: number) => b - a));
    const one = await h.call('POST', '/api/brands/performance/share-of-voice', { ...body, providers: ['openai'] });
    expect(one.body).toEqual(res.body.filter((r: { provider: string }) => r.provider === 'openai'));
  });

  it('sources share of voice: top domains by citations, limited, shares of all domains', async () => {
    const res = await h.call('POST', '/api/brands/performance/sources-sov', {
      brandId: BRAND_ID, startTime: start.toISOString(), providers: null, location: null, limit: 4,
    });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(4);
    const c = cur().citations.filter((x) => x.domain !== '');
    const count = (d: string) => c.filter((x) => x.domain === d).length;
    for (const row of res.body) {
      expect(row.citationSov).toBe(pct(count(row.normalizedDomain), c.length));
      expect(row.uniqueUrlsCount).toBe(new Set(c.filter((x) => x.domain === row.normalizedDomain).map((x) => x.url)).size);
    }
    const counts = res.body.map((r: { normalizedDomain: string }) => count(r.normalizedDomain));
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    const all = await h.call('POST', '/api/brands/performance/sources-sov', { brandId: BRAND_ID, startTime: start.toISOString(), limit: 100 });
    const total = all.body.reduce((s: number, r: { citationSov: number }) => s + r.citationSov, 0);
    expect(Math.abs(total - 100)).toBeLessThan(0.05);
  });

  it('prompts ranking: top and bottom rows, disjoint, each sorted, limit per category', async () => {
    const res = await h.call('POST', '/api/brands/performance/prompts-ranking', { ...body, limit: 3 });
    expect(res.status).toBe(200);
    const top = res.body.filter((r: { promptCategory: string }) => r.promptCategory === 'top');
    const bottom = res.body.filter((r: { promptCategory: string }) => r.promptCategory === 'bottom');
    expect(top).toHaveLength(3);
    expect(bottom).toHaveLength(3);
    const key = (r: { promptId: string; provider: string; runLocation: string }) => `${r.promptId}|${r.provider}|${r.runLocation}`;
    expect(top.filter((t: never) => bottom.some((b: never) => key(b) === key(t)))).toEqual([]);
    expect(Math.min(...top.map((r: { mentionRate: number }) => r.mentionRate))).toBeGreaterThanOrEqual(
      Math.max(...bottom.map((r: { mentionRate: number }) => r.mentionRate)),
    );
    for (const row of [...top, ...bottom]) {
      const c = window(h.facts, { start, end: NOW, providers: [row.provider], locations: [row.runLocation] });
      const runs = c.runs.filter((r) => r.promptId === row.promptId);
      const hits = c.of('acme').filter((m) => m.promptId === row.promptId);
      expect(row.mentionRate).toBe(pct(hits.length, runs.length));
    }
  });

  it('mention-rate time series: buckets per brand whose runs sum to the window total', async () => {
    const res = await h.call('POST', '/api/brands/performance/mention-rate-timeseries', {
      brandId: BRAND_ID, startTime: start.toISOString(), providers: null, location: null, interval: 'day',
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual([OWN, ...COMPETITORS].sort());
    const series = res.body.data[OWN];
    expect(series.reduce((s: number, p: { totalPrompts: number }) => s + p.totalPrompts, 0)).toBe(cur().runs.length);
    for (const point of series) {
      const from = new Date(point.timestampEpoch);
      const day = window(h.facts, { start: new Date(Math.max(from.getTime(), start.getTime())), end: new Date(from.getTime() + DAY) });
      expect(point.totalPrompts).toBe(day.runs.length);
      expect(point.mentionRate).toBe(day.rate('acme'));
      expect(point.timePeriod).toBe(from.toISOString());
    }
    const epochs = series.map((p: { timestampEpoch: number }) => p.timestampEpoch);
    expect(epochs).toEqual([...epochs].sort((a: number, b: number) => a - b));
    const weekly = await h.call('POST', '/api/brands/performance/mention-rate-timeseries', {
      brandId: BRAND_ID, startTime: new Date(NOW.getTime() - 30 * DAY).toISOString(), interval: 'week',
    });
    const thirty = window(h.facts, { start: new Date(NOW.getTime() - 30 * DAY), end: NOW });
    expect(weekly.body.data[OWN].reduce((s: number, p: { totalPrompts: number }) => s + p.totalPrompts, 0)).toBe(thirty.runs.length);
  });

  it('refuses brands the user is not a member of with 404 BRAND_NOT_FOUND', async () => {
    for (const path of ['metadata', 'share-of-voice', 'ranking-list', 'prompts-ranking']) {
      const res = await h.call('POST', `/api/brands/performance/${path}`, path === 'share-of-voice' ? { ...body, providers: undefined } : body, STRANGER);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('BRAND_NOT_FOUND');
    }
    const unknown = await h.call('POST', '/api/brands/performance/metadata', { ...body, brandId: 'brd_nope' });
    expect(unknown.body.code).toBe('BRAND_NOT_FOUND');
  });

  it('answers 400 for misspelt fields and reversed windows', async () => {
    const extra = await h.call('POST', '/api/brands/performance/metadata', { ...body, provider: ['openai'] });
    expect(extra.status).toBe(400);
    const reversed = await h.call('POST', '/api/brands/performance/metadata', {
      ...body, deltaStartTime: start.toISOString(), deltaEndTime: deltaStart.toISOString(),
    });
    expect(reversed.status).toBe(400);
    const future = await h.call('POST', '/api/brands/performance/ranking-list', { ...body, startTime: new Date(NOW.getTime() + DAY).toISOString() });
    expect(future.status).toBe(400);
    const badInterval = await h.call('POST', '/api/brands/performance/mention-rate-timeseries', { brandId: BRAND_ID, startTime: start.toISOString(), interval: 'year' });
    expect(badInterval.status).toBe(400);
  });
});
