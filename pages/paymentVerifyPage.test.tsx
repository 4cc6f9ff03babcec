import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import verifyPage from './payment-verify.json';
import { fakeFetcher, fakeScope, testHost } from '../engine/testing';
import { EngineHostProvider, PageView, type DataFetcher, type PageDefinition } from '../engine';

// pages/payment-verify.json: the four states of payment verification, the verification asked once
// per visit (also under StrictMode's double mount), the user reloaded after success (a failing
// reload changes nothing), and no call without a session id.
const page = verifyPage as unknown as PageDefinition;

function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

function renderVerify(path: string, fetcher: DataFetcher, refresh: () => Promise<null> = async () => null) {
  const host = testHost({ api: fetcher, scope: { ...fakeScope(null), refresh } });
  return render(
    <StrictMode>
      <FluentProvider theme={webLightTheme}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <EngineHostProvider host={host}>
            <MemoryRouter initialEntries={[path]}>
              <Routes>
                <Route path={page.route} element={<PageView page={page} />} />
                <Route path="*" element={<Where />} />
              </Routes>
            </MemoryRouter>
          </EngineHostProvider>
        </SWRConfig>
      </FluentProvider>
    </StrictMode>,
  );
}

afterEach(cleanup);

describe('payment verification page', () => {
  it('shows verifying, then success with the subscription status; reloads the user once, tolerating failure', async () => {
    // The fake server holds every request until the test answers, then answers all of them (and
    // any later one) alike, so which request the page awaits never depends on timing.
    const calls: Array<{ callId: string; input: unknown }> = [];
    const waiting: Array<(v: unknown) => void> = [];
    let answered: { value: unknown } | null = null;
    const answer = (value: unknown) => {
      answered = { value };
      for (const resolve of waiting.splice(0)) resolve(value);
    };
    const fetcher: DataFetcher = (callId, input) => {
      calls.push({ callId, input });
      return answered ? Promise.resolve(answered.value) : new Promise((resolve) => waiting.push(resolve));
    };
    let refreshes = 0;
    renderVerify('/payment/verify?session_id=cs_local_1', fetcher, async () => {
      refreshes++;
      throw new Error('users/me is down');
    });
    expect(await screen.findByRole('heading', { name: 'Verifying your payment...' })).toBeTruthy();
    expect(screen.getByText('This will only take a moment')).toBeTruthy();
    answer({ verified: true, subscriptionId: 'sub_1', status: 'trialing', message: 'Payment verified. Your 7-day free trial has started.' });
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(screen.getByText('Payment verified. Your 7-day free trial has started.')).toBeTruthy();
    expect(screen.getByText('Subscription Status')).toBeTruthy();
    expect(screen.getByTestId('fact-status').textContent).toBe('Trial');
    // once per visit, whatever StrictMode mounts twice
    expect(calls.filter((c) => c.callId === 'onboarding.verify-payment')).toEqual([
      { callId: 'onboarding.verify-payment', input: { query: { session_id: 'cs_local_1' } } },
    ]);
    // The reload runs in an effect after the success panel is drawn, so it may follow the heading.
    await waitFor(() => expect(refreshes).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/app/home');
    expect(refreshes).toBe(1);
  });

  it("shows 'Payment Not Completed' with the server's message, Try Again and Contact Support", async () => {
    const { fetcher } = fakeFetcher({
      'onboarding.verify-payment': { verified: false, subscriptionId: null, status: 'open', message: 'Payment was not completed. Please try again.' },
    });
    renderVerify('/payment/verify?session_id=cs_open', fetcher);
    expect(await screen.findByRole('heading', { name: 'Payment Not Completed' })).toBeTruthy();
    expect(screen.getByText('Payment was not completed. Please try again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('mailto:support@answerscope.app');
    expect(screen.getByText(/If you were charged/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/onboarding/plans');
  });

  it('falls back to the default copy when a failed answer has no message', async () => {
    const { fetcher } = fakeFetcher({ 'onboarding.verify-payment': { verified: false, subscriptionId: null, status: 'open', message: '' } });
    renderVerify('/payment/verify?session_id=cs_open', fetcher);
    expect(await screen.findByText('Payment was not completed. Please try again.')).toBeTruthy();
  });

  it("shows 'Verification Failed' with Contact Support only when the call fails (an unknown session)", async () => {
    const { fetcher } = fakeFetcher({
      'onboarding.verify-payment': Object.assign(new Error('No payment session found. Please try the checkout process again.'), { status: 404 }),
    });
    renderVerify('/payment/verify?session_id=cs_nope', fetcher);
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeTruthy();
    expect(screen.getByText('Failed to verify payment. Please contact support if this issue persists.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact Support' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Go to Dashboard' })).toBeNull();
  });

  it('asks nothing without a session id', async () => {
    const { fetcher, calls } = fakeFetcher({ 'onboarding.verify-payment': { verified: true, subscriptionId: 's', status: 'active', message: 'ok' } });
    renderVerify('/payment/verify', fetcher);
    expect(await screen.findByText('No payment session found. Please try the checkout process again.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
