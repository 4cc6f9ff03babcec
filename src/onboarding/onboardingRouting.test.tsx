import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import * as loginUrl from '../session/loginUrl';
import { makeUser, signedInServer } from '../testing/fakeServer';
import { renderApp } from '../testing/renderApp';
import type { User } from '../session/types';

// Routing of the screens outside /app and the guards, for the three demo accounts as the server
// describes them: new@example.com (not onboarded, no subscription), demo@example.com (onboarded,
// active) and lapsed@example.com (onboarded, canceled). Pages come in as engine page routes
// whose handle carries the page's "shell".
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

const NEW_USER: User = makeUser({ id: 'usr_new', name: 'Nico New', email: 'new@example.com', isOnboarded: false, userSubscription: null, userBrands: [] });
const DEMO_USER: User = makeUser({ id: 'usr_demo', name: 'Dana Demo', email: 'demo@example.com' });
const LAPSED_USER: User = makeUser({ id: 'usr_lapsed', name: 'Lee Lapsed', email: 'lapsed@example.com', userSubscription: { status: 'canceled', pricingPlan: { name: 'Starter' } } });

const page = (path: string, text: string, shell: unknown): RouteObject => ({ path, element: <p>{text}</p>, handle: { shell } });
const PAGES: RouteObject[] = [
  page('/onboarding', 'wizard page', 'onboarding'),
  page('/onboarding/snapshot', 'snapshot page', 'onboarding'),
  page('/onboarding/plans', 'plans page', 'pricing'),
  page('/payment/verify', 'verify page', 'pricing'),
  page('/app/home', 'overview page', true),
  page('/app/competitors', 'competitors page', true),
];

const location = () => screen.getByTestId('location').textContent;

function open(user: User | null, path: string) {
  const { client } = signedInServer(user);
  return renderApp(client, path, PAGES);
}

describe('onboarding screens', () => {
  it('draw the onboarding frame: logout, and the footer leading to the plans', async () => {
    open(NEW_USER, '/onboarding/snapshot');
    expect(await screen.findByText('snapshot page')).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).toBeNull();
    expect(screen.queryByText(/All rights reserved/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Unlock full insights' }));
    await waitFor(() => expect(location()).toBe('/onboarding/plans'));
    expect(await screen.findByText('plans page')).toBeTruthy();
  });

  it('draw the pricing frame with the brand and a copyright line instead', async () => {
    open(NEW_USER, '/onboarding/plans');
    expect(await screen.findByText('plans page')).toBeTruthy();
    expect(screen.getByText(`© ${new Date().getFullYear()} Answerscope. All rights reserved.`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unlock full insights' })).toBeNull();
  });

  it('log out to the site origin plus home', async () => {
    const submit = vi.spyOn(loginUrl, 'submitLogout').mockImplementation(() => undefined);
    open(NEW_USER, '/onboarding');
    expect(await screen.findByText('wizard page')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(submit).toHaveBeenCalledWith(`${window.location.origin}/app/home`);
  });

  it('send signed-out visitors to login, keeping where they were going', async () => {
    open(null, '/onboarding/plans');
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it("answer '404 Not Found' when no page has the route", async () => {
    const { client } = signedInServer(NEW_USER);
    renderApp(client, '/payment/verify', PAGES.filter((p) => p.path !== '/payment/verify'));
    expect(await screen.findByText('404 Not Found')).toBeTruthy();
  });
});

describe('guards for the demo accounts', () => {
  it('new@example.com goes to /onboarding from guarded screens', async () => {
    for (const path of ['/app/home', '/app/competitors', '/app']) {
      open(NEW_USER, path);
      await waitFor(() => expect(location()).toBe('/onboarding'));
      expect(await screen.findByText('wizard page')).toBeTruthy();
      cleanup();
    }
  });

  it('new@example.com may still open onboarding, payment verification, settings and profile', async () => {
    const cases: Array<[string, string | RegExp]> = [
      ['/onboarding/snapshot', 'snapshot page'],
      ['/onboarding/plans', 'plans page'],
      ['/payment/verify?session_id=cs_1', 'verify page'],
    ];
    for (const [path, text] of cases) {
      open(NEW_USER, path);
      expect(await screen.findByText(text)).toBeTruthy();
      expect(location()).toBe(path);
      cleanup();
    }
    for (const [path, heading] of [['/app/settings?tab=billing', 'Settings'], ['/app/profile', 'Profile']]) {
      open(NEW_USER, path);
      expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
      expect(location()).toBe(path);
      cleanup();
    }
  });

  it('demo@example.com (active) opens the app sections', async () => {
    open(DEMO_USER, '/app/competitors');
    expect(await screen.findByText('competitors page')).toBeTruthy();
    expect(location()).toBe('/app/competitors');
  });

  it('lapsed@example.com (canceled) sees Subscription Required, whose Billing Center opens the billing tab', async () => {
    open(LAPSED_USER, '/app/home');
    expect(await screen.findByRole('heading', { name: 'Subscription Required' })).toBeTruthy();
    expect(screen.queryByText('overview page')).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact Support' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Billing Center' }));
    await waitFor(() => expect(location()).toBe('/app/settings?tab=billing'));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
  });
});
