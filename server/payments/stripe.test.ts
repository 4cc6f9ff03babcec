import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_SESSION_MESSAGE, NOT_COMPLETED_MESSAGE } from '../routes/account/onboarding';
import { startAccountApp, TEST_NOW, type AccountTestApp } from '../routes/account/testSupport';
import { startFakeStripe, type FakeStripe } from './fakeStripe';
import { PRICING_TABLE_PAGE } from './stripe';

// The Stripe provider with the real SDK pointed at a local fake of Stripe's API (no network):
// configuration, pricing-table sessions, verification, billing portal and reactivation.
describe.each(['duckdb', 'postgres'] as const)('Stripe payment provider on %s', (dialect) => {
  let t: AccountTestApp;
  let fake: FakeStripe;
  let starterPrice: string;
  let growthPrice: string;
  beforeAll(async () => {
    t = await startAccountApp(dialect);
    fake = await startFakeStripe();
    // Growth is mapped through plans.stripe_price_id, Starter through the price's own metadata.
    starterPrice = fake.addPrice({ unitAmount: 4900, planId: 'plan_starter' }).id;
    growthPrice = fake.addPrice({ unitAmount: 14900 }).id;
    await t.db.query(`UPDATE plans SET stripe_price_id = $1 WHERE id = 'plan_growth'`, [growthPrice]);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    t.ctx.config.stripe = fake.settings;
    t.ctx.config.localPayments = undefined;
  });

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie, host: 'localhost:8080' } });
  const userRow = async (id: string) =>
    (
      await t.db.query<{ stripe_customer_id: string | null; is_onboarded: boolean }>(
        `SELECT stripe_customer_id, is_onboarded FROM users WHERE id = $1`,
        [id],
      )
    )[0];

  it('/api/config names the provider: stripe with its public keys, local, or none', async () => {
    const settings = async () => (await t.app.inject({ method: 'GET', url: '/api/config' })).json().data.settings;
    expect(await settings()).toMatchObject({
      paymentProvider: 'stripe',
      stripePublishableKey: 'pk_test_fake_answerscope',
      stripePricingTableId: 'prctbl_test_fake',
      checkoutSessionRefreshMinutes: 25,
    });
    expect(JSON.stringify(await settings())).not.toContain('sk_test');
    expect(JSON.stringify(await settings())).not.toContain('whsec_');

    t.ctx.config.stripe = null;
    const local = await settings();
    expect(local.paymentProvider).toBe('local');
    expect(local).not.toHaveProperty('stripePublishableKey');
    t.ctx.config.localPayments = false;
    expect((await settings()).paymentProvider).toBe('none');
  });

  it('checkout session: one Stripe customer per user, a pricing-table customer session and its client secret', async () => {
    const cookie = await t.login('new@example.com');
    // Two tabs at once still make one customer (idempotency key per user).
    const [first, second] = await Promise.all([
      call('POST', '/api/onboarding/checkout-session', cookie),
      call('POST', '/api/onboarding/checkout-session', cookie),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().customerId).toBe(first.json().customerId);
    const body = first.json();
    const stored = (await userRow('usr_new')).stripe_customer_id;
    expect(stored).toMatch(/^cus_test_/);
    expect(body.customerId).toBe(stored);
    expect(fake.customers.get(stored!)).toMatchObject({ email: 'new@example.com', metadata: { user_id: 'usr_new' } });
    // The client secret is the one Stripe issued for a session with the pricing table enabled.
    const sessionCall = fake.requests.filter((r) => r.path === '/v1/customer_sessions').at(-1)!;
    expect(sessionCall.params).toEqual({ customer: stored, components: { pricing_table: { enabled: 'true' } } });
    expect(body.clientSecret).toMatch(/^cuss_secret_/);
    // A new customer chooses on the pricing table page.
    expect(body.url).toBe(PRICING_TABLE_PAGE);

    // The refresh (every checkoutSessionRefreshMinutes) reuses the customer and gets a fresh secret.
    const again = (await call('POST', '/api/onboarding/checkout-session', cookie)).json();
    expect(again.customerId).toBe(stored);
    expect(again.clientSecret).not.toBe(body.clientSecret);
    expect([...fake.customers.values()].filter((c) => c.metadata.user_id === 'usr_new')).toHaveLength(1);
  });

  it('verification: an open session is not completed, an unknown or foreign one is not found', async () => {
    const cookie = await t.login('new@example.com');
    const customer = (await userRow('usr_new')).stripe_customer_id!;
    const open = fake.openCheckoutSession({ customer, clientReferenceId: 'usr_new' });
    const res = await call('GET', `/api/onboarding/verify-payment?session_id=${open.id}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ verified: false, subscriptionId: null, status: 'open', message: NOT_COMPLETED_MESSAGE });

    const unknown = await call('GET', '/api/onboarding/verify-payment?session_id=cs_test_doesnotexist', cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'CHECKOUT_SESSION_NOT_FOUND', message: NO_SESSION_MESSAGE });
    const malformed = await call('GET', '/api/onboarding/verify-payment?session_id=../customers', cookie);
    expect(malformed.statusCode).toBe(404);

    // A session of another user's Stripe customer is theirs, whatever client reference the page set.
    await call('POST', '/api/billing/customer-portal-session', await t.login('demo@example.com'), { returnUrl: '/app' });
    const demoCustomer = (await userRow('usr_demo')).stripe_customer_id!;
    const other = fake.completePricingTableCheckout({
      customer: demoCustomer,
      clientReferenceId: 'usr_new',
      priceId: starterPrice,
      now: TEST_NOW,
    });
    const foreign = await call('GET', `/api/onboarding/verify-payment?session_id=${other.id}`, cookie);
    expect(foreign.statusCode).toBe(404);
    expect((await userRow('usr_new')).is_onboarded).toBe(false);
  });

  it('verification of a paid pricing-table checkout applies the subscription: trialing, plan by price, period end, card, onboarded', async () => {
    const cookie = await t.login('new@example.com');
    const customer = (await userRow('usr_new')).stripe_customer_id!;
    const session = fake.completePricingTableCheckout({
      customer,
      clientReferenceId: 'usr_new',
      priceId: growthPrice,
      trialDays: 7,
      now: TEST_NOW,
    });
    const res = await call('GET', `/api/onboarding/verify-payment?session_id=${session.id}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      verified: true,
      subscriptionId: session.subscription,
      status: 'trialing',
      message: 'Payment verified. Your 7-day free trial has started.',
    });
    const stripeSub = fake.subscriptions.get(session.subscription)!;
    const [row] = await t.db.query<any>(`SELECT plan_id, status, customer_id, current_period_end FROM subscriptions WHERE id = $1`, [
      session.subscription,
    ]);
    expect(row).toEqual({
      plan_id: 'plan_growth',
      status: 'trialing',
      customer_id: customer,
      current_period_end: new Date(stripeSub.trial_end * 1000).toISOString(),
    });
    expect((await userRow('usr_new')).is_onboarded).toBe(true);
    const [card] = await t.db.query<any>(`SELECT card_brand, last4 FROM payment_methods WHERE user_id = 'usr_new'`);
    expect(card).toEqual({ card_brand: 'visa', last4: '4242' });
    // The plan limits now follow the Stripe subscription.
    const me = (await call('GET', '/api/users/me', cookie)).json();
    expect(me.userSubscription).toMatchObject({ status: 'trialing', pricingPlan: { name: 'Growth', maxPrompts: 250 } });

    // Verifying again changes nothing.
    const again = await call('GET', `/api/onboarding/verify-payment?session_id=${session.id}`, cookie);
    expect(again.json().verified).toBe(true);
    expect((await t.db.query<{ n: number }>(`SELECT count(*) AS n FROM subscriptions WHERE user_id = 'usr_new'`))[0].n).toBe(1);
  });

  it('billing portal: a Stripe portal session for the customer, returning to this site', async () => {
    const cookie = await t.login('demo@example.com');
    const res = await call('POST', '/api/billing/customer-portal-session', cookie, {
      returnUrl: 'http://localhost:8080/app/settings?tab=billing',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const portalCall = fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(portalCall.params).toEqual({
      customer: (await userRow('usr_demo')).stripe_customer_id,
      return_url: 'http://localhost:8080/app/settings?tab=billing',
    });
    // Another site as return target falls back to the billing tab.
    await call('POST', '/api/billing/customer-portal-session', cookie, { returnUrl: 'https://evil.example/' });
    expect(fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!.params.return_url).toBe(
      'http://localhost:8080/app/settings?tab=billing',
    );
  });

  it('reactivation: a lapsed user gets a Checkout Session for the plan they had', async () => {
    const [lapsedPlan] = await t.db.query<{ plan_id: string }>(
      `SELECT plan_id FROM subscriptions WHERE user_id = 'usr_lapsed' ORDER BY created_at DESC LIMIT 1`,
    );
    const price = lapsedPlan.plan_id === 'plan_growth' ? growthPrice : fake.addPrice({ unitAmount: 1000 }).id;
    t.ctx.config.stripe = { ...fake.settings, pricePlans: { [price]: lapsedPlan.plan_id } };
    const cookie = await t.login('lapsed@example.com');
    const res = await call('POST', '/api/billing/reactivate-subscription', cookie, {
      success_url: 'http://localhost:8080/app/settings?tab=billing',
      cancel_url: 'http://localhost:8080/app/settings?tab=billing',
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').at(-1)!;
    expect(created.params).toMatchObject({
      mode: 'subscription',
      customer: (await userRow('usr_lapsed')).stripe_customer_id,
      client_reference_id: 'usr_lapsed',
      line_items: [{ price, quantity: '1' }],
      success_url: 'http://localhost:8080/app/settings?tab=billing',
    });
    expect(res.json().url).toBe(fake.checkoutSessions.get([...fake.checkoutSessions.keys()].at(-1)!)!.url);
  });

  it('a live subscriber changes plan in the billing portal', async () => {
    const cookie = await t.login('demo@example.com');
    const res = await call('POST', '/api/billing/reactivate-subscription', cookie, {
      success_url: 'http://localhost:8080/app/settings?tab=billing',
      cancel_url: 'http://localhost:8080/app/settings?tab=billing',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
  });

  it('the free local checkout grants nothing while Stripe is the provider', async () => {
    const cookie = await t.login('lapsed@example.com');
    const res = await call('POST', '/api/billing/local/checkout/complete', cookie, {
      session: 'cs_local_x',
      planId: 'plan_enterprise',
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('PAYMENTS_UNAVAILABLE');
  });

  it('Stripe down: checkout answers 502 with a message, never a 500', async () => {
    t.ctx.config.stripe = { ...fake.settings, apiBase: { host: '127.0.0.1', port: 1, protocol: 'http' } };
    const res = await call('POST', '/api/onboarding/checkout-session', await t.login('demo@example.com'));
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR' });
  });
});
