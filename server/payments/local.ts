import { createHash, randomBytes } from 'node:crypto';
import type { ServerContext } from '../http/context';
import { HttpError } from '../http/errors';
import type { CheckoutRequest, CheckoutSessionInfo, CheckoutSessionState, PaymentProvider } from './provider';
import { applyPaidCheckout } from './subscriptions';

export const LOCAL_CHECKOUT_PATH = '/api/billing/local/checkout';
export const LOCAL_PORTAL_PATH = '/api/billing/local/portal';

/** The same customer id for a user across sessions, as a payment service would keep it. */
async function customerIdFor(ctx: ServerContext, userId: string): Promise<string> {
  const rows = await ctx.db.query<{ customer_id: string }>(
    `SELECT customer_id FROM subscriptions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`,
    [userId],
  );
  return rows[0]?.customer_id ?? `cus_local_${createHash('sha256').update(userId).digest('hex').slice(0, 14)}`;
}

/**
 * The local provider takes no payment, so a production server offers it only when LOCAL_PAYMENTS=1
 * (config.localPayments): otherwise starting a checkout or portal session, or paying on the hosted
 * page, answers 503 PAYMENTS_UNAVAILABLE; so does a server where Stripe is the provider.
 */
export function assertLocalPaymentsEnabled(ctx: ServerContext): void {
  // With Stripe configured the free local checkout must not grant plans beside it.
  if (ctx.config.localPayments === false || ctx.config.stripe) {
    throw new HttpError(503, 'PAYMENTS_UNAVAILABLE', 'Payments are not available on this server. Please contact support.');
  }
}

/**
 * Hosted checkout that runs inside this server: sessions are rows in checkout_sessions, the
 * "hosted page" is served by the API (routes/account/localPayments.ts), and paying there
 * completes the session and applies the subscription change at once (no webhook needed).
 */
export const localPaymentProvider: PaymentProvider = {
  id: 'local',

  async createCheckoutSession(ctx: ServerContext, request: CheckoutRequest): Promise<CheckoutSessionInfo> {
    assertLocalPaymentsEnabled(ctx);
    const plans = await ctx.db.query<{ id: string }>(`SELECT id FROM plans ORDER BY price_cents, id LIMIT 1`);
    if (!plans[0]) throw new HttpError(503, 'NO_PLANS', 'No pricing plans are configured.');
    const id = `cs_local_${randomBytes(16).toString('base64url')}`;
    const clientSecret = `${id}_secret_${randomBytes(16).toString('base64url')}`;
    const customerId = await customerIdFor(ctx, request.userId);
    await ctx.db.query(
      `INSERT INTO checkout_sessions (id, user_id, client_secret, customer_id, plan_id, status, created_at)
       VALUES ($1, $2, $3, $4, $5, 'open', $6)`,
      [id, request.userId, clientSecret, customerId, plans[0].id, ctx.now().toISOString()],
    );
    const query = new URLSearchParams({ session: id, success_url: request.successUrl, cancel_url: request.cancelUrl });
    return { id, clientSecret, customerId, url: `${LOCAL_CHECKOUT_PATH}?${query}` };
  },

  async getCheckoutSession(ctx: ServerContext, sessionId: string): Promise<CheckoutSessionState | null> {
    const rows = await ctx.db.query<{ id: string; user_id: string; status: CheckoutSessionState['status'] }>(
      `SELECT id, user_id, status FROM checkout_sessions WHERE id = $1`,
      [sessionId],
    );
    return rows[0] ? { id: rows[0].id, userId: rows[0].user_id, status: rows[0].status } : null;
  },

  async createPortalSession(ctx: ServerContext, request: { userId: string; returnUrl: string }): Promise<{ url: string }> {
    assertLocalPaymentsEnabled(ctx);
    return { url: `${LOCAL_PORTAL_PATH}?${new URLSearchParams({ return_url: request.returnUrl })}` };
  },
};

/** The hosted page's Pay button: completes an open session of this user with the chosen plan. */
export async function completeLocalCheckout(
  ctx: ServerContext,
  input: { sessionId: string; userId: string; planId: string },
): Promise<{ subscriptionId: string; status: string }> {
  assertLocalPaymentsEnabled(ctx);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const sessions = await tx.query<{ user_id: string; customer_id: string; status: string }>(
      `SELECT user_id, customer_id, status FROM checkout_sessions WHERE id = $1`,
      [input.sessionId],
    );
    const session = sessions[0];
    if (!session || session.user_id !== input.userId) throw new HttpError(404, 'CHECKOUT_SESSION_NOT_FOUND', 'Checkout session not found');
    if (session.status !== 'open') throw new HttpError(409, 'CHECKOUT_SESSION_CLOSED', 'This checkout session is already completed.');
    const plans = await tx.query<{ id: string }>(`SELECT id FROM plans WHERE id = $1`, [input.planId]);
    if (!plans[0]) throw new HttpError(404, 'PLAN_NOT_FOUND', 'Plan not found');
    await tx.query(`UPDATE checkout_sessions SET status = 'complete', plan_id = $1 WHERE id = $2`, [input.planId, input.sessionId]);
    return applyPaidCheckout(tx, { userId: input.userId, planId: input.planId, customerId: session.customer_id, now });
  });
}
