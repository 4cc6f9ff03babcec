import type Stripe from 'stripe';
import { planLockKey, withWriteLock } from '../db/writeLock';
import type { ServerContext } from '../http/context';
import type { CheckoutRequest, CheckoutSessionInfo, CheckoutSessionState, PaymentProvider } from './provider';
import {
  findOrCreateCustomer,
  idOf,
  isStripeError,
  isStripeMissing,
  looksLikeStripeId,
  requireStripe,
  stripeUnavailable,
} from './stripeClient';
import type { StripeSettings } from './stripeSettings';
import { applyStripeSubscription, isValidStripeStatus, planForPrice, priceForPlan, subscriptionPrice } from './stripeSync';

/** The in-app page that embeds the Stripe pricing table (the onboarding-shell's pricing step). */
export const PRICING_TABLE_PAGE = '/onboarding/plans';

/** Stripe wants absolute return URLs; ours arrive as same-site paths (safeRedirect). */
const absolute = (ctx: ServerContext, target: string) =>
  /^https?:\/\//.test(target) ? target : `${ctx.config.publicUrl}${target.startsWith('/') ? '' : '/'}${target}`;

async function latestSubscriptionRow(ctx: ServerContext, userId: string) {
  const rows = await ctx.db.query<{ id: string; status: string; plan_id: string | null }>(
    `SELECT id, status, plan_id FROM subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [userId],
  );
  return rows[0] ?? null;
}

/**
 * Where this user pays, beside the pricing table's client secret: a live subscriber changes plan
 * in the billing portal; a lapsed one gets a Checkout Session for the plan they had (when a price
 * is configured for it); anyone else chooses on the pricing table page.
 */
async function paymentTarget(
  ctx: ServerContext,
  settings: StripeSettings,
  stripe: Stripe,
  request: CheckoutRequest,
  customerId: string,
): Promise<{ id: string; url: string }> {
  const latest = await latestSubscriptionRow(ctx, request.userId);
  if (latest && isValidStripeStatus(latest.status)) {
    const portal = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: absolute(ctx, request.cancelUrl) });
    return { id: '', url: portal.url };
  }
  const price = latest?.plan_id ? await priceForPlan(ctx.db, settings, latest.plan_id) : null;
  if (!price) return { id: '', url: PRICING_TABLE_PAGE };
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customerId,
    client_reference_id: request.userId,
    line_items: [{ price, quantity: 1 }],
    success_url: absolute(ctx, request.successUrl),
    cancel_url: absolute(ctx, request.cancelUrl),
    subscription_data: { metadata: { user_id: request.userId } },
  });
  return { id: session.id, url: session.url ?? PRICING_TABLE_PAGE };
}

/** Whether a completed Checkout Session was paid for (a trial needs no payment today). */
function isPaid(session: Stripe.Checkout.Session): boolean {
  return session.status === 'complete' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
}

/**
 * The user a Checkout Session belongs to: the user whose Stripe customer it is. The client
 * reference (our user id, set by the browser on the pricing table) is trusted only for a user who
 * has no Stripe customer yet, so a page cannot attach someone else's customer to an account.
 */
export async function ownerOfCheckout(ctx: ServerContext, session: Stripe.Checkout.Session): Promise<string | null> {
  const customerId = idOf(session.customer);
  if (customerId) {
    const rows = await ctx.db.query<{ id: string }>(`SELECT id FROM users WHERE stripe_customer_id = $1 ORDER BY id LIMIT 1`, [
      customerId,
    ]);
    if (rows[0]) return rows[0].id;
  }
  if (session.client_reference_id) {
    const rows = await ctx.db.query<{ id: string; stripe_customer_id: string | null }>(
      `SELECT id, stripe_customer_id FROM users WHERE id = $1`,
      [session.client_reference_id],
    );
    if (rows[0] && (!rows[0].stripe_customer_id || rows[0].stripe_customer_id === customerId)) return rows[0].id;
  }
  return null;
}

/**
 * Applies what a paid Checkout Session bought (the subscription, fetched with its card) to its
 * owner, under the owner's plan lock. Shared by verification and the checkout.session.completed
 * webhook: whichever comes first applies it, the other finds the same state.
 */
export async function applyCompletedCheckout(
  ctx: ServerContext,
  settings: StripeSettings,
  stripe: Stripe,
  session: Stripe.Checkout.Session,
  userId: string,
): Promise<{ subscriptionId: string; status: string } | null> {
  if (!isPaid(session) || session.mode !== 'subscription') return null;
  let subscription = session.subscription;
  if (!subscription) return null;
  if (typeof subscription === 'string' || typeof subscription.default_payment_method === 'string') {
    subscription = await stripe.subscriptions.retrieve(idOf(subscription)!, { expand: ['default_payment_method'] });
  }
  const sub = subscription;
  const planId = await planForPrice(ctx.db, settings, subscriptionPrice(sub));
  return withWriteLock(ctx.db, planLockKey(userId), (tx) =>
    applyStripeSubscription(tx, { userId, subscription: sub, planId, now: ctx.now() }),
  );
}

/**
 * Stripe Billing behind the same three calls as the local provider. Checkout happens on Stripe's
 * pricing table, opened with a customer session for the user's Stripe customer; verification reads
 * the Checkout Session back from Stripe and applies the subscription at once; the billing portal is
 * Stripe's. Webhooks (stripeWebhook.ts) keep the subscription in step afterwards.
 */
export const stripePaymentProvider: PaymentProvider = {
  id: 'stripe',

  async createCheckoutSession(ctx: ServerContext, request: CheckoutRequest): Promise<CheckoutSessionInfo> {
    const { settings, stripe } = requireStripe(ctx);
    const customerId = await findOrCreateCustomer(ctx.db, stripe, request.userId);
    try {
      const customerSession = await stripe.customerSessions.create({
        customer: customerId,
        components: { pricing_table: { enabled: true } },
      });
      const target = await paymentTarget(ctx, settings, stripe, request, customerId);
      return { id: target.id, clientSecret: customerSession.client_secret, customerId, url: target.url };
    } catch (error) {
      throw stripeUnavailable(error);
    }
  },

  async getCheckoutSession(ctx: ServerContext, sessionId: string): Promise<CheckoutSessionState | null> {
    const { settings, stripe } = requireStripe(ctx);
    if (!looksLikeStripeId(sessionId, 'cs_')) return null;
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription', 'subscription.default_payment_method'] });
    } catch (error) {
      if (isStripeMissing(error)) return null;
      throw stripeUnavailable(error);
    }
    const userId = await ownerOfCheckout(ctx, session);
    if (!userId) return null;
    let applied: { status: string } | null;
    try {
      applied = await applyCompletedCheckout(ctx, settings, stripe, session, userId);
    } catch (error) {
      throw isStripeError(error) ? stripeUnavailable(error) : error;
    }
    // Completed but not paid (a delayed payment method) or not a live subscription is not complete yet.
    const status: CheckoutSessionState['status'] =
      session.status === 'expired' ? 'expired' : applied && isValidStripeStatus(applied.status) ? 'complete' : 'open';
    return { id: session.id, userId, status };
  },

  async createPortalSession(ctx: ServerContext, request: { userId: string; returnUrl: string }): Promise<{ url: string }> {
    const { stripe } = requireStripe(ctx);
    const customerId = await findOrCreateCustomer(ctx.db, stripe, request.userId);
    try {
      const portal = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: absolute(ctx, request.returnUrl) });
      return { url: portal.url };
    } catch (error) {
      throw stripeUnavailable(error);
    }
  },
};
