import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/security/password';
import { TEST_DATABASE_URL } from '../../server/db/testing';
import { DEMO_USER, apiGet, launchBrowser, loggedInPage } from './support/browser';
import { startProductServer, type RunningServer } from './support/server';
import { fixed } from './support/numbers';

// Settings as demo@example.com on a server of this file's own (it changes the demo account's
// settings and deactivates an account): toggles kept after reload, a refused save reverted, the
// password-email cooldown surviving a reload, billing against the billing API, the data export,
// and account deletion end to end. The server runs on a fresh PostgreSQL database so the test can
// add a throwaway user to it (DuckDB admits one process); the demo users are never deleted.

const THROWAWAY = { email: `throwaway-${Date.now()}@example.com`, password: 'demo-password' };

interface PgServer extends RunningServer {
  databaseUrl: string;
}

function databaseUrlFor(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  await client.query(sql);
  await client.end();
}

/** The product (built front end + API) on a new PostgreSQL database, seeded with the demo data; dropped on stop. */
async function startPgServer(): Promise<PgServer> {
  const name = `settings_e2e_${process.pid}_${Date.now()}`;
  await admin(`CREATE DATABASE ${name}`);
  const databaseUrl = databaseUrlFor(name);
  const server = await startProductServer({ databaseUrl, afterStop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) });
  return { ...server, databaseUrl };
}

async function addThrowawayUser(databaseUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(
    `INSERT INTO users (id, email, password_hash, name, role, tenant_id, created_at, is_onboarded, is_active)
     VALUES ('usr_throwaway', $1, $2, 'Throwaway Tester', 'user', 'tnt_throwaway', NOW(), true, true)`,
    [THROWAWAY.email, await hashPassword(THROWAWAY.password)],
  );
  await db.end();
}

async function isActive(databaseUrl: string, email: string): Promise<boolean> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query(`SELECT is_active FROM users WHERE email = $1`, [email]);
  await db.end();
  return rows[0]?.is_active === true;
}

const toggle = (page: Page, name: string) => page.getByRole('switch', { name, exact: true });

/** Flips a switch and waits for its save to be answered. */
async function flip(page: Page, name: string, path: string): Promise<void> {
  const saved = page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'PUT');
  await toggle(page, name).click();
  expect((await saved).ok()).toBe(true);
  await expect.poll(() => toggle(page, name).isEnabled()).toBe(true);
}

