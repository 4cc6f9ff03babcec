import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planFeatures, runCadence } from './plansList';
import { startAccountApp, type AccountTestApp } from './testSupport';

describe.each(['duckdb', 'postgres'] as const)('billing.plans on %s', (dialect) => {
  let t: AccountTestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startAccountApp(dialect);
    cookie = await t.login('new@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every plan of the database, cheapest first, with its limits and derived features', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/billing/plans', headers: { cookie, host: 'localhost:8080' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const rows = await t.db.query<any>(`SELECT * FROM plans ORDER BY price_cents, id`);
    expect(rows.length).toBeGreaterThan(0);
    expect(body.trialDays).toBe(7);
    expect(body.plans.map((p: any) => p.id)).toEqual(rows.map((r) => r.id));
    for (const [i, p] of body.plans.entries()) {
      const row = rows[i];
      expect(p).toMatchObject({
        name: row.name,
        price: Number(row.price_cents),
        interval: row.billing_interval,
        maxPrompts: Number(row.max_prompts),
        maxLocations: Number(row.max_locations),
        maxBrands: Number(row.max_brands),
      });
      expect(p.features[0]).toBe(`${Number(row.max_prompts).toLocaleString('en-US')} tracked prompts`);
    }
  });

  it("the local hosted checkout offers only the plan chosen in the app's pricing table", async () => {
    const headers = { cookie, host: 'localhost:8080' };
    const session = (await t.app.inject({ method: 'POST', url: '/api/onboarding/checkout-session', headers })).json();
    const plans = await t.db.query<{ id: string }>(`SELECT id FROM plans ORDER BY price_cents, id`);
    const buttons = (html: string) => [...html.matchAll(/<button data-plan="([^"]+)"/g)].map((m) => m[1]);
    const all = await t.app.inject({ method: 'GET', url: session.url, headers });
    expect(buttons(all.body)).toEqual(plans.map((p) => p.id));
    const chosen = await t.app.inject({ method: 'GET', url: `${session.url}&plan=${plans[1].id}`, headers });
    expect(buttons(chosen.body)).toEqual([plans[1].id]);
    // an unknown plan id offers them all rather than nothing
    const unknown = await t.app.inject({ method: 'GET', url: `${session.url}&plan=plan_nope`, headers });
    expect(buttons(unknown.body)).toEqual(plans.map((p) => p.id));
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/billing/plans', headers: { host: 'localhost:8080' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('plan features', () => {
  it('reads limits as display lines, singular for one', () => {
    expect(
      planFeatures({ id: 'p', name: 'P', max_prompts: 50, max_locations: 1, max_brands: 1, max_providers: null, min_run_interval_minutes: null, price_cents: 100, billing_interval: 'month' }),
    ).toEqual(['50 tracked prompts', '1 location', '1 brand', '4 AI providers', 'Prompts run daily']);
    expect(runCadence(60)).toBe('Prompts run up to hourly');
    expect(runCadence(360)).toBe('Prompts run up to every 6 hours');
    expect(runCadence(10080)).toBe('Prompts run every 7 days');
  });
});
