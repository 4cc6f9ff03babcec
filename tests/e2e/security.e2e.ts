import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiPost, baseUrl, launchBrowser, loggedInPage } from './support/browser';
import { takeCspViolations } from './support/cspWatch';

// The app under its security headers in a real browser: the screens the other files do not open
// run without a CSP violation (support/cspSetup.ts fails a test on any), the checkout and portal
// pages work under their own CSP, nothing can frame the app, a cross-site form POST is refused,
// and logout is a form POST that ends the session.

interface Me {
  userBrands: Array<{ id: string }>;
}

/** Waits for the screen's heading and for no request to be in flight. */
async function openScreen(page: Page, path: string, heading: RegExp | string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { name: heading }).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

describe('Security headers in the browser', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await loggedInPage(browser));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('serves the app with a CSP and no framing', async () => {
    const res = await page.goto('/app/home');
    const headers = res!.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    await page.getByRole('heading', { name: 'Overview' }).first().waitFor();
  });

  it('settings, profile and add brand run without a CSP violation', async () => {
    await openScreen(page, '/app/settings', /settings/i);
    await openScreen(page, '/app/profile', /profile/i);
    await openScreen(page, '/app/add-brand', /brand/i);
    expect(takeCspViolations()).toEqual([]);
  });

  it('the local billing portal and checkout pages work under their own CSP', async () => {
    const portal = await apiPost<{ url: string }>(page, '/api/billing/customer-portal-session', {
      returnUrl: `${baseUrl()}/app/settings?tab=billing`,
    });
    await page.goto(portal.url);
    await page.getByRole('heading', { name: 'Billing portal' }).waitFor();
    expect((await page.getByRole('link', { name: 'Return to Answerscope' }).getAttribute('href'))).toBe('/app/settings?tab=billing');

    const checkout = await apiPost<{ url: string }>(page, '/api/billing/reactivate-subscription', {
      success_url: `${baseUrl()}/app/settings?tab=billing`,
      cancel_url: `${baseUrl()}/app/settings?tab=billing`,
    });
    await page.goto(checkout.url);
    // The page's script (allowed by its hash) pays and moves on to the success URL.
    await page.locator('button[data-plan]').first().click();
    await page.waitForURL((u) => u.pathname === '/app/settings', { timeout: 30_000 });
  });

  it('cannot be framed by another page', async () => {
    const context = await browser.newContext();
    const attacker = await context.newPage();
    await attacker.setContent(`<iframe id="f" src="${baseUrl()}/app/home" width="800" height="600"></iframe>`);
    await attacker.waitForTimeout(1500);
    const frame = attacker.frames().find((f) => f.url().startsWith(baseUrl()));
    // Chromium shows an error page instead: the app's own content never loads in the frame.
    const framedRoot = frame ? await frame.locator('#root').count().catch(() => 0) : 0;
    expect(framedRoot).toBe(0);
    // The refusal is itself reported as a (wanted) frame-ancestors violation on the attacker page.
    expect(takeCspViolations().every((v) => /frame-ancestors|X-Frame-Options/i.test(v))).toBe(true);
    await context.close();
  });

  it('refuses a cross-site form POST that would add a competitor with the signed-in user’s cookies', async () => {
    const me = await apiGet<Me>(page, '/api/users/me');
    const brandId = me.userBrands[0].id;
    // The attacker's page, served at another site without any network traffic.
    await page.route('http://evil.localhost/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<form method="post" action="${baseUrl()}/api/competitors">
<input name="brandId" value="${brandId}"><input name="competitorName" value="Evil Corp"></form>
<script>document.forms[0].submit()</script>`,
      }),
    );
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${baseUrl()}/api/competitors`),
      page.goto('http://evil.localhost/attack.html'),
    ]);
    expect(response.status()).toBe(403);
    expect((await response.json()).code).toBe('CROSS_SITE_REQUEST');
    // Refused before any handler ran (the guard is an onRequest hook): nothing was added.
    await page.unroute('http://evil.localhost/**');
  });

  it('logs out from the user menu with a POST and lands on the login page signed out', async () => {
    await openScreen(page, '/app/home', 'Overview');
    const [logout] = await Promise.all([
      page.waitForRequest((r) => r.url().startsWith(`${baseUrl()}/api/auth/logout`)),
      (async () => {
        await page.getByRole('button', { name: 'User menu' }).click();
        await page.getByRole('menuitem', { name: 'Logout' }).click();
      })(),
    ]);
    expect(logout.method()).toBe('POST');
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 30_000 });
    expect((await page.request.get('/api/users/me')).status()).toBe(401);
  });
});