describe('Settings', () => {
  let browser: Browser;
  let server: PgServer;
  // one signed-in demo tab for the demo tests: fewer sign-ins and app start-ups on a busy machine
  let demo: Awaited<ReturnType<typeof loggedInPage>>;
  beforeAll(async () => {
    server = await startPgServer();
    await addThrowawayUser(server.databaseUrl);
    browser = await launchBrowser();
    demo = await loggedInPage(browser, DEMO_USER, undefined, server.baseUrl);
  });
  afterAll(async () => {
    await demo?.context.close();
    await browser?.close();
    await server?.stop();
  });

  it('each notification and privacy toggle is kept after a reload; security alerts cannot be turned off', async () => {
    const { page } = demo;
    await page.goto('/app/settings?tab=notifications');
    const notifications = ['Prompt monitoring', 'Competitor intelligence', 'Weekly reports'];
    await toggle(page, notifications[0]).waitFor();
    const before: Record<string, boolean> = {};
    for (const name of notifications) {
      before[name] = await toggle(page, name).isChecked();
      await flip(page, name, '/api/users/me/notification-settings');
    }
    expect(await toggle(page, 'Security alerts').isChecked()).toBe(true);
    expect(await toggle(page, 'Security alerts').isDisabled()).toBe(true);

    await page.getByRole('tab', { name: 'Data and Privacy' }).click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'privacy');
    const privacy = ['Marketing emails', 'Surveys and research', 'Usage analytics'];
    await toggle(page, privacy[0]).waitFor();
    for (const name of privacy) {
      before[name] = await toggle(page, name).isChecked();
      await flip(page, name, '/api/users/me/privacy-settings');
    }

    await page.goto('/app/settings?tab=notifications');
    await toggle(page, notifications[0]).waitFor();
    for (const name of notifications) expect(await toggle(page, name).isChecked()).toBe(!before[name]);
    await page.reload();
    await page.getByRole('tab', { name: 'Data and Privacy' }).click();
    await toggle(page, privacy[0]).waitFor();
    for (const name of privacy) expect(await toggle(page, name).isChecked()).toBe(!before[name]);

    const me = await apiGet<{ notificationSettings: { preferences: Record<string, boolean> }; privacySettings: Record<string, boolean> }>(page, '/api/users/me');
    expect(me.notificationSettings.preferences.weekly_reports).toBe(!before['Weekly reports']);
    expect(me.privacySettings.analyticsTracking).toBe(!before['Usage analytics']);
  });

  it('a refused save puts the switch back and says so', async () => {
    const { page } = demo;
    await page.route('**/api/users/me/notification-settings', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Refused', code: 'INTERNAL' }) }),
    );
    await page.goto('/app/settings?tab=notifications');
    const weekly = toggle(page, 'Weekly reports');
    await weekly.waitFor();
    const was = await weekly.isChecked();
    await weekly.click();
    await page.getByRole('alert').filter({ hasText: 'Failed to update Weekly reports' }).waitFor();
    await expect.poll(() => weekly.isChecked()).toBe(was);
    await page.unroute('**/api/users/me/notification-settings');
    await page.reload();
    await toggle(page, 'Weekly reports').waitFor();
    expect(await toggle(page, 'Weekly reports').isChecked()).toBe(was);
  });

  it('the password email cooldown counts down and survives a reload', async () => {
    const { page } = demo;
    await page.goto('/app/settings');
    await page.getByText(`We will send a password change link to ${DEMO_USER.email}.`).waitFor();
    await page.getByRole('button', { name: 'Send Password Change Email' }).click();
    await page.getByText('Password change email sent successfully!').waitFor();
    const cooling = page.getByRole('button', { name: /^Try again in [12]:\d\d$/ });
    await cooling.waitFor();
    expect(await cooling.isDisabled()).toBe(true);
    const end = Number(await page.evaluate(() => localStorage.getItem('passwordResetEndTime')));
    expect(end - Date.now()).toBeGreaterThan(100_000);
    expect(end - Date.now()).toBeLessThanOrEqual(120_000);
    const first = await cooling.textContent();
    await expect.poll(() => cooling.textContent(), { timeout: 5000 }).not.toBe(first);

    await page.reload();
    const after = page.getByRole('button', { name: /^Try again in [12]:\d\d$/ });
    await after.waitFor();
    expect(await after.isDisabled()).toBe(true);
    expect(Number(await page.evaluate(() => localStorage.getItem('passwordResetEndTime')))).toBe(end);
  });

  it('billing shows the seeded plan, card and invoices', async () => {
    const { page } = demo;
    const billing = await apiGet<{
      subscription: { planName: string; status: string; amount: number; interval: string };
      paymentMethod: { last4: string } | null;
      recentInvoices: Array<{ amount: number }>;
    }>(page, '/api/billing/dashboard');
    await page.goto('/app/settings?tab=billing');
    const plan = page.getByRole('region', { name: 'Current Plan' });
    await plan.getByText(billing.subscription.planName, { exact: true }).waitFor();
    await plan.getByText(`$${fixed(billing.subscription.amount / 100, 2)} / ${billing.subscription.interval}`).waitFor();
    await plan.getByText('Active', { exact: true }).waitFor();
    await plan.getByRole('button', { name: 'Manage Billing' }).waitFor();
    if (billing.paymentMethod) await page.getByRole('region', { name: 'Payment Method' }).getByText(`•••• ${billing.paymentMethod.last4}`, { exact: false }).waitFor();
    const history = page.getByRole('region', { name: 'Billing History' });
    await history.getByRole('button', { name: 'Download PDF' }).first().waitFor();
    const rows = history.getByRole('row');
    expect(await rows.count()).toBe(billing.recentInvoices.length + 1);
    const amounts = await history.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(amounts.map((a) => a.trim()).sort()).toEqual(billing.recentInvoices.map((i) => fixed(i.amount / 100, 2)).sort());
  });

  it("exports the account's data as a JSON file holding the demo brands", async () => {
    const { page } = demo;
    const me = await apiGet<{ id: string; userBrands: Array<{ name: string; ownerIds: string[] }> }>(page, '/api/users/me');
    const owned = me.userBrands.filter((b) => b.ownerIds.includes(me.id)).map((b) => b.name);
    expect(owned.length).toBeGreaterThan(0);
    await page.goto('/app/settings?tab=privacy');
    const download = page.waitForEvent('download', { timeout: 200_000 });
    await page.getByRole('button', { name: 'Export my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('answerscope-export.json');
    const data = JSON.parse(readFileSync((await file.path())!, 'utf8'));
    expect(data.profile.email).toBe(DEMO_USER.email);
    expect(data.brands.map((b: { name: string }) => b.name).sort()).toEqual([...owned].sort());
    expect(Object.keys(data.profile)).not.toContain('passwordHash');
    expect(JSON.stringify(data)).not.toContain('scrypt$');
    // every run of three demo brands with its answer, mentions and citations: tens of megabytes
  }, 240_000);

  it('deletes a throwaway account after DELETE is typed, signs it out, and it cannot sign in again', async () => {
    const { context, page } = await loggedInPage(browser, THROWAWAY, undefined, server.baseUrl);
    await page.goto('/app/settings?tab=privacy');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete Account' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox').fill('delete');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox').fill('DELETE');
    expect(await confirm.isEnabled()).toBe(true);
    await confirm.click();
    await page.waitForURL((u) => !u.pathname.startsWith('/app/settings'), { timeout: 30_000 });
    expect(await isActive(server.databaseUrl, THROWAWAY.email)).toBe(false);
    expect(await isActive(server.databaseUrl, DEMO_USER.email)).toBe(true);
    const me = await page.request.get('/api/users/me');
    expect(me.status()).toBe(401);
    const login = await page.request.post('/api/auth/login', { data: THROWAWAY });
    expect(login.status()).toBe(400);
    expect(await login.text()).toMatch(/deactivated/i);
    await context.close();
  });
});
