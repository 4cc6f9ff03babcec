import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityStats, r2, rawFacts, within, type RawRun } from '../oracle';
import { startPromptsTestApp, TEST_NOW, type PromptsTestApp } from '../testing';
import { compareRanked } from './ranking';
import { nearly, newcombeReference, tIntervalOf, wilsonByInversion } from '../../insights/testing/expect';
import { DEFAULT_MIN_SAMPLE, tQuantile } from '../../../stats';

type Stats = { n: number; low: number | null; high: number | null; enoughData: boolean };
type Change = Stats & { previousN: number; diff: number | null; significant: boolean };

/** A rate's stats against the reference Wilson interval of k of n (percent). */
function expectRate(stats: Stats, k: number, n: number) {
  expect(stats).toMatchObject({ n, enoughData: n >= DEFAULT_MIN_SAMPLE });
  if (n === 0) return expect([stats.low, stats.high]).toEqual([null, null]);
  const [low, high] = wilsonByInversion(k, n);
  expect(nearly(stats.low, low * 100) && nearly(stats.high, high * 100), `${k}/${n}: ${stats.low}–${stats.high}`).toBe(true);
}

/** An average's stats against the t interval of the values themselves (times scale). */
function expectMean(stats: Stats, values: number[], scale = 1) {
  expect(stats.n).toBe(values.length);
  if (values.length < 2) return expect([stats.low, stats.high]).toEqual([null, null]);
  const [low, high] = tIntervalOf(values.map((v) => v * scale), tQuantile(values.length - 1));
  expect(nearly(stats.low, low) && nearly(stats.high, high), `${stats.low}–${stats.high} vs ${low}–${high}`).toBe(true);
}

/** A change of rates against Newcombe's interval from the reference Wilson intervals (points). */
function expectRateChange(stats: Change, k1: number, n1: number, k0: number, n0: number) {
  const enough = n1 >= DEFAULT_MIN_SAMPLE && n0 >= DEFAULT_MIN_SAMPLE;
  expect(stats).toMatchObject({ n: n1, previousN: n0, enoughData: enough });
  if (!enough) return expect(stats).toMatchObject({ diff: null, low: null, high: null, significant: false });
  const [low, high] = newcombeReference(k1, n1, k0, n0);
  expect(nearly(stats.low, low * 100) && nearly(stats.high, high * 100), `${stats.low}–${stats.high}`).toBe(true);
  expect(stats.significant).toBe(low > 0 || high < 0);
}

const BRAND = 'brd_taskvine';
const OWN = 'taskvine';
const start = new Date('2026-11-07T00:00:00.000Z');
const deltaStart = new Date('2026-10-24T00:00:00.000Z');
const window = { startTime: start.toISOString(), deltaStartTime: deltaStart.toISOString(), deltaEndTime: start.toISOString() };

