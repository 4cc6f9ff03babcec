import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { watchBrowser } from './cspWatch';

// Debian's Chromium, launched the way this machine needs (no sandbox as root; no background
// networking, whose connections the closed network refuses).
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium, with every page watched for CSP violations (they fail the running test). */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // Playwright gives every launch a fresh, empty profile directory of its own.
    args: CHROMIUM_ARGS,
  });
  return watchBrowser(browser);
}

export const baseUrl = () => inject('baseUrl');

export const DEMO_USER = { email: 'demo@example.com', password: 'demo-password' };
export const NEW_USER = { email: 'new@example.com', password: 'demo-password' };
export const LAPSED_USER = { email: 'lapsed@example.com', password: 'demo-password' };

/**
 * A fresh context signed in through the login page, as a person would. `serverUrl`: a server the
 * test file started itself (`startProductServer`), for files that change the demo accounts.
 */
export async function loggedInPage(
  browser: Browser,
  user = DEMO_USER,
  viewport = { width: 1440, height: 1000 },
  serverUrl: string = baseUrl(),
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: serverUrl, viewport, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(user.email);
  await page.getByLabel(/password/i).fill(user.password);
  await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  return { context, page };
}

/** The same API the page uses, with the page's cookies: numbers on screen are checked against it. */
export async function apiPost<T>(page: Page, path: string, body: unknown): Promise<T> {
  const res = await page.request.post(path, { data: body });
  if (!res.ok()) throw new Error(`${path} → ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  if (!res.ok()) throw new Error(`${path} → ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}
