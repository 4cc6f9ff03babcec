import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, LAPSED_USER, apiGet, apiPost, launchBrowser, loggedInPage } from './support/browser';
import { startProductServer, type RunningServer } from './support/server';

// The profile in a real browser, on a server of its own (it edits, shares and deletes demo data):
// demo@example.com's plan usage against GET /api/users/me, a profile edit kept after a reload, an
// avatar upload shown in the top bar, sharing a brand with a second subscriber (lapsed@example.com,
// reactivated through the local checkout first) who then sees it in the brand switcher and on its
// Overview, and deleting a brand by typing DELETE.

interface Governance {
  userRole: string;
  effectivePlan: { name: string };
  usage: { prompts: { currentUsage: number }; locations: { currentUsage: number } };
  governedBy: { name: string; userId: string };
}
interface Me {
  id: string;
  name: string;
  phone: string | null;
  profilePicture: string | null;
  userSubscription: { status: string; pricingPlan: { name: string; maxPrompts: number; maxLocations: number; maxBrands: number } | null } | null;
  userBrands: { id: string; name: string; ownerIds: string[]; planGovernance: Governance | null }[];
  planUsage: { prompts: number; locations: number; brands: number };
}

// The smallest valid PNG (1×1, transparent).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const widget = (page: Page, id: string) => page.locator(`[data-widget-id="${id}"]`);
const brandCard = (page: Page, name: string) =>
  widget(page, 'brands').getByTestId('card-grid-item').filter({ has: page.getByTestId('card-grid-title').getByText(name, { exact: true }) });

/** A lapsed account becomes a paying one again through the local checkout (the API the billing tab uses). */
async function reactivate(page: Page): Promise<void> {
  const origin = new URL(page.url()).origin;
  const { url } = await apiPost<{ url: string }>(page, '/api/billing/reactivate-subscription', {
    success_url: `${origin}/app/settings?tab=billing`,
    cancel_url: `${origin}/app/settings?tab=billing`,
  });
  const session = new URL(url, origin).searchParams.get('session');
  expect(session).toBeTruthy();
  await apiPost(page, '/api/billing/local/checkout/complete', { session, planId: 'plan_starter', successUrl: null });
}

