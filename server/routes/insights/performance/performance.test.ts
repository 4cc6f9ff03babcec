import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Dialect } from '../../../db/types';
import { BRAND_ID, COMPETITORS, DAY, NOW, OWN, PROMPTS, STRANGER, type MentionFact, type RunFact } from '../testing/fixture';
import { nearly, newcombeReference, pct, r2, tIntervalOf, wilsonByInversion, window } from '../testing/expect';
import { DEFAULT_MIN_SAMPLE, rateChangeStats, tQuantile } from '../../../stats';
import { rebuildBrandRollups } from '../../../rollups/rebuild';
import { SqlParams, inList } from '../shared/params';
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

  /** The whole ranking from the facts in plain JS, by the rules of topAndBottomPrompts, skipping the prompts in `gone`. */
  function expectedRanking(limit: number, extra: { runs: RunFact[]; mentions: MentionFact[] } = { runs: [], mentions: [] }) {
    const facts = { ...h.facts, runs: [...h.facts.runs, ...extra.runs], mentions: [...h.facts.mentions, ...extra.mentions] };
    const c = window(facts, { start, end: NOW });
    const p = window(facts, { start: deltaStart, end: start });
    const key = (r: { promptId: string; provider: string; location: string }) => `${r.promptId}|${r.provider}|${r.location}`;
    const known = new Set(PROMPTS.map((x) => x.id));
    const keys = [...new Set(c.runs.filter((r) => known.has(r.promptId)).map(key))];
    const rows = keys.map((k) => {
      const runs = c.runs.filter((r) => key(r) === k).length;
      const hits = c.of('acme').filter((m) => key(m) === k);
      const prevRuns = p.runs.filter((r) => key(r) === k).length;
      const rate = pct(hits.length, runs);
      const prevRate = prevRuns > 0 ? pct(p.of('acme').filter((m) => key(m) === k).length, prevRuns) : null;
      const [promptId, provider, runLocation] = k.split('|');
      return {
        k,
        runs,
        row: {
          promptId,
          prompt: PROMPTS.find((x) => x.id === promptId)!.text,
          avgMentionRank: hits.length ? r2(hits.reduce((s, m) => s + m.rank, 0) / hits.length) : null,
          provider,
          runLocation,
          mentionRate: rate,
          pctChangeMentionRate: prevRate === null ? null : pctChange(rate, prevRate),
        },
      };
    });
    const inf = (x: number | null) => (x === null ? Infinity : x);
    type R = (typeof rows)[number];
    const tie = (a: R, b: R) => b.runs - a.runs || a.k.localeCompare(b.k);
    const top = [...rows]
      .sort((a, b) => b.row.mentionRate - a.row.mentionRate || inf(a.row.avgMentionRank) - inf(b.row.avgMentionRank) || tie(a, b))
      .slice(0, limit);
    const bottom = rows
      .filter((r) => !top.includes(r))
      .sort((a, b) => a.row.mentionRate - b.row.mentionRate || inf(b.row.avgMentionRank) - inf(a.row.avgMentionRank) || tie(a, b))
      .slice(0, limit);
    return [...top.map((r) => ({ ...r.row, promptCategory: 'top' })), ...bottom.map((r) => ({ ...r.row, promptCategory: 'bottom' }))];
  }
  /**
   * With `extra` stored beside the fixture, the ranking at limits 1, 3 and 100 equals the one computed
   * from the facts; `check` then sees each answer. The extra facts are removed afterwards; the
   * answers are returned.
   */
  async function rankingsWith(extra: { runs: RunFact[]; mentions: MentionFact[] }, check: (rows: any[], limit: number) => void = () => undefined) {
    const db = h.t.db;
    const ids = extra.runs.map((r) => r.id);
    const answers: any[][] = [];
    // The facts are written directly, so the rollups (the ranking's running totals) are rebuilt with them.
    const rebuild = () => db.transaction((tx) => rebuildBrandRollups(tx, BRAND_ID, NOW));
    try {
      await insertFacts(db, extra.runs, extra.mentions);
      await rebuild();
      for (const limit of [1, 3, 100]) {
        const res = await h.call('POST', '/api/brands/performance/prompts-ranking', { ...body, limit });
        expect(res.status).toBe(200);
        expect(withoutStats(res.body)).toEqual(expectedRanking(limit, extra));
        check(res.body, limit);
        answers.push(res.body);
      }
      return answers;
    } finally {
      const m = new SqlParams();
      await db.query(`DELETE FROM mentions WHERE brand_id = ${m.add(BRAND_ID)} AND ${inList(m, 'run_id', ids)}`, m.values);
      const r = new SqlParams();
      await db.query(`DELETE FROM runs WHERE brand_id = ${r.add(BRAND_ID)} AND ${inList(r, 'id', ids)}`, r.values);
      await rebuild();
    }
  }

  const withoutStats = (rows: Array<Record<string, unknown>>) =>
    rows.map(({ mentionRateStats: _a, mentionRateChangeStats: _b, avgMentionRankStats: _c, ...r }) => r);

  it('prompts ranking: the whole answer equals the ranking of every prompt, provider and location from the facts', async () => {
    for (const limit of [1, 3, 100]) {
      const res = await h.call('POST', '/api/brands/performance/prompts-ranking', { ...body, limit });
      expect(res.status).toBe(200);
      expect(withoutStats(res.body)).toEqual(expectedRanking(limit));
    }
  });

  it('prompts ranking: runs whose prompt is gone are not ranked, at the top or at the bottom', async () => {
    // Deleting a prompt deletes its facts in the same transaction; runs left without their prompt
    // (the text is read for the rows picked only) must still not take a place.
    const at = new Date(NOW.getTime() - 2 * 3_600_000);
    const runs: RunFact[] = [];
    const mentions: MentionFact[] = [];
    for (let i = 0; i < 6; i++) {
      for (const promptId of ['prm_gone_best', 'prm_gone_worst']) {
        const id = `run_${promptId}_${i}`;
        runs.push({ id, promptId, provider: 'openai', location: 'US', createdAt: at, namedCount: 1 });
        if (promptId === 'prm_gone_best') {
          mentions.push({ runId: id, promptId, provider: 'openai', location: 'US', createdAt: at, entity: 'acme', name: OWN, rank: 1, sentiment: 0.5 });
        }
      }
    }
    const answers = await rankingsWith({ runs, mentions });
    expect(answers.flat().map((r) => r.promptId)).not.toContain('prm_gone_best');
  });

  it('prompts ranking: the delta figures of the picked rows come from their own prompt, provider and location', async () => {
    // The delta window is read for the picked rows only. A combination with runs in the delta window
    // only is not ranked (its rate there would top the list); a new location of a prompt that ran
    // elsewhere in the delta window is compared with its own delta runs, not the prompt's.
    const inDelta = new Date(deltaStart.getTime() + 2 * DAY);
    const inCurrent = new Date(start.getTime() + 2 * DAY);
    const runs: RunFact[] = [];
    const mentions: MentionFact[] = [];
    const add = (promptId: string, location: string, createdAt: Date, count: number, hits: number) => {
      for (let i = 0; i < count; i++) {
        const id = `run_delta_${promptId}_${location}_${createdAt.getTime()}_${i}`;
        runs.push({ id, promptId, provider: 'openai', location, createdAt, namedCount: 1 });
        if (i < hits) mentions.push({ runId: id, promptId, provider: 'openai', location, createdAt, entity: 'acme', name: OWN, rank: 1, sentiment: 0.5 });
      }
    };
    add('prm_1', 'FR', inDelta, 6, 6); // delta window only
    add('prm_2', 'DE', inCurrent, 3, 3);
    add('prm_2', 'DE', inDelta, 4, 1);
    await rankingsWith({ runs, mentions }, (rows, limit) => {
      expect(rows.some((r: { runLocation: string }) => r.runLocation === 'FR')).toBe(false);
      const facts = { ...h.facts, runs: [...h.facts.runs, ...runs], mentions: [...h.facts.mentions, ...mentions] };
      for (const row of rows) {
        const only = { providers: [row.provider], locations: [row.runLocation] };
        const c = window(facts, { start, end: NOW, ...only });
        const p = window(facts, { start: deltaStart, end: start, ...only });
        const counts = (w: typeof c) => [w.of('acme').filter((m) => m.promptId === row.promptId).length, w.runs.filter((r) => r.promptId === row.promptId).length];
        const [k1, n1] = counts(c);
        const [k0, n0] = counts(p);
        expect(row.mentionRateChangeStats).toEqual(rateChangeStats(k1, n1, k0, n0, DEFAULT_MIN_SAMPLE));
      }
      if (limit === 1) {
        const top = rows[0];
        expect([top.promptId, top.runLocation, top.mentionRate, top.pctChangeMentionRate]).toEqual(['prm_2', 'DE', 100, 300]);
      }
    });
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

/** Adds facts of the fixture's brand that the JS facts do not hold (a test removes them again). */
async function insertFacts(db: Db, runs: RunFact[], mentions: MentionFact[]) {
  for (const r of runs) {
    await db.query(
      `INSERT INTO runs (brand_id, id, prompt_id, provider, location, created_at, answer_text, named_count) VALUES ($1, $2, $3, $4, $5, $6, '', $7)`,
      [BRAND_ID, r.id, r.promptId, r.provider, r.location, r.createdAt, r.namedCount],
    );
  }
  for (const m of mentions) {
    await db.query(
      `INSERT INTO mentions (brand_id, run_id, prompt_id, provider, location, created_at, entity, entity_name, rank, sentiment)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [BRAND_ID, m.runId, m.promptId, m.provider, m.location, m.createdAt, m.entity, m.name, m.rank, m.sentiment],
    );
  }
}
