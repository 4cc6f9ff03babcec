import { localPaymentProvider } from './local.js';
import type { PaymentProvider } from './provider.js';

export * from './provider.js';
export { completeLocalCheckout, localPaymentProvider, LOCAL_CHECKOUT_PATH, LOCAL_PORTAL_PATH } from './local.js';
export { applyPaidCheckout, cancelSubscription } from './subscriptions.js';

/**
 * The configured payment provider. Only the local hosted checkout exists today; a Stripe provider
 * (STRIPE_SECRET_KEY) plugs in here implementing PaymentProvider.
 */
export function getPaymentProvider(): PaymentProvider {
  return localPaymentProvider;
}
