import { defineCall } from '../../http/call';
import { getPaymentProvider } from '../../payments/index';
import { latestSubscription } from './plans';
import { safeRedirect } from './redirects';

const BILLING_TAB = '/app/settings?tab=billing';
const RECENT_INVOICES = 12;

export const billingDashboard = defineCall('billing.dashboard', async ({ user, ctx }) => {
  const subscription = await latestSubscription(ctx.db, user.id);
  const [methods, invoices] = await Promise.all([
    ctx.db.query<{ card_brand: string; last4: string; exp_month: number; exp_year: number }>(
      `SELECT card_brand, last4, exp_month, exp_year FROM payment_methods WHERE user_id = $1`,
      [user.id],
    ),
    ctx.db.query<{ id: string; amount_cents: number; created_at: string; status: string; invoice_pdf: string | null }>(
      `SELECT id, amount_cents, created_at, status, invoice_pdf FROM invoices WHERE user_id = $1
        ORDER BY created_at DESC, id DESC LIMIT ${RECENT_INVOICES}`,
      [user.id],
    ),
  ]);
  const method = methods[0];
  return {
    subscription: subscription
      ? {
          planName: subscription.plan?.name ?? 'Free',
          status: subscription.status,
          amount: subscription.plan?.price_cents ?? 0,
          interval: subscription.plan?.billing_interval ?? 'month',
          currentPeriodEnd: subscription.current_period_end,
        }
      : null,
    paymentMethod: method
      ? { brand: method.card_brand, last4: method.last4, expMonth: method.exp_month, expYear: method.exp_year }
      : null,
    recentInvoices: invoices.map((i) => ({
      id: i.id,
      amount: i.amount_cents,
      created: i.created_at,
      status: i.status,
      // The payment provider's own PDF when it gave one (Stripe's https link); otherwise every
      // invoice has a PDF rendered on demand from its row (invoicePdf.ts).
      invoicePdf: i.invoice_pdf?.startsWith('https://') ? i.invoice_pdf : `/api/billing/invoices/${i.id}.pdf`,
    })),
  };
});

export const customerPortalSession = defineCall<{ returnUrl: string }>(
  'billing.customer-portal-session',
  async ({ body, user, ctx, request }) => {
    const returnUrl = safeRedirect(body.returnUrl, request, ctx.config.publicUrl, BILLING_TAB);
    return getPaymentProvider().createPortalSession(ctx, { userId: user.id, returnUrl });
  },
);

export const reactivateSubscription = defineCall<{ success_url: string; cancel_url: string }>(
  'billing.reactivate-subscription',
  async ({ body, user, ctx, request }) => {
    // For a subscription that is still valid the same checkout is a plan change (applyPaidCheckout).
    const session = await getPaymentProvider().createCheckoutSession(ctx, {
      userId: user.id,
      email: user.email,
      successUrl: safeRedirect(body.success_url, request, ctx.config.publicUrl, BILLING_TAB),
      cancelUrl: safeRedirect(body.cancel_url, request, ctx.config.publicUrl, BILLING_TAB),
    });
    return { url: session.url };
  },
);

export const billingRoutes = [billingDashboard, customerPortalSession, reactivateSubscription];
