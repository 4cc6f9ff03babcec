import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as stats from '../../../stats';
import { DEFAULT_MIN_SAMPLE, pairedRateChange, tQuantile } from '../../../stats';

// a comparison row's paired gap interval is computed once per row the call completes: counted to show which rows are
vi.mock('../../../stats', async (original) => {
  const actual = await original<typeof import('../../../stats')>();
  return { ...actual, pairedRateChangeStats: vi.fn(actual.pairedRateChangeStats) };
});
import type { Dialect } from '../../../db/types';
import { BRAND_ID, DAY, NOW, PROMPTS } from '../testing/fixture';
import { nearly, pct, r2, tIntervalOf, wilsonByInversion, window } from '../testing/expect';

/** Both rates' Wilson intervals and the paired gap of a row, from the answers naming each brand. */
function expectRowStats(row: any, brandRuns: Set<string>, competitorRuns: Set<string>, runs: number) {
  for (const [stats, named] of [
    [row.brandMentionRateStats, brandRuns],
    [row.competitorMentionRateStats, competitorRuns],
  ] as const) {
    const [low, high] = wilsonByInversion(named.size, runs);
    expect(stats.n).toBe(runs);
    expect(nearly(stats.low, low * 100) && nearly(stats.high, high * 100), `${named.size}/${runs}`).toBe(true);
  }
  const both = [...brandRuns].filter((r) => competitorRuns.has(r)).length;
  const gap = pairedRateChange(both, brandRuns.size - both, competitorRuns.size - both, runs);
  expect(row.mentionRateGapStats).toMatchObject({ n: runs, significant: gap.significant, enoughData: gap.enoughData });
  if (gap.enoughData) expect(row.mentionRateGapStats.diff).toBe(r2(gap.diff! * 100));
}

/** An average rank's sample and t interval, from the ranks themselves (no interval below 2). */
function expectRankStats(stats: any, ranks: number[]) {
  expect(stats).toMatchObject({ n: ranks.length, enoughData: ranks.length >= DEFAULT_MIN_SAMPLE });
  if (ranks.length < 2) {
    expect(stats).toMatchObject({ low: null, high: null });
    return;
  }
  const [low, high] = tIntervalOf(ranks, tQuantile(ranks.length - 1));
  expect(nearly(stats.low, low) && nearly(stats.high, high), `${stats.low}–${stats.high} vs ${low}–${high}`).toBe(true);
}
import { type InsightTestApp, startInsightApp } from '../testing/app';
import { competitiveStatus, rankingComparison } from './labels';

const start = new Date(NOW.getTime() - 30 * DAY);
const body = (competitor: string) => ({ brandId: BRAND_ID, competitor, startTime: start.toISOString() });

