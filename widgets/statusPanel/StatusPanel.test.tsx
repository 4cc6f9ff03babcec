import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { WidgetConfig } from '../../engine';
import { fakeFetcher, renderWidget } from '../../engine/testing';
import valid from './fixtures/valid.json';
import response from './fixtures/response.json';
import { panelFor } from './StatusPanel';
import type { StatusPanelConfig } from './config.generated';

// The kind on its own: the outcome chosen from the answer, and the 'missing' panel (no call) when
// an address parameter is absent. The page test (pages/paymentVerifyPage.test.tsx) drives the
// whole verification, once per visit.
const config = valid as unknown as StatusPanelConfig;
afterEach(cleanup);

describe('statusPanel', () => {
  it('picks the first outcome whose conditions hold, else otherwise', () => {
    expect(panelFor(config, response).title).toBe('Payment Successful!');
    expect(panelFor(config, { ...response, verified: false }).title).toBe('Payment Not Completed');
    expect(panelFor(config, null).title).toBe('Payment Not Completed');
  });

  it("shows the 'missing' panel and makes no call without the address parameter", async () => {
    const { fetcher, calls } = fakeFetcher({ 'onboarding.verify-payment': response });
    renderWidget(valid as unknown as WidgetConfig, { fetcher });
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeTruthy();
    expect(screen.getByText('No payment session found. Please try the checkout process again.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
