import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMIT_CREATE_MESSAGE, PLAN_LIMIT_START_MESSAGE } from '../planLimits';
import { startPromptsTestApp, TEST_NOW, type PromptsTestApp } from '../testing';
import { pendingImmediateRuns } from './routes';

const BRAND = 'brd_stridewell';

describe.each(['duckdb', 'postgres'] as const)('prompt create, edit, stop and start (%s)', (dialect) => {
  let t: PromptsTestApp;
  let planId: string;
  const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown, user = 'usr_demo') =>
    t.app.inject({ method, url, headers: t.as(user), ...(payload === undefined ? {} : { payload: payload as object }) });
  const create = (overrides: Record<string, unknown> = {}, user = 'usr_demo') =>
    send('POST', '/api/prompts', {
      prompt: 'Which running shoes are best for flat feet?',
      frequency: 'daily',
      providers: ['openai'],
      state: 'active',
      location: ['GB'],
      startImmediately: false,
      brandId: BRAND,
      ...overrides,
    }, user);
  const usage = async () => {
    const [{ n }] = await t.db.query("SELECT COUNT(*) AS n FROM prompts p JOIN brands b ON b.id = p.brand_id WHERE b.created_by = 'usr_demo'");
    const lists = await t.db.query("SELECT p.locations FROM prompts p JOIN brands b ON b.id = p.brand_id WHERE b.created_by = 'usr_demo'");
    const locations = new Set(lists.flatMap((r) => JSON.parse(String(r.locations)) as string[]));
    return { prompts: Number(n), locations };
  };
  async function withPlan(limits: { max_prompts?: number; max_locations?: number }, fn: () => Promise<void>) {
    const [before] = await t.db.query('SELECT max_prompts, max_locations FROM plans WHERE id = $1', [planId]);
    try {
      if (limits.max_prompts !== undefined) await t.db.query('UPDATE plans SET max_prompts = $1 WHERE id = $2', [limits.max_prompts, planId]);
      if (limits.max_locations !== undefined) await t.db.query('UPDATE plans SET max_locations = $1 WHERE id = $2', [limits.max_locations, planId]);
      await fn();
    } finally {
      await t.db.query('UPDATE plans SET max_prompts = $1, max_locations = $2 WHERE id = $3', [before.max_prompts, before.max_locations, planId]);
    }
  }

  beforeAll(async () => {
    t = await startPromptsTestApp(dialect, { days: 5 });
    planId = String((await t.db.query("SELECT plan_id FROM subscriptions WHERE user_id = 'usr_demo'"))[0].plan_id);
  });
  afterAll(async () => t?.close());

  it('creates, reads, edits, stops and starts a prompt', async () => {
    const created = await create({ prompt: '  Which running shoes are best for flat feet?  ', frequency: 'weekly', location: ['gb', 'US', 'GB'] });
    expect(created.statusCode).toBe(201);
    const detail = created.json();
    expect(detail).toMatchObject({
      brandId: BRAND,
      prompt: 'Which running shoes are best for flat feet?',
      state: 'active',
      providers: ['openai'],
      monitoringCount: 0,
      updatedAt: TEST_NOW.toISOString(),
      frequencyCron: '0 0 * * 0',
      runLocation: ['GB', 'US'],
    });
    const id = detail.id as string;
    expect((await send('GET', `/api/prompts/${id}`)).json()).toEqual(detail);

    const table = await send('POST', '/api/prompts/table', {
      brandId: BRAND,
      startTime: '2026-11-14T00:00:00.000Z',
      deltaStartTime: '2026-11-07T00:00:00.000Z',
      deltaEndTime: '2026-11-14T00:00:00.000Z',
    });
    const row = table.json().prompts.find((p: { promptId: string }) => p.promptId === id);
    expect(row).toMatchObject({ recencyStatus: 'never_run', performanceStatus: 'zero_mention', currentPeriodRuns: 0, lastRunDate: null });

    const edited = await send('PUT', `/api/prompts/${id}`, { frequency: 'monthly', providers: ['openai', 'perplexity'], location: ['US'], state: 'active' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ frequencyCron: '0 0 1 * *', providers: ['openai', 'perplexity'], runLocation: ['US'], state: 'active' });
    expect(edited.json().prompt).toBe(detail.prompt);

    const stopped = await send('PUT', `/api/prompts/${id}`, { state: 'inactive' });
    expect(stopped.json()).toMatchObject({ state: 'inactive', frequencyCron: '0 0 1 * *', runLocation: ['US'] });
    const [stored] = await t.db.query('SELECT state FROM prompts WHERE id = $1', [id]);
    expect(stored.state).toBe('inactive');

    const started = await send('PUT', `/api/prompts/${id}`, { state: 'active' });
    expect(started.json().state).toBe('active');
    expect((await send('GET', `/api/prompts/${id}`)).json().state).toBe('active');
  });

  it('accepts a custom cron and refuses schedules more often than hourly', async () => {
    const ok = await create({ frequency: '30 6 * * 1-5', prompt: 'Lightest trail shoes for racing?' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().frequencyCron).toBe('30 6 * * 1-5');
    for (const frequency of ['*/5 * * * *', 'every day', '0 0 * *', 'hourly-ish']) {
      const res = await create({ frequency });
      expect(res.statusCode, frequency).toBe(400);
    }
  });

  it('validates the prompt text, providers and countries', async () => {
    const before = (await usage()).prompts;
    const cases: Array<[string, Record<string, unknown>]> = [
      ['empty after trimming', { prompt: '   ' }],
      ['501 characters', { prompt: 'x'.repeat(501) }],
      ['no providers', { providers: [] }],
      ['unknown provider', { providers: ['bing'] }],
      ['no countries', { location: [] }],
      ['bad country code', { location: ['USA'] }],
      ['unknown field', { colour: 'red' }],
    ];
    for (const [name, overrides] of cases) {
      const res = await create(overrides);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toHaveProperty('code');
      expect(res.json(), name).toHaveProperty('message');
    }
    expect((await usage()).prompts).toBe(before);
    const longest = await create({ prompt: 'y'.repeat(500) });
    expect(longest.statusCode).toBe(201);

    const id = longest.json().id as string;
    expect((await send('PUT', `/api/prompts/${id}`, {})).statusCode).toBe(400);
    expect((await send('PUT', `/api/prompts/${id}`, { providers: [] })).statusCode).toBe(400);
    expect((await send('PUT', `/api/prompts/${id}`, { location: [] })).statusCode).toBe(400);
    expect((await send('PUT', `/api/prompts/${id}`, { prompt: 'new text' })).statusCode).toBe(400);
  });

  it('answers 429 PLAN_LIMIT with the spec message at the prompt limit', async () => {
    const { prompts } = await usage();
    await withPlan({ max_prompts: prompts }, async () => {
      const res = await create({ prompt: 'Best shoes for marathon training?' });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'PLAN_LIMIT', message: PLAN_LIMIT_CREATE_MESSAGE });
      const table = await send('POST', '/api/prompts/table', {
        brandId: BRAND, startTime: '2026-11-20T00:00:00.000Z', deltaStartTime: '2026-11-19T00:00:00.000Z', deltaEndTime: '2026-11-20T00:00:00.000Z',
      });
      expect(table.json().canAddPrompts).toBe(false);
    });
    expect((await usage()).prompts).toBe(prompts);
    await withPlan({ max_prompts: prompts + 1 }, async () => {
      expect((await create({ prompt: 'Best shoes for marathon training?' })).statusCode).toBe(201);
    });
  });

  it('answers 429 when a new location would pass the location limit, not for a location already in use', async () => {
    const { locations } = await usage();
    const unused = ['ZW', 'QA', 'IS'].find((c) => !locations.has(c))!;
    await withPlan({ max_locations: locations.size }, async () => {
      const res = await create({ location: [unused], prompt: 'Best running shoes in the rain?' });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(PLAN_LIMIT_CREATE_MESSAGE);
      const existing = [...locations][0];
      expect((await create({ location: [existing], prompt: 'Best running shoes in the rain?' })).statusCode).toBe(201);
      const [{ id }] = await t.db.query('SELECT id FROM prompts WHERE brand_id = $1 ORDER BY created_at, id LIMIT 1', [BRAND]);
      const moved = await send('PUT', `/api/prompts/${id}`, { location: [unused] });
      expect(moved.statusCode).toBe(429);
      expect(moved.json()).toMatchObject({ code: 'PLAN_LIMIT', message: PLAN_LIMIT_START_MESSAGE });
    });
  });

  it("refuses starting a stopped prompt over the plan limit with the 'starting' message; stopping still works", async () => {
    const id = (await create({ prompt: 'Cushioned shoes for heavy runners?' })).json().id as string;
    const { prompts } = await usage();
    await withPlan({ max_prompts: prompts - 1 }, async () => {
      const stop = await send('PUT', `/api/prompts/${id}`, { state: 'inactive' });
      expect(stop.statusCode).toBe(200);
      const start = await send('PUT', `/api/prompts/${id}`, { state: 'active' });
      expect(start.statusCode).toBe(429);
      expect(start.json()).toMatchObject({ code: 'PLAN_LIMIT', message: PLAN_LIMIT_START_MESSAGE });
      expect((await send('GET', `/api/prompts/${id}`)).json().state).toBe('inactive');
    });
    expect((await send('PUT', `/api/prompts/${id}`, { state: 'active' })).json().state).toBe('active');
  });

  it('runs a prompt at once when startImmediately is set', async () => {
    const res = await create({ prompt: 'Best waterproof trail shoes?', providers: ['openai', 'perplexity'], location: ['GB', 'US'], startImmediately: true });
    expect(res.statusCode).toBe(201);
    await Promise.all(pendingImmediateRuns);
    const runs = await t.db.query('SELECT provider, location FROM runs WHERE prompt_id = $1 ORDER BY provider, location', [res.json().id]);
    expect(runs.map((r) => `${r.provider}/${r.location}`)).toEqual(['openai/GB', 'openai/US', 'perplexity/GB', 'perplexity/US']);
    expect((await send('GET', `/api/prompts/${res.json().id}`)).json().monitoringCount).toBe(4);
  });

  it('hides prompts of other brands (404) and unknown ids (404 PROMPT_NOT_FOUND)', async () => {
    const id = String((await t.db.query('SELECT id FROM prompts WHERE brand_id = $1 LIMIT 1', [BRAND]))[0].id);
    for (const res of [
      await send('GET', `/api/prompts/${id}`, undefined, 'usr_new'),
      await send('PUT', `/api/prompts/${id}`, { state: 'inactive' }, 'usr_new'),
      await send('GET', '/api/prompts/prm_missing'),
      await send('PUT', '/api/prompts/prm_missing', { state: 'inactive' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('PROMPT_NOT_FOUND');
    }
    const foreignCreate = await create({}, 'usr_new');
    expect(foreignCreate.statusCode).toBe(404);
    expect(foreignCreate.json().code).toBe('BRAND_NOT_FOUND');
  });
});
