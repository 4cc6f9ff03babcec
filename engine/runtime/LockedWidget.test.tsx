import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { WidgetConfig } from './types';
import { fakeFetcher, renderWidget } from './testing';

// "locked": true keeps the card and its title but draws a blurred placeholder under a lock: no
// request, nothing interactive or readable inside, and the lock named for screen readers.
afterEach(cleanup);

const card: WidgetConfig = {
  type: 'metricCard',
  title: 'Share of Voice',
  data: { call: 'onboarding.snapshot', query: { brandId: { $brand: 'id' } } },
  states: { empty: { title: 'No data available' }, error: { title: 'Failed to load data' } },
  value: { field: 'totalMentions', format: 'integer' },
  footer: [{ type: 'link', label: 'view more...', to: '/onboarding/plans' }],
};

describe('locked widgets', () => {
  it('draw the title and a lock, make no data call and hide the placeholder from screen readers', async () => {
    const { fetcher, calls } = fakeFetcher({ 'onboarding.snapshot': { totalMentions: 42 } });
    renderWidget({ ...card, locked: true }, { fetcher });
    const section = await screen.findByRole('region', { name: 'Share of Voice' });
    expect(section.getAttribute('data-locked')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Share of Voice' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Locked' })).toBeTruthy();
    const placeholder = screen.getByTestId('locked-placeholder');
    expect(placeholder.getAttribute('aria-hidden')).toBe('true');
    expect(placeholder.hasAttribute('inert')).toBe(true);
    // nothing fetched, no value, no footer link to tab into
    expect(calls).toEqual([]);
    expect(screen.queryByText('42')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('the same card unlocked fetches and shows its value', async () => {
    const { fetcher, calls } = fakeFetcher({ 'onboarding.snapshot': { totalMentions: 42 } });
    renderWidget(card, { fetcher });
    expect(await screen.findByText('42')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(screen.queryByRole('img', { name: 'Locked' })).toBeNull();
  });
});
