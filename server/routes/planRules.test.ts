import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createAuthenticate } from '../auth/authenticate';
import { openPostgres } from '../db/postgres';
import { TEST_DATABASE_URL } from '../db/testing';
import type { Db } from '../db/types';
import { findDuePrompts } from '../scheduler/index';
import { requestFor, type WalkRequest } from '../../tests/contract/requests';
import { catalogue, send } from '../../tests/contract/walk';
import { startTestServer, type TestServer } from '../../tests/support/harness';
import { routes } from './index';

// Plan and subscription rules are the server's: every call that adds, changes or runs something
// charged to a plan checks the subscription and the limits, atomically per user.

const NOW = new Date('2026-11-21T12:00:00.000Z');
const DAY = 86_400_000;
const ALL_PROVIDERS = ['openai', 'perplexity', 'google', 'microsoft'];

/**
 * Calls open without a subscription: signing in, the account, billing, onboarding's reads and
 * checkout, and an email's signed unsubscribe link (its token is its authority, not a session).
 */
const OPEN_CALLS = /^(config|auth\..*|users\..*|billing\..*|email\.unsubscribe\..*|onboarding\.(progress|checkout-session|verify-payment|snapshot))$/;

/** The lapsed user's own brand, prompts and onboarding progress (the demo data gives them none). */
/** Staff tools (the page studio, the operations view): guarded by the staff role (403 STAFF_ONLY for others), charging nothing to any plan. */
const STAFF_CALLS = /^(studio|operations)\..*$/;

const LAPSED_BRAND = 'brd_lapsedco';
const LAPSED_ACTIVE = 'prm_lapsed_active';
const LAPSED_STOPPED = 'prm_lapsed_stopped';

async function giveLapsedUserABrand(db: Db): Promise<void> {
  const created = new Date(NOW.getTime() - 30 * DAY).toISOString();
  await db.query(
    `INSERT INTO brands (id, name, url, location, logo_url, aliases, created_by, finalized, created_at)
     VALUES ($1, 'Lapsed Co', 'https://lapsed.example', 'US', NULL, '[]', 'usr_lapsed', true, $2)`,
    [LAPSED_BRAND, created],
  );
  await db.query(`INSERT INTO brand_members (brand_id, user_id, role) VALUES ($1, 'usr_lapsed', 'owner')`, [LAPSED_BRAND]);
  await db.query(`INSERT INTO competitors (brand_id, name, name_key, aliases, created_at) VALUES ($1, 'Rival', 'rival', '[]', $2)`, [
    LAPSED_BRAND,
    created,
  ]);
  for (const [id, state] of [
    [LAPSED_ACTIVE, 'active'],
    [LAPSED_STOPPED, 'inactive'],
  ]) {
    await db.query(
      `INSERT INTO prompts (id, brand_id, text, frequency_cron, providers, locations, state, created_at, updated_at)
       VALUES ($1, $2, $3, '0 0 * * *', '["openai"]', '["US"]', $4, $5, $5)`,
      [id, LAPSED_BRAND, `best tools ${id}`, state, created],
    );
  }
  // A never-generated onboarding snapshot: generate-insights would run both prompts.
  await db.query(
    `INSERT INTO onboarding_progress (user_id, step, state, brand_id, snapshot_generated, updated_at) VALUES ('usr_lapsed', 3, '{"accountType":"individual"}', $1, false, $2)`,
    [LAPSED_BRAND, created],
  );
}

/** Everything of the lapsed user's that costs money or that a change could touch. */
async function lapsedState(db: Db) {
  const q = (sql: string) => db.query(sql);
  return {
    brands: await q(`SELECT id, name, url, location, finalized FROM brands WHERE created_by = 'usr_lapsed' ORDER BY id`),
    members: await q(`SELECT brand_id, role FROM brand_members WHERE user_id = 'usr_lapsed' ORDER BY brand_id`),
    prompts: await q(
      `SELECT p.id, p.text, p.frequency_cron, p.providers, p.locations, p.state FROM prompts p JOIN brands b ON b.id = p.brand_id
        WHERE b.created_by = 'usr_lapsed' ORDER BY p.id`,
    ),
    competitors: await q(`SELECT name FROM competitors WHERE brand_id = '${LAPSED_BRAND}' ORDER BY name_key`),
    runs: await q(`SELECT COUNT(*) AS n FROM runs r JOIN brands b ON b.id = r.brand_id WHERE b.created_by = 'usr_lapsed'`),
    progress: await q(`SELECT step, brand_id, snapshot_generated FROM onboarding_progress WHERE user_id = 'usr_lapsed'`),
  };
}

