import type Stripe from 'stripe';
import type { Db } from '../db/types';
import { planLockKey, withWriteLock } from '../db/writeLock';
import type { ServerContext } from '../http/context';
import { HttpError } from '../http/errors';
import { applyCompletedCheckout, ownerOfCheckout } from './stripe';
import { idOf, isStripeError, stripeClient, stripeUnavailable } from './stripeClient';
import { applyStripeSubscription, planForPrice, recordStripeInvoice, subscriptionPrice, userForCustomer } from './stripeSync';

export const INVALID_SIGNATURE_MESSAGE = 'Webhook signature verification failed.';

/** What the webhook answers Stripe (any 2xx ends the retries). */
export interface WebhookOutcome {
  received: true;
  /** The event id was applied before: nothing changed this time. */
  duplicate: boolean;
  /** What was done: 'applied', or why nothing was (an event type or a customer we do not track). */
  result: 'applied' | 'ignored' | 'unknown-customer' | 'not-paid';
}

/** Verifies the Stripe-Signature over the exact bytes received; anything else is a 400 that changes nothing. */
export function verifyStripeEvent(
  ctx: ServerContext,
  rawBody: Buffer | undefined,
  signature: string | string[] | undefined,
): Stripe.Event {
  const settings = ctx.config.stripe;
  if (!settings) throw new HttpError(404, 'NOT_FOUND', 'Stripe webhooks are not configured on this server.');
  const header = Array.isArray(signature) ? signature[0] : signature;
  if (!rawBody || !header) throw new HttpError(400, 'INVALID_SIGNATURE', INVALID_SIGNATURE_MESSAGE);
  try {
    return stripeClient(settings).webhooks.constructEvent(rawBody, header, settings.webhookSecret);
  } catch {
    throw new HttpError(400, 'INVALID_SIGNATURE', INVALID_SIGNATURE_MESSAGE);
  }
}

const alreadyProcessed = async (db: Db, eventId: string) =>
  (await db.query<{ id: string }>(`SELECT id FROM stripe_events WHERE id = $1`, [eventId])).length > 0;

const markProcessed = (tx: Db, event: Stripe.Event, now: Date) =>
  tx.query(`INSERT INTO stripe_events (id, type, processed_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`, [
    event.id,
    event.type,
    now.toISOString(),
  ]);

/**
 * Applies one event under the user's plan lock, recording its id in the same transaction: a
 * replay (Stripe delivers at least once, and retries anything but a 2xx) finds the id and changes
 * nothing, and two deliveries at once queue on the lock, so the second finds it too.
 */
async function applyOnce(ctx: ServerContext, event: Stripe.Event, userId: string, work: (tx: Db) => Promise<void>): Promise<boolean> {
  return withWriteLock(ctx.db, planLockKey(userId), async (tx) => {
    if (await alreadyProcessed(tx, event.id)) return false;
    await work(tx);
    await markProcessed(tx, event, ctx.now());
    return true;
  });
}

/** Records an event that needs nothing from us, so a replay is answered as a duplicate too. */
async function recordOnly(ctx: ServerContext, event: Stripe.Event, result: WebhookOutcome['result']): Promise<WebhookOutcome> {
  await markProcessed(ctx.db, event, ctx.now());
  return { received: true, duplicate: false, result };
}

/**
 * The events that keep our subscriptions in step with Stripe:
 * - checkout.session.completed (and async_payment_succeeded): the pricing table's checkout paid;
 *   client_reference_id is our user id; applies the subscription as verification does.
 * - customer.subscription.created/updated/deleted: status, plan (by price) and period end; deleted
 *   arrives with status canceled, which closes the guarded sections (Subscription Required).
 * - invoice.paid: an invoice row (amount paid in cents, status, Stripe's hosted PDF).
 * Other types are acknowledged and ignored. Events for customers we do not know are acknowledged
 * too (another product on the same Stripe account), so Stripe does not retry them for days.
 */
export async function handleStripeEvent(ctx: ServerContext, event: Stripe.Event): Promise<WebhookOutcome> {
  const settings = ctx.config.stripe!;
  if (await alreadyProcessed(ctx.db, event.id)) return { received: true, duplicate: true, result: 'ignored' };
  const done = (applied: boolean): WebhookOutcome => ({ received: true, duplicate: !applied, result: applied ? 'applied' : 'ignored' });

  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return recordOnly(ctx, event, 'ignored');
      const userId = await ownerOfCheckout(ctx, session);
      if (!userId) return recordOnly(ctx, event, 'unknown-customer');
      if (session.payment_status === 'unpaid') return recordOnly(ctx, event, 'not-paid');
      // Fetches the subscription from Stripe first (outside the transaction), then applies it.
      let applied: Awaited<ReturnType<typeof applyCompletedCheckout>>;
      try {
        applied = await applyCompletedCheckout(ctx, settings, stripeClient(settings), session, userId);
      } catch (error) {
        // Stripe unreachable: 502, and Stripe delivers the event again later.
        throw isStripeError(error) ? stripeUnavailable(error) : error;
      }
      if (!applied) return recordOnly(ctx, event, 'not-paid');
      return done(await applyOnce(ctx, event, userId, async () => undefined));
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const userId =
        (await userForCustomer(ctx.db, idOf(subscription.customer), subscription.id)) ??
        (await knownUser(ctx.db, subscription.metadata?.user_id));
      if (!userId) return recordOnly(ctx, event, 'unknown-customer');
      const planId = await planForPrice(ctx.db, settings, subscriptionPrice(subscription));
      return done(
        await applyOnce(ctx, event, userId, async (tx) => {
          await applyStripeSubscription(tx, { userId, subscription, planId, now: ctx.now() });
        }),
      );
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const userId = await userForCustomer(ctx.db, idOf(invoice.customer));
      if (!userId) return recordOnly(ctx, event, 'unknown-customer');
      return done(await applyOnce(ctx, event, userId, (tx) => recordStripeInvoice(tx, userId, invoice)));
    }
    default:
      return recordOnly(ctx, event, 'ignored');
  }
}

async function knownUser(db: Db, userId: string | undefined): Promise<string | null> {
  if (!userId) return null;
  const rows = await db.query<{ id: string }>(`SELECT id FROM users WHERE id = $1`, [userId]);
  return rows[0]?.id ?? null;
}
