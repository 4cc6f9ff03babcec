import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { apiClient } from '../api/client';
import { makeUser, signedInServer } from '../testing/fakeServer';
import { renderApp } from '../testing/renderApp';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('a subscription that lapses while the app is open', () => {
  it('shows Subscription Required when a call answers 402 SUBSCRIPTION_REQUIRED, without refreshing the session', async () => {
    const { client, calls } = signedInServer(makeUser());
    renderApp(client, '/app/competitors');
    expect(await screen.findByRole('heading', { name: 'Competitors' })).toBeTruthy();

    // The pages' data calls go through the shared client; the server now refuses them.
    const pageFetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ message: 'You need an active subscription for this.', code: 'SUBSCRIPTION_REQUIRED', details: null }),
          {
            status: 402,
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    vi.stubGlobal('fetch', pageFetch);
    await act(async () => {
      await expect(apiClient.request('POST', '/api/competitors/insights', { body: {} })).rejects.toMatchObject({ status: 402 });
    });
    expect(await screen.findByRole('heading', { name: 'Subscription Required' })).toBeTruthy();
    // One call, no refresh of the session and no reload of the user: nothing to loop on.
    expect(pageFetch).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.includes('/api/auth/refresh'))).toEqual([]);
    expect(calls.filter((c) => c === 'GET /api/users/me')).toHaveLength(1);
  });
});
