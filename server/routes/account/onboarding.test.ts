import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountApp, type AccountTestApp } from './testSupport';

describe.each(['duckdb', 'postgres'] as const)('onboarding flow for new@example.com on %s', (dialect) => {
  let t: AccountTestApp;
  let cookie: string;
  let brandId: string;
  beforeAll(async () => {
    t = await startAccountApp(dialect);
    cookie = await t.login('new@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, as = cookie) =>
    t.app.inject({ method, url, payload: payload as any, headers: { cookie: as } });

  it('starts with empty progress', async () => {
    const res = await call('GET', '/api/onboarding/progress');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: null, name: null, url: null, location: null, prompts: [], snapshotGenerated: false, step: null, accountType: null });
  });

  it('step 2 needs an account type and a valid brand, then creates the brand with suggestions', async () => {
    expect((await call('POST', '/api/onboarding/save', { step: 2 })).json().message).toBe('Account type is required');
    expect((await call('POST', '/api/onboarding/save', { step: 2, accountType: 'agency' })).statusCode).toBe(400);
    const bad = await call('POST', '/api/onboarding/save', { step: 2, accountType: 'individual', brandName: 'Plantask', brandWebsite: 'plantask', brandCountry: 'US' });
    expect(bad.json().message).toBe('Please enter a valid website URL (e.g., https://www.example.com)');

    const res = await call('POST', '/api/onboarding/save', {
      step: 2, accountType: 'individual', organizationName: null, brandName: 'Plantask', brandWebsite: 'https://plantask.io', brandCountry: 'US', selectedPrompts: [],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    brandId = body.brandId;
    expect(brandId).toMatch(/^brd_/);
    expect(body.suggestedPrompts.length).toBeGreaterThan(3);
    // Saving step 2 again edits the same brand.
    const again = await call('POST', '/api/onboarding/save', { step: 2, accountType: 'individual', brandName: 'Plantask', brandWebsite: 'https://www.plantask.io', brandCountry: 'US' });
    expect(again.json().brandId).toBe(brandId);
    const competitors = await t.db.query<{ name: string }>(`SELECT name FROM competitors WHERE brand_id = $1`, [brandId]);
    expect(competitors.map((c) => c.name)).toContain('Asana');
    const progress = (await call('GET', '/api/onboarding/progress')).json();
    expect(progress).toMatchObject({ id: brandId, name: 'Plantask', url: 'https://www.plantask.io', location: 'US', step: 2, accountType: 'individual' });
  });

  it('step 3 saves the selected prompts', async () => {
    const none = await call('POST', '/api/onboarding/save', { step: 3, accountType: 'individual', brandName: 'Plantask', brandWebsite: 'https://www.plantask.io', brandCountry: 'US', selectedPrompts: ['  '] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('At least one prompt must be selected');
    const res = await call('POST', '/api/onboarding/save', {
      step: 3, accountType: 'individual', brandName: 'Plantask', brandWebsite: 'https://www.plantask.io', brandCountry: 'US',
      selectedPrompts: ['best project management tool for startups', { prompt: 'Asana alternatives for remote teams', weighted_score: 80 }, ''],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().promptCount).toBe(2);
    const progress = (await call('GET', '/api/onboarding/progress')).json();
    expect(progress.prompts).toEqual([{ prompt: 'best project management tool for startups' }, { prompt: 'Asana alternatives for remote teams' }]);
  });

  it('generate-insights streams progress while running each prompt once, then marks the snapshot generated', async () => {
    const res = await call('GET', `/api/onboarding/generate-insights?brandId=${brandId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/x-ndjson/);
    const lines = res.body.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toEqual({ type: 'start', brandId, prompts: 2 });
    expect(lines.filter((l) => l.type === 'prompt')).toHaveLength(2);
    expect(lines.at(-1)).toEqual({ type: 'done', snapshotGenerated: true });
    // 2 prompts x 3 providers x 1 location.
    const [{ n }] = await t.db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM runs WHERE brand_id = $1`, [brandId]);
    expect(Number(n)).toBe(6);
    expect((await call('GET', '/api/onboarding/progress')).json().snapshotGenerated).toBe(true);
    // Running it again does not duplicate the runs.
    const second = (await call('GET', `/api/onboarding/generate-insights?brandId=${brandId}`)).body.trim().split('\n').map((l) => JSON.parse(l));
    expect(second[0].prompts).toBe(0);
    expect(Number((await t.db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM runs WHERE brand_id = $1`, [brandId]))[0].n)).toBe(6);
    // Someone else's brand is 404.
    expect((await call('GET', '/api/onboarding/generate-insights?brandId=brd_taskvine')).statusCode).toBe(404);
  });

  it('snapshot numbers agree with the stored facts', async () => {
    const res = await call('GET', `/api/onboarding/snapshot?brandId=${brandId}`);
    expect(res.statusCode).toBe(200);
    const s = res.json();
    const q = async (sql: string) => t.db.query<any>(sql, [brandId]);
    const [{ n: mentioned }] = await q(`SELECT COUNT(*) AS n FROM mentions WHERE brand_id = $1 AND entity = 'plantask'`);
    const [{ n: cited }] = await q(`SELECT COUNT(*) AS n FROM citations WHERE brand_id = $1`);
    const [{ n: runs }] = await q(`SELECT COUNT(*) AS n FROM runs WHERE brand_id = $1`);
    expect(s.brandName).toBe('Plantask');
    expect(s.totalMentions).toBe(Number(mentioned));
    expect(s.totalCitations).toBe(Number(cited));
    expect(s.uniqueDomainsWithCount.length).toBeLessThanOrEqual(5);
    expect(s.uniqueDomainsWithCount.reduce((a: number, d: any) => a + d.count, 0)).toBeLessThanOrEqual(Number(cited));
    expect(s.brandRankings.length).toBeGreaterThan(0);
    expect(s.brandRankings.length).toBeLessThanOrEqual(5);
    // The top-ranked brand's discovery = share of runs naming it.
    const all = await q(`SELECT entity, COUNT(*) AS n FROM mentions WHERE brand_id = $1 GROUP BY entity ORDER BY n DESC, entity`);
    expect(s.brandRankings[0].discovery).toBeCloseTo((Number(all[0].n) / Number(runs)) * 100, 2);
    expect(s.prompts).toHaveLength(2);
    for (const p of s.prompts) {
      expect(p.mentions[0].brandName).toBe('Plantask');
      for (const m of p.mentions) expect(m.isMentioned).toBe(m.mentionedRank !== null);
    }
    expect((await call('GET', '/api/onboarding/snapshot?brandId=brd_taskvine')).statusCode).toBe(404);
  });

  it('checkout session -> hosted page -> pay -> verify activates a trial and finishes onboarding', async () => {
    const session = await call('POST', '/api/onboarding/checkout-session');
    expect(session.statusCode).toBe(200);
    const { clientSecret, customerId, sessionId, url } = session.json();
    expect(clientSecret).toContain(sessionId);
    expect(customerId).toMatch(/^cus_/);

    const open = (await call('GET', `/api/onboarding/verify-payment?session_id=${sessionId}`)).json();
    expect(open).toEqual({ verified: false, subscriptionId: null, status: 'open', message: 'Payment was not completed. Please try again.' });
    const missing = await call('GET', '/api/onboarding/verify-payment');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('No payment session found. Please try the checkout process again.');

    const page = await call('GET', url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Start your 7-day free trial');
    const planId = /data-plan="([^"]+)"/.exec(page.body)![1];

    const other = await t.login('demo@example.com');
    expect((await call('POST', '/api/billing/local/checkout/complete', { session: sessionId, planId }, other)).statusCode).toBe(404);
    const paid = await call('POST', '/api/billing/local/checkout/complete', { session: sessionId, planId, successUrl: '/payment/verify?session_id={CHECKOUT_SESSION_ID}' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().url).toBe(`/payment/verify?session_id=${encodeURIComponent(sessionId)}`);
    expect((await call('POST', '/api/billing/local/checkout/complete', { session: sessionId, planId })).statusCode).toBe(409);

    const verified = (await call('GET', `/api/onboarding/verify-payment?session_id=${sessionId}`)).json();
    expect(verified).toMatchObject({ verified: true, status: 'trialing' });
    expect(verified.subscriptionId).toMatch(/^sub_/);
    const me = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).json();
    expect(me.isOnboarded).toBe(true);
    expect(me.userSubscription.status).toBe('trialing');
    expect(me.userBrands.map((b: any) => b.id)).toEqual([brandId]);
    expect(me.userBrands[0].planGovernance.usage.prompts.currentUsage).toBe(2);
    const [{ current_period_end }] = await t.db.query<any>(`SELECT current_period_end FROM subscriptions WHERE id = $1`, [verified.subscriptionId]);
    expect(Date.parse(current_period_end) - t.ctx.now().getTime()).toBe(7 * 86_400_000);
  });
});