describe.each(['duckdb', 'postgres'] as const)('prompt detail calls (%s)', (dialect) => {
  let t: PromptsTestApp;
  let facts: Awaited<ReturnType<typeof rawFacts>>;
  let promptId: string;
  let runs: RawRun[];
  const post = (url: string, payload: unknown, user = 'usr_demo') =>
    t.app.inject({ method: 'POST', url, headers: t.as(user), payload: payload as object });
  const inWindow = (r: { at: number }) => within(r.at, start, TEST_NOW);

  beforeAll(async () => {
    t = await startPromptsTestApp(dialect, { days: 30 });
    facts = await rawFacts(t.db, BRAND);
    // The prompt with the most runs in the window, in several locations if there is one.
    const counts = new Map<string, number>();
    for (const r of facts.runs.filter(inWindow)) counts.set(r.promptId, (counts.get(r.promptId) ?? 0) + 1);
    promptId = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
    runs = facts.runs.filter((r) => r.promptId === promptId);
  });
  afterAll(async () => t?.close());

  it('aggregated metrics match the raw rows', async () => {
    for (const location of [null, [runs[0].location.toLowerCase()]]) {
      const res = await post('/api/prompts/metrics/aggregate', { promptId, startDate: window.startTime, location });
      expect(res.statusCode).toBe(200);
      const scoped = runs.filter((r) => inWindow(r) && (!location || r.location === location[0].toUpperCase()));
      const s = entityStats(scoped, facts.mentions, OWN);
      expect(scoped.length).toBeGreaterThan(0);
      expect(res.json()).toHaveLength(1);
      expect(res.json()[0]).toMatchObject({
        mentionRate: r2(s.rate!),
        avgRank: s.avgRank === null ? null : r2(s.avgRank),
        netSentiment: s.avgSentiment === null ? null : r2(s.avgSentiment * 100),
        totalMentions: s.mentioned,
        distinctProviderCount: new Set(scoped.map((r) => r.provider)).size,
      });
    }
  });

  it('aggregated metrics: the mention rate, average rank and net sentiment carry their sample and 95% interval', async () => {
    // The prompt whose window answers name the own brand most often.
    const named = new Map<string, number>();
    const windowRuns = new Map(facts.runs.filter(inWindow).map((r) => [r.id, r.promptId]));
    for (const x of facts.mentions) if (x.entity === OWN && windowRuns.has(x.runId)) named.set(windowRuns.get(x.runId)!, (named.get(windowRuns.get(x.runId)!) ?? 0) + 1);
    const [namedPrompt] = [...named.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    const res = await post('/api/prompts/metrics/aggregate', { promptId: namedPrompt, startDate: window.startTime, location: null });
    const [m] = res.json();
    const scoped = facts.runs.filter((r) => r.promptId === namedPrompt && inWindow(r));
    const ids = new Set(scoped.map((r) => r.id));
    const own = facts.mentions.filter((x) => x.entity === OWN && ids.has(x.runId));
    expect(own.length).toBeGreaterThan(1);
    expectRate(m.mentionRateStats, new Set(own.map((x) => x.runId)).size, scoped.length);
    expectMean(m.avgRankStats, own.map((x) => x.rank));
    expectMean(m.netSentimentStats, own.map((x) => x.sentiment), 100);
  });

  it('an optional endTime closes the current window (custom ranges); before the start it is a 400', async () => {
    const end = new Date('2026-11-14T00:00:00.000Z');
    const res = await post('/api/prompts/metrics/aggregate', { promptId, startDate: window.startTime, endTime: end.toISOString(), location: null });
    expect(res.statusCode).toBe(200);
    const s = entityStats(runs.filter((r) => within(r.at, start, end)), facts.mentions, OWN);
    expect(res.json()[0].mentionRate).toBe(s.rate === null ? null : r2(s.rate));
    const recent = await post('/api/prompts/recent-runs', { promptId, startTime: window.startTime, endTime: end.toISOString(), location: null });
    expect(recent.json().every((r: { createdAt: string }) => Date.parse(r.createdAt) < end.getTime())).toBe(true);
    const backwards = await post('/api/prompts/citations', { promptId, startTime: window.startTime, endTime: '2026-11-01T00:00:00.000Z' });
    expect(backwards.statusCode).toBe(400);
  });

  it('latest runs: newest first per provider, capped at 20, with rank and citations from the facts', async () => {
    const res = await post('/api/prompts/latest-run', { promptId });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, Array<Record<string, any>>>;
    const [prompt] = await t.db.query('SELECT providers FROM prompts WHERE id = $1', [promptId]);
    for (const provider of JSON.parse(String(prompt.providers))) expect(body).toHaveProperty(provider);
    for (const [provider, list] of Object.entries(body)) {
      const expected = runs
        .filter((r) => r.provider === provider)
        .sort((a, b) => b.at - a.at || b.id.localeCompare(a.id))
        .slice(0, 20);
      expect(list.map((r) => r.runId)).toEqual(expected.map((r) => r.id));
      for (const run of list) {
        const own = facts.mentions.find((m) => m.runId === run.runId && m.entity === OWN);
        expect(run.isMentioned).toBe(own !== undefined);
        expect(run.brandMentionRank).toBe(own ? own.rank : null);
        const cited = facts.citations.filter((c) => c.runId === run.runId);
        expect(run.totalCitations).toBe(cited.length);
        expect(run.citationsList.map((c: { url: string }) => c.url).sort()).toEqual(cited.map((c) => c.url).sort());
        expect(run.provider).toBe(provider);
      }
    }
  });

  it('recent runs and runs by date cover the window, newest first', async () => {
    const expected = runs.filter(inWindow).sort((a, b) => b.at - a.at || b.id.localeCompare(a.id));
    const recent = await post('/api/prompts/recent-runs', { promptId, startTime: window.startTime, location: null });
    expect(recent.json().map((r: { runId: string }) => r.runId)).toEqual(expected.slice(0, 100).map((r) => r.id));

    const byDate = (await post('/api/prompts/runs-by-date', { promptId, startDate: window.startTime })).json() as Record<string, Array<{ runId: string; createdAt: string }>>;
    const days = Object.keys(byDate);
    expect(days).toEqual([...days].sort().reverse());
    const flat = days.flatMap((d) => byDate[d]);
    expect(flat.map((r) => r.runId)).toEqual(expected.slice(0, 500).map((r) => r.id));
    for (const day of days) for (const run of byDate[day]) expect(run.createdAt.slice(0, 10)).toBe(day);
  });

  it.each([
    ['provider', 'day'],
    ['location', 'week'],
    ['provider', 'hour'],
  ] as const)('mention rate series by %s per %s matches the raw runs', async (aggregationType, timeInterval) => {
    const res = await post('/api/prompts/metrics/mention-rate-series', {
      promptId, brandId: BRAND, startTime: window.startTime, timeInterval, location: null, aggregationType,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Record<string, Array<{ timestampEpoch: number; totalRuns: number; mentionRate: number; aggregationValue: string; formattedPeriod: string }>>;
    const scoped = runs.filter(inWindow);
    const keyOf = (r: RawRun) => (aggregationType === 'provider' ? r.provider : r.location);
    const bucketOf = (at: number) => {
      const d = new Date(at);
      if (timeInterval === 'hour') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours());
      const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
      return timeInterval === 'day' ? day : day - ((d.getUTCDay() + 6) % 7) * 86_400_000; // ISO week starts Monday
    };
    expect(Object.keys(data).sort()).toEqual([...new Set(scoped.map(keyOf))].sort());
    let total = 0;
    for (const [series, points] of Object.entries(data)) {
      expect(points.map((p) => p.timestampEpoch)).toEqual(points.map((p) => p.timestampEpoch).sort((a, b) => a - b));
      for (const point of points) {
        const bucket = scoped.filter((r) => keyOf(r) === series && bucketOf(r.at) === point.timestampEpoch);
        expect(point.totalRuns).toBe(bucket.length);
        expect(point.mentionRate).toBe(r2(entityStats(bucket, facts.mentions, OWN).rate!));
        expect(point.aggregationValue).toBe(series);
        const k = entityStats(bucket, facts.mentions, OWN).mentioned;
        const { mentionRateLow, mentionRateHigh } = point as unknown as { mentionRateLow: number; mentionRateHigh: number };
        expectRate({ n: bucket.length, low: mentionRateLow, high: mentionRateHigh, enoughData: bucket.length >= DEFAULT_MIN_SAMPLE } as Stats, k, bucket.length);
        expect(point.formattedPeriod.startsWith(new Date(point.timestampEpoch).toISOString().slice(0, 10))).toBe(true);
        total += point.totalRuns;
      }
    }
    expect(total).toBe(scoped.length);
  });

  it('share of voice: tracked brands only, sums to 100 per provider group, counts from the raw mentions', async () => {
    const res = await post('/api/prompts/metrics/share-of-voice', { promptId, brandId: BRAND, ...window, location: null, provider: null });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<{ entityName: string; entityType: string; provider: string; currentSov: number; currentMentions: number; deltaMentions: number }>;
    const competitors = await t.db.query('SELECT name, name_key FROM competitors WHERE brand_id = $1', [BRAND]);
    const keyOf = new Map<string, string>([['Taskvine', OWN], ...competitors.map((c) => [String(c.name), String(c.name_key)] as [string, string])]);
    const groups = [...new Set(rows.map((r) => r.provider))];
    expect(groups[0]).toBe('All');
    for (const group of groups) {
      const groupRows = rows.filter((r) => r.provider === group);
      const sum = groupRows.reduce((a, r) => a + r.currentSov, 0);
      if (groupRows.some((r) => r.currentMentions > 0)) expect(Math.abs(sum - 100)).toBeLessThan(0.05);
      expect(groupRows.filter((r) => r.entityType === 'Brand')).toHaveLength(1);
      for (const row of groupRows) {
        const entity = keyOf.get(row.entityName)!;
        expect(entity).toBeDefined();
        const count = (from: Date, to: Date) =>
          facts.mentions.filter((m) => m.promptId === promptId && m.entity === entity && within(m.at, from, to) && (group === 'All' || m.provider === group)).length;
        expect(row.currentMentions).toBe(count(start, TEST_NOW));
        expect(row.deltaMentions).toBe(count(start, TEST_NOW) - count(deltaStart, start));
        // Its share of the group's tracked mentions, and the share's change, with their intervals.
        const all = (from: Date, to: Date) =>
          facts.mentions.filter((m) => m.promptId === promptId && [...keyOf.values()].includes(m.entity) && within(m.at, from, to) && (group === 'All' || m.provider === group)).length;
        const stats = row as unknown as { currentSovStats: Stats; sovChangeStats: Change };
        expectRate(stats.currentSovStats, count(start, TEST_NOW), all(start, TEST_NOW));
        expectRateChange(stats.sovChangeStats, count(start, TEST_NOW), all(start, TEST_NOW), count(deltaStart, start), all(deltaStart, start));
      }
    }
    const one = await post('/api/prompts/metrics/share-of-voice', { promptId, brandId: BRAND, ...window, location: null, provider: runs[0].provider });
    expect(new Set(one.json().map((r: { provider: string }) => r.provider))).toEqual(new Set([runs[0].provider]));
  });

  it('citations list every citation of the window', async () => {
    const res = await post('/api/prompts/citations', { promptId, startTime: window.startTime });
    expect(res.statusCode).toBe(200);
    const expected = facts.citations.filter((c) => c.promptId === promptId && inWindow(c));
    expect(res.json().length).toBe(Math.min(expected.length, 1000));
    expect(res.json().map((c: { url: string }) => c.url).sort()).toEqual(expected.map((c) => c.url).sort());
  });

  it('ranking list: every named brand ranked by mention rate, top 10 plus own brand, categories from tracking', async () => {
    const res = await post('/api/prompts/metrics/ranking-list', { promptId, brandId: BRAND, ...window, location: null });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, { brandName: string; brandCategory: string; isOwnBrand: boolean; currentMentionRatePercentage: number; currentAverageRank: number | null; actualRank: number; mentionRateChange: number | null }>;
    const scoped = runs.filter(inWindow);
    const previous = runs.filter((r) => within(r.at, deltaStart, start));
    const competitorKeys = new Set((await t.db.query('SELECT name_key FROM competitors WHERE brand_id = $1', [BRAND])).map((c) => String(c.name_key)));
    const ids = new Set(scoped.map((r) => r.id));
    // The own brand is ranked even when no answer in the window names it (rate 0).
    const entities = [...new Set([OWN, ...facts.mentions.filter((m) => ids.has(m.runId)).map((m) => m.entity)])];
    const expected = entities
      .map((entity) => {
        const s = entityStats(scoped, facts.mentions, entity);
        const p = entityStats(previous, facts.mentions, entity);
        const ranks = facts.mentions.filter((m) => m.entity === entity && ids.has(m.runId)).map((m) => m.rank);
        return { entity, name: entity, rate: s.rate!, avgRank: s.avgRank, change: p.rate === null ? null : s.rate! - p.rate, k: s.mentioned, k0: p.mentioned, ranks };
      })
      .sort(compareRanked);
    const rows = Object.entries(body);
    expect(rows.length).toBeLessThanOrEqual(11);
    expect(rows.length).toBe(Math.min(10, expected.length) + (expected.findIndex((e) => e.entity === OWN) >= 10 ? 1 : 0));
    for (const [key, row] of rows) {
      expect(key).toBe(String(row.actualRank));
      const e = expected[row.actualRank - 1];
      expect(row.brandName.toLowerCase()).toBe(e.entity);
      expect(row.currentMentionRatePercentage).toBe(r2(e.rate));
      expect(row.currentAverageRank).toBe(e.avgRank === null ? null : r2(e.avgRank));
      expect(row.mentionRateChange).toBe(e.change === null ? null : r2(e.change));
      expect(row.isOwnBrand).toBe(e.entity === OWN);
      expect(row.brandCategory).toBe(competitorKeys.has(e.entity) ? 'competitor' : 'other');
      const stats = row as unknown as { currentMentionRateStats: Stats; mentionRateChangeStats: Change; currentAverageRankStats: Stats };
      expectRate(stats.currentMentionRateStats, e.k, scoped.length);
      expectRateChange(stats.mentionRateChangeStats, e.k, scoped.length, e.k0, previous.length);
      expectMean(stats.currentAverageRankStats, e.ranks);
    }
    expect(rows.some(([, r]) => r.isOwnBrand)).toBe(true);
    expect(rows.some(([, r]) => r.brandCategory === 'other' && !r.isOwnBrand)).toBe(true);
  });

  it('404 for unknown prompts, other tenants and a brandId that is not the prompt brand', async () => {
    const cases: Array<[string, Record<string, unknown>, string?]> = [
      ['/api/prompts/metrics/aggregate', { promptId: 'prm_missing', startDate: window.startTime }],
      ['/api/prompts/latest-run', { promptId }, 'usr_new'],
      ['/api/prompts/recent-runs', { promptId, startTime: window.startTime }, 'usr_new'],
      ['/api/prompts/citations', { promptId, startTime: window.startTime }, 'usr_new'],
      ['/api/prompts/metrics/ranking-list', { promptId, brandId: 'brd_finlo', ...window }],
      ['/api/prompts/metrics/share-of-voice', { promptId, brandId: 'brd_finlo', ...window, provider: null }],
    ];
    for (const [url, payload, user] of cases) {
      const res = await post(url, payload, user);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('PROMPT_NOT_FOUND');
    }
  });
});
