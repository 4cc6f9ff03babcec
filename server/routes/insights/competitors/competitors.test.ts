import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../../../db/types';
import { BRAND_ID, COMPETITORS, DAY, NOW, OTHER_BRAND_ID, STRANGER } from '../testing/fixture';
import { nearly, newcombeReference, pct, r2, tIntervalOf, wilsonByInversion, window } from '../testing/expect';
import { DEFAULT_MIN_SAMPLE, tQuantile } from '../../../stats';
import { type InsightTestApp, startInsightApp } from '../testing/app';
import { threatLevel } from './insights';

const start = new Date(Date.UTC(2026, 10, 14));
const deltaStart = new Date(start.getTime() - 7 * DAY);
const windows = { startTime: start.toISOString(), deltaStartTime: deltaStart.toISOString(), deltaEndTime: start.toISOString() };

describe('threatLevel', () => {
  it('is high at or above the own brand, medium from half or when growing fast, low otherwise', () => {
    expect(threatLevel(10, 10, 0)).toBe('high');
    expect(threatLevel(8, 10, 30)).toBe('high');
    expect(threatLevel(8, 10, 10)).toBe('medium');
    expect(threatLevel(5, 10, null)).toBe('medium');
    expect(threatLevel(2, 10, 50)).toBe('medium');
    expect(threatLevel(2, 10, 0)).toBe('low');
    expect(threatLevel(0, 10, null)).toBe('low');
  });
});