describe.each<Dialect>(['duckdb', 'postgres'])('competitor comparison on %s', (dialect) => {
  let h: InsightTestApp;
  beforeAll(async () => {
    h = await startInsightApp(dialect);
  });
  afterAll(() => h?.close());

  it('metric cards: both rates over the same runs, co-mentions, shares among tracked brands', async () => {
    const res = await h.call('POST', '/api/competitors/comparison-metrics', body('globex'));
    expect(res.status).toBe(200);
    const c = window(h.facts, { start, end: NOW });
    const all = ['acme', 'globex', 'initech'].reduce((s, e) => s + c.of(e).length, 0);
    const own = new Set(c.of('acme').map((m) => m.runId));
    expect(res.body).toEqual({
      yourBrandName: 'Acme',
      competitorName: 'Globex',
      yourBrandMentionRate: c.rate('acme'),
      competitorMentionRate: c.rate('globex'),
      yourBrandSov: pct(c.of('acme').length, all),
      competitorSov: pct(c.of('globex').length, all),
      yourBrandAvgPosition: c.avgRank('acme'),
      competitorAvgPosition: c.avgRank('globex'),
      coMentions: c.of('globex').filter((m) => own.has(m.runId)).length,
      mentionRateGapStats: expect.any(Object),
      yourBrandMentionRateStats: expect.any(Object),
      competitorMentionRateStats: expect.any(Object),
      yourBrandSovStats: expect.any(Object),
      competitorSovStats: expect.any(Object),
      yourBrandAvgPositionStats: expect.any(Object),
      competitorAvgPositionStats: expect.any(Object),
    });
    // Both average positions with their t intervals.
    expectRankStats(
      res.body.yourBrandAvgPositionStats,
      c.of('acme').map((m) => m.rank),
    );
    expectRankStats(
      res.body.competitorAvgPositionStats,
      c.of('globex').map((m) => m.rank),
    );
    // Each rate and share with its sample and Wilson interval.
    for (const [stats, k, n] of [
      [res.body.yourBrandMentionRateStats, c.of('acme').length, c.runs.length],
      [res.body.competitorMentionRateStats, c.of('globex').length, c.runs.length],
      [res.body.yourBrandSovStats, c.of('acme').length, all],
      [res.body.competitorSovStats, c.of('globex').length, all],
    ] as const) {
      const [low, high] = wilsonByInversion(k, n);
      expect(stats.n).toBe(n);
      expect(nearly(stats.low, low * 100) && nearly(stats.high, high * 100), `${k}/${n}`).toBe(true);
    }
    // The gap over the same answers: both, only the own brand, only the competitor, of all runs.
    const both = c.of('globex').filter((m) => own.has(m.runId)).length;
    const gap = pairedRateChange(both, c.of('acme').length - both, c.of('globex').length - both, c.runs.length);
    expect(res.body.mentionRateGapStats).toMatchObject({ n: c.runs.length, significant: gap.significant, enoughData: gap.enoughData });
    expect(res.body.mentionRateGapStats.diff).toBe(r2(gap.diff! * 100));
  });

  it('compares with an untracked brand under the name the answers use', async () => {
    const res = await h.call('POST', '/api/competitors/comparison-metrics', body('UMBRELLA'));
    expect(res.status).toBe(200);
    expect(res.body.competitorName).toBe('Umbrella');
    expect(res.body.competitorMentionRate).toBe(window(h.facts, { start, end: NOW }).rate('umbrella'));
    const self = await h.call('POST', '/api/competitors/comparison-metrics', body('acme'));
    expect(self.status).toBe(400);
  });

  it('prompts: one row per prompt and provider with statuses from the documented rules', async () => {
    const res = await h.call('POST', '/api/competitors/comparison-prompts', body('Globex'));
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(PROMPTS.length * 2);
    for (const row of res.body) {
      const c = window(h.facts, { start, end: NOW, providers: [row.provider] });
      const runs = c.runs.filter((r) => r.promptId === row.promptId).length;
      const brand = c.of('acme').filter((m) => m.promptId === row.promptId);
      const comp = c.of('globex').filter((m) => m.promptId === row.promptId);
      expect(row.brandMentionsCount).toBe(brand.length);
      expect(row.coMentionsCount).toBe(brand.filter((m) => comp.some((x) => x.runId === m.runId)).length);
      expect(row.avgBrandRank).toBe(brand.length ? r2(brand.reduce((s, m) => s + m.rank, 0) / brand.length) : null);
      expect(row.avgCompetitorRank).toBe(comp.length ? r2(comp.reduce((s, m) => s + m.rank, 0) / comp.length) : null);
      expect(row.promptPreview.replace(/…$/, '')).toBe(PROMPTS.find((p) => p.id === row.promptId)!.text.slice(0, 100));
      expect(row.brandMentionRate).toBe(pct(brand.length, runs));
      expect(row.competitorMentionRate).toBe(pct(comp.length, runs));
      expect(row.competitiveStatus).toBe(competitiveStatus(row.brandMentionRate, row.competitorMentionRate));
      expect(row.rankingComparison).toBe(rankingComparison(row.avgBrandRank, row.avgCompetitorRank));
      expect(row.promptPreview.length).toBeLessThanOrEqual(101);
      expectRowStats(row, new Set(brand.map((m) => m.runId)), new Set(comp.map((m) => m.runId)), runs);
      expectRankStats(
        row.avgBrandRankStats,
        brand.map((m) => m.rank),
      );
      expectRankStats(
        row.avgCompetitorRankStats,
        comp.map((m) => m.rank),
      );
    }
    const long = res.body.find((r: { promptId: string }) => r.promptId === 'prm_3');
    expect(long.promptPreview.endsWith('…')).toBe(true);
  });

  it('prompts: under provider and location filters, against an untracked brand too, each row counts the facts in the filter', async () => {
    for (const [competitor, entity] of [['Globex', 'globex'], ['Umbrella', 'umbrella']]) {
      const res = await h.call('POST', '/api/competitors/comparison-prompts', { ...body(competitor), providers: ['openai'], location: ['GB'] });
      expect(res.status).toBe(200);
      const c = window(h.facts, { start, end: NOW, providers: ['openai'], locations: ['GB'] });
      const prompts = [...new Set(c.runs.map((r) => r.promptId))].sort();
      expect(res.body.map((r: { promptId: string }) => r.promptId).sort()).toEqual(prompts);
      for (const row of res.body) {
        expect(row.provider).toBe('openai');
        const runs = c.runs.filter((r) => r.promptId === row.promptId).length;
        const brand = c.of('acme').filter((m) => m.promptId === row.promptId);
        const comp = c.of(entity).filter((m) => m.promptId === row.promptId);
        expect(row.brandMentionsCount).toBe(brand.length);
        expect(row.brandMentionRate).toBe(pct(brand.length, runs));
        expect(row.competitorMentionRate).toBe(pct(comp.length, runs));
        expect(row.coMentionsCount).toBe(brand.filter((m) => comp.some((x) => x.runId === m.runId)).length);
        expect(row.avgCompetitorRank).toBe(comp.length ? r2(comp.reduce((s, m) => s + m.rank, 0) / comp.length) : null);
      }
    }
  });

  it("prompts: the leading and trailing lists, each paged on the server in the whole answer's order", async () => {
    const whole = (await h.call('POST', '/api/competitors/comparison-prompts', body('Globex'))).body as any[];
    // the rules of the page's two lists, written out from the spec and the lists' descriptions
    const ranked = (r: any) => r.rankingComparison !== 'no_rankings';
    const leading = (r: any) =>
      r.competitiveStatus === 'brand_dominant' ||
      (r.competitiveStatus === 'brand_leading' && ['brand_ranks_higher', 'only_brand_ranked'].includes(r.rankingComparison));
    const trailing = (r: any) =>
      ['competitor_dominant', 'competitor_leading', 'even'].includes(r.competitiveStatus) ||
      (r.competitiveStatus === 'brand_leading' && ['competitor_ranks_higher', 'similar_ranking'].includes(r.rankingComparison)) ||
      ['competitor_ranks_higher', 'only_competitor_ranked'].includes(r.rankingComparison);
    const expected = {
      leading: whole.filter((r) => ranked(r) && leading(r)),
      trailing: whole.filter((r) => ranked(r) && trailing(r)),
    };
    expect(expected.leading.length).toBeGreaterThan(0);
    expect(expected.trailing.length).toBeGreaterThan(2);
    // every ranked row is in a list
    expect(whole.filter((r) => ranked(r) && !leading(r) && !trailing(r))).toEqual([]);
    for (const side of ['leading', 'trailing'] as const) {
      const all = await h.call('POST', '/api/competitors/comparison-prompts', { ...body('Globex'), side });
      expect(all.body).toEqual(expected[side]);
      const pages: any[] = [];
      for (let offset = 0; offset < expected[side].length || offset === 0; offset += 2) {
        const res = await h.call('POST', '/api/competitors/comparison-prompts', {
          ...body('Globex'),
          side,
          page: { limit: 2, offset },
        });
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(expected[side].length);
        expect(res.body.prompts.length).toBeLessThanOrEqual(2);
        pages.push(...res.body.prompts);
      }
      expect(pages).toEqual(expected[side]);
    }
    // sorted and searched on the server, over every row of the list
    const sorted = await h.call('POST', '/api/competitors/comparison-prompts', {
      ...body('Globex'),
      page: { limit: 200, sort: 'coMentionsCount', order: 'desc' },
    });
    expect(sorted.body.total).toBe(whole.length);
    expect(sorted.body.prompts.map((r: any) => r.coMentionsCount)).toEqual(whole.map((r) => r.coMentionsCount).sort((a, b) => b - a));
    // whole rows, intervals too: a sorted page's rows are those of the unpaged answer
    const sameRow = (a: any) => whole.find((r) => r.promptId === a.promptId && r.provider === a.provider);
    expect(sorted.body.prompts).toEqual(sorted.body.prompts.map(sameRow));
    const needle = whole[0].promptPreview.slice(0, 12).toUpperCase();
    const searched = await h.call('POST', '/api/competitors/comparison-prompts', {
      ...body('Globex'),
      page: { limit: 200, search: needle },
    });
    expect(searched.body.prompts).toEqual(whole.filter((r) => r.promptPreview.toLowerCase().includes(needle.toLowerCase())));
    expect(searched.body.total).toBe(searched.body.prompts.length);
    const bad = await h.call('POST', '/api/competitors/comparison-prompts', {
      ...body('Globex'),
      page: { limit: 10, sort: 'competitiveStatus' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BAD_PAGE');
  });

  it('prompts: computes intervals for the rows it returns only', async () => {
    const completed = async (extra: object) => {
      vi.mocked(stats.pairedRateChangeStats).mockClear();
      const res = await h.call('POST', '/api/competitors/comparison-prompts', { ...body('Globex'), ...extra });
      expect(res.status).toBe(200);
      return { calls: vi.mocked(stats.pairedRateChangeStats).mock.calls.length, body: res.body };
    };
    const whole = await completed({});
    expect(whole.body.length).toBeGreaterThan(3);
    expect(whole.calls).toBe(whole.body.length);
    expect((await completed({ page: { limit: 2, offset: 1, sort: 'provider' } })).calls).toBe(2);
    expect((await completed({ side: 'trailing', page: { limit: 0 } })).calls).toBe(0);
  });

  it('providers: one row per provider, sorted by name', async () => {
    const res = await h.call('POST', '/api/competitors/provider-ranking', body('Globex'));
    expect(res.status).toBe(200);
    expect(res.body.map((r: { provider: string }) => r.provider)).toEqual(['openai', 'perplexity']);
    for (const row of res.body) {
      const c = window(h.facts, { start, end: NOW, providers: [row.provider] });
      expect(row.brandMentionRate).toBe(c.rate('acme'));
      expect(row.competitorMentionRate).toBe(c.rate('globex'));
      expect(row.brandAvgRank).toBe(c.avgRank('acme'));
      expectRowStats(row, new Set(c.of('acme').map((m) => m.runId)), new Set(c.of('globex').map((m) => m.runId)), c.runs.length);
      expectRankStats(
        row.brandAvgRankStats,
        c.of('acme').map((m) => m.rank),
      );
      expectRankStats(
        row.competitorAvgRankStats,
        c.of('globex').map((m) => m.rank),
      );
      expect(row.mentionPerformance).toBe(
        row.brandMentionRate > row.competitorMentionRate
          ? 'brand_leading'
          : row.brandMentionRate < row.competitorMentionRate
            ? 'competitor_leading'
            : 'even',
      );
    }
  });
});