/** Chargeable requests beyond the contract walk's one valid request per call. */
function chargeableVariants(): Array<[string, WalkRequest]> {
  const onboarding = {
    accountType: 'individual',
    brandName: 'Lapsed Two',
    brandWebsite: 'https://lapsed-two.example',
    brandCountry: 'US',
  };
  return [
    ['onboarding.save', { body: { step: 2, ...onboarding } }],
    [
      'onboarding.save',
      { body: { step: 3, ...onboarding, selectedPrompts: Array.from({ length: 50 }, (_, i) => `prompt number ${i}`) } },
    ],
    [
      'prompts.create',
      {
        body: {
          prompt: 'Which tools are best?',
          frequency: 'daily',
          providers: ALL_PROVIDERS,
          state: 'active',
          location: ['US', 'GB'],
          startImmediately: true,
          brandId: LAPSED_BRAND,
        },
      },
    ],
    ['prompts.update', { params: { id: LAPSED_ACTIVE }, body: { frequency: '0 * * * *', providers: ALL_PROVIDERS } }],
    ['prompts.update', { params: { id: LAPSED_ACTIVE }, body: { location: ['US', 'GB', 'FR'] } }],
    ['prompts.update', { params: { id: LAPSED_STOPPED }, body: { state: 'active' } }],
    ['brands.finalize', { params: { id: LAPSED_BRAND }, body: { finalCompetitors: ['Rival', 'Another Rival'] } }],
  ];
}

