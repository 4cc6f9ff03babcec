import { defineCall } from '../../http/call';
import { HttpError } from '../../http/errors';
import { cancelSubscription, completeLocalCheckout, TRIAL_DAYS } from '../../payments/index';
import { renderInvoicePdf } from '../../payments/invoicePdf';
import { escapeHtml, sendPage } from './html';
import { isValidStatus, latestSubscription, listPlans } from './plans';
import { safeRedirect } from './redirects';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Pays with the chosen plan, then goes where the server says (a path on this site). */
const CHECKOUT_SCRIPT = `
const data = JSON.parse(document.getElementById('page-data').textContent);
for (const b of document.querySelectorAll('button[data-plan]')) b.addEventListener('click', async () => {
  document.querySelectorAll('button').forEach((x) => (x.disabled = true));
  try {
    const res = await fetch('/api/billing/local/checkout/complete', { method: 'POST', credentials: 'include',
      headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...data, planId: b.dataset.plan }) });
    const body = await res.json();
    if (!res.ok) throw new Error(body.message || 'Payment failed');
    location.href = body.url;
  } catch (e) {
    document.getElementById('error').textContent = e.message;
    document.querySelectorAll('button').forEach((x) => (x.disabled = false));
  }
});
`;

const PORTAL_SCRIPT = `
const cancel = document.getElementById('cancel');
if (cancel) cancel.addEventListener('click', async () => {
  if (!confirm('Cancel your subscription now?')) return;
  cancel.disabled = true;
  const res = await fetch('/api/billing/local/portal/cancel', { method: 'POST', credentials: 'include' });
  if (res.ok) location.reload(); else { document.getElementById('error').textContent = (await res.json()).message; cancel.disabled = false; }
});
`;

/**
 * The local provider's hosted checkout page: the plans with one button each. Paying completes the
 * session (the user's own, checked on completion) and the browser goes to the success URL.
 */
export const localCheckoutPage = defineCall<unknown, { session: string; success_url?: string; cancel_url?: string; plan?: string }>(
  'billing.local.checkout',
  async ({ query, user, ctx, request, reply }) => {
    const rows = await ctx.db.query<{ status: string; user_id: string }>(
      `SELECT status, user_id FROM checkout_sessions WHERE id = $1`,
      [query.session],
    );
    if (!rows[0] || rows[0].user_id !== user.id) throw new HttpError(404, 'CHECKOUT_SESSION_NOT_FOUND', 'Checkout session not found');
    const cancelUrl = safeRedirect(query.cancel_url, request, ctx.config.publicUrl, '/onboarding/plans');
    const subscription = await latestSubscription(ctx.db, user.id);
    const trial = !subscription; // only a first subscription gets the free trial
    const live = !!subscription && isValidStatus(subscription.status); // then choosing a plan switches plans
    const allPlans = await listPlans(ctx.db);
    // A plan chosen in the app's pricing table is the one offered; an unknown id offers them all.
    const chosen = allPlans.filter((p) => p.id === query.plan);
    const plans = chosen.length ? chosen : allPlans;
    const cards = plans
      .map(
        (p) => `<div class="plan"><h2>${escapeHtml(p.name)}</h2>
<div class="price">${dollars(p.price_cents)}<span class="muted"> / ${escapeHtml(p.billing_interval)}</span></div>
<p class="muted">${p.max_prompts} prompts · ${p.max_locations} locations · ${p.max_brands} brand${p.max_brands === 1 ? '' : 's'}</p>
<button data-plan="${escapeHtml(p.id)}">${trial ? `Start ${TRIAL_DAYS}-day free trial` : live ? `Switch to ${escapeHtml(p.name)}` : `Pay ${dollars(p.price_cents)}`}</button></div>`,
      )
      .join('\n');
    const open = rows[0].status === 'open';
    return sendPage(
      reply,
      'Checkout',
      `<h1>${trial ? `Start your ${TRIAL_DAYS}-day free trial` : live ? 'Change your plan' : 'Reactivate your subscription'}</h1>
<p class="muted">${trial ? "You won't be charged today, and you can cancel anytime." : live ? 'The new plan applies at once; billing continues on your current cycle.' : 'Your card on file is charged today.'} Local test checkout: no real payment is taken.</p>
${open ? `<div class="plans">${cards}</div>` : '<p>This checkout session is already completed.</p>'}
<p><a class="button secondary" href="${escapeHtml(cancelUrl)}">Cancel</a></p><p class="error" id="error"></p>`,
      { script: CHECKOUT_SCRIPT, data: { session: query.session, successUrl: query.success_url ?? null } },
    );
  },
);

