/**
 * Stripe as the payment provider, read from the environment by server/config.ts. All four keys are
 * needed together: the pricing table (publishable key + table id) starts checkouts, the secret key
 * creates customers and sessions, and the webhook secret verifies the events that keep
 * subscriptions in step with Stripe (renewals, cancellations, failed payments happen there).
 */
export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  pricingTableId: string;
  webhookSecret: string;
  /**
   * Our plan id for a Stripe price id (STRIPE_PRICE_PLANS), consulted before plans.stripe_price_id
   * and the price's own metadata.plan_id / lookup_key.
   */
  pricePlans: Record<string, string>;
  /** Another API server (STRIPE_API_BASE): a test double or stripe-mock; null = api.stripe.com. */
  apiBase: { host: string; port: number; protocol: 'http' | 'https' } | null;
}

/**
 * What the browser must be allowed to load for Stripe's pricing table (Content-Security-Policy):
 * its script and frames come from js.stripe.com, and Stripe.js talks to api.stripe.com. Only when
 * Stripe is configured; otherwise the policy stays as strict as before.
 */
export function stripeBrowserSources(settings: StripeSettings | null | undefined): {
  script: string[];
  frame: string[];
  connect: string[];
} {
  if (!settings) return { script: [], frame: [], connect: [] };
  return {
    script: ['https://js.stripe.com'],
    frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
    connect: ['https://api.stripe.com'],
  };
}
