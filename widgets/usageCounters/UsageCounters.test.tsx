import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { WidgetConfig } from '../../engine';
import { fakeFetcher, renderWidget } from '../../engine/testing';
import valid from './fixtures/valid.json';
import response from './fixtures/response.json';
import { counterValue } from './usage';

const config = valid as unknown as WidgetConfig;

describe('usageCounters', () => {
  it('shows each counter against its limit, checked within it and marked beyond it', async () => {
    renderWidget(config, { fetcher: fakeFetcher({ 'users.me.get': response }).fetcher });
    const items = await screen.findAllByTestId('usage-counter');
    const plan = response.userSubscription.pricingPlan;
    const usage = response.planUsage;
    expect(items.map((i) => within(i).getByTestId('usage-numbers').textContent)).toEqual([
      `${usage.prompts} / ${plan.maxPrompts}`,
      `${usage.locations} / ${plan.maxLocations}`,
      `${usage.brands} / ${plan.maxBrands}`,
    ]);
    // prompts 12 < 250: within; locations 3 > 2: over; brands 2 is not below 2: over ('below' rule)
    expect(items.map((i) => i.dataset.within)).toEqual(['true', 'false', 'false']);
    expect(within(items[0]).getByRole('img', { name: 'Within limit' })).toBeTruthy();
    expect(within(items[1]).getByRole('img', { name: 'Limit reached' })).toBeTruthy();
    expect(within(items[1]).getByRole('button', { name: 'About Location Usage' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Prompts Usage: 12 of 250' })).toBeTruthy();
  });

  it('says there is no plan when no counter has a limit', async () => {
    renderWidget(config, { fetcher: fakeFetcher({ 'users.me.get': { ...response, userSubscription: { status: 'canceled', pricingPlan: null } } }).fetcher });
    expect((await screen.findByTestId('usage-no-limit')).textContent).toBe('No plan data available');
    expect(screen.queryAllByTestId('usage-counter')).toEqual([]);
  });

  it('applies the below and atMost rules at the limit', () => {
    const rec = { u: 5, l: 5 };
    expect(counterValue(rec, { used: { field: 'u' }, limit: { field: 'l' }, within: 'below' }).within).toBe(false);
    expect(counterValue(rec, { used: { field: 'u' }, limit: { field: 'l' }, within: 'atMost' }).within).toBe(true);
    expect(counterValue({ u: 1 }, { used: { field: 'u' }, limit: { field: 'l' } })).toEqual({ used: 1, limit: null, within: false });
  });
});
