import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { WidgetConfig } from '../../engine';
import { fakeFetcher, renderWidget } from '../../engine/testing';
import valid from './fixtures/valid.json';
import response from './fixtures/response.json';
import { stripeScripts } from './stripeScript';
import { checkoutUrl } from './PricingTable';

const config = valid as unknown as WidgetConfig;

function configAnswer(settings: Record<string, unknown>) {
  return { data: { features: {}, settings, version: '1.0.0' } };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  stripeScripts().forEach((s) => s.remove());
});

describe('pricingTable, local provider', () => {
  let assign: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, origin: 'http://localhost:3000', assign } as unknown as Location);
  });
  afterEach(() => vi.restoreAllMocks());

  it('draws the plans of the plans call with their prices and features, under the headline', async () => {
    renderWidget(config, { fetcher: fakeFetcher({ config: response.config, 'onboarding.checkout-session': response.session, 'billing.plans': response.plans }).fetcher });
    expect(await screen.findByRole('heading', { name: 'Start your 7-day free trial' })).toBeTruthy();
    expect(screen.getByText('one last step')).toBeTruthy();
    expect(screen.getByText("Explore all features with no commitment. You won't be charged today, and you can cancel anytime.")).toBeTruthy();
    await screen.findByRole('heading', { name: response.plans.plans[0].name });
    const cards = [...document.querySelectorAll<HTMLElement>('[data-plan]')];
    expect(cards).toHaveLength(response.plans.plans.length);
    response.plans.plans.forEach((plan, i) => {
      const card = within(cards[i]);
      expect(card.getByRole('heading', { name: plan.name })).toBeTruthy();
      expect(card.getByTestId('plan-price').textContent).toBe(`$${(plan.price / 100).toFixed(2)} / ${plan.interval}`);
      for (const f of plan.features) expect(card.getByText(f)).toBeTruthy();
    });
  });

  it("opens the session's hosted checkout for the chosen plan", async () => {
    renderWidget(config, { fetcher: fakeFetcher({ config: response.config, 'onboarding.checkout-session': response.session, 'billing.plans': response.plans }).fetcher });
    fireEvent.click(await screen.findByRole('button', { name: 'Start 7-day free trial with Growth' }));
    expect(assign).toHaveBeenCalledTimes(1);
    const target = new URL(assign.mock.calls[0][0] as string, 'http://localhost:3000');
    expect(target.pathname).toBe('/api/billing/local/checkout');
    expect(target.searchParams.get('session')).toBe('cs_local_abc');
    expect(target.searchParams.get('plan')).toBe('plan_growth');
    expect(target.searchParams.get('success_url')).toBe('/payment/verify?session_id={CHECKOUT_SESSION_ID}');
  });

  it("shows 'Loading payment options...' while the session loads, and the failure copy with Retry when it fails", async () => {
    let fail = true;
    const { fetcher, calls } = fakeFetcher({
      config: response.config,
      'onboarding.checkout-session': () => (fail ? new Error('boom') : response.session),
      'billing.plans': response.plans,
    });
    renderWidget(config, { fetcher });
    expect(await screen.findByText('Unable to load payment options. Please try again later.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Starter' })).toBeTruthy();
    expect(calls.filter((c) => c.callId === 'onboarding.checkout-session').length).toBe(2);
  });

  it('says loading while nothing has answered', async () => {
    renderWidget(config, { fetcher: fakeFetcher({ config: response.config }).fetcher });
    expect(await screen.findByText('Loading payment options...')).toBeTruthy();
  });

  it('refreshes the checkout session every checkoutSessionRefreshMinutes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { fetcher, calls } = fakeFetcher({
      config: configAnswer({ paymentProvider: 'local', checkoutSessionRefreshMinutes: 10 }),
      'onboarding.checkout-session': response.session,
      'billing.plans': response.plans,
    });
    renderWidget(config, { fetcher });
    await screen.findByRole('heading', { name: 'Starter' });
    const sessions = () => calls.filter((c) => c.callId === 'onboarding.checkout-session').length;
    expect(sessions()).toBe(1);
    await act(async () => {
      vi.advanceTimersByTime(9 * 60_000);
    });
    expect(sessions()).toBe(1);
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(sessions()).toBe(2);
  });
});

describe('pricingTable, stripe provider', () => {
  it('loads the pricing table script once and renders the element with the session and the user id', async () => {
    const settings = { paymentProvider: 'stripe', stripePublishableKey: 'pk_test_123', stripePricingTableId: 'prctbl_456', checkoutSessionRefreshMinutes: 25 };
    const { fetcher, calls } = fakeFetcher({ config: configAnswer(settings), 'onboarding.checkout-session': { clientSecret: 'cuss_secret_789', customerId: 'cus_1', url: '' } });
    renderWidget(config, { fetcher });
    await screen.findByRole('heading', { name: 'Start your 7-day free trial' });
    const table = await vi.waitFor(() => {
      const el = document.querySelector('stripe-pricing-table');
      if (!el) throw new Error('no table yet');
      return el;
    });
    expect(table.getAttribute('pricing-table-id')).toBe('prctbl_456');
    expect(table.getAttribute('publishable-key')).toBe('pk_test_123');
    expect(table.getAttribute('customer-session-client-secret')).toBe('cuss_secret_789');
    expect(table.getAttribute('client-reference-id')).toBe('user-1');
    await vi.waitFor(() => expect(stripeScripts()).toHaveLength(1));
    // a second table (another visit) does not add the script again
    cleanup();
    renderWidget(config, { fetcher });
    await vi.waitFor(() => {
      if (!document.querySelector('stripe-pricing-table')) throw new Error('no table yet');
    });
    expect(stripeScripts()).toHaveLength(1);
    // the plans are the provider's: the local plans call is not made
    expect(calls.some((c) => c.callId === 'billing.plans')).toBe(false);
  });

  it('shows the failure copy when no payment provider is configured', async () => {
    renderWidget(config, { fetcher: fakeFetcher({ config: configAnswer({ paymentProvider: 'none' }), 'onboarding.checkout-session': response.session }).fetcher });
    expect(await screen.findByText('Unable to load payment options. Please try again later.')).toBeTruthy();
  });
});

describe('checkoutUrl', () => {
  it('adds the plan to a same-site checkout address and keeps it a path', () => {
    expect(checkoutUrl({ clientSecret: 'x', customerId: 'c', url: '/api/billing/local/checkout?session=cs_1' }, 'plan_a', 'http://h')).toBe(
      '/api/billing/local/checkout?session=cs_1&plan=plan_a',
    );
  });
});
