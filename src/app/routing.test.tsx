import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, makeUser, signedInServer } from '../testing/fakeServer';
import { renderApp } from '../testing/renderApp';
import { pageRoutes } from '../host/pageRoutes';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const location = () => screen.getByTestId('location');

describe('routing', () => {
  it('sends unauthenticated visitors to /login keeping the origin, and back there after login', async () => {
    let signedIn = false;
    const user = makeUser();
    const { client, calls } = signedInServer(null, {
      'GET /api/users/me': () => (signedIn ? json(200, user) : json(401, { message: 'no' })),
      'POST /api/auth/login': (body) => {
        expect(body).toEqual({ email: 'ada@example.com', password: 'secret' });
        signedIn = true;
        return json(200, { ok: true });
      },
    });
    renderApp(client, '/app/prompts?x=1');
    await waitFor(() => expect(location().textContent).toBe('/login'));
    expect(JSON.parse(location().dataset.state!).from.pathname).toBe('/app/prompts');

    fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location().textContent).toBe('/app/prompts?x=1'));
    expect(calls).toContain('POST /api/auth/login');
  });

  it("shows the server's message when login fails", async () => {
    const { client } = signedInServer(null, {
      'POST /api/auth/login': () => json(401, { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }),
    });
    renderApp(client, '/login');
    fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'bad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(location().textContent).toBe('/login');
  });

  it('redirects / and /app to /app/home', async () => {
    for (const path of ['/', '/app']) {
      const { client } = signedInServer(makeUser());
      renderApp(client, path);
      await waitFor(() => expect(location().textContent).toBe('/app/home'));
      expect(await screen.findByRole('heading', { name: 'Overview' })).toBeTruthy();
      cleanup();
    }
  });

  it("shows '404 Not Found' for unknown paths, inside and outside /app", async () => {
    for (const path of ['/nope', '/app/nope']) {
      const { client } = signedInServer(makeUser());
      renderApp(client, path);
      expect(await screen.findByText('404 Not Found')).toBeTruthy();
      cleanup();
    }
  });

  it('404 offers a way back to the overview, inside and outside /app', async () => {
    for (const [path, inShell] of [['/nope', false], ['/app/nope', true]] as const) {
      const { client } = signedInServer(makeUser());
      renderApp(client, path);
      const notFound = await screen.findByTestId('not-found');
      expect(within(notFound).getByRole('link', { name: 'Back to Overview' }).getAttribute('href')).toBe('/app/home');
      expect(!!screen.queryByRole('complementary', { name: 'Sidebar' })).toBe(inShell);
      cleanup();
    }
  });

  it('a screen that fails to render shows its error inside the shell; the sidebar stays', async () => {
    const Broken = () => {
      throw new Error('screen failed');
    };
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = signedInServer(makeUser());
    renderApp(client, '/app/sources', [{ path: '/app/sources', element: <Broken /> }]);
    const failed = await screen.findByTestId('screen-error');
    expect(within(failed).getByText('Oops! Something went wrong')).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeTruthy();
    quiet.mockRestore();
  });

  it('mounts engine page routes inside the shell', async () => {
    const { client } = signedInServer(makeUser());
    renderApp(client, '/app/sources', [{ path: '/app/sources', element: <p>engine sources page</p> }]);
    expect(await screen.findByText('engine sources page')).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeTruthy();
  });

  it('an engine page inside the shell has one main landmark, the shell\'s', async () => {
    const { client } = signedInServer(makeUser(), { 'POST /api/sources/domains': () => json(200, []) });
    renderApp(client, '/app/sources', pageRoutes());
    expect(await screen.findByRole('heading', { level: 1, name: 'Sources' })).toBeTruthy();
    expect(document.querySelectorAll('main, [role="main"]')).toHaveLength(1);
    expect(document.querySelector('main')!.id).toBe('main-content');
  });

  it('sends users who are not onboarded to /onboarding, except exempt paths', async () => {
    const { client } = signedInServer(makeUser({ isOnboarded: false }));
    renderApp(client, '/app/home');
    await waitFor(() => expect(location().textContent).toBe('/onboarding'));
    cleanup();
    const second = signedInServer(makeUser({ isOnboarded: false }));
    renderApp(second.client, '/app/settings?tab=billing');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(location().textContent).toBe('/app/settings?tab=billing');
  });

  it('shows Subscription Required for guarded sections without an active or trialing subscription', async () => {
    const { client } = signedInServer(makeUser({ userSubscription: { status: 'past_due' } }));
    renderApp(client, '/app/competitors');
    expect(await screen.findByRole('heading', { name: 'Subscription Required' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Billing Center' }));
    await waitFor(() => expect(location().textContent).toBe('/app/settings?tab=billing'));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
  });

  it('lets trialing subscriptions through', async () => {
    const { client } = signedInServer(makeUser({ userSubscription: { status: 'trialing' } }));
    renderApp(client, '/app/competitors');
    expect(await screen.findByRole('heading', { name: 'Competitors' })).toBeTruthy();
  });

  it('renders /error by code and message', async () => {
    const cases: Array<[string, string]> = [
      ['/error?code=401&message=account_blocked', 'Account Blocked'],
      ['/error?code=403&message=email_not_verified', 'Email Verification Required'],
      ['/error?code=401', 'Authentication Required'],
      ['/error?code=403&message=other', 'Access Forbidden'],
      ['/error', 'Something Went Wrong'],
    ];
    for (const [path, title] of cases) {
      const { client } = signedInServer(null);
      renderApp(client, path);
      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Logout and Try Again' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Contact Support' })).toBeTruthy();
      cleanup();
    }
    const { client } = signedInServer(null);
    renderApp(client, '/error');
    expect(await screen.findByText(/500 · generic/)).toBeTruthy();
    // Under load the text and the button were in the page while the loading screen was still
    // there and the button not yet in the accessibility tree, so the button is waited for too.
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
