import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityStats, mean, r2, rawFacts, within } from '../oracle';
import { startPromptsTestApp, TEST_NOW, type PromptsTestApp } from '../testing';
import { DEFAULT_MIN_SAMPLE } from '../../../stats';
import { canAddPrompts, canGovernorAddPrompts, loadPlanUsage } from '../planLimits';
import { nearly, newcombeReference, wilsonByInversion } from '../../insights/testing/expect';

const BRAND = 'brd_taskvine';
const OWN = 'taskvine';
const current = { start: new Date('2026-11-14T00:00:00.000Z'), end: TEST_NOW };
const delta = { start: new Date('2026-11-07T00:00:00.000Z'), end: current.start };
const windowBody = {
  startTime: current.start.toISOString(),
  deltaStartTime: delta.start.toISOString(),
  deltaEndTime: delta.end.toISOString(),
};

describe.each(['duckdb', 'postgres'] as const)('prompts monitor calls (%s)', (dialect) => {
  let t: PromptsTestApp;
  let facts: Awaited<ReturnType<typeof rawFacts>>;
  const post = (url: string, payload: unknown, user = 'usr_demo') =>
    t.app.inject({ method: 'POST', url, headers: t.as(user), payload: payload as object });

  beforeAll(async () => {
    t = await startPromptsTestApp(dialect);
    facts = await rawFacts(t.db, BRAND);
  });
  afterAll(async () => t?.close());

  /** Independent expectations for one prompt from the raw rows. */
  function expected(promptId: string, providers: string[] | null, locations: string[] | null) {
    const keep = (r: { promptId: string; provider: string; location: string }) =>
      r.promptId === promptId && (!providers || providers.includes(r.provider)) && (!locations || locations.includes(r.location));
    const runs = facts.runs.filter(keep);
    const cur = entityStats(
      runs.filter((r) => within(r.at, current.start, current.end)),
      facts.mentions,
      OWN,
    );
    const prev = entityStats(
      runs.filter((r) => within(r.at, delta.start, delta.end)),
      facts.mentions,
      OWN,
    );
    const ever = facts.runs.filter((r) => r.promptId === promptId).map((r) => r.at);
    return { cur, prev, lastRun: ever.length ? new Date(Math.max(...ever)).toISOString() : null };
  }

  /**
   * avgMentionRate and trendChange weigh each prompt alike, and so do their intervals: each prompt
   * is a stratum, the interval Wilson's at the mean with the effective sample K²/Σ(1/nᵢ), found here
   * by inverting the score test (the reference helpers take a fractional k = p·n). Each interval
   * contains the figure it stands beside (the pooled answers' interval need not).
   */
  function checkStratifiedIntervals(body: any, providers: string[] | null) {
    const promptIds = [...new Set(facts.runs.map((r) => r.promptId))];
    const stratified = (strata: { runs: number; rate: number | null }[]) => {
      const p = mean(strata.map((s) => s.rate!))! / 100;
      const n = strata.length ** 2 / strata.reduce((a, s) => a + 1 / s.runs, 0);
      return { p, n, k: p * n, answers: strata.reduce((a, s) => a + s.runs, 0) };
    };
    const now = stratified(promptIds.map((id) => expected(id, providers, null).cur).filter((s) => s.runs > 0));
    const before = stratified(promptIds.map((id) => expected(id, providers, null).prev).filter((s) => s.runs > 0));
    expect(body.avgMentionRate).toBe(r2(now.p * 100));
    const [low, high] = wilsonByInversion(now.k, now.n);
    expect(body.avgMentionRateStats).toMatchObject({ n: now.answers, enoughData: now.answers >= DEFAULT_MIN_SAMPLE });
    expect(nearly(body.avgMentionRateStats.low, low * 100) && nearly(body.avgMentionRateStats.high, high * 100)).toBe(true);
    expect(body.avgMentionRateStats.low).toBeLessThanOrEqual(body.avgMentionRate);
    expect(body.avgMentionRateStats.high).toBeGreaterThanOrEqual(body.avgMentionRate);
    expect(body.trendChangeStats).toMatchObject({ n: now.answers, previousN: before.answers, enoughData: true });
    const [dLow, dHigh] = newcombeReference(now.k, now.n, before.k, before.n);
    expect(nearly(body.trendChangeStats.diff, body.trendChange)).toBe(true);
    expect(nearly(body.trendChangeStats.low, dLow * 100) && nearly(body.trendChangeStats.high, dHigh * 100)).toBe(true);
    expect(body.trendChangeStats.low).toBeLessThanOrEqual(body.trendChange);
    expect(body.trendChangeStats.high).toBeGreaterThanOrEqual(body.trendChange);
    expect(body.trendChangeStats.significant).toBe(dLow > 0 || dHigh < 0);
    return { now, before };
  }

  it.each([
    { providers: null, location: null },
    { providers: ['openai'], location: ['US', 'gb'] },
  ])('table rows match a recomputation from the raw runs and mentions (%o)', async (filters) => {
    const res = await post('/api/prompts/table', { brandId: BRAND, ...windowBody, ...filters });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const prompts = await t.db.query('SELECT id, text, state FROM prompts WHERE brand_id = $1', [BRAND]);
    expect(body.prompts.map((p: { promptId: string }) => p.promptId).sort()).toEqual(prompts.map((p) => p.id).sort());
    const locations = filters.location?.map((l) => l.toUpperCase()) ?? null;
    let checkedWithRuns = 0;
    for (const row of body.prompts) {
      const e = expected(row.promptId, filters.providers, locations);
      expect(row.currentPeriodRuns).toBe(e.cur.runs);
      expect(row.currentPeriodMentions).toBe(e.cur.mentioned);
      expect(row.mentionRate).toBe(e.cur.rate === null ? null : r2(e.cur.rate));
      const deltaRate = e.cur.rate !== null && e.prev.rate !== null ? e.cur.rate - e.prev.rate : null;
      expect(row.deltaMentionRateChange).toBe(deltaRate === null ? null : r2(deltaRate));
      expect(row.averageMentionRank).toBe(e.cur.avgRank === null ? null : r2(e.cur.avgRank));
      expect(row.currentNetSentiment).toBe(e.cur.avgSentiment === null ? null : r2(e.cur.avgSentiment * 100));
      expect(row.lastRunDate).toBe(e.lastRun);
      // Sample sizes and intervals: the rate's n is its runs, greyed out below the minimum sample.
      expect(row.mentionRateStats).toMatchObject({ n: e.cur.runs, enoughData: e.cur.runs >= DEFAULT_MIN_SAMPLE });
      if (e.cur.runs > 0) {
        const [low, high] = wilsonByInversion(e.cur.mentioned, e.cur.runs);
        expect(nearly(row.mentionRateStats.low, low * 100) && nearly(row.mentionRateStats.high, high * 100)).toBe(true);
      } else expect(row.mentionRateStats.low).toBeNull();
      expect(row.mentionRateChangeStats).toMatchObject({ n: e.cur.runs, previousN: e.prev.runs });
      expect(row.mentionRateChangeStats.enoughData).toBe(e.cur.runs >= DEFAULT_MIN_SAMPLE && e.prev.runs >= DEFAULT_MIN_SAMPLE);
      expect(row.averageMentionRankStats.n).toBe(e.cur.mentioned);
      expect(row.recencyStatus).toBe(e.lastRun === null ? 'never_run' : e.cur.runs > 0 ? 'recent' : 'idle');
      const status =
        e.lastRun === null
          ? 'zero_mention'
          : e.cur.rate === null
            ? 'other'
            : e.cur.mentioned === 0
              ? 'zero_mention'
              : e.cur.rate >= 60
                ? 'top'
                : e.cur.rate < 30
                  ? 'bottom'
                  : deltaRate !== null && Math.abs(deltaRate) <= 5
                    ? 'stable'
                    : 'other';
      expect(row.performanceStatus).toBe(status);
      const stored = prompts.find((p) => p.id === row.promptId)!;
      expect(row.fullPrompt).toBe(stored.text);
      expect(row.promptState).toBe(stored.state);
      if (e.cur.runs > 0) checkedWithRuns++;
    }
    expect(checkedWithRuns).toBeGreaterThan(0);
    expect(body.canAddPrompts).toBe(true);
  });

  it('facts match a recomputation from the raw rows', async () => {
    const res = await post('/api/prompts/insights/facts', { brandId: BRAND, ...windowBody, providers: null, location: null });
    expect(res.statusCode).toBe(200);
    const promptIds = [...new Set(facts.runs.map((r) => r.promptId))];
    const cur = promptIds.map((id) => expected(id, null, null).cur).filter((s) => s.runs > 0);
    const prev = promptIds.map((id) => expected(id, null, null).prev).filter((s) => s.runs > 0);
    const avg = mean(cur.map((s) => s.rate!))!;
    const prevAvg = mean(prev.map((s) => s.rate!))!;
    const inWindow = facts.runs.filter((r) => within(r.at, current.start, current.end));
    const byProvider = [...new Set(inWindow.map((r) => r.provider))]
      .map((provider) => ({
        provider,
        rate: entityStats(
          inWindow.filter((r) => r.provider === provider),
          facts.mentions,
          OWN,
        ).rate!,
      }))
      .sort((a, b) => b.rate - a.rate || a.provider.localeCompare(b.provider));
    const runIds = new Set(inWindow.map((r) => r.id));
    const body = res.json();
    expect(body).toEqual({
      trendChange: r2(avg - prevAvg),
      zeroMentionPrompts: cur.filter((s) => s.mentioned === 0).length,
      lowPerformers: cur.filter((s) => s.rate! < 30).length,
      providerGap: r2(byProvider[0].rate - byProvider[byProvider.length - 1].rate),
      bestProvider: byProvider[0].provider,
      avgMentionRate: r2(avg),
      firstPlaceCount: facts.mentions.filter((m) => m.entity === OWN && m.rank === 1 && runIds.has(m.runId)).length,
      avgMentionRateStats: expect.any(Object),
      trendChangeStats: expect.any(Object),
      providerGapStats: expect.any(Object),
    });
    const strata = checkStratifiedIntervals(body, null);
    // The prompts ran unequally often in the delta window: there the effective sample is below the answers.
    expect(strata.before.n).toBeLessThan(strata.before.answers);
    expect(strata.now.answers).toBe(inWindow.length);
    const expectChange = (stats: any, k1: number, n1: number, k0: number, n0: number) => {
      expect(stats).toMatchObject({ n: n1, previousN: n0 });
      expect(stats.enoughData).toBe(n1 >= DEFAULT_MIN_SAMPLE && n0 >= DEFAULT_MIN_SAMPLE);
      if (!stats.enoughData) return;
      const [dLow, dHigh] = newcombeReference(k1, n1, k0, n0);
      expect(nearly(stats.diff, (k1 / n1 - k0 / n0) * 100)).toBe(true);
      expect(nearly(stats.low, dLow * 100) && nearly(stats.high, dHigh * 100), `${stats.low}–${stats.high}`).toBe(true);
      expect(stats.significant).toBe(dLow > 0 || dHigh < 0);
    };
    // The provider gap: best against worst provider, independent answers.
    const providerAnswers = (provider: string) =>
      entityStats(
        inWindow.filter((r) => r.provider === provider),
        facts.mentions,
        OWN,
      );
    const best = providerAnswers(byProvider[0].provider);
    const worst = providerAnswers(byProvider[byProvider.length - 1].provider);
    expectChange(body.providerGapStats, best.mentioned, best.runs, worst.mentioned, worst.runs);
    if (body.providerGapStats.enoughData) {
      expect(body.providerGapStats.low).toBeLessThanOrEqual(body.providerGap);
      expect(body.providerGapStats.high).toBeGreaterThanOrEqual(body.providerGap);
    }
  });

  it("facts' intervals are those of the means shown when the prompts ran unequally often (one provider)", async () => {
    const res = await post('/api/prompts/insights/facts', { brandId: BRAND, ...windowBody, providers: ['openai'], location: null });
    expect(res.statusCode).toBe(200);
    const { now } = checkStratifiedIntervals(res.json(), ['openai']);
    expect(now.n).toBeLessThan(now.answers);
  });

  it('facts agree with the table: zero-mention and low performers', async () => {
    const [table, factsRes] = await Promise.all([
      post('/api/prompts/table', { brandId: BRAND, ...windowBody }),
      post('/api/prompts/insights/facts', { brandId: BRAND, ...windowBody }),
    ]);
    const rows = table.json().prompts as Array<{
      currentPeriodRuns: number;
      currentPeriodMentions: number;
      mentionRate: number | null;
    }>;
    const withRuns = rows.filter((r) => r.currentPeriodRuns > 0);
    expect(factsRes.json().zeroMentionPrompts).toBe(withRuns.filter((r) => r.currentPeriodMentions === 0).length);
    expect(factsRes.json().lowPerformers).toBe(
      withRuns.filter((r) => (r.currentPeriodMentions / r.currentPeriodRuns) * 100 < 30).length,
    );
  });

  it('canAddPrompts turns false once the governing plan has no free prompt slot', async () => {
    const [sub] = await t.db.query("SELECT plan_id FROM subscriptions WHERE user_id = 'usr_demo'");
    const [{ n }] = await t.db.query(
      "SELECT COUNT(*) AS n FROM prompts p JOIN brands b ON b.id = p.brand_id WHERE b.created_by = 'usr_demo'",
    );
    const [{ max_prompts: before }] = await t.db.query('SELECT max_prompts FROM plans WHERE id = $1', [sub.plan_id]);
    try {
      await t.db.query('UPDATE plans SET max_prompts = $1 WHERE id = $2', [Number(n), sub.plan_id]);
      const res = await post('/api/prompts/table', { brandId: BRAND, ...windowBody });
      expect(res.json().canAddPrompts).toBe(false);
      await t.db.query('UPDATE plans SET max_prompts = $1 WHERE id = $2', [Number(n) + 1, sub.plan_id]);
      expect((await post('/api/prompts/table', { brandId: BRAND, ...windowBody })).json().canAddPrompts).toBe(true);
    } finally {
      await t.db.query('UPDATE plans SET max_prompts = $1 WHERE id = $2', [before, sub.plan_id]);
    }
  });

  it("the table's canAddPrompts reads the governing plan as loadPlanUsage does: active, lapsed, no subscription", async () => {
    const [sub] = await t.db.query("SELECT id, status FROM subscriptions WHERE user_id = 'usr_demo'");
    const both = async (user: string) => [await canGovernorAddPrompts(t.db, user), canAddPrompts(await loadPlanUsage(t.db, user))];
    try {
      expect(await both('usr_demo')).toEqual([true, true]);
      await t.db.query("UPDATE subscriptions SET status = 'canceled' WHERE id = $1", [sub.id]);
      expect(await both('usr_demo')).toEqual([false, false]);
      expect(await both('usr_nobody')).toEqual([false, false]);
    } finally {
      await t.db.query('UPDATE subscriptions SET status = $1 WHERE id = $2', [sub.status, sub.id]);
    }
  });

  it('suggestions are deterministic, capped, and never repeat a monitored prompt', async () => {
    const body = { brandId: BRAND, startTime: '2026-10-22T00:00:00.000Z', limit: 10 };
    const first = await post('/api/prompts/suggestions', body);
    const second = await post('/api/prompts/suggestions', body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(second.json());
    const list = first.json() as Array<{ relatedQuestion: string }>;
    expect(list).toHaveLength(10);
    const monitored = new Set(
      (await t.db.query('SELECT text FROM prompts WHERE brand_id = $1', [BRAND])).map((p) => String(p.text).toLowerCase()),
    );
    for (const s of list) expect(monitored.has(s.relatedQuestion.toLowerCase())).toBe(false);
    expect(new Set(list.map((s) => s.relatedQuestion)).size).toBe(10);
    // The most mentioned tracked competitor in the window leads the list.
    const competitors = await t.db.query('SELECT name, name_key FROM competitors WHERE brand_id = $1', [BRAND]);
    const since = Date.parse(body.startTime);
    const counts = competitors
      .map((c) => ({
        name: String(c.name),
        key: String(c.name_key),
        n: facts.mentions.filter((m) => m.entity === c.name_key && m.at >= since).length,
      }))
      .sort((a, b) => b.n - a.n || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    expect(list[0].relatedQuestion).toBe(`Taskvine vs ${counts[0].name}: which is better?`);
    const three = await post('/api/prompts/suggestions', { ...body, limit: 3 });
    expect(three.json()).toEqual(list.slice(0, 3));
  });

  it('refuses brands the user is not a member of, and anonymous callers', async () => {
    for (const url of ['/api/prompts/table', '/api/prompts/insights/facts']) {
      const res = await post(url, { brandId: BRAND, ...windowBody }, 'usr_new');
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('BRAND_NOT_FOUND');
    }
    const suggestions = await post('/api/prompts/suggestions', { brandId: BRAND, startTime: windowBody.startTime }, 'usr_new');
    expect(suggestions.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/prompts/table', payload: { brandId: BRAND, ...windowBody } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('rejects malformed bodies with 400', async () => {
    const missing = await post('/api/prompts/table', { brandId: BRAND, startTime: windowBody.startTime });
    expect(missing.statusCode).toBe(400);
    const extra = await post('/api/prompts/insights/facts', { brandId: BRAND, ...windowBody, providerz: null });
    expect(extra.statusCode).toBe(400);
    const badProvider = await post('/api/prompts/table', { brandId: BRAND, ...windowBody, providers: ['bing'] });
    expect(badProvider.statusCode).toBe(400);
  });
});
