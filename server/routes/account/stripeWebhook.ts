import { defineCall } from '../../http/call';
import { handleStripeEvent, verifyStripeEvent } from '../../payments/index';

/**
 * POST /api/billing/stripe/webhook: Stripe's calls to us. No session (Stripe has none): the
 * signature over the exact body bytes (kept by `rawBody`) is the authentication, checked before
 * anything is read from the event. It passes the cross-site guard because server-to-server
 * requests carry neither Origin nor Sec-Fetch-Site, and needs no CSRF token for the same reason.
 */
export const stripeWebhook = defineCall(
  'billing.stripe.webhook',
  async ({ ctx, request }) => {
    const event = verifyStripeEvent(ctx, request.rawBody, request.headers['stripe-signature']);
    const outcome = await handleStripeEvent(ctx, event);
    request.log.info(
      { stripeEvent: event.id, type: event.type, result: outcome.result, duplicate: outcome.duplicate },
      'stripe webhook',
    );
    return outcome;
  },
  { auth: false, rawBody: true },
);
