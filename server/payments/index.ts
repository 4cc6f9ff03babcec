import { localPaymentProvider } from './local';
import type { PaymentProvider } from './provider';

export * from './provider';
export { assertLocalPaymentsEnabled, completeLocalCheckout, localPaymentProvider, LOCAL_CHECKOUT_PATH, LOCAL_PORTAL_PATH } from './local';
export { applyPaidCheckout, cancelSubscription } from './subscriptions';

/**
 * The configured payment provider. Only the local hosted checkout exists today (it refuses with 503
 * PAYMENTS_UNAVAILABLE when config.localPayments is false, the production default); a Stripe
 * provider (STRIPE_SECRET_KEY) plugs in here implementing PaymentProvider.
 */
export function getPaymentProvider(): PaymentProvider {
  return localPaymentProvider;
}
