import type Stripe from 'stripe';
import type { Db } from '../db/types';
import type { StripeSettings } from './stripeSettings';
import { idOf } from './stripeClient';

/** Only these let the user into the guarded sections (as for every provider). */
const VALID = new Set(['active', 'trialing']);
/** Stripe never moves a subscription out of these, so a late event saying otherwise is stale. */
const TERMINAL = new Set(['canceled', 'incomplete_expired']);
/** A subscription whose first payment has not succeeded (yet, or ever). */
const NOT_STARTED = new Set(['incomplete', 'incomplete_expired']);

const isoFromUnix = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null;

/** The price the subscription bills (one item: the plan). */
export function subscriptionPrice(subscription: Stripe.Subscription): Stripe.Price | null {
  return subscription.items?.data?.[0]?.price ?? null;
}

/**
 * When access ends: the trial end while trialing, else the current period end, which API versions
 * since 2025-03 carry on the subscription item and older ones (a webhook endpoint may be pinned to
 * one) on the subscription itself.
 */
export function subscriptionPeriodEnd(subscription: Stripe.Subscription): string | null {
  if (subscription.status === 'trialing' && subscription.trial_end) return isoFromUnix(subscription.trial_end);
  const item = subscription.items?.data?.[0] as (Stripe.SubscriptionItem & { current_period_end?: number }) | undefined;
  const legacy = (subscription as unknown as { current_period_end?: number }).current_period_end;
  return isoFromUnix(item?.current_period_end ?? legacy);
}

/**
 * Our plan for a Stripe price, in order: STRIPE_PRICE_PLANS, plans.stripe_price_id, then the
 * price's own metadata.plan_id or lookup_key naming a plan. Null when none matches.
 */
export async function planForPrice(db: Db, settings: StripeSettings, price: Stripe.Price | string | null): Promise<string | null> {
  const priceId = idOf(price);
  if (!priceId) return null;
  const candidates: string[] = [];
  if (settings.pricePlans[priceId]) candidates.push(settings.pricePlans[priceId]);
  const mapped = await db.query<{ id: string }>(`SELECT id FROM plans WHERE stripe_price_id = $1 ORDER BY id LIMIT 1`, [priceId]);
  if (mapped[0]) candidates.push(mapped[0].id);
  if (price && typeof price === 'object') {
    if (price.metadata?.plan_id) candidates.push(price.metadata.plan_id);
    if (price.lookup_key) candidates.push(price.lookup_key);
  }
  for (const planId of candidates) {
    const exists = await db.query<{ id: string }>(`SELECT id FROM plans WHERE id = $1`, [planId]);
    if (exists[0]) return planId;
  }
  return null;
}

/** The reverse, for a checkout that buys a plan again: the price configured for it, if any. */
export async function priceForPlan(db: Db, settings: StripeSettings, planId: string): Promise<string | null> {
  const fromEnv = Object.entries(settings.pricePlans).find(([, plan]) => plan === planId)?.[0];
  if (fromEnv) return fromEnv;
  const rows = await db.query<{ stripe_price_id: string | null }>(`SELECT stripe_price_id FROM plans WHERE id = $1`, [planId]);
  return rows[0]?.stripe_price_id ?? null;
}

export class UnknownPriceError extends Error {
  constructor(readonly priceId: string | null) {
    super(
      `Stripe price ${priceId ?? '(none)'} matches no plan: set plans.stripe_price_id, STRIPE_PRICE_PLANS, or the price's metadata.plan_id`,
    );
  }
}

export interface AppliedSubscription {
  subscriptionId: string;
  status: string;
  /** False when the row already held a final state and the (older) event was not applied. */
  applied: boolean;
}

/**
 * Mirrors a Stripe subscription into our subscriptions row of the same id (status, plan, period
 * end, customer), so the plan rules, guards and billing page read it like any other. A paid or
 * trialing subscription also ends onboarding (the customer may never come back to the
 * verification page) and records the card when Stripe sent it expanded. Runs in the caller's
 * transaction; `planId` was resolved before it (null keeps the plan the row has).
 */
