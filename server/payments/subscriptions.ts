import { randomBytes } from 'node:crypto';
import type { Db } from '../db/types';
import { TRIAL_DAYS } from './provider';

const DAY_MS = 24 * 60 * 60 * 1000;

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

export function periodMs(interval: string): number {
  return interval === 'year' ? 365 * DAY_MS : 30 * DAY_MS;
}

/**
 * What a completed checkout does to the user's subscription (the work a Stripe webhook would do):
 * a first subscription starts a 7-day trial; a lapsed one is reactivated and billed at once; a
 * live one switches plan. Runs inside the caller's transaction.
 */
export async function applyPaidCheckout(
  tx: Db,
  input: { userId: string; planId: string; customerId: string; now: Date },
): Promise<{ subscriptionId: string; status: string }> {
  const { userId, planId, customerId, now } = input;
  const plans = await tx.query<{ price_cents: number; billing_interval: string }>(
    `SELECT price_cents, billing_interval FROM plans WHERE id = $1`,
    [planId],
  );
  const plan = plans[0];
  if (!plan) throw new Error(`Unknown plan ${planId}`);
  const existing = await tx.query<{ id: string; status: string }>(
    `SELECT id, status FROM subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [userId],
  );
  const sub = existing[0];
  let subscriptionId: string;
  let status: string;
  if (!sub) {
    subscriptionId = newId('sub');
    status = 'trialing';
    await tx.query(
      `INSERT INTO subscriptions (id, user_id, plan_id, status, customer_id, current_period_end, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [subscriptionId, userId, planId, status, customerId, new Date(now.getTime() + TRIAL_DAYS * DAY_MS).toISOString(), now.toISOString()],
    );
    await addInvoice(tx, userId, 0, now);
  } else if (sub.status === 'active' || sub.status === 'trialing') {
    subscriptionId = sub.id;
    status = sub.status;
    await tx.query(`UPDATE subscriptions SET plan_id = $1 WHERE id = $2`, [planId, sub.id]);
  } else {
    subscriptionId = sub.id;
    status = 'active';
    await tx.query(
      `UPDATE subscriptions SET plan_id = $1, status = 'active', customer_id = $2, current_period_end = $3 WHERE id = $4`,
      [planId, customerId, new Date(now.getTime() + periodMs(plan.billing_interval)).toISOString(), sub.id],
    );
    await addInvoice(tx, userId, plan.price_cents, now);
  }
  // The local checkout takes the standard test card.
  await tx.query(`DELETE FROM payment_methods WHERE user_id = $1`, [userId]);
  await tx.query(
    `INSERT INTO payment_methods (user_id, card_brand, last4, exp_month, exp_year) VALUES ($1, 'visa', '4242', 12, $2)`,
    [userId, now.getUTCFullYear() + 3],
  );
  return { subscriptionId, status };
}

async function addInvoice(tx: Db, userId: string, amountCents: number, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO invoices (id, user_id, amount_cents, created_at, status, invoice_pdf) VALUES ($1, $2, $3, $4, 'paid', NULL)`,
    [newId('in'), userId, amountCents, now.toISOString()],
  );
}

/** The portal's cancel button: the subscription stops now (local provider has no proration). */
export async function cancelSubscription(db: Db, userId: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `UPDATE subscriptions SET status = 'canceled' WHERE user_id = $1 AND status IN ('active', 'trialing', 'past_due', 'unpaid') RETURNING id`,
    [userId],
  );
  return rows.length > 0;
}
