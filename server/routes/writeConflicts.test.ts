import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { toErrorReply } from '../http/errorHandler';
import { startTestServer, type TestServer } from '../../tests/support/harness';
import { MAX_COMPETITORS_PER_BRAND } from './insights/competitors/manage';
import type { BrandRow } from './access';
import { replaceCompetitors } from './account/brands';
import { routes } from './index';

// Concurrent writes of the same rows: each request either lands or gets a 4xx with a clear code
// (409 for a lost race), never the generic 500; and the stored result is one request's, never a mix.

const NOW = new Date('2026-11-21T12:00:00.000Z');

const tally = (results: LightMyRequestResponse[]) => {
  const out: Record<string, number> = {};
  for (const r of results) {
    const key = r.statusCode >= 400 ? `${r.statusCode} ${r.json().code}` : String(r.statusCode);
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
};

describe.each(['duckdb', 'postgres'] as const)('concurrent writes on %s', (dialect) => {
  let server: TestServer;
  let cookie: string;
  let brandId: string;
  const inject = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown) =>
    server.app.inject({ method, url, headers: { cookie }, payload: payload as object });
  const parallel = (n: number, request: (i: number) => Promise<LightMyRequestResponse>) =>
    Promise.all(Array.from({ length: n }, (_, i) => request(i)));
  const competitorNames = async (brand: string) =>
    (await server.db.query<{ name: string }>('SELECT name FROM competitors WHERE brand_id = $1 ORDER BY name_key', [brand])).map(
      (r) => r.name,
    );

  beforeAll(async () => {
    server = await startTestServer({ dialect, scale: 0.05, days: 5, now: NOW, routes });
    cookie = await server.login('demo@example.com');
    const [plan] = await server.db.query(`SELECT plan_id FROM subscriptions WHERE user_id = 'usr_demo'`);
    await server.db.query(`UPDATE plans SET max_brands = 100 WHERE id = $1`, [plan.plan_id]);
    const created = await inject('POST', '/api/brands', { name: 'Racecourse', website: 'https://racecourse.example', location: 'US' });
    if (created.statusCode !== 200) throw new Error(`brand setup failed: ${created.statusCode} ${created.body}`);
    brandId = created.json().brand.id;
  });
  afterAll(async () => server?.close());
  /** Test setup: the brand's competitors set directly, as onboarding does, without the finalize call. */
  const setCompetitors = async (names: string[]) => {
    const brand = (await server.db.query<BrandRow>('SELECT * FROM brands WHERE id = $1', [brandId]))[0];
    await replaceCompetitors(server.db, brand, names, NOW);
  };

  it('10 concurrent finalize calls on one brand with different lists: 1 success, 9 × 409, the stored list is the winner\'s', async () => {
    const lists = Array.from({ length: 10 }, (_, i) => [`Rival ${i}`, `Common`, `Other ${i}`]);
    const results = await parallel(10, (i) => inject('PUT', `/api/brands/${brandId}/finalize`, { finalCompetitors: lists[i] }));
    expect(tally(results)).toEqual({ 200: 1, '409 BRAND_ALREADY_FINALIZED': 9 });
    const winner = results.find((r) => r.statusCode === 200)!.json().brand.competitors as string[];
    const byName = (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase());
    expect(await competitorNames(brandId)).toEqual([...winner].sort(byName));
    expect((await server.db.query('SELECT finalized FROM brands WHERE id = $1', [brandId]))[0].finalized).toBe(true);
    // The same list sent again at once (a double click, a retried request) is the same setup: all 200.
    const retries = await parallel(5, () => inject('PUT', `/api/brands/${brandId}/finalize`, { finalCompetitors: winner }));
    expect(tally(retries)).toEqual({ 200: 5 });
  });

  it('10 concurrent renames of one competitor to one name: 1 success, 9 × 409', async () => {
    await setCompetitors(['Acme Rival']);
    const results = await parallel(10, () =>
      inject('PUT', '/api/competitors', { brandId, oldCompetitorName: 'Acme Rival', newCompetitorName: 'Acme Renamed' }),
    );
    expect(tally(results)).toEqual({ 200: 1, '409 COMPETITOR_EXISTS': 9 });
    expect(await competitorNames(brandId)).toEqual(['Acme Renamed']);
  });

  it('10 concurrent renames of one competitor to different names: 1 success, the rest find it gone', async () => {
    const results = await parallel(10, (i) =>
      inject('PUT', '/api/competitors', { brandId, oldCompetitorName: 'Acme Renamed', newCompetitorName: `Acme Variant ${i}` }),
    );
    expect(tally(results)).toEqual({ 200: 1, '404 COMPETITOR_NOT_FOUND': 9 });
    expect(await competitorNames(brandId)).toHaveLength(1);
  });

  it('10 concurrent creates of one competitor: 1 created, 9 × 409; 10 deletes: 1 deleted, 9 × 404', async () => {
    const created = await parallel(10, () => inject('POST', '/api/competitors', { brandId, competitorName: 'Twin Corp' }));
    expect(tally(created)).toEqual({ 201: 1, '409 COMPETITOR_EXISTS': 9 });
    const deleted = await parallel(10, () => inject('DELETE', '/api/competitors', { brandId, competitorName: 'Twin Corp' }));
    expect(tally(deleted)).toEqual({ 200: 1, '404 COMPETITOR_NOT_FOUND': 9 });
  });

  it('10 concurrent updates of one prompt: all land in turn, the stored prompt is one of them', async () => {
    const [{ id }] = await server.db.query<{ id: string }>(
      `SELECT p.id FROM prompts p JOIN brands b ON b.id = p.brand_id WHERE b.created_by = 'usr_demo' AND p.state = 'active' ORDER BY p.id LIMIT 1`,
    );
    const bodies = Array.from({ length: 10 }, (_, i) => ({
      frequency: i % 2 ? 'weekly' : 'monthly',
      providers: i % 3 ? ['openai'] : ['openai', 'perplexity'],
      location: [['US', 'GB', 'DE'][i % 3]],
    }));
    const results = await parallel(10, (i) => inject('PUT', `/api/prompts/${id}`, bodies[i]));
    expect(tally(results)).toEqual({ 200: 10 });
    const [stored] = await server.db.query<{ frequency_cron: string; providers: string; locations: string }>(
      'SELECT frequency_cron, providers, locations FROM prompts WHERE id = $1',
      [id],
    );
    const cron = { weekly: '0 0 * * 0', monthly: '0 0 1 * *' };
    expect(bodies.map((b) => [cron[b.frequency as 'weekly'], JSON.stringify(b.providers), JSON.stringify(b.location)])).toContainEqual([
      stored.frequency_cron,
      stored.providers,
      stored.locations,
    ]);
  });

  it(`competitors per brand are bounded at ${MAX_COMPETITORS_PER_BRAND}, also under 20 concurrent adds`, async () => {
    const names = Array.from({ length: MAX_COMPETITORS_PER_BRAND - 5 }, (_, i) => `Existing ${i}`);
    await setCompetitors(names);
    const results = await parallel(20, (i) => inject('POST', '/api/competitors', { brandId, competitorName: `Newcomer ${i}` }));
    expect(tally(results)).toEqual({ 201: 5, '409 COMPETITOR_LIMIT': 15 });
    const refused = results.find((r) => r.statusCode === 409)!.json();
    expect(refused).toEqual({
      message: `A brand can track at most ${MAX_COMPETITORS_PER_BRAND} competitors. Remove one before adding another.`,
      code: 'COMPETITOR_LIMIT',
      details: { maxCompetitors: MAX_COMPETITORS_PER_BRAND },
    });
    expect(await competitorNames(brandId)).toHaveLength(MAX_COMPETITORS_PER_BRAND);
    // The Add Brand wizard's finalize takes at most as many names (its schema refuses more).
    const tooMany = Array.from({ length: MAX_COMPETITORS_PER_BRAND + 1 }, (_, i) => `Name ${i}`);
    const finalize = await inject('PUT', `/api/brands/${brandId}/finalize`, { finalCompetitors: tooMany });
    expect(finalize.statusCode).toBe(400);
    expect(await competitorNames(brandId)).toHaveLength(MAX_COMPETITORS_PER_BRAND);
  });
});

describe('the error handler', () => {
  it('answers a write conflict no route retried with 409 CONFLICT, not 500', () => {
    for (const error of [
      new Error('TransactionContext Error: Conflict on update!'),
      Object.assign(new Error('could not serialize access due to concurrent update'), { code: '40001' }),
      Object.assign(new Error('deadlock detected'), { code: '40P01' }),
    ]) {
      expect(toErrorReply(error)).toMatchObject({ status: 409, body: { code: 'CONFLICT' }, log: false });
    }
    expect(toErrorReply(new Error('something else')).status).toBe(500);
  });
});
