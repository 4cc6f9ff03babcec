// Test-only: a local HTTP server answering the Stripe API calls the provider makes, in Stripe's
// documented object shapes, so the real SDK runs against it (STRIPE_API_BASE / apiBase) with no
// network. Not imported by production code.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripeSettings } from './stripeSettings';

type Obj = Record<string, any>;

export interface RecordedRequest {
  method: string;
  path: string;
  params: Obj;
  idempotencyKey: string | null;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(9).toString('hex')}`;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** Stripe's form encoding (`a[b][0]=x`) back into objects and arrays. */
export function parseStripeForm(body: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: any = out;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return out;
}

function stripeError(status: number, type: string, message: string, code?: string, param?: string) {
  return { status, body: { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } } };
}

export interface FakeStripe {
  settings: StripeSettings;
  requests: RecordedRequest[];
  customers: Map<string, Obj>;
  prices: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  checkoutSessions: Map<string, Obj>;
  /** A recurring monthly price; `metadata.plan_id` / `lookup_key` optional. */
  addPrice(price: { id?: string; unitAmount: number; lookupKey?: string | null; planId?: string }): Obj;
  /**
   * What the pricing table does when the customer pays: a complete Checkout Session with a new
   * subscription on `priceId` (trialing for `trialDays`, else active and paid).
   */
  completePricingTableCheckout(input: {
    customer: string;
    clientReferenceId: string;
    priceId: string;
    trialDays?: number;
    now: Date;
  }): Obj;
  /** An open Checkout Session (the customer left before paying). */
  openCheckoutSession(input: { customer: string; clientReferenceId: string }): Obj;
  close(): Promise<void>;
}

export async function startFakeStripe(
  options: { webhookSecret?: string; pricePlans?: Record<string, string> } = {},
): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const checkoutSessions = new Map<string, Obj>();
  const idempotent = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj>();

  const expand = (object: Obj, fields: string[]): Obj => {
    const copy = structuredClone(object);
    for (const field of fields) {
      const [head, ...rest] = field.split('.');
      const value = copy[head];
      let expanded = value;
      if (typeof value === 'string') {
        expanded = subscriptions.get(value) ?? paymentMethods.get(value) ?? customers.get(value) ?? value;
      }
      copy[head] =
        rest.length && expanded && typeof expanded === 'object' ? expand(expanded, [rest.join('.')]) : structuredClone(expanded);
    }
    return copy;
  };

  const routes: { method: string; pattern: RegExp; handle: (m: RegExpMatchArray, p: Obj) => { status: number; body: Obj } }[] = [
    {
      method: 'POST',
      pattern: /^\/v1\/customers$/,
      handle: (_m, p) => {
        const customer = {
          id: id('cus'),
          object: 'customer',
          email: p.email ?? null,
          name: p.name ?? null,
          metadata: p.metadata ?? {},
          created: unix(new Date()),
          livemode: false,
        };
        customers.set(customer.id, customer);
        return { status: 200, body: customer };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/customer_sessions$/,
      handle: (_m, p) => {
        if (!customers.has(p.customer))
          return stripeError(400, 'invalid_request_error', `No such customer: '${p.customer}'`, 'resource_missing', 'customer');
        const enabled = (name: string) => p.components?.[name]?.enabled === 'true';
        if (!enabled('pricing_table') && !enabled('buy_button'))
          return stripeError(400, 'invalid_request_error', 'At least 1 component must be enabled.');
        const now = unix(new Date());
        return {
          status: 200,
          body: {
            object: 'customer_session',
            client_secret: `cuss_secret_${randomBytes(18).toString('hex')}`,
            components: { buy_button: { enabled: enabled('buy_button') }, pricing_table: { enabled: enabled('pricing_table') } },
            customer: p.customer,
            created: now,
            expires_at: now + 30 * 60,
            livemode: false,
          },
        };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions$/,
      handle: (_m, p) => {
        const session = {
          id: id('cs'),
          object: 'checkout.session',
          mode: p.mode,
          status: 'open',
          payment_status: 'unpaid',
          customer: p.customer ?? null,
          client_reference_id: p.client_reference_id ?? null,
          success_url: p.success_url,
          cancel_url: p.cancel_url,
          line_items_requested: p.line_items,
          subscription: null,
          url: `https://checkout.stripe.com/c/pay/${id('cs')}`,
          livemode: false,
        };
        checkoutSessions.set(session.id, session);
        return { status: 200, body: session };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      handle: (m, p) => {
        const session = checkoutSessions.get(decodeURIComponent(m[1]));
        if (!session)
          return stripeError(404, 'invalid_request_error', `No such checkout.session: '${m[1]}'`, 'resource_missing', 'session');
        return { status: 200, body: expand(session, p.expand ?? []) };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/billing_portal\/sessions$/,
      handle: (_m, p) => {
        if (!customers.has(p.customer))
          return stripeError(400, 'invalid_request_error', `No such customer: '${p.customer}'`, 'resource_missing', 'customer');
        const session = {
          id: id('bps'),
          object: 'billing_portal.session',
          customer: p.customer,
          return_url: p.return_url ?? null,
          url: `https://billing.stripe.com/p/session/${id('bps')}`,
          livemode: false,
        };
        return { status: 200, body: session };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (m, p) => {
        const sub = subscriptions.get(decodeURIComponent(m[1]));
        if (!sub) return stripeError(404, 'invalid_request_error', `No such subscription: '${m[1]}'`, 'resource_missing', 'id');
        return { status: 200, body: expand(sub, p.expand ?? []) };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/prices\/([^/]+)$/,
      handle: (m) => {
        const price = prices.get(decodeURIComponent(m[1]));
        if (!price) return stripeError(404, 'invalid_request_error', `No such price: '${m[1]}'`, 'resource_missing', 'price');
        return { status: 200, body: price };
      },
    },
  ];

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const params = parseStripeForm(req.method === 'GET' ? url.search.slice(1) : body);
      const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
      requests.push({ method: req.method ?? 'GET', path: url.pathname, params, idempotencyKey: key });
      const send = (status: number, payload: Obj) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
        res.end(JSON.stringify(payload));
      };
      if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
        return send(401, stripeError(401, 'invalid_request_error', 'Invalid API Key provided').body);
      }
      // Stripe answers a repeated idempotency key with the first response (the SDK's retries rely on it).
      const replayKey = key && `${req.method} ${url.pathname} ${key}`;
      if (replayKey && idempotent.has(replayKey)) return send(200, idempotent.get(replayKey)!);
      const route = routes.find((r) => r.method === req.method && r.pattern.test(url.pathname));
      if (!route)
        return send(404, stripeError(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname})`).body);
      const result = route.handle(url.pathname.match(route.pattern)!, params);
      if (replayKey && result.status === 200) idempotent.set(replayKey, result.body);
      send(result.status, result.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const settings: StripeSettings = {
    secretKey: 'sk_test_fake_answerscope',
    publishableKey: 'pk_test_fake_answerscope',
    pricingTableId: 'prctbl_test_fake',
    webhookSecret: options.webhookSecret ?? 'whsec_test_fake_answerscope',
    pricePlans: options.pricePlans ?? {},
    apiBase: { host: '127.0.0.1', port, protocol: 'http' },
  };

  const newSubscription = (customer: string, priceId: string, trialDays: number | undefined, now: Date) => {
    const price = prices.get(priceId);
    if (!price) throw new Error(`fake Stripe: no price ${priceId}`);
    const pm = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      customer,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: now.getUTCFullYear() + 4 },
    };
    paymentMethods.set(pm.id, pm);
    const start = unix(now);
    const trialEnd = trialDays ? start + trialDays * 86_400 : null;
    const periodEnd = trialEnd ?? start + 30 * 86_400;
    const sub = {
      id: id('sub'),
      object: 'subscription',
      customer,
      status: trialDays ? 'trialing' : 'active',
      created: start,
      start_date: start,
      trial_start: trialDays ? start : null,
      trial_end: trialEnd,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      default_payment_method: pm.id,
      metadata: {},
      items: {
        object: 'list',
        data: [
          { id: id('si'), object: 'subscription_item', price, quantity: 1, current_period_start: start, current_period_end: periodEnd },
        ],
        has_more: false,
        url: '/v1/subscription_items',
      },
      livemode: false,
    };
    subscriptions.set(sub.id, sub);
    return sub;
  };

  return {
    settings,
    requests,
    customers,
    prices,
    subscriptions,
    checkoutSessions,
    addPrice({ id: priceId, unitAmount, lookupKey = null, planId }) {
      const price = {
        id: priceId ?? id('price'),
        object: 'price',
        active: true,
        currency: 'usd',
        unit_amount: unitAmount,
        lookup_key: lookupKey,
        metadata: planId ? { plan_id: planId } : {},
        recurring: { interval: 'month', interval_count: 1 },
        type: 'recurring',
        livemode: false,
      };
      prices.set(price.id, price);
      return price;
    },
    completePricingTableCheckout({ customer, clientReferenceId, priceId, trialDays, now }) {
      const sub = newSubscription(customer, priceId, trialDays, now);
      const session = {
        id: id('cs'),
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: trialDays ? 'no_payment_required' : 'paid',
        customer,
        client_reference_id: clientReferenceId,
        subscription: sub.id,
        url: null,
        livemode: false,
      };
      checkoutSessions.set(session.id, session);
      return session;
    },
    openCheckoutSession({ customer, clientReferenceId }) {
      const session = {
        id: id('cs'),
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer,
        client_reference_id: clientReferenceId,
        subscription: null,
        url: `https://checkout.stripe.com/c/pay/${id('cs')}`,
        livemode: false,
      };
      checkoutSessions.set(session.id, session);
      return session;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