export async function applyStripeSubscription(
  tx: Db,
  input: { userId: string; subscription: Stripe.Subscription; planId: string | null; now: Date },
): Promise<AppliedSubscription> {
  const { userId, subscription, planId, now } = input;
  const customerId = idOf(subscription.customer);
  const periodEnd = subscriptionPeriodEnd(subscription);
  const existing = await tx.query<{ status: string; user_id: string }>(`SELECT status, user_id FROM subscriptions WHERE id = $1`, [
    subscription.id,
  ]);
  const row = existing[0];
  if (row && TERMINAL.has(row.status) && !TERMINAL.has(subscription.status)) {
    return { subscriptionId: subscription.id, status: row.status, applied: false };
  }
  // A first payment still being confirmed (3-D Secure) is not a subscription yet: a row now would
  // count as a lapsed plan and lock a user in onboarding out (402) until Stripe settles it.
  if (!row && NOT_STARTED.has(subscription.status))
    return { subscriptionId: subscription.id, status: subscription.status, applied: false };
  if (row) {
    await tx.query(
      `UPDATE subscriptions SET status = $1, plan_id = COALESCE($2, plan_id), customer_id = COALESCE($3, customer_id),
              current_period_end = $4 WHERE id = $5`,
      [subscription.status, planId, customerId, periodEnd, subscription.id],
    );
  } else {
    if (!planId) throw new UnknownPriceError(idOf(subscriptionPrice(subscription)));
    await tx.query(
      `INSERT INTO subscriptions (id, user_id, plan_id, status, customer_id, current_period_end, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [subscription.id, userId, planId, subscription.status, customerId ?? '', periodEnd, now.toISOString()],
    );
  }
  if (customerId) {
    await tx.query(`UPDATE users SET stripe_customer_id = $1 WHERE id = $2 AND stripe_customer_id IS NULL`, [customerId, userId]);
  }
  const method = subscription.default_payment_method;
  if (method && typeof method === 'object' && method.card) {
    await tx.query(`DELETE FROM payment_methods WHERE user_id = $1`, [userId]);
    await tx.query(`INSERT INTO payment_methods (user_id, card_brand, last4, exp_month, exp_year) VALUES ($1, $2, $3, $4, $5)`, [
      userId,
      method.card.brand,
      method.card.last4,
      method.card.exp_month,
      method.card.exp_year,
    ]);
  }
  if (VALID.has(subscription.status)) await tx.query(`UPDATE users SET is_onboarded = true WHERE id = $1`, [userId]);
  return { subscriptionId: subscription.id, status: subscription.status, applied: true };
}

/**
 * A paid Stripe invoice as our invoice row (same id, so a replay or a later update of the same
 * invoice changes the one row): amount paid in cents, status, and Stripe's hosted PDF.
 */
export async function recordStripeInvoice(tx: Db, userId: string, invoice: Stripe.Invoice): Promise<void> {
  const createdAt = isoFromUnix(invoice.status_transitions?.paid_at ?? invoice.created) ?? new Date().toISOString();
  const pdf = invoice.invoice_pdf ?? invoice.hosted_invoice_url ?? null;
  const status = invoice.status ?? 'paid';
  const existing = await tx.query<{ id: string }>(`SELECT id FROM invoices WHERE id = $1`, [invoice.id]);
  if (existing[0]) {
    await tx.query(`UPDATE invoices SET amount_cents = $1, status = $2, invoice_pdf = $3 WHERE id = $4`, [
      invoice.amount_paid,
      status,
      pdf,
      invoice.id,
    ]);
  } else {
    await tx.query(
      `INSERT INTO invoices (id, user_id, amount_cents, created_at, status, invoice_pdf) VALUES ($1, $2, $3, $4, $5, $6)`,
      [invoice.id, userId, invoice.amount_paid, createdAt, status, pdf],
    );
  }
}

/** The user behind a Stripe customer: the stored customer id, else our subscription row of that Stripe subscription. */
export async function userForCustomer(db: Db, customerId: string | null, subscriptionId?: string | null): Promise<string | null> {
  if (customerId) {
    const rows = await db.query<{ id: string }>(`SELECT id FROM users WHERE stripe_customer_id = $1 ORDER BY id LIMIT 1`, [customerId]);
    if (rows[0]) return rows[0].id;
  }
  if (subscriptionId) {
    const rows = await db.query<{ user_id: string }>(`SELECT user_id FROM subscriptions WHERE id = $1`, [subscriptionId]);
    if (rows[0]) return rows[0].user_id;
  }
  return null;
}

export const isValidStripeStatus = (status: string | null | undefined) => !!status && VALID.has(status);
