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
});
