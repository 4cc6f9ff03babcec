import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInPageContext } from '../../engine/testing';
import DetailCard from './DetailCard';
import { formatMoney } from './money';
import valid from './fixtures/valid.json';
import response from './fixtures/response.json';
import type { DetailCardConfig } from './config.generated';

const config = valid as unknown as DetailCardConfig;

describe('detailCard', () => {
  it('formats cents as dollars with 2 decimals', () => {
    expect(formatMoney(4900, 'USD', true)).toBe('$49.00');
    expect(formatMoney(1999, 'USD', true)).toBe('$19.99');
    expect(formatMoney(null, 'USD', true)).toBeNull();
  });

  it('shows heading, a badge from the map (default otherwise), facts and only the actions whose conditions hold', () => {
    const sub = response.subscription;
    const { unmount } = renderInPageContext(<DetailCard id="plan" config={config} data={sub} />);
    expect(screen.getByTestId('detail-heading').textContent).toBe(sub.planName);
    // past_due is not in the fixture's map: the default badge
    expect(screen.getByTestId('detail-badge').textContent).toBe('Inactive');
    expect(screen.getByText(`${formatMoney(sub.amount, 'USD', true)} / ${sub.interval}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage Billing' })).toBeNull();
    unmount();
    renderInPageContext(<DetailCard id="plan" config={config} data={{ ...sub, status: 'trialing' }} />);
    expect(screen.getByTestId('detail-badge').textContent).toBe('Active');
    expect(screen.getByRole('button', { name: 'Manage Billing' })).toBeTruthy();
  });

  it("an action opens the URL of the call's response in a new tab, or shows the fallback error", async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    const api = vi.fn(async () => ({ url: 'https://portal.example/session' }));
    const { unmount } = renderInPageContext(<DetailCard id="plan" config={config} data={{ ...response.subscription, status: 'active' }} />, undefined, { api: api as never });
    fireEvent.click(screen.getByRole('button', { name: 'Manage Billing' }));
    await waitFor(() => expect(tab.location.href).toBe('https://portal.example/session'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(api).toHaveBeenCalledWith('billing.customer-portal-session', { body: { returnUrl: '/app/settings?tab=billing' } });
    unmount();

    const failing = vi.fn(async () => {
      throw new Error('');
    });
    renderInPageContext(<DetailCard id="plan" config={config} data={{ ...response.subscription, status: 'active' }} />, undefined, { api: failing as never });
    fireEvent.click(screen.getByRole('button', { name: 'Manage Billing' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to open billing portal'));
    expect(tab.close).toHaveBeenCalled();
    open.mockRestore();
  });
});
