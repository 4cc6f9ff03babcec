import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SELECTED_BRAND_STORAGE_KEY } from '../session/selectedBrand';
import { makeBrand, makeUser, signedInServer } from '../testing/fakeServer';
import { renderApp } from '../testing/renderApp';
import { SIDEBAR_COOKIE_NAME } from './constants';

const DESKTOP_WIDTH = 1280;

function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
  window.dispatchEvent(new Event('resize'));
}

function clearSidebarCookie() {
  document.cookie = `${SIDEBAR_COOKIE_NAME}=; path=/; max-age=0`;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  clearSidebarCookie();
  setWindowWidth(DESKTOP_WIDTH);
});

const location = () => screen.getByTestId('location').textContent;

async function renderShell(path = '/app/home', user = makeUser()) {
  setWindowWidth(DESKTOP_WIDTH);
  const server = signedInServer(user);
  renderApp(server.client, path);
  const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
  // The app first renders under the start-up cover (inert); a person can use it once that lifts.
  await waitFor(() => expect(sidebar.closest('[inert]')).toBeNull());
  return server;
}

describe('sidebar', () => {
  it('lists the menu, promo card and config version', async () => {
    await renderShell();
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    for (const label of ['Overview', 'Prompts Monitor', 'Competitors', 'Sources', 'Settings', 'Help Center']) {
      expect(within(sidebar).getByText(label)).toBeTruthy();
    }
    expect(within(sidebar).getByText('Main Menu')).toBeTruthy();
    expect(within(sidebar).getByText('Upgrade to Enterprise Account!')).toBeTruthy();
    expect(within(sidebar).getByText('Increase your sales by using special features of Enterprise Membership.')).toBeTruthy();
    expect(screen.getByTestId('app-version').textContent).toBe('Version 2.3.4');

    fireEvent.click(within(sidebar).getByRole('button', { name: 'Dismiss' }));
    expect(within(sidebar).queryByText('Upgrade to Enterprise Account!')).toBeNull();
  });

  it('toggles with Ctrl+B and Meta+B and keeps the state in a 7-day cookie', async () => {
    await renderShell();
    const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar' });
    expect(sidebar().dataset.state).toBe('expanded');
    expect(sidebar().style.width).toBe('18rem');

    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    await waitFor(() => expect(sidebar().dataset.state).toBe('collapsed'));
    expect(sidebar().style.width).toBe('4rem');
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE_NAME}=false`);
    // Collapsed: icons only, labels move to aria-labels.
    expect(within(sidebar()).queryByText('Prompts Monitor')).toBeNull();
    expect(within(sidebar()).getByRole('link', { name: 'Prompts Monitor' })).toBeTruthy();

    fireEvent.keyDown(window, { key: 'B', metaKey: true });
    await waitFor(() => expect(sidebar().dataset.state).toBe('expanded'));
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE_NAME}=true`);

    // A plain "b" does nothing.
    fireEvent.keyDown(window, { key: 'b' });
    expect(sidebar().dataset.state).toBe('expanded');
  });

  it('starts collapsed when the cookie says so', async () => {
    document.cookie = `${SIDEBAR_COOKIE_NAME}=false; path=/`;
    await renderShell();
    expect(screen.getByRole('complementary', { name: 'Sidebar' }).dataset.state).toBe('collapsed');
  });

  it('is a slide-in panel under 768 px that closes when an item is chosen', async () => {
    const server = signedInServer(makeUser());
    setWindowWidth(500);
    renderApp(server.client, '/app/home');
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const panel = await screen.findByRole('dialog', { name: 'Sidebar' });
    // Mobile cuts brand names at 15 characters.
    expect(within(panel).getByText('Acme Analytics')).toBeTruthy();
    fireEvent.click(within(panel).getByText('Sources'));
    await waitFor(() => expect(location()).toBe('/app/sources'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sidebar' })).toBeNull());
  });
});

describe('brand switcher', () => {
  it('selects a brand, persists it and goes home', async () => {
    await renderShell('/app/sources');
    fireEvent.click(screen.getByRole('button', { name: 'Brand: Acme Analytics' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Your Brands')).toBeTruthy();
    // Desktop cuts names at 30 characters.
    fireEvent.click(within(menu).getByText('Globex Corporation Internation...'));
    await waitFor(() => expect(location()).toBe('/app/home'));
    expect(localStorage.getItem(SELECTED_BRAND_STORAGE_KEY)).toBe('b2');
    expect(screen.getByRole('button', { name: 'Brand: Globex Corporation International Holdings' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Brand: Globex Corporation International Holdings' }));
    const reopened = await screen.findByRole('menu');
    const selected = within(reopened).getByLabelText('Selected');
    expect(selected.closest('[role="menuitem"]')?.textContent).toContain('Globex');
    expect(within(reopened).getByText('Add Brand')).toBeTruthy();
  });

  it('keeps the stored brand across reloads and resets to the first brand when it is missing', async () => {
    localStorage.setItem(SELECTED_BRAND_STORAGE_KEY, 'b2');
    await renderShell();
    expect(screen.getByRole('button', { name: 'Brand: Globex Corporation International Holdings' })).toBeTruthy();
    cleanup();

    localStorage.setItem(SELECTED_BRAND_STORAGE_KEY, 'deleted-brand');
    await renderShell();
    expect(screen.getByRole('button', { name: 'Brand: Acme Analytics' })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(SELECTED_BRAND_STORAGE_KEY)).toBe('b1'));
  });

  it("shows the placeholder when there are no brands, and 'Upgrade Plan' at the brand limit", async () => {
    await renderShell('/app/home', makeUser({ userBrands: [], userSubscription: { status: 'active', pricingPlan: { maxBrands: 0 } } }));
    fireEvent.click(screen.getByRole('button', { name: 'Choose a project...' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByText('Add Brand')).toBeNull();
    fireEvent.click(within(menu).getByText('Upgrade Plan'));
    await waitFor(() => expect(location()).toBe('/app/settings?tab=billing'));
  });

  it('follows the server flag when present', async () => {
    const brands = [makeBrand('b1', 'Acme')];
    await renderShell('/app/home', makeUser({ userBrands: brands, canAddBrand: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Brand: Acme' }));
    const menu = await screen.findByRole('menu');
    const upgrade = within(menu).getByText('Upgrade Plan');
    fireEvent.mouseEnter(upgrade.closest('[role="menuitem"]')!);
    expect(await screen.findByText("You've used your limit. Upgrade your plan to track more brands.")).toBeTruthy();
  });
});

describe('user menu', () => {
  it('shows initials, name and email with profile and settings links', async () => {
    await renderShell();
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    const menu = await screen.findByRole('menu');
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getAllByText('AL').length).toBeGreaterThan(0);
    fireEvent.click(within(menu).getByText('View Profile'));
    await waitFor(() => expect(location()).toBe('/app/profile'));
  });
});