export const localCheckoutComplete = defineCall<{ session: string; planId: string; successUrl?: string | null }>(
  'billing.local.checkout.complete',
  async ({ body, user, ctx, request }) => {
    await completeLocalCheckout(ctx, { sessionId: body.session, userId: user.id, planId: body.planId });
    const fallback = `/payment/verify?session_id=${encodeURIComponent(body.session)}`;
    const target = safeRedirect(body.successUrl ?? undefined, request, ctx.config.publicUrl, fallback);
    return { url: target.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(body.session)) };
  },
);

/** The local billing portal: plan, card and invoices, a cancel button and the way back. */
export const localPortalPage = defineCall<unknown, { return_url?: string }>(
  'billing.local.portal',
  async ({ query, user, ctx, request, reply }) => {
    const back = safeRedirect(query.return_url, request, ctx.config.publicUrl, '/app/settings?tab=billing');
    const subscription = await latestSubscription(ctx.db, user.id);
    const invoices = await ctx.db.query<{ id: string; amount_cents: number; created_at: string; status: string }>(
      `SELECT id, amount_cents, created_at, status FROM invoices WHERE user_id = $1 ORDER BY created_at DESC LIMIT 24`,
      [user.id],
    );
    const live = subscription && ['active', 'trialing', 'past_due', 'unpaid'].includes(subscription.status);
    return sendPage(
      reply,
      'Billing portal',
      `<h1>Billing portal</h1>
<p>${subscription ? `${escapeHtml(subscription.plan?.name ?? 'No plan')} — ${escapeHtml(subscription.status)}${subscription.current_period_end ? `, current period ends ${escapeHtml(subscription.current_period_end.slice(0, 10))}` : ''}` : 'No subscription yet.'}</p>
<table><tr><th>Date</th><th>Amount</th><th>Status</th><th></th></tr>
${invoices.map((i) => `<tr><td>${escapeHtml(i.created_at.slice(0, 10))}</td><td>${dollars(i.amount_cents)}</td><td>${escapeHtml(i.status)}</td><td><a href="/api/billing/invoices/${escapeHtml(i.id)}.pdf">PDF</a></td></tr>`).join('\n')}
</table>
<p>${live ? '<button class="secondary" id="cancel">Cancel subscription</button> ' : ''}<a class="button" href="${escapeHtml(back)}">Return to Answerscope</a></p>
<p class="error" id="error"></p>`,
      { script: PORTAL_SCRIPT },
    );
  },
);

export const localPortalCancel = defineCall('billing.local.portal.cancel', async ({ user, ctx }) => {
  const canceled = await cancelSubscription(ctx.db, user.id);
  if (!canceled) throw new HttpError(409, 'NO_ACTIVE_SUBSCRIPTION', 'There is no active subscription to cancel.');
  return { success: true, message: 'Your subscription has been canceled.' };
});

/** An invoice as a PDF, rendered from the invoice row; only its owner may fetch it. */
export const invoicePdf = defineCall<unknown, unknown, { file: string }>(
  'billing.invoices.get',
  async ({ params, user, ctx, reply }) => {
    const id = params.file.replace(/\.pdf$/, '');
    const rows = await ctx.db.query<{ id: string; amount_cents: number; created_at: string; status: string; name: string; email: string }>(
      `SELECT i.id, i.amount_cents, i.created_at, i.status, u.name, u.email FROM invoices i JOIN users u ON u.id = i.user_id
        WHERE i.id = $1 AND i.user_id = $2`,
      [id, user.id],
    );
    const inv = rows[0];
    if (!inv) throw new HttpError(404, 'INVOICE_NOT_FOUND', 'Invoice not found');
    const subscription = await latestSubscription(ctx.db, user.id);
    const pdf = renderInvoicePdf([
      { text: 'Answerscope', size: 20 },
      { text: `Invoice ${inv.id}`, size: 14, gap: 30 },
      { text: `Date: ${inv.created_at.slice(0, 10)}` },
      { text: `Billed to: ${inv.name} <${inv.email}>` },
      { text: `Plan: ${subscription?.plan?.name ?? '-'}` },
      { text: `Amount: ${dollars(inv.amount_cents)}`, size: 13, gap: 30 },
      { text: `Status: ${inv.status}` },
    ]);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="${inv.id}.pdf"`)
      .send(pdf);
  },
);

export const localPaymentRoutes = [localCheckoutPage, localCheckoutComplete, localPortalPage, localPortalCancel, invoicePdf];
