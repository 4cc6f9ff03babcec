import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountApp, type AccountTestApp } from './testSupport';

describe.each(['duckdb', 'postgres'] as const)('billing calls on %s', (dialect) => {
  let t: AccountTestApp;
  let demo: string;
  let lapsed: string;
  beforeAll(async () => {
    t = await startAccountApp(dialect);
    demo = await t.login('demo@example.com');
    lapsed = await t.login('lapsed@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });
  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as any, headers: { cookie, host: 'localhost:8080' } });

  it('dashboard shows the subscription, card and invoices from the database', async () => {
    const res = await call('GET', '/api/billing/dashboard', demo);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    const [sub] = await t.db.query<any>(
      `SELECT s.status, s.current_period_end, p.name, p.price_cents, p.billing_interval FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE s.user_id = 'usr_demo'`,
    );
    expect(d.subscription).toEqual({ planName: sub.name, status: 'active', amount: sub.price_cents, interval: sub.billing_interval, currentPeriodEnd: sub.current_period_end });
    expect(d.paymentMethod).toMatchObject({ brand: 'visa', last4: '4242' });
    const invoices = await t.db.query<any>(`SELECT id, amount_cents, created_at FROM invoices WHERE user_id = 'usr_demo' ORDER BY created_at DESC`);
    expect(d.recentInvoices.map((i: any) => i.id)).toEqual(invoices.map((i) => i.id));
    expect(d.recentInvoices[0]).toMatchObject({ amount: invoices[0].amount_cents, created: invoices[0].created_at, invoicePdf: `/api/billing/invoices/${invoices[0].id}.pdf` });

    const pdf = await call('GET', d.recentInvoices[0].invoicePdf, demo);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(pdf.rawPayload.toString('latin1')).toContain(`Invoice ${invoices[0].id}`);
    // Another user's invoice is not found.
    expect((await call('GET', d.recentInvoices[0].invoicePdf, lapsed)).statusCode).toBe(404);
  });

  it('a user who never subscribed has an empty dashboard', async () => {
    const d = (await call('GET', '/api/billing/dashboard', await t.login('new@example.com'))).json();
    expect(d).toEqual({ subscription: null, paymentMethod: null, recentInvoices: [] });
  });

  it('customer portal session links to the local portal, which returns only to this site', async () => {
    const res = await call('POST', '/api/billing/customer-portal-session', demo, { returnUrl: 'http://localhost:8080/app/settings?tab=billing' });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/api\/billing\/local\/portal\?return_url=/);
    const portal = await call('GET', url, demo);
    expect(portal.statusCode).toBe(200);
    // Same-site targets come back as paths: the browser stays on the host it is using.
    expect(portal.body).toContain('href="/app/settings?tab=billing"');
    const evil = await call('POST', '/api/billing/customer-portal-session', demo, { returnUrl: 'https://evil.example/' });
    expect(evil.json().url).toContain(encodeURIComponent('/app/settings?tab=billing'));
  });

  it('while active the checkout switches plans; a lapsed user pays and becomes active with an invoice', async () => {
    const body = { success_url: 'http://localhost:8080/app/settings?tab=billing', cancel_url: 'http://localhost:8080/app/settings?tab=billing' };
    const active = await call('POST', '/api/billing/reactivate-subscription', demo, body);
    expect(active.statusCode).toBe(200);
    const change = new URL(active.json().url, 'http://localhost:8080');
    const changePage = await call('GET', change.pathname + change.search, demo);
    expect(changePage.body).toContain('Change your plan');
    const starter = (await t.db.query<any>(`SELECT id, name FROM plans ORDER BY price_cents LIMIT 1`))[0];
    const invoicesBefore = Number((await t.db.query<any>(`SELECT COUNT(*) AS n FROM invoices WHERE user_id = 'usr_demo'`))[0].n);
    await call('POST', '/api/billing/local/checkout/complete', demo, { session: change.searchParams.get('session'), planId: starter.id });
    const switched = (await call('GET', '/api/billing/dashboard', demo)).json().subscription;
    expect(switched).toMatchObject({ planName: starter.name, status: 'active' });
    expect(Number((await t.db.query<any>(`SELECT COUNT(*) AS n FROM invoices WHERE user_id = 'usr_demo'`))[0].n)).toBe(invoicesBefore);

    const res = await call('POST', '/api/billing/reactivate-subscription', lapsed, body);
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url, 'http://localhost:8080');
    expect(url.pathname).toBe('/api/billing/local/checkout');
    const page = await call('GET', url.pathname + url.search, lapsed);
    expect(page.body).toContain('Reactivate your subscription');
    const planId = /data-plan="([^"]+)"/.exec(page.body)![1];
    const before = (await t.db.query<any>(`SELECT COUNT(*) AS n FROM invoices WHERE user_id = 'usr_lapsed'`))[0].n;
    const paid = await call('POST', '/api/billing/local/checkout/complete', lapsed, {
      session: url.searchParams.get('session'), planId, successUrl: url.searchParams.get('success_url'),
    });
    expect(paid.json().url).toBe('/app/settings?tab=billing');
    const d = (await call('GET', '/api/billing/dashboard', lapsed)).json();
    expect(d.subscription.status).toBe('active');
    const [plan] = await t.db.query<any>(`SELECT price_cents FROM plans WHERE id = $1`, [planId]);
    expect(Number((await t.db.query<any>(`SELECT COUNT(*) AS n FROM invoices WHERE user_id = 'usr_lapsed'`))[0].n)).toBe(Number(before) + 1);
    expect(d.recentInvoices[0]).toMatchObject({ amount: plan.price_cents, status: 'paid' });

    // The portal's cancel button ends it again.
    const cancel = await call('POST', '/api/billing/local/portal/cancel', lapsed);
    expect(cancel.statusCode).toBe(200);
    expect((await call('GET', '/api/billing/dashboard', lapsed)).json().subscription.status).toBe('canceled');
    expect((await call('POST', '/api/billing/local/portal/cancel', lapsed)).statusCode).toBe(409);
  });

  it('billing calls need a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/dashboard' })).statusCode).toBe(401);
  });
});
