import type { ServerContext } from '../http/context';
import { localPaymentProvider } from './local';
import type { PaymentProvider } from './provider';
import { stripePaymentProvider } from './stripe';

export * from './provider';
export {
  assertLocalPaymentsEnabled,
  completeLocalCheckout,
  localPaymentProvider,
  LOCAL_CHECKOUT_PATH,
  LOCAL_PORTAL_PATH,
} from './local';
export { applyPaidCheckout, cancelSubscription } from './subscriptions';
export { stripePaymentProvider } from './stripe';
export { handleStripeEvent, verifyStripeEvent } from './stripeWebhook';

/** What /api/config tells the client to draw: Stripe's pricing table, the local checkout, or no payments. */
export type PaymentProviderName = 'stripe' | 'local' | 'none';

export function paymentProviderName(config: ServerContext['config']): PaymentProviderName {
  if (config.stripe) return 'stripe';
  return config.localPayments === false ? 'none' : 'local';
}

/** Picks the provider per call from the server's configuration (tests switch it on one context). */
function providerFor(ctx: ServerContext): PaymentProvider {
  return ctx.config.stripe ? stripePaymentProvider : localPaymentProvider;
}

/**
 * The configured payment provider: Stripe when the STRIPE_* settings are present
 * (config.stripe), else the local hosted checkout (which refuses with 503 PAYMENTS_UNAVAILABLE
 * when config.localPayments is false, the production default). The choice is made on each call
 * from the context, so the routes keep calling getPaymentProvider() without knowing which.
 */
export function getPaymentProvider(): PaymentProvider {
  return {
    get id() {
      return 'configured';
    },
    createCheckoutSession: (ctx, request) => providerFor(ctx).createCheckoutSession(ctx, request),
    getCheckoutSession: (ctx, sessionId) => providerFor(ctx).getCheckoutSession(ctx, sessionId),
    createPortalSession: (ctx, request) => providerFor(ctx).createPortalSession(ctx, request),
  };
}