describe.each(['duckdb', 'postgres'] as const)('plan and subscription rules on %s', (dialect) => {
  let server: TestServer;
  let demo: string;
  let planId: string;
  const inject = (method: string, url: string, payload?: unknown, cookie = demo, app: FastifyInstance = server.app) =>
    app.inject({
      method: method as 'POST',
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const count = async (sql: string, params: unknown[] = []) => Number((await server.db.query<{ n: number }>(sql, params))[0].n);
  const demoPrompts = () =>
    count(`SELECT COUNT(*) AS n FROM prompts p JOIN brands b ON b.id = p.brand_id WHERE b.created_by = 'usr_demo'`);
  /** Runs fn with some of the demo plan's columns changed, then restores them. */
  async function withPlan(changes: Record<string, number>, fn: () => Promise<void>) {
    const columns = Object.keys(changes);
    const [before] = await server.db.query(`SELECT ${columns.join(', ')} FROM plans WHERE id = $1`, [planId]);
    const set = async (values: Record<string, unknown>) => {
      for (const c of columns) await server.db.query(`UPDATE plans SET ${c} = $1 WHERE id = $2`, [values[c], planId]);
    };
    await set(changes);
    try {
      await fn();
    } finally {
      await set(before);
    }
  }

  beforeAll(async () => {
    server = await startTestServer({ dialect, scale: 0.05, days: 5, now: NOW, routes });
    await giveLapsedUserABrand(server.db);
    demo = await server.login('demo@example.com');
    planId = String((await server.db.query(`SELECT plan_id FROM subscriptions WHERE user_id = 'usr_demo'`))[0].plan_id);
  });
  afterAll(async () => server?.close());

  it(
    'a canceled user cannot create, change or run anything chargeable, or read insights, by any call',
    { timeout: 120_000 },
    async () => {
      const lapsed = await server.login('lapsed@example.com');
      const before = await lapsedState(server.db);
      expect(before.prompts).toHaveLength(2);
      const ids = { brandId: LAPSED_BRAND, promptId: LAPSED_ACTIVE, competitor: 'Rival', scratchBrandId: LAPSED_BRAND, now: NOW };
      const requests: Array<[string, WalkRequest]> = [];
      for (const call of Object.values(catalogue.calls)) {
        if (OPEN_CALLS.test(call.id) || STAFF_CALLS.test(call.id)) continue;
        const req = requestFor(call.id, ids);
        // A call without a request here is a new guarded call: it must be listed to be checked.
        expect(req, `${call.id} needs a request in tests/contract/requests.ts`).toBeDefined();
        requests.push([call.id, req!]);
      }
      requests.push(...chargeableVariants());
      expect(requests.length).toBeGreaterThan(30);

      const problems: string[] = [];
      for (const [id, req] of requests) {
        const res = await send(server, catalogue.calls[id], req, lapsed);
        const code = res.headers['content-type']?.toString().startsWith('application/json') ? res.json().code : undefined;
        if (res.statusCode !== 402 || code !== 'SUBSCRIPTION_REQUIRED')
          problems.push(
            `${id} ${JSON.stringify(req.body ?? req.params ?? {}).slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
      }
      expect(problems).toEqual([]);
      expect(await lapsedState(server.db)).toEqual(before);
      // Nor does the schedule run the lapsed user's active prompt (due: daily, created a month ago, never run).
      expect(await findDuePrompts(server.ctx)).not.toContain(LAPSED_ACTIVE);
    },
  );

  it('PUT /api/prompts/{id} cannot make a prompt an hourly job on 4 providers beyond the plan', async () => {
    const [prompt] = await server.db.query<{ id: string; frequency_cron: string; providers: string }>(
      `SELECT p.id, p.frequency_cron, p.providers FROM prompts p JOIN brands b ON b.id = p.brand_id
        WHERE b.created_by = 'usr_demo' AND p.state = 'active' ORDER BY p.id LIMIT 1`,
    );
    const stored = async () =>
      (await server.db.query(`SELECT frequency_cron, providers, state FROM prompts WHERE id = $1`, [prompt.id]))[0];
    const before = await stored();
    const put = (body: unknown) => inject('PUT', `/api/prompts/${prompt.id}`, body);

    // Every seeded plan runs a prompt at most daily.
    const hourly = await put({ frequency: '0 * * * *', providers: ALL_PROVIDERS });
    expect(hourly.statusCode).toBe(429);
    expect(hourly.json()).toMatchObject({ code: 'PLAN_LIMIT', details: { minRunIntervalMinutes: 1440, runIntervalMinutes: 60 } });
    expect((await put({ frequency: '0 0,12 * * *' })).statusCode).toBe(429);
    expect(await stored()).toEqual(before);
    const created = await inject('POST', '/api/prompts', {
      prompt: 'Hourly tools?',
      frequency: '0 * * * *',
      providers: ['openai'],
      location: ['US'],
      brandId: (await server.db.query(`SELECT brand_id FROM prompts WHERE id = $1`, [prompt.id]))[0].brand_id,
    });
    expect(created.statusCode).toBe(429);

    await withPlan({ max_providers: 2 }, async () => {
      const four = await put({ providers: ALL_PROVIDERS });
      expect(four.statusCode).toBe(429);
      expect(four.json()).toMatchObject({ code: 'PLAN_LIMIT', details: { maxProviders: 2, providers: 4 } });
      expect(four.json().message).toBe(
        'Your plan runs a prompt on at most 2 AI providers and at most once a day. Choose fewer providers or a less frequent schedule, or upgrade your plan.',
      );
      expect(await stored()).toEqual(before);
      const two = await put({ providers: ['openai', 'perplexity'], frequency: 'weekly' });
      expect(two.statusCode).toBe(200);
      expect(two.json()).toMatchObject({ providers: ['openai', 'perplexity'], frequencyCron: '0 0 * * 0' });
      // Stopping always works; starting again re-checks the schedule against the plan.
      await server.db.query(`UPDATE prompts SET providers = $1 WHERE id = $2`, [JSON.stringify(ALL_PROVIDERS), prompt.id]);
      expect((await put({ state: 'inactive' })).statusCode).toBe(200);
      expect((await put({ state: 'active' })).statusCode).toBe(429);
    });
    await withPlan({ min_run_interval_minutes: 60 }, async () => {
      const ok = await put({ frequency: '0 * * * *', providers: ALL_PROVIDERS, state: 'active' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ frequencyCron: '0 * * * *', state: 'active' });
    });
    await server.db.query(`UPDATE prompts SET frequency_cron = $1, providers = $2, state = 'active' WHERE id = $3`, [
      before.frequency_cron,
      before.providers,
      prompt.id,
    ]);
  });

  it('20 concurrent prompt creations never pass the prompt limit', async () => {
    const brandId = String((await server.db.query(`SELECT id FROM brands WHERE created_by = 'usr_demo' ORDER BY id LIMIT 1`))[0].id);
    const used = await demoPrompts();
    await withPlan({ max_prompts: used + 3 }, async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          inject('POST', '/api/prompts', {
            prompt: `Concurrent prompt ${i}?`,
            frequency: 'daily',
            providers: ['openai'],
            location: ['US'],
            brandId,
          }),
        ),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(17);
      expect(await demoPrompts()).toBe(used + 3);
    });
    await server.db.query(`DELETE FROM prompts WHERE text LIKE 'Concurrent prompt %'`);
  });

  it('20 concurrent brand creations never pass the brand limit', async () => {
    const owned = await count(`SELECT COUNT(*) AS n FROM brand_members WHERE user_id = 'usr_demo' AND role = 'owner'`);
    await withPlan({ max_brands: owned + 2 }, async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          inject('POST', '/api/brands', { name: `Racer ${i}`, website: `https://racer${i}.example`, location: 'US' }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
      expect(results.filter((r) => r.statusCode === 429)).toHaveLength(18);
      expect(await count(`SELECT COUNT(*) AS n FROM brand_members WHERE user_id = 'usr_demo' AND role = 'owner'`)).toBe(owned + 2);
    });
    for (const { id } of await server.db.query<{ id: string }>(`SELECT id FROM brands WHERE name LIKE 'Racer %'`)) {
      expect((await inject('DELETE', `/api/brands/${id}`, { brandId: id })).statusCode).toBe(200);
    }
  });

  it('free onboarding: concurrent saves make one brand, prompts are bounded, the snapshot runs once', { timeout: 60_000 }, async () => {
    const fresh = await server.login('new@example.com');
    const step2 = (i: number) => ({
      step: 2,
      accountType: 'individual',
      brandName: `Newco ${i}`,
      brandWebsite: 'https://newco.example',
      brandCountry: 'US',
    });
    const saves = await Promise.all(Array.from({ length: 8 }, (_, i) => inject('POST', '/api/onboarding/save', step2(i), fresh)));
    expect(saves.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(saves.map((r) => r.json().brandId)).size).toBe(1);
    expect(await count(`SELECT COUNT(*) AS n FROM brands WHERE created_by = 'usr_new'`)).toBe(1);
    const brandId = saves[0].json().brandId as string;

    const tooMany = await inject(
      'POST',
      '/api/onboarding/save',
      { ...step2(0), step: 3, selectedPrompts: Array.from({ length: 21 }, (_, i) => `question ${i}`) },
      fresh,
    );
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toMatchObject({ code: 'PLAN_LIMIT', message: 'You can select up to 20 prompts before choosing a plan.' });
    const three = await inject(
      'POST',
      '/api/onboarding/save',
      { ...step2(0), step: 3, selectedPrompts: ['q one', 'q two', 'q three'] },
      fresh,
    );
    expect(three.statusCode).toBe(200);

    const generations = await Promise.all(
      Array.from({ length: 5 }, () => inject('GET', `/api/onboarding/generate-insights?brandId=${brandId}`, undefined, fresh)),
    );
    const ran = generations.filter((r) => r.statusCode === 200 && r.body.includes('"prompts":3'));
    expect(ran).toHaveLength(1);
    for (const r of generations) if (r !== ran[0]) expect([200, 409]).toContain(r.statusCode);
    // 3 prompts x 3 onboarding providers x 1 location, once.
    expect(await count(`SELECT COUNT(*) AS n FROM runs WHERE brand_id = $1`, [brandId])).toBe(9);
    const again = await inject('GET', `/api/onboarding/generate-insights?brandId=${brandId}`, undefined, fresh);
    expect(again.body.split('\n')[0]).toContain('"prompts":0');
    // Prompts swapped after the free snapshot are not run for free.
    await inject('POST', '/api/onboarding/save', { ...step2(0), step: 3, selectedPrompts: ['q four', 'q five'] }, fresh);
    await inject('GET', `/api/onboarding/generate-insights?brandId=${brandId}`, undefined, fresh);
    expect(await count(`SELECT COUNT(*) AS n FROM runs WHERE brand_id = $1`, [brandId])).toBe(0);
    // A user without a plan keeps one brand: the Add Brand call needs a subscription.
    expect(
      (await inject('POST', '/api/brands', { name: 'Second', website: 'https://second.example', location: 'US' }, fresh)).statusCode,
    ).toBe(402);
  });

  it.runIf(dialect === 'postgres')('two API instances on one database never pass the prompt limit together', async () => {
    const [{ schema }] = await server.db.query<{ schema: string }>('SELECT current_schema() AS schema');
    const db2 = await openPostgres({ connectionString: TEST_DATABASE_URL, schema, max: 4 });
    const ctx2 = { ...server.ctx, db: db2 };
    const app2 = await buildApp(ctx2, routes, { authenticate: createAuthenticate(ctx2), logger: false });
    try {
      const brandId = String((await server.db.query(`SELECT id FROM brands WHERE created_by = 'usr_demo' ORDER BY id LIMIT 1`))[0].id);
      const used = await demoPrompts();
      await withPlan({ max_prompts: used + 4 }, async () => {
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            inject(
              'POST',
              '/api/prompts',
              { prompt: `Two instances ${i}?`, providers: ['openai'], location: ['US'], brandId },
              demo,
              i % 2 ? server.app : app2,
            ),
          ),
        );
        expect(results.filter((r) => r.statusCode === 201)).toHaveLength(4);
        expect(results.filter((r) => r.statusCode === 429)).toHaveLength(16);
        expect(await demoPrompts()).toBe(used + 4);
      });
      await server.db.query(`DELETE FROM prompts WHERE text LIKE 'Two instances %'`);
    } finally {
      await app2.close();
      await db2.close();
    }
  });
});