describe('Profile', () => {
  let browser: Browser;
  let server: RunningServer;
  let demo: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startProductServer()]);
    demo = await loggedInPage(browser, DEMO_USER, { width: 1440, height: 1000 }, server.baseUrl);
    await demo.page.goto('/app/profile');
    await widget(demo.page, 'usage').getByTestId('usage-counter').first().waitFor({ timeout: 30_000 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the plan usage counters as the user record gives them', async () => {
    const { page } = demo;
    const me = await apiGet<Me>(page, '/api/users/me');
    const plan = me.userSubscription!.pricingPlan!;
    // the counters' numbers are the owned brands' planGovernance totals
    const owned = me.userBrands.filter((b) => b.ownerIds.includes(me.id) && b.planGovernance);
    expect(me.planUsage.prompts).toBe(owned.reduce((n, b) => n + b.planGovernance!.usage.prompts.currentUsage, 0));
    expect(me.planUsage.brands).toBe(owned.length);
    const numbers = await widget(page, 'usage').getByTestId('usage-numbers').allTextContents();
    const n = (v: number) => v.toLocaleString('en-US');
    expect(numbers).toEqual([
      `${n(me.planUsage.prompts)} / ${n(plan.maxPrompts)}`,
      `${n(me.planUsage.locations)} / ${n(plan.maxLocations)}`,
      `${n(me.planUsage.brands)} / ${n(plan.maxBrands)}`,
    ]);
    expect(await widget(page, 'identity').getByTestId('upload-badge').textContent()).toBe(`${plan.name} Plan`);
    // one card per brand, with its prompts used from planGovernance
    for (const b of me.userBrands) {
      const used = brandCard(page, b.name).locator('[data-field="planGovernance.usage.prompts.currentUsage"]');
      expect(await used.textContent(), b.name).toBe(String(b.planGovernance!.usage.prompts.currentUsage));
    }
  });

  it('edits the profile, and the change is kept after a reload', async () => {
    const { page } = demo;
    await widget(page, 'personal').getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Full Name').fill('Dana Q. Demo');
    await page.getByLabel('Phone').fill('+1 555 0100');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await widget(page, 'personal').getByRole('button', { name: 'Edit Profile' }).waitFor();
    await page.reload();
    const shown = (field: string) => widget(page, 'personal').locator(`[data-testid="form-values"] [data-field="${field}"]`);
    await shown('name').waitFor();
    expect(await shown('name').textContent()).toBe('Dana Q. Demo');
    expect(await shown('phone').textContent()).toBe('+1 555 0100');
    const me = await apiGet<Me>(page, '/api/users/me');
    expect([me.name, me.phone]).toEqual(['Dana Q. Demo', '+1 555 0100']);
  });

  it('uploads an avatar that the top bar then shows', async () => {
    const { page } = demo;
    await widget(page, 'identity').getByTestId('upload-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Profile picture updated.').waitFor();
    const me = await apiGet<Me>(page, '/api/users/me');
    expect(me.profilePicture).toMatch(/^\/api\/users\/profile-pictures\//);
    await page.getByRole('button', { name: 'User menu' }).locator(`img[src="${me.profilePicture}"]`).waitFor();
    // a file that is not an image is refused before anything is sent
    let uploads = 0;
    page.on('request', (r) => { if (r.url().endsWith('/api/users/me/profile-picture')) uploads++; });
    await widget(page, 'identity').getByTestId('upload-input').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await widget(page, 'identity').getByRole('alert').getByText('Please choose an image file (PNG, JPEG, GIF, WebP, AVIF or BMP).').waitFor();
    expect(uploads).toBe(0);
  });

  it('shares a brand with a second subscriber, who then sees it in the switcher and its Overview', async () => {
    const lee = await loggedInPage(browser, LAPSED_USER, { width: 1440, height: 1000 }, server.baseUrl);
    await reactivate(lee.page);
    const { page } = demo;
    const me = await apiGet<Me>(page, '/api/users/me');
    const shared = me.userBrands.find((b) => b.ownerIds.includes(me.id))!;

    await brandCard(page, shared.name).getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: `Share ${shared.name}` });
    await dialog.getByLabel('Email address').fill('lapsed@example.com');
    await dialog.getByRole('button', { name: 'Share' }).click();
    await dialog.getByText('Shared with lapsed@example.com.').waitFor();
    await dialog.getByText('Lee Lapsed').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Lee signs in again: the brand is theirs to see, governed by its owner
    await lee.page.goto('/app/home');
    await lee.page.getByRole('button', { name: `Brand: ${shared.name}` }).click();
    await lee.page.getByRole('menuitem', { name: shared.name }).click();
    await lee.page.waitForURL((u) => u.pathname === '/app/home');
    await lee.page.locator('[data-page-id="overview"]').waitFor();
    await lee.page.locator('[data-page-id="overview"] [data-widget-id="header"]').getByText(shared.name).first().waitFor();
    const leeMe = await apiGet<Me>(lee.page, '/api/users/me');
    const seen = leeMe.userBrands.find((b) => b.id === shared.id)!;
    expect(seen.planGovernance!.userRole).toBe('other');
    expect(seen.planGovernance!.governedBy.userId).toBe(me.id);
    expect(leeMe.planUsage).toEqual({ prompts: 0, locations: 0, brands: 0 });
    // on Lee's profile the brand is 'Other', without Share or Delete Brand
    await lee.page.goto('/app/profile');
    const card = brandCard(lee.page, shared.name);
    await card.getByText('Other', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Share' }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Delete Brand' }).count()).toBe(0);
    await lee.context.close();
  });

  it('deletes a brand once DELETE is typed', async () => {
    const { page } = demo;
    const before = await apiGet<Me>(page, '/api/users/me');
    const doomed = before.userBrands.filter((b) => b.ownerIds.includes(before.id)).at(-1)!;
    await brandCard(page, doomed.name).getByRole('button', { name: 'Delete Brand' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Delete ${doomed.name}?` });
    const confirm = dialog.getByRole('button', { name: 'Delete Brand' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByTestId('type-to-confirm').fill('DELETE');
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });
    await brandCard(page, doomed.name).waitFor({ state: 'detached' });
    const after = await apiGet<Me>(page, '/api/users/me');
    expect(after.userBrands.map((b) => b.id)).not.toContain(doomed.id);
    expect(after.planUsage.brands).toBe(before.planUsage.brands - 1);
  });
});