describe.each<Dialect>(['duckdb', 'postgres'])('competitor calls on %s', (dialect) => {
  let h: InsightTestApp;
  beforeAll(async () => {
    h = await startInsightApp(dialect);
  });
  afterAll(() => h?.close());

  it('insights: one row per competitor with counts from the facts, sorted by mentions', async () => {
    const res = await h.call('POST', '/api/competitors/insights', { brandId: BRAND_ID, ...windows });
    expect(res.status).toBe(200);
    expect(res.body.map((r: { competitorName: string }) => r.competitorName).sort()).toEqual([...COMPETITORS].sort());
    const c = window(h.facts, { start, end: NOW });
    const p = window(h.facts, { start: deltaStart, end: start });
    const tracked = ['acme', 'globex', 'initech'];
    const all = tracked.reduce((s, e) => s + c.of(e).length, 0);
    const ownRuns = new Set(c.of('acme').map((m) => m.runId));
    for (const row of res.body) {
      const e = row.competitorName.toLowerCase();
      const mine = c.of(e);
      const runs = new Set(mine.map((m) => m.runId));
      expect(row.competitorMentions).toBe(mine.length);
      expect(row.deltaCompetitorMentions).toBe(mine.length - p.of(e).length);
      expect(row.uniqueRunsMentioned).toBe(runs.size);
      expect(row.coMentions).toBe([...runs].filter((r) => ownRuns.has(r)).length);
      expect(row.citationsCount).toBe(c.citations.filter((x) => runs.has(x.runId)).length);
      expect(row.avgPosition).toBe(c.avgRank(e));
      expect(row.marketShare).toBe(pct(mine.length, all));
      expect(row.growthPercentage).toBe(r2(((mine.length - p.of(e).length) / p.of(e).length) * 100));
      expect(row.threatLevel).toBe(threatLevel(mine.length, c.of('acme').length, row.growthPercentage));
      // Market share (a share of the tracked brands' mentions) and its change, with their intervals.
      const allPrev = tracked.reduce((s, x) => s + p.of(x).length, 0);
      const [low, high] = wilsonByInversion(mine.length, all);
      expect(row.marketShareStats).toMatchObject({ n: all, enoughData: all >= DEFAULT_MIN_SAMPLE });
      expect(nearly(row.marketShareStats.low, low * 100) && nearly(row.marketShareStats.high, high * 100)).toBe(true);
      expect(row.marketShareChangeStats).toMatchObject({ n: all, previousN: allPrev });
      if (row.marketShareChangeStats.enoughData) {
        const [dLow, dHigh] = newcombeReference(mine.length, all, p.of(e).length, allPrev);
        expect(nearly(row.marketShareChangeStats.low, dLow * 100) && nearly(row.marketShareChangeStats.high, dHigh * 100)).toBe(true);
        expect(row.marketShareChangeStats.significant).toBe(dLow > 0 || dHigh < 0);
      }
      // The average position's t interval from the ranks themselves.
      const ranks = mine.map((m) => m.rank);
      expect(row.avgPositionStats.n).toBe(ranks.length);
      const [rLow, rHigh] = tIntervalOf(ranks, tQuantile(ranks.length - 1));
      expect(nearly(row.avgPositionStats.low, rLow) && nearly(row.avgPositionStats.high, rHigh)).toBe(true);
      expect(row.avgPositionChangeStats).toMatchObject({ n: ranks.length, previousN: p.of(e).length });
    }
    const mentions = res.body.map((r: { competitorMentions: number }) => r.competitorMentions);
    expect(mentions).toEqual([...mentions].sort((a: number, b: number) => b - a));
  });

  it('shares of voice of the own brand and all competitors sum to 100', async () => {
    const res = await h.call('POST', '/api/competitors/insights', { brandId: BRAND_ID, ...windows });
    const cmp = await h.call('POST', '/api/competitors/comparison-metrics', { brandId: BRAND_ID, competitor: 'Globex', startTime: windows.startTime });
    const sum = res.body.reduce((s: number, r: { marketShare: number }) => s + r.marketShare, cmp.body.yourBrandSov);
    expect(Math.abs(sum - 100)).toBeLessThanOrEqual(0.02);
  });

  it('create, rename and delete round trip; a new competitor shows its history at once', async () => {
    const ranking = () =>
      h.call('POST', '/api/brands/performance/ranking-list', { brandId: BRAND_ID, ...windows, providers: null, location: null });
    const created = await h.call('POST', '/api/competitors', { brandId: BRAND_ID, competitorName: '  Umbrella ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ brandId: BRAND_ID, competitorName: 'Umbrella' });
    const c = window(h.facts, { start, end: NOW });
    const umbrella = (await ranking()).body.find((r: { brandName: string }) => r.brandName === 'Umbrella');
    expect(umbrella.currentMentionRate).toBe(c.rate('umbrella'));
    expect(umbrella.currentMentionRate).toBeGreaterThan(0);

    const dup = await h.call('POST', '/api/competitors', { brandId: BRAND_ID, competitorName: 'UMBRELLA' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'COMPETITOR_EXISTS', message: 'Umbrella is already tracked as a competitor' });
    const own = await h.call('POST', '/api/competitors', { brandId: BRAND_ID, competitorName: 'acme' });
    expect(own.status).toBe(409);
    const blank = await h.call('POST', '/api/competitors', { brandId: BRAND_ID, competitorName: '   ' });
    expect(blank.status).toBe(400);

    const caseOnly = await h.call('PUT', '/api/competitors', { brandId: BRAND_ID, oldCompetitorName: 'umbrella', newCompetitorName: 'UMBRELLA' });
    expect(caseOnly.status).toBe(200);
    expect(caseOnly.body.competitorName).toBe('UMBRELLA');
    const clash = await h.call('PUT', '/api/competitors', { brandId: BRAND_ID, oldCompetitorName: 'Umbrella', newCompetitorName: 'globex' });
    expect(clash.status).toBe(409);
    const renamed = await h.call('PUT', '/api/competitors', { brandId: BRAND_ID, oldCompetitorName: 'Umbrella', newCompetitorName: 'Stark' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.createdAt).toBe(created.body.createdAt);
    const names = (await ranking()).body.map((r: { brandName: string }) => r.brandName);
    expect(names).toContain('Stark');
    expect(names).not.toContain('UMBRELLA');

    const missing = await h.call('PUT', '/api/competitors', { brandId: BRAND_ID, oldCompetitorName: 'Nobody', newCompetitorName: 'X' });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('COMPETITOR_NOT_FOUND');

    const deleted = await h.call('DELETE', '/api/competitors', { brandId: BRAND_ID, competitorName: 'stark' });
    expect(deleted.status).toBe(200);
    expect(deleted.body.competitorName).toBe('Stark');
    const again = await h.call('DELETE', '/api/competitors', { brandId: BRAND_ID, competitorName: 'stark' });
    expect(again.status).toBe(404);
    expect((await ranking()).body.map((r: { brandName: string }) => r.brandName).sort()).toEqual(['Acme', ...COMPETITORS].sort());
  });

  it('refuses another tenant\'s brand for every competitor call', async () => {
    const calls: Array<['POST' | 'PUT' | 'DELETE', string, object]> = [
      ['POST', '/api/competitors', { brandId: BRAND_ID, competitorName: 'X' }],
      ['PUT', '/api/competitors', { brandId: BRAND_ID, oldCompetitorName: 'Globex', newCompetitorName: 'X' }],
      ['DELETE', '/api/competitors', { brandId: BRAND_ID, competitorName: 'Globex' }],
      ['POST', '/api/competitors/insights', { brandId: BRAND_ID, ...windows }],
      ['POST', '/api/competitors/emerging-threats', { brandId: BRAND_ID }],
      ['POST', '/api/competitors/comparison-metrics', { brandId: BRAND_ID, competitor: 'Globex', startTime: windows.startTime }],
      ['POST', '/api/competitors/comparison-prompts', { brandId: BRAND_ID, competitor: 'Globex', startTime: windows.startTime }],
      ['POST', '/api/competitors/provider-ranking', { brandId: BRAND_ID, competitor: 'Globex', startTime: windows.startTime }],
      ['POST', '/api/citations/tld-analysis', { brandId: BRAND_ID, startTime: windows.startTime }],
    ];
    for (const [method, url, body] of calls) {
      const res = await h.call(method, url, body, STRANGER);
      expect(res.status, url).toBe(404);
      expect(res.body.code).toBe('BRAND_NOT_FOUND');
    }
    // the stranger's own brand works, and the owner's competitors are untouched
    expect((await h.call('POST', '/api/competitors/insights', { brandId: OTHER_BRAND_ID, ...windows }, STRANGER)).body).toEqual([]);
    const rows = (await h.call('POST', '/api/competitors/insights', { brandId: BRAND_ID, ...windows })).body;
    expect(rows.map((r: { competitorName: string }) => r.competitorName).sort()).toEqual([...COMPETITORS].sort());
  });
});
