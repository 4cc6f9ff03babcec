import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, json, makeUser, signedInServer } from '../testing/fakeServer';
import { renderApp, renderWithSession } from '../testing/renderApp';
import { useSession } from './SessionContext';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function WhoAmI() {
  const { user, config, isFeatureOn } = useSession();
  return (
    <p>
      user:{user?.email ?? 'none'} version:{config.version} exports:{String(isFeatureOn('exports'))} beta:
      {String(isFeatureOn('beta'))}
    </p>
  );
}

describe('startup', () => {
  it("steps through 'Loading configuration...', 'Checking authentication...', 'Finalizing...'", async () => {
    const config = deferred<Response>();
    const me = deferred<Response>();
    const { client, calls } = fakeServer({
      'GET /api/config': () => config.promise,
      'GET /api/users/me': () => me.promise,
    });
    renderWithSession(client, <WhoAmI />, { startupPauseMs: 150 });

    expect(screen.getByRole('status').textContent).toBe('Loading configuration...');
    expect(calls).toEqual(['GET /api/config']);

    await act(async () => config.resolve(json(200, { data: { features: { exports: true, beta: 'yes' } } })));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Checking authentication...'));
    expect(calls).toEqual(['GET /api/config', 'GET /api/users/me']);

    await act(async () => me.resolve(json(200, makeUser())));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Finalizing...'));
    // During the pause the app is already rendered under the loading screen, out of reach.
    const app = screen.getByText(/user:ada@example.com/);
    expect(app.closest('[inert]')?.getAttribute('aria-hidden')).toBe('true');

    // A feature is on only when exactly true; the version defaults to 1.0.0.
    expect(await screen.findByText(/user:ada@example.com version:1.0.0 exports:true beta:false/)).toBeTruthy();
    // Start-up completes by lifting the cover: the same element, now reachable.
    await waitFor(() => expect(screen.queryByText('Finalizing...')).toBeNull());
    expect(screen.getByText(/user:ada@example.com/)).toBe(app);
    expect(app.closest('[inert]')).toBeNull();
    expect(app.closest('[aria-hidden="true"]')).toBeNull();
  });

  it("shows 'Failed to Load App' with Retry when the config cannot be loaded", async () => {
    const { client, calls } = fakeServer({ 'GET /api/config': () => json(503, { message: 'down' }) });
    renderWithSession(client, <WhoAmI />);
    expect(await screen.findByRole('heading', { name: 'Failed to Load App' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(calls).toEqual(['GET /api/config']); // no session load after a config failure
  });

  it('ends startup signed out when the session cannot be loaded', async () => {
    const { client } = signedInServer(null);
    renderWithSession(client, <WhoAmI />);
    expect(await screen.findByText(/user:none version:2.3.4/)).toBeTruthy();
  });

  it('shows the auth error page for other session errors, with Try Again only when retryable', async () => {
    let attempts = 0;
    const { client } = signedInServer(null, {
      'GET /api/users/me': () => {
        attempts += 1;
        return attempts === 1 ? json(500, { message: 'boom' }) : json(200, makeUser());
      },
    });
    renderWithSession(client, <WhoAmI />);
    expect(await screen.findByRole('heading', { name: 'Server Error' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(/user:ada@example.com/)).toBeTruthy();
  });

  it('offers Contact Support (no Try Again) for a deactivated account', async () => {
    const { client } = signedInServer(null, {
      'GET /api/users/me': () => json(400, { message: 'This account is deactivated', code: 'BAD_REQUEST' }),
    });
    renderWithSession(client, <WhoAmI />);
    expect(await screen.findByRole('heading', { name: 'Account Deactivated' })).toBeTruthy();
    expect(screen.getByText('Your account has been deactivated')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toMatch(/^mailto:/);
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText(/user:none/)).toBeTruthy();
  });

  it("shows the non-dismissable 'Session Expired' modal when a refresh fails while signed in", async () => {
    let sessionValid = true;
    const { client, calls } = signedInServer(null, {
      'GET /api/users/me': () => (sessionValid ? json(200, makeUser()) : json(401, { message: 'expired' })),
      'GET /api/brands': () => json(401, { message: 'expired' }),
    });
    renderApp(client, '/app/home');
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeTruthy();
    // The session dies: the refresh endpoint and the users/me fallback both answer 401.
    sessionValid = false;
    await act(async () => {
      await client.request('GET', '/api/brands').catch(() => undefined);
    });
    // hidden: tabster's modalizer state can linger between tests in one document and mark the
    // surface aria-hidden; the dialog itself is what matters here.
    const dialog = await screen.findByRole('alertdialog', { hidden: true });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByText('Session Expired')).toBeTruthy();
    expect(screen.getByText('Your session has expired. Please log in again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log In Again', hidden: true })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('alertdialog', { hidden: true })).toBeTruthy();
    // The page stays where it was (the modal's button returns here after login).
    expect(screen.getByTestId('location').textContent).toBe('/app/home');
    expect(calls.slice(-3)).toEqual(['GET /api/brands', 'POST /api/auth/refresh', 'GET /api/users/me']);
  });
});
