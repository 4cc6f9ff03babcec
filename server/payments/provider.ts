import type { ServerContext } from '../http/context';

/** Checkout starts a 7-day free trial: nothing is charged today. */
export const TRIAL_DAYS = 7;

export interface CheckoutSessionInfo {
  id: string;
  /** What an embedded pricing table needs (Stripe: the customer session client secret). */
  clientSecret: string;
  customerId: string;
  /** Hosted checkout page the browser can open. */
  url: string;
}

export interface CheckoutSessionState {
  id: string;
  userId: string;
  status: 'open' | 'complete' | 'expired';
}

export interface CheckoutRequest {
  userId: string;
  email: string;
  /** Where the hosted page goes after paying; `{CHECKOUT_SESSION_ID}` is replaced with the session id. */
  successUrl: string;
  cancelUrl: string;
}

/**
 * The payment service behind checkout, verification and the billing portal. The local provider
 * (default) keeps everything in our database and serves its own hosted pages; a Stripe provider
 * implements the same three methods with Checkout Sessions, webhooks and the Customer Portal.
 */
export interface PaymentProvider {
  readonly id: string;
  createCheckoutSession(ctx: ServerContext, request: CheckoutRequest): Promise<CheckoutSessionInfo>;
  getCheckoutSession(ctx: ServerContext, sessionId: string): Promise<CheckoutSessionState | null>;
  createPortalSession(ctx: ServerContext, request: { userId: string; returnUrl: string }): Promise<{ url: string }>;
}
