import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountApp, type AccountTestApp } from '../routes/account/testSupport';

// The local provider's hosted checkout grants any plan without a payment: with LOCAL_PAYMENTS off
// (the production default) no call may start one, pay on one, or open its portal.
describe('switching the local payment provider off', () => {
  let t: AccountTestApp;
  beforeAll(async () => {
    t = await startAccountApp('duckdb');
  });
  afterAll(async () => {
    await t?.close();
  });
  const call = (method: 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie, host: 'localhost:8080' } });
  const subscriptionsOf = async (userId: string) =>
    (await t.db.query<{ c: number }>(`SELECT count(*) AS c FROM subscriptions WHERE user_id = $1`, [userId]))[0].c;

  it('refuses checkout, payment and portal with 503 PAYMENTS_UNAVAILABLE, and grants nothing', async () => {
    const fresh = await t.login('new@example.com');
    const started = await call('POST', '/api/onboarding/checkout-session', fresh);
    expect(started.statusCode).toBe(200);
    const { sessionId } = started.json();

    t.ctx.config.localPayments = false;
    try {
      const refusals = await Promise.all([
        call('POST', '/api/billing/local/checkout/complete', fresh, { session: sessionId, planId: 'plan_enterprise' }),
        call('POST', '/api/onboarding/checkout-session', fresh),
        call('POST', '/api/billing/customer-portal-session', await t.login('demo@example.com'), {
          returnUrl: 'http://localhost:8080/app',
        }),
        call('POST', '/api/billing/reactivate-subscription', await t.login('lapsed@example.com'), {
          success_url: 'http://localhost:8080/app',
          cancel_url: 'http://localhost:8080/app',
        }),
      ]);
      for (const res of refusals) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toMatchObject({ code: 'PAYMENTS_UNAVAILABLE', details: null });
      }
      expect(await subscriptionsOf('usr_new')).toBe(0);
    } finally {
      t.ctx.config.localPayments = undefined;
    }

    // Switched on again (outside production, or LOCAL_PAYMENTS=1), the same session pays.
    const paid = await call('POST', '/api/billing/local/checkout/complete', fresh, { session: sessionId, planId: 'plan_starter' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await subscriptionsOf('usr_new')).toBe(1);
  });
});
