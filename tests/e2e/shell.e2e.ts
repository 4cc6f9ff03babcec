import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, loggedInPage } from './support/browser';

// The shell around the pages: sign-in redirects, index routes, unknown paths, sidebar, theme.
describe('App shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends a signed-out visitor to the login page and back to where they were going', async () => {
    const context = await browser.newContext({ baseURL: baseUrl() });
    const page = await context.newPage();
    await page.goto('/app/sources');
    await page.waitForURL(/\/login/);
    await page.getByLabel(/email/i).fill('demo@example.com');
    await page.getByLabel(/password/i).fill('wrong-password');
    await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
    await page.getByRole('alert').first().waitFor();
    expect(page.url()).toContain('/login');
    await page.getByLabel(/password/i).fill('demo-password');
    await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
    await page.waitForURL((u) => u.pathname === '/app/sources');
    await context.close();
  });

  it('redirects / and /app to the overview and shows 404 Not Found for unknown paths', async () => {
    const { context, page } = await loggedInPage(browser);
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === '/app/home');
    await page.goto('/app');
    await page.waitForURL((u) => u.pathname === '/app/home');
    await page.goto('/no/such/page');
    await page.getByText('404 Not Found').waitFor();
    await context.close();
  });

  it('toggles the sidebar with Ctrl+B and keeps the state in a cookie; toggles the theme', async () => {
    const { context, page } = await loggedInPage(browser);
    await page.goto('/app/home');
    await page.getByText('Main Menu', { exact: false }).first().waitFor();
    const before = (await context.cookies()).find((c) => c.name.includes('sidebar'))?.value;
    await page.keyboard.press('Control+b');
    await expect.poll(async () => (await context.cookies()).find((c) => c.name.includes('sidebar'))?.value).not.toBe(before);
    const cookie = (await context.cookies()).find((c) => c.name.includes('sidebar'))!;
    expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(604800 - 120);

    await page.getByTitle('Switch to dark mode').click();
    await page.getByTitle('Switch to light mode').waitFor();
    await page.reload();
    await page.getByTitle('Switch to light mode').waitFor();
    await context.close();
  });

  it('with the server unreachable, navigating keeps the sidebar and top bar; the cards show their error copy with Retry', async () => {
    const { context, page } = await loggedInPage(browser);
    await page.goto('/app/home');
    await page.locator('[data-widget-id="mentionRate"]').getByText('Mention Rate').first().waitFor({ timeout: 30_000 });
    // every request fails as with the server down: API calls and the code of screens not yet loaded
    await context.route('**/*', (route) => route.abort('connectionrefused'));
    try {
      await page.getByRole('navigation', { name: 'Main Menu' }).getByRole('link', { name: 'Sources' }).click();
      await page.waitForURL((u) => u.pathname === '/app/sources');
      const breakdown = page.locator('[data-widget-id="breakdown"]');
      await breakdown.getByText('Failed to load citations breakdown data').waitFor({ timeout: 30_000 });
      expect(await breakdown.getByRole('button', { name: 'Retry' }).count()).toBe(1);
      expect(await page.getByText('Oops! Something went wrong').count()).toBe(0);
      expect(await page.getByRole('navigation', { name: 'Main Menu' }).isVisible()).toBe(true);
      expect(await page.getByRole('banner').isVisible()).toBe(true);
      // the server is back: Retry loads the card in place
      await context.unroute('**/*');
      await breakdown.getByRole('button', { name: 'Retry' }).click();
      await expect.poll(() => breakdown.getByText('Failed to load citations breakdown data').count(), { timeout: 30_000 }).toBe(0);
      expect(await breakdown.locator('[aria-busy="true"]').count()).toBe(0);
    } finally {
      await context.unroute('**/*');
      await context.close();
    }
  });
});
