import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../index';
import { READ_ONLY_MESSAGE } from '../access';
import { SELF_SHARE_MESSAGE, SHARE_SUBSCRIPTION_MESSAGE, alreadyMemberMessage, unknownEmailMessage } from './sharing';
import { startAccountApp, type AccountTestApp } from './testSupport';

// Brand sharing end to end over the whole API: the owner (demo) shares the tiny world's brand
// with a second subscriber (the lapsed account, reactivated here), who then reads it as a
// viewer, writes to it as an editor (charged to the owner's plan), and loses it when removed.

const WINDOW = (brandId: string) => ({
  brandId, startTime: '2026-11-10T00:00:00.000Z', deltaStartTime: '2026-11-01T00:00:00.000Z', deltaEndTime: '2026-11-10T00:00:00.000Z',
});

describe.each(['duckdb', 'postgres'] as const)('brand sharing on %s', (dialect) => {
  let t: AccountTestApp;
  let demo: string;
  let lee: string;
  let nico: string;
  let brandId: string;
  beforeAll(async () => {
    t = await startAccountApp(dialect, { routes });
    // A second subscriber with onboarding done: the lapsed account with its subscription active again.
    await t.db.query(`UPDATE subscriptions SET status = 'active' WHERE user_id = 'usr_lapsed'`);
    demo = await t.login('demo@example.com');
    lee = await t.login('lapsed@example.com');
    nico = await t.login('new@example.com');
    brandId = (await t.db.query<{ id: string }>(`SELECT id FROM brands WHERE name = 'Taskvine'`))[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });
  const send = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as any, headers: { cookie } });
  const me = async (cookie: string) => (await send(cookie, 'GET', '/api/users/me')).json();
  const membersOf = (id: string) => `/api/brands/${id}/members`;

  it('lists the owner, refuses unknown emails, oneself, strangers and non-owners', async () => {
    const list = await send(demo, 'GET', membersOf(brandId));
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ brandId, userId: 'usr_demo', name: 'Dana Demo', email: 'demo@example.com', role: 'owner' }]);

    const unknown = await send(demo, 'POST', membersOf(brandId), { email: 'nobody@example.com', role: 'viewer' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(unknownEmailMessage('nobody@example.com'));

    const self = await send(demo, 'POST', membersOf(brandId), { email: 'DEMO@example.com', role: 'viewer' });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(SELF_SHARE_MESSAGE);

    const badRole = await send(demo, 'POST', membersOf(brandId), { email: 'lapsed@example.com', role: 'owner' });
    expect(badRole.statusCode).toBe(400);

    // Strangers learn nothing about the brand: 404 like a brand that does not exist.
    expect((await send(nico, 'GET', membersOf(brandId))).statusCode).toBe(404);
    expect((await send(nico, 'POST', membersOf(brandId), { email: 'lapsed@example.com', role: 'viewer' })).statusCode).toBe(404);
    expect((await send(lee, 'DELETE', `${membersOf(brandId)}/usr_demo`)).statusCode).toBe(404);
  });

  it('a viewer sees the brand in userBrands, reads its insights and cannot change it', async () => {
    const shared = await send(demo, 'POST', membersOf(brandId), { email: ' Lapsed@Example.com ', role: 'viewer' });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toEqual({ brandId, userId: 'usr_lapsed', name: 'Lee Lapsed', email: 'lapsed@example.com', role: 'viewer' });
    const again = await send(demo, 'POST', membersOf(brandId), { email: 'lapsed@example.com', role: 'editor' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(alreadyMemberMessage('lapsed@example.com'));

    const leeMe = await me(lee);
    const brand = leeMe.userBrands.find((b: any) => b.id === brandId);
    expect(brand).toBeTruthy();
    expect(brand.ownerIds).toEqual(['usr_demo']);
    expect(brand.planGovernance.userRole).toBe('other');
    expect(brand.planGovernance.governedBy).toEqual({ name: 'Dana Demo', userId: 'usr_demo' });
    // Same governance numbers as the owner sees: the brand is charged to the owner's plan.
    const demoBrand = (await me(demo)).userBrands.find((b: any) => b.id === brandId);
    expect(brand.planGovernance.usage).toEqual(demoBrand.planGovernance.usage);
    expect(brand.planGovernance.effectivePlan).toEqual(demoBrand.planGovernance.effectivePlan);

    // Members may list the members; only owners change them.
    expect((await send(lee, 'GET', membersOf(brandId))).json().map((m: any) => m.role)).toEqual(['owner', 'viewer']);
    const notOwner = await send(lee, 'POST', membersOf(brandId), { email: 'new@example.com', role: 'viewer' });
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().code).toBe('NOT_BRAND_OWNER');
    expect((await send(lee, 'DELETE', `${membersOf(brandId)}/usr_demo`)).statusCode).toBe(403);

    const window = WINDOW(brandId);
    const table = await send(lee, 'POST', '/api/prompts/table', window);
    expect(table.json().prompts.length).toBeGreaterThan(0);
    expect(table.statusCode, table.body).toBe(200);

    const create = await send(lee, 'POST', '/api/prompts', { prompt: 'viewer prompt', providers: ['openai'], location: ['US'], brandId });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toBe(READ_ONLY_MESSAGE);
    const promptId = (await t.db.query<{ id: string }>(`SELECT id FROM prompts WHERE brand_id = $1 ORDER BY id LIMIT 1`, [brandId]))[0].id;
    const update = await send(lee, 'PUT', `/api/prompts/${promptId}`, { state: 'inactive' });
    expect(update.statusCode).toBe(403);
    const competitor = await send(lee, 'POST', '/api/competitors', { brandId, competitorName: 'Trello' });
    expect(competitor.statusCode).toBe(403);
    expect(competitor.json().code).toBe('BRAND_READ_ONLY');
  });

  it('an editor writes prompts and competitors, charged to the owner plan, not their own', async () => {
    const removed = await send(demo, 'DELETE', `${membersOf(brandId)}/usr_lapsed`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().success).toBe(true);
    expect((await me(lee)).userBrands.map((b: any) => b.id)).not.toContain(brandId);
    expect((await send(lee, 'POST', '/api/prompts/table', WINDOW(brandId))).statusCode).toBe(404);

    expect((await send(demo, 'POST', membersOf(brandId), { email: 'lapsed@example.com', role: 'editor' })).statusCode).toBe(200);
    const before = (await me(demo)).userBrands.find((b: any) => b.id === brandId).planGovernance.usage.prompts.currentUsage;
    const create = await send(lee, 'POST', '/api/prompts', { prompt: 'editor prompt', providers: ['openai'], location: ['US'], brandId });
    expect(create.statusCode, create.body).toBe(201);
    const competitor = await send(lee, 'POST', '/api/competitors', { brandId, competitorName: 'Trello' });
    expect(competitor.statusCode, competitor.body).toBe(201);

    const demoBrand = (await me(demo)).userBrands.find((b: any) => b.id === brandId);
    expect(demoBrand.planGovernance.usage.prompts.currentUsage).toBe(before + 1);
    const leeMe = await me(lee);
    // Lee owns no brand: their own plan's counters (owned brands only) stay at zero.
    expect(leeMe.userBrands.filter((b: any) => b.ownerIds.includes('usr_lapsed'))).toEqual([]);
    expect(leeMe.userBrands.find((b: any) => b.id === brandId).planGovernance.usage.prompts.currentUsage).toBe(before + 1);
    expect(leeMe.planUsage).toEqual({ prompts: 0, locations: 0, brands: 0 });
    // The owner's counters: summed over owned brands from planGovernance, locations distinct across them.
    const demoMe = await me(demo);
    const owned = demoMe.userBrands.filter((b: any) => b.ownerIds.includes('usr_demo') && b.planGovernance);
    expect(demoMe.planUsage.prompts).toBe(owned.reduce((n: number, b: any) => n + b.planGovernance.usage.prompts.currentUsage, 0));
    expect(demoMe.planUsage.brands).toBe(owned.length);
    const locations = await t.db.query<{ locations: string }>(`SELECT p.locations FROM prompts p JOIN brands b ON b.id = p.brand_id WHERE b.created_by = 'usr_demo'`);
    expect(demoMe.planUsage.locations).toBe(new Set(locations.flatMap((r) => JSON.parse(r.locations).map((l: string) => l.toUpperCase()))).size);
  });

  it('refuses to remove an owner or a non-member, and needs an active subscription to share', async () => {
    const owner = await send(demo, 'DELETE', `${membersOf(brandId)}/usr_demo`);
    expect(owner.statusCode).toBe(409);
    expect((await send(demo, 'DELETE', `${membersOf(brandId)}/usr_new`)).statusCode).toBe(404);

    await t.db.query(`UPDATE subscriptions SET status = 'canceled' WHERE user_id = 'usr_demo'`);
    try {
      const lapsedOwner = await send(demo, 'POST', membersOf(brandId), { email: 'new@example.com', role: 'viewer' });
      expect(lapsedOwner.statusCode).toBe(402);
      expect(lapsedOwner.json().message).toBe(SHARE_SUBSCRIPTION_MESSAGE);
      expect((await send(demo, 'DELETE', `${membersOf(brandId)}/usr_lapsed`)).statusCode).toBe(402);
    } finally {
      await t.db.query(`UPDATE subscriptions SET status = 'active' WHERE user_id = 'usr_demo'`);
    }
  });

  it('deleting a shared brand removes it with every fact and membership', async () => {
    const count = async (table: string) =>
      Number((await t.db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE ${table === 'brands' ? 'id' : 'brand_id'} = $1`, [brandId]))[0].n);
    const tables = ['prompts', 'runs', 'mentions', 'citations', 'competitors', 'brand_members', 'brands'];
    for (const table of tables) expect(await count(table), table).toBeGreaterThan(0);
    const del = await send(demo, 'DELETE', `/api/brands/${brandId}`, { brandId });
    expect(del.statusCode).toBe(200);
    for (const table of tables) expect(await count(table), table).toBe(0);
    expect((await me(lee)).userBrands.map((b: any) => b.id)).not.toContain(brandId);
  });
});
