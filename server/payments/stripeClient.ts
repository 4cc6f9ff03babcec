import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { retryOnConflict } from '../db/conflicts';
import type { Db } from '../db/types';
import type { ServerContext } from '../http/context';
import { HttpError } from '../http/errors';
import type { StripeSettings } from './stripeSettings';

/** One SDK client per settings object: it keeps its own connection pool and retry state. */
const clients = new WeakMap<StripeSettings, Stripe>();

export function stripeClient(settings: StripeSettings): Stripe {
  let client = clients.get(settings);
  if (!client) {
    client = new Stripe(settings.secretKey, {
      // Retries reuse an idempotency key the SDK adds, so a retried create makes one object.
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Answerscope' },
      ...settings.apiBase,
    });
    clients.set(settings, client);
  }
  return client;
}

/** The Stripe settings of a server where Stripe is the provider (callers check first). */
export function requireStripe(ctx: ServerContext): { settings: StripeSettings; stripe: Stripe } {
  const settings = ctx.config.stripe;
  if (!settings) throw new HttpError(503, 'PAYMENTS_UNAVAILABLE', 'Payments are not available on this server. Please contact support.');
  return { settings, stripe: stripeClient(settings) };
}

/** An error from the SDK (an API answer or a connection failure), as opposed to one of ours. */
export function isStripeError(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError;
}

/** A Stripe answer that the object does not exist (a mistyped or foreign id). */
export function isStripeMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && (error.statusCode === 404 || error.code === 'resource_missing');
}

/**
 * Stripe could not be reached or refused the request for a reason the user cannot fix: 502, so the
 * client shows its error state, and the log has Stripe's message (never the secret key).
 */
export function stripeUnavailable(error: unknown): HttpError {
  const reason = error instanceof Error ? error.message : String(error);
  return new HttpError(502, 'PAYMENT_PROVIDER_ERROR', 'The payment service is not responding. Please try again in a moment.', {
    provider: 'stripe',
    reason: reason.slice(0, 200),
  });
}

/**
 * The user's Stripe customer, created at the first checkout or portal visit and stored in
 * users.stripe_customer_id. The create call carries an idempotency key per user, so two tabs asking
 * at once get the same customer from Stripe; the conditional UPDATE keeps the first one stored.
 */
export async function findOrCreateCustomer(db: Db, stripe: Stripe, userId: string): Promise<string> {
  const rows = await db.query<{ email: string; name: string; stripe_customer_id: string | null }>(
    `SELECT email, name, stripe_customer_id FROM users WHERE id = $1`,
    [userId],
  );
  const user = rows[0];
  if (!user) throw new HttpError(404, 'USER_NOT_FOUND', 'User not found');
  if (user.stripe_customer_id) return user.stripe_customer_id;
  let customer: Stripe.Customer;
  try {
    customer = await stripe.customers.create(
      { email: user.email, name: user.name, metadata: { user_id: userId } },
      // Keyed on what is sent too: Stripe refuses a key reused with other parameters (a renamed user).
      {
        idempotencyKey: `answerscope-customer-${userId}-${createHash('sha256').update(`${user.email}\n${user.name}`).digest('hex').slice(0, 16)}`,
      },
    );
  } catch (error) {
    throw stripeUnavailable(error);
  }
  // Two tabs storing the same customer race on the user row (a DuckDB write conflict): the retry
  // finds it stored and changes nothing.
  await retryOnConflict(() =>
    db.query(`UPDATE users SET stripe_customer_id = $1 WHERE id = $2 AND stripe_customer_id IS NULL`, [customer.id, userId]),
  );
  const stored = await db.query<{ stripe_customer_id: string }>(`SELECT stripe_customer_id FROM users WHERE id = $1`, [userId]);
  return stored[0].stripe_customer_id;
}

/** Stripe ids are plain tokens: anything else never reaches the API (or a URL path). */
export function looksLikeStripeId(value: unknown, prefix: string): value is string {
  return typeof value === 'string' && value.startsWith(prefix) && /^[A-Za-z0-9_]{4,255}$/.test(value);
}

/** A Stripe expandable field: the id whether it came expanded or not. */
export function idOf(field: string | { id: string } | null | undefined): string | null {
  if (!field) return null;
  return typeof field === 'string' ? field : field.id;
}
