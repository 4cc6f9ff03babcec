import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import plansPage from './onboarding-plans.json';
import { fakeFetcher, renderPage } from '../engine/testing';
import type { PageDefinition } from '../engine';

// pages/onboarding-plans.json: the checkout step's copy, the local pricing table from the plans
// call, and the failure copy when the settings cannot be loaded.
const page = plansPage as unknown as PageDefinition;
afterEach(cleanup);

const settings = { data: { features: {}, settings: { paymentProvider: 'local', checkoutSessionRefreshMinutes: 25 }, version: '1.0.0' } };
const session = { clientSecret: 'cs_1_secret', customerId: 'cus_1', sessionId: 'cs_1', url: '/api/billing/local/checkout?session=cs_1' };
const plans = { trialDays: 7, plans: [{ id: 'plan_starter', name: 'Starter', price: 4900, interval: 'month', maxPrompts: 50, maxLocations: 3, maxBrands: 1, features: ['50 tracked prompts'] }] };

describe('onboarding plans page', () => {
  it('shows the headline, kicker and text, and the plans with a 7-day trial button', async () => {
    const { fetcher, calls } = fakeFetcher({ config: settings, 'onboarding.checkout-session': session, 'billing.plans': plans });
    renderPage(page, { fetcher });
    expect(await screen.findByRole('heading', { name: 'Start your 7-day free trial' })).toBeTruthy();
    expect(screen.getByText('one last step')).toBeTruthy();
    expect(screen.getByText("Explore all features with no commitment. You won't be charged today, and you can cancel anytime.")).toBeTruthy();
    const starter = (await screen.findByRole('heading', { name: 'Starter' })).closest('section')!;
    expect(within(starter).getByTestId('plan-price').textContent).toBe('$49.00 / month');
    expect(within(starter).getByRole('button', { name: 'Start 7-day free trial with Starter' })).toBeTruthy();
    expect(calls.filter((c) => c.callId === 'onboarding.checkout-session')).toHaveLength(1);
    expect(document.title).toBe('Start your 7-day free trial');
  });

  it("says 'Loading payment options...' and then 'Unable to load payment options. Please try again later.' when the settings fail", async () => {
    const pending = renderPage(page, { fetcher: fakeFetcher({}).fetcher });
    expect(await screen.findByRole('progressbar', { name: 'Loading payment options...' })).toBeTruthy();
    pending.unmount();
    renderPage(page, { fetcher: fakeFetcher({ config: new Error('down') }).fetcher });
    expect(await screen.findByText('Unable to load payment options. Please try again later.')).toBeTruthy();
  });
});
