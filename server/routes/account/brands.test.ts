import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_FINALIZED_MESSAGE, BRAND_LIMIT_MESSAGE, SUBSCRIPTION_REQUIRED_MESSAGE } from './brands';
import { startAccountApp, type AccountTestApp } from './testSupport';

describe.each(['duckdb', 'postgres'] as const)('brand calls on %s', (dialect) => {
  let t: AccountTestApp;
  let demo: string;
  beforeAll(async () => {
    t = await startAccountApp(dialect);
    demo = await t.login('demo@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = demo) =>
    t.app.inject({ method, url, payload: payload as any, headers: { cookie } });
  const count = async (sql: string, params: unknown[]) => Number((await t.db.query<{ n: number }>(sql, params))[0].n);

  it('create -> finalize -> delete', async () => {
    const created = await call('POST', '/api/brands', { name: ' Runly ', website: 'https://runly.shop', location: 'fr' });
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect(body.brand).toMatchObject({ name: 'Runly', url: 'https://runly.shop', location: 'FR' });
    // A running brand: suggestions come from the running-shoe industry, deterministic.
    expect(body.suggestedCompetitors).toContain('Nike');
    expect(body.suggestedPrompts.length).toBeGreaterThanOrEqual(3);
    expect(body.suggestedPrompts[0]).toEqual({ prompt: expect.stringMatching(/running/i), weightageScore: expect.any(Number) });
    const again = await call('POST', '/api/brands', { name: 'Runly', website: 'https://runly.shop', location: 'FR' });
    expect(again.json().suggestedPrompts).toEqual(body.suggestedPrompts);
    await call('DELETE', `/api/brands/${again.json().brand.id}`, { brandId: again.json().brand.id });

    const id = body.brand.id;
    const me = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: demo } })).json();
    expect(me.userBrands.map((b: any) => b.id)).toContain(id);

    const fin = await call('PUT', `/api/brands/${id}/finalize`, { finalCompetitors: ['Nike', 'nike', ' Hoka ', 'Runly', ''] });
    expect(fin.statusCode).toBe(200);
    expect(fin.json().brand).toEqual({ id, name: 'Runly', finalized: true, competitors: ['Nike', 'Hoka'] });
    expect(await count(`SELECT COUNT(*) AS n FROM competitors WHERE brand_id = $1`, [id])).toBe(2);
    const empty = await call('PUT', `/api/brands/${id}/finalize`, { finalCompetitors: ['  '] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('At least one competitor should be selected for effective monitoring');
    // A retry of the same setup (other casing and order) answers as the first call did; another list is refused.
    const retry = await call('PUT', `/api/brands/${id}/finalize`, { finalCompetitors: ['hoka', 'NIKE'] });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().brand.competitors).toEqual(['Hoka', 'Nike']);
    const other = await call('PUT', `/api/brands/${id}/finalize`, { finalCompetitors: ['Nike', 'Adidas'] });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: ALREADY_FINALIZED_MESSAGE, code: 'BRAND_ALREADY_FINALIZED', details: null });
    expect(await count(`SELECT COUNT(*) AS n FROM competitors WHERE brand_id = $1`, [id])).toBe(2);

    // Some facts for the brand, then delete removes all of them.
    await t.db.query(
      `INSERT INTO prompts (id, brand_id, text, frequency_cron, providers, locations, state, created_at, updated_at)
       VALUES ('prm_del', $1, 'x', '0 0 * * *', '["openai"]', '["FR"]', 'active', $2, $2)`,
      [id, new Date().toISOString()],
    );
    await t.db.query(
      `INSERT INTO runs (brand_id, id, prompt_id, provider, location, created_at, answer_text, named_count)
       VALUES ($1, 'run_del', 'prm_del', 'openai', 'FR', $2, 'Runly is fine', 1)`,
      [id, new Date().toISOString()],
    );
    const mismatch = await call('DELETE', `/api/brands/${id}`, { brandId: 'brd_other' });
    expect(mismatch.statusCode).toBe(400);
    const del = await call('DELETE', `/api/brands/${id}`, { brandId: id });
    expect(del.statusCode).toBe(200);
    expect(del.json().success).toBe(true);
    for (const table of ['brands', 'brand_members', 'competitors', 'prompts', 'runs']) {
      const col = table === 'brands' ? 'id' : 'brand_id';
      expect(await count(`SELECT COUNT(*) AS n FROM ${table} WHERE ${col} = $1`, [id])).toBe(0);
    }
    expect((await call('DELETE', `/api/brands/${id}`, { brandId: id })).statusCode).toBe(404);
  });

  it('validates with the spec messages', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ name: ' ', website: 'https://a.com', location: 'US' }, 'Brand name is required'],
      [{ name: 'A', website: 'https://a.com', location: 'US' }, 'Brand name must be at least 2 characters'],
      [{ name: 'Acme', website: '', location: 'US' }, 'Brand website is required'],
      [{ name: 'Acme', website: 'acme.com', location: 'US' }, 'Please enter a valid website URL (e.g., https://acme.com)'],
      [{ name: 'Acme', website: 'ftp://acme.com', location: 'US' }, 'Please enter a valid website URL (e.g., https://acme.com)'],
      [{ name: 'Acme', website: 'https://localhost', location: 'US' }, 'Please enter a valid website URL (e.g., https://www.example.com)'],
      [{ name: 'Acme', website: 'https://acme.com', location: '' }, 'Country selection is required'],
      [{ name: 'Acme', website: 'https://acme.com', location: 'QQ' }, 'Country selection is required'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/brands', payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await call('POST', '/api/brands', { name: 'Acme', website: 'https://acme.com', location: 'US', extra: 1 })).json().code).toBe('VALIDATION_ERROR');
  });

  it('answers 429 PLAN_LIMIT when owned brands reach maxBrands', async () => {
    const [{ max_brands }] = await t.db.query<{ max_brands: number }>(
      `SELECT p.max_brands FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE s.user_id = 'usr_demo'`,
    );
    const owned = await count(`SELECT COUNT(*) AS n FROM brand_members WHERE user_id = 'usr_demo' AND role = 'owner'`, []);
    const made: string[] = [];
    for (let i = owned; i < max_brands; i++) {
      const res = await call('POST', '/api/brands', { name: `Brand ${i}`, website: `https://brand${i}.com`, location: 'US' });
      expect(res.statusCode).toBe(200);
      made.push(res.json().brand.id);
    }
    const me = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: demo } })).json();
    expect(me.canAddBrand).toBe(false);
    const over = await call('POST', '/api/brands', { name: 'One more', website: 'https://onemore.com', location: 'US' });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: BRAND_LIMIT_MESSAGE, code: 'PLAN_LIMIT', details: { ownedBrands: max_brands, maxBrands: max_brands } });
    for (const id of made) await call('DELETE', `/api/brands/${id}`, { brandId: id });
  });

  it('needs an active subscription to create, and ownership to finalize or delete', async () => {
    const lapsed = await t.login('lapsed@example.com');
    const res = await call('POST', '/api/brands', { name: 'Lapsed Co', website: 'https://lapsed.com', location: 'US' }, lapsed);
    // 402, not 403: the client refreshes the session on 401/403 and shows Subscription Required for this code.
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: SUBSCRIPTION_REQUIRED_MESSAGE, code: 'SUBSCRIPTION_REQUIRED', details: null });
    // Not a member: 404, as if the brand did not exist.
    expect((await call('PUT', '/api/brands/brd_taskvine/finalize', { finalCompetitors: ['X'] }, lapsed)).json().code).toBe('BRAND_NOT_FOUND');
    expect((await call('DELETE', '/api/brands/brd_taskvine', { brandId: 'brd_taskvine' }, lapsed)).statusCode).toBe(404);
    // A member who is not an owner: 403.
    await t.db.query(`INSERT INTO brand_members (brand_id, user_id, role) VALUES ('brd_taskvine', 'usr_lapsed', 'other')`);
    const notOwner = await call('DELETE', '/api/brands/brd_taskvine', { brandId: 'brd_taskvine' }, lapsed);
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().code).toBe('NOT_BRAND_OWNER');
    const shared = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: lapsed } })).json().userBrands[0];
    expect(shared.planGovernance.userRole).toBe('other');
    expect(shared.planGovernance.governedBy).toEqual({ name: 'Dana Demo', userId: 'usr_demo' });
    await t.db.query(`DELETE FROM brand_members WHERE user_id = 'usr_lapsed'`);
    expect(await count(`SELECT COUNT(*) AS n FROM brands WHERE id = 'brd_taskvine'`, [])).toBe(1);
  });
});
