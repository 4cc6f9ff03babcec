import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { accountRoutes } from '../routes/account/index';
import { startAccountApp, TEST_NOW, type AccountTestApp } from '../routes/account/testSupport';
import { insightRoutes } from '../routes/insights/index';
import { startFakeStripe, type FakeStripe } from './fakeStripe';

// POST /api/billing/stripe/webhook through the whole app (cross-site guard, rate limits, raw body),
// with events signed by the SDK's own test helper, on both databases.
const stripe = new Stripe('sk_test_signing_only');
let eventSeq = 0;

function event(type: string, object: object) {
  eventSeq += 1;
  return {
    id: `evt_test_${eventSeq}_${Math.random().toString(36).slice(2, 10)}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(TEST_NOW.getTime() / 1000),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}

/** Every row the webhook could change, to show a refused delivery changed nothing. */
async function snapshot(db: Db) {
  const tables = {
    subscriptions: 'SELECT * FROM subscriptions ORDER BY id',
    invoices: 'SELECT * FROM invoices ORDER BY id',
    payment_methods: 'SELECT * FROM payment_methods ORDER BY user_id',
    stripe_events: 'SELECT * FROM stripe_events ORDER BY id',
    users: 'SELECT id, is_onboarded, stripe_customer_id FROM users ORDER BY id',
  };
  const out: Record<string, unknown[]> = {};
  for (const [name, sql] of Object.entries(tables)) out[name] = await db.query(sql);
  return out;
}

describe.each(['duckdb', 'postgres'] as const)('Stripe webhook on %s', (dialect) => {
  let t: AccountTestApp;
  let fake: FakeStripe;
  let starterPrice: string;
  let growthPrice: string;
  let demoCustomer: string;
  let newCustomer: string;
  let demoBrand: string;
  beforeAll(async () => {
    t = await startAccountApp(dialect, { routes: [...accountRoutes, ...insightRoutes] });
    fake = await startFakeStripe();
    starterPrice = fake.addPrice({ unitAmount: 4900, lookupKey: 'plan_starter' }).id;
    growthPrice = fake.addPrice({ unitAmount: 14900 }).id;
    t.ctx.config.stripe = { ...fake.settings, pricePlans: { [growthPrice]: 'plan_growth' } };
    // The users' Stripe customers, created as the app does (portal and pricing-table sessions).
    await call('POST', '/api/billing/customer-portal-session', { returnUrl: '/app' }, await t.login('demo@example.com'));
    await call('POST', '/api/onboarding/checkout-session', undefined, await t.login('new@example.com'));
    const users = await t.db.query<{ id: string; stripe_customer_id: string }>(
      `SELECT id, stripe_customer_id FROM users WHERE id IN ('usr_demo', 'usr_new')`,
    );
    demoCustomer = users.find((u) => u.id === 'usr_demo')!.stripe_customer_id;
    newCustomer = users.find((u) => u.id === 'usr_new')!.stripe_customer_id;
    demoBrand = (
      await t.db.query<{ brand_id: string }>(`SELECT brand_id FROM brand_members WHERE user_id = 'usr_demo' AND role = 'owner' LIMIT 1`)
    )[0].brand_id;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    t.ctx.config.stripe ??= { ...fake.settings, pricePlans: { [growthPrice]: 'plan_growth' } };
  });

  function call(method: 'GET' | 'POST', url: string, payload?: object, cookie?: string) {
    return t.app.inject({ method, url, payload, headers: { host: 'localhost:8080', ...(cookie ? { cookie } : {}) } });
  }

  /** Delivers an event as Stripe does: pretty-printed JSON, signed over those exact bytes. */
  function deliver(
    evt: object,
    options: { secret?: string; signature?: string | null; body?: string; timestamp?: number; headers?: object } = {},
  ) {
    const payload = JSON.stringify(evt, null, 2);
    const header =
      options.signature === undefined
        ? stripe.webhooks.generateTestHeaderString({
            payload,
            secret: options.secret ?? fake.settings.webhookSecret,
            timestamp: options.timestamp,
          })
        : options.signature;
    return t.app.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      payload: options.body ?? payload,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        ...(header === null ? {} : { 'stripe-signature': header }),
        ...options.headers,
      },
    });
  }

  const latest = async (userId: string) =>
    (
      await t.db.query<any>(
        `SELECT id, plan_id, status, current_period_end FROM subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
        [userId],
      )
    )[0];

  it('refuses a bad, missing, stale or tampered signature with 400 and changes nothing', async () => {
    const session = fake.completePricingTableCheckout({
      customer: newCustomer,
      clientReferenceId: 'usr_new',
      priceId: starterPrice,
      trialDays: 7,
      now: TEST_NOW,
    });
    const evt = event('checkout.session.completed', session);
    const before = await snapshot(t.db);
    const tampered = JSON.stringify({ ...evt, id: 'evt_forged' }, null, 2);
    const refusals = [
      await deliver(evt, { secret: 'whsec_somebody_else' }),
      await deliver(evt, { signature: null }),
      await deliver(evt, { signature: 't=1,v1=deadbeef' }),
      await deliver(evt, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      await deliver(evt, { body: tampered }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ code: 'INVALID_SIGNATURE', message: 'Webhook signature verification failed.', details: null });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('checkout.session.completed starts the subscription of the client reference user; a replay changes nothing', async () => {
    const session = fake.completePricingTableCheckout({
      customer: newCustomer,
      clientReferenceId: 'usr_new',
      priceId: starterPrice,
      trialDays: 7,
      now: TEST_NOW,
    });
    const evt = event('checkout.session.completed', session);
    const res = await deliver(evt);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false, result: 'applied' });
    const sub = fake.subscriptions.get(session.subscription)!;
    expect(await latest('usr_new')).toEqual({
      id: session.subscription,
      plan_id: 'plan_starter', // matched through the price's lookup_key
      status: 'trialing',
      current_period_end: new Date(sub.trial_end * 1000).toISOString(),
    });
    const [user] = await t.db.query<{ is_onboarded: boolean }>(`SELECT is_onboarded FROM users WHERE id = 'usr_new'`);
    expect(user.is_onboarded).toBe(true);

    const before = await snapshot(t.db);
    const replay = await deliver(evt);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true, result: 'ignored' });
    expect(await snapshot(t.db)).toEqual(before);
    expect((await t.db.query<{ n: number }>(`SELECT count(*) AS n FROM stripe_events WHERE id = $1`, [evt.id]))[0].n).toBe(1);
  });

  it('invoice.paid adds one invoice row (amount in cents, status, hosted PDF) however often it arrives', async () => {
    const invoice = {
      id: 'in_test_webhook_1',
      object: 'invoice',
      customer: demoCustomer,
      amount_due: 14900,
      amount_paid: 14900,
      status: 'paid',
      created: Math.floor(TEST_NOW.getTime() / 1000) - 60,
      status_transitions: { paid_at: Math.floor(TEST_NOW.getTime() / 1000) },
      invoice_pdf: 'https://pay.stripe.com/invoice/acct_1/test_in_1/pdf',
      hosted_invoice_url: 'https://invoice.stripe.com/i/acct_1/test_in_1',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_x', metadata: {} } },
      livemode: false,
    };
    const evt = event('invoice.paid', invoice);
    const results = await Promise.all([deliver(evt), deliver(evt)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => r.json().duplicate).sort()).toEqual([false, true]);
    expect(
      await t.db.query(`SELECT user_id, amount_cents, status, invoice_pdf, created_at FROM invoices WHERE id = 'in_test_webhook_1'`),
    ).toEqual([
      {
        user_id: 'usr_demo',
        amount_cents: 14900,
        status: 'paid',
        invoice_pdf: invoice.invoice_pdf,
        created_at: TEST_NOW.toISOString(),
      },
    ]);
    const dashboard = (await call('GET', '/api/billing/dashboard', undefined, await t.login('demo@example.com'))).json();
    // the dashboard links Stripe's own PDF, not a local render
    expect(dashboard.recentInvoices.find((i: any) => i.id === 'in_test_webhook_1')).toMatchObject({ amount: 14900, status: 'paid', invoicePdf: invoice.invoice_pdf });
  });

  it('customer.subscription.updated switches plan and period end; .deleted leaves the user at Subscription Required', async () => {
    const demo = await t.login('demo@example.com');
    const session = fake.completePricingTableCheckout({
      customer: demoCustomer,
      clientReferenceId: 'usr_demo',
      priceId: starterPrice,
      now: TEST_NOW,
    });
    expect((await deliver(event('checkout.session.completed', session))).json().result).toBe('applied');
    const sub = structuredClone(fake.subscriptions.get(session.subscription)!);
    expect(await latest('usr_demo')).toMatchObject({ id: sub.id, plan_id: 'plan_starter', status: 'active' });

    const midnight = Date.UTC(TEST_NOW.getUTCFullYear(), TEST_NOW.getUTCMonth(), TEST_NOW.getUTCDate());
    const insights = () =>
      call(
        'POST',
        '/api/brands/performance/metadata',
        {
          brandId: demoBrand,
          startTime: new Date(midnight - 7 * 86_400_000).toISOString(),
          deltaStartTime: new Date(midnight - 14 * 86_400_000).toISOString(),
          deltaEndTime: new Date(midnight - 7 * 86_400_000).toISOString(),
        },
        demo,
      );
    expect((await insights()).statusCode).toBe(200);

    // Upgrade in the portal: Growth (mapped by STRIPE_PRICE_PLANS), a new period end.
    const growth = fake.prices.get(growthPrice)!;
    const periodEnd = Math.floor(TEST_NOW.getTime() / 1000) + 40 * 86_400;
    const upgraded = {
      ...sub,
      items: { ...sub.items, data: [{ ...sub.items.data[0], price: growth, current_period_end: periodEnd }] },
    };
    const updatedEvent = event('customer.subscription.updated', upgraded);
    expect((await deliver(updatedEvent)).json()).toEqual({ received: true, duplicate: false, result: 'applied' });
    expect(await latest('usr_demo')).toEqual({
      id: sub.id,
      plan_id: 'plan_growth',
      status: 'active',
      current_period_end: new Date(periodEnd * 1000).toISOString(),
    });
    const me = (await call('GET', '/api/users/me', undefined, demo)).json();
    expect(me.userSubscription).toMatchObject({ status: 'active', pricingPlan: { name: 'Growth', maxBrands: 5 } });

    const deleted = event('customer.subscription.deleted', {
      ...upgraded,
      status: 'canceled',
      ended_at: periodEnd,
      canceled_at: periodEnd,
    });
    expect((await deliver(deleted)).json().result).toBe('applied');
    expect((await latest('usr_demo')).status).toBe('canceled');
    const refused = await insights();
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('SUBSCRIPTION_REQUIRED');

    // The older "updated" event delivered late (Stripe does not promise order) cannot revive it.
    const late = event('customer.subscription.updated', { ...upgraded, status: 'active' });
    expect((await deliver(late)).statusCode).toBe(200);
    expect((await latest('usr_demo')).status).toBe('canceled');
    expect((await insights()).statusCode).toBe(402);
  });

  it('leaves an event it could not apply unrecorded, so the retry by Stripe applies it later', async () => {
    const missing = event('checkout.session.completed', {
      id: 'cs_test_missing_sub',
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      customer: newCustomer,
      client_reference_id: 'usr_new',
      subscription: 'sub_test_not_at_stripe',
    });
    const res = await deliver(missing);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('PAYMENT_PROVIDER_ERROR');
    expect(await t.db.query(`SELECT id FROM stripe_events WHERE id = $1`, [missing.id])).toEqual([]);

    // A price that buys no plan is an operator's mistake: refused (500, logged) and not recorded.
    const unmapped = fake.addPrice({ unitAmount: 999 }).id;
    const session = fake.completePricingTableCheckout({
      customer: newCustomer,
      clientReferenceId: 'usr_new',
      priceId: unmapped,
      now: TEST_NOW,
    });
    const evt = event('checkout.session.completed', session);
    expect((await deliver(evt)).statusCode).toBe(500);
    expect(await t.db.query(`SELECT id FROM subscriptions WHERE id = $1`, [session.subscription])).toEqual([]);
    await t.db.query(`UPDATE plans SET stripe_price_id = $1 WHERE id = 'plan_enterprise'`, [unmapped]);
    expect((await deliver(evt)).json().result).toBe('applied');
    expect(await t.db.query(`SELECT plan_id FROM subscriptions WHERE id = $1`, [session.subscription])).toEqual([
      { plan_id: 'plan_enterprise' },
    ]);
  });

  it('acknowledges events of unknown customers and types it does not use, changing nothing else', async () => {
    const before = await snapshot(t.db);
    const stranger = event('customer.subscription.updated', {
      ...fake.subscriptions.values().next().value,
      id: 'sub_stranger',
      customer: 'cus_stranger',
      metadata: {},
    });
    const ignored = event('payment_intent.created', { id: 'pi_1', object: 'payment_intent' });
    expect((await deliver(stranger)).json()).toEqual({ received: true, duplicate: false, result: 'unknown-customer' });
    expect((await deliver(ignored)).json()).toEqual({ received: true, duplicate: false, result: 'ignored' });
    const after = await snapshot(t.db);
    expect({ ...after, stripe_events: [] }).toEqual({ ...before, stripe_events: [] });
    expect(after.stripe_events).toHaveLength(before.stripe_events.length + 2);
  });

  it('a subscription whose first payment is still pending is not recorded until it is paid', async () => {
    const base = structuredClone(fake.subscriptions.values().next().value);
    const pending = { ...base, id: 'sub_test_pending_3ds', customer: newCustomer, status: 'incomplete', trial_end: null };
    expect((await deliver(event('customer.subscription.created', pending))).statusCode).toBe(200);
    expect(await t.db.query(`SELECT id FROM subscriptions WHERE id = 'sub_test_pending_3ds'`)).toEqual([]);
    expect((await deliver(event('customer.subscription.updated', { ...pending, status: 'active' }))).json().result).toBe('applied');
    expect(await t.db.query(`SELECT status, user_id FROM subscriptions WHERE id = 'sub_test_pending_3ds'`)).toEqual([{ status: 'active', user_id: 'usr_new' }]);
  });

  it('does not buffer more than the body limit', async () => {
    const evt = event('payment_intent.created', { id: 'pi_big', object: 'payment_intent', description: 'x'.repeat(3 * 1024 * 1024) });
    const res = await deliver(evt);
    expect(res.statusCode).toBe(413);
    expect(await t.db.query(`SELECT id FROM stripe_events WHERE id = $1`, [evt.id])).toEqual([]);
  });

  it('is refused to browsers of other sites (cross-site guard) and answers 404 where Stripe is not configured', async () => {
    const evt = event('payment_intent.created', { id: 'pi_2', object: 'payment_intent' });
    const crossSite = await deliver(evt, { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    t.ctx.config.stripe = null;
    const res = await deliver(evt);
    expect(res.statusCode).toBe(404);
    expect(await t.db.query(`SELECT id FROM stripe_events WHERE id = $1`, [evt.id])).toEqual([]);
  });
});
