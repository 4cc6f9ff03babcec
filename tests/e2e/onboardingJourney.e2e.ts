import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAPSED_USER, NEW_USER, apiGet, apiPost, launchBrowser, loggedInPage } from './support/browser';
import { card, requestBodyOf, waitForCards } from './support/page';
import { startProductServer, type RunningServer } from './support/server';
import { fixed } from './support/numbers';

// The way in for a new subscriber, in a real browser on a server of its own (it onboards and
// reactivates demo accounts): new@example.com fills onboarding pages 1-3 (empty fields show the
// validation messages), the insights are generated, then the snapshot's numbers are checked against
// the snapshot call, the plans lead through the local checkout to /payment/verify and the Overview of
// the new brand. lapsed@example.com reactivates from the billing tab; an unknown session is
// refused.

interface Snapshot {
  brandName: string;
  totalMentions: number;
  totalCitations: number;
  prompts: { prompt: string; mentions: { brandName: string; isMentioned: boolean; mentionedRank: number | null }[] }[];
  uniqueDomainsWithCount: { domain: string; count: number }[];
  brandRankings: { brandName: string; averageRank: number; discovery: number }[];
}

const BRAND = { brandName: 'Plantask', brandWebsite: 'https://www.plantask.io', brandCountry: 'US' };

/**
 * Onboarding pages 1-3 in the browser as a person fills them: Next on empty fields shows the
 * validation messages, then the brand, the preselected prompts and the streamed generation, which
 * ends on the snapshot. Answers the onboarding brand's id.
 */
async function onboardInBrowser(page: Page): Promise<string> {
  await page.goto('/onboarding');
  await page.getByRole('heading', { name: 'Choose your account type' }).waitFor();
  await page.getByRole('button', { name: 'Next Step' }).click();
  for (const message of ['Account type is required', 'You must accept the terms and conditions']) await page.getByText(message).waitFor();
  await page.getByRole('radio', { name: 'Individual' }).check();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Next Step' }).click();

  await page.getByRole('heading', { name: 'Tell us about your brand' }).waitFor();
  await page.getByRole('button', { name: 'Next Step' }).click();
  for (const message of ['Brand name is required', 'Brand website is required', 'Country selection is required']) await page.getByText(message).waitFor();
  await page.getByRole('textbox', { name: 'Brand name' }).fill(BRAND.brandName);
  await page.getByRole('textbox', { name: 'Website' }).fill('not a website');
  await page.getByRole('textbox', { name: 'Website' }).blur();
  await page.getByText(/^Please enter a valid website URL \(e\.g\., .+\)$/).waitFor();
  await page.getByRole('textbox', { name: 'Website' }).fill(BRAND.brandWebsite);
  await page.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name: 'United States' }).click();
  await page.getByRole('button', { name: 'Next Step' }).click();

  await page.getByRole('heading', { name: 'Suggested Prompts' }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Generate Insights' }).click();
  await page.waitForURL((u) => u.pathname === '/onboarding/snapshot', { timeout: 180_000 });
  const progress = await apiGet<{ id: string; snapshotGenerated: boolean }>(page, '/api/onboarding/progress');
  expect(progress.snapshotGenerated).toBe(true);
  return progress.id;
}

describe('Onboarding journey', () => {
  let browser: Browser;
  let server: RunningServer;
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startProductServer()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('new@example.com: onboarding pages 1-3 → generation → snapshot → plans → local checkout → payment verified → Overview of the new brand', async () => {
    const { context, page } = await loggedInPage(browser, NEW_USER, { width: 1440, height: 1000 }, server.baseUrl);
    // not onboarded: guarded screens lead to onboarding
    await page.goto('/app/home');
    await page.waitForURL((u) => u.pathname === '/onboarding');

    const brandId = await onboardInBrowser(page);
    const snapshot = await apiGet<Snapshot>(page, `/api/onboarding/snapshot?brandId=${encodeURIComponent(brandId)}`);
    expect(snapshot.totalMentions + snapshot.totalCitations).toBeGreaterThan(0);

    await page.goto('/onboarding/snapshot');
    await page.getByRole('heading', { name: `Our AI Insights snapshot for ${BRAND.brandName}` }).waitFor();
    await expect.poll(() => card(page, 'mentions').getByText(String(snapshot.totalMentions), { exact: true }).count()).toBe(1);
    await expect.poll(() => card(page, 'citations').getByText(String(snapshot.totalCitations), { exact: true }).count()).toBe(1);
    for (const id of ['topSources', 'shareOfVoice', 'sentiment']) expect(await card(page, id).getAttribute('data-locked')).toBe('true');

    const ranking = card(page, 'ranking');
    const top = snapshot.brandRankings.slice(0, 5);
    if (top.length) {
      await ranking.locator('tbody tr').first().waitFor();
      const rows = await ranking.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
      expect(rows).toEqual(top.map((b, i) => [String(i + 1), b.brandName.length > 30 ? `${b.brandName.slice(0, 30)}…` : b.brandName, fixed(b.averageRank, 1), `${fixed(b.discovery, 1)}%`]));
      const own = top.findIndex((b) => b.brandName.toLowerCase() === BRAND.brandName.toLowerCase());
      if (own >= 0) expect(await ranking.locator('tbody tr').nth(own).getAttribute('data-highlighted')).toBe('true');
    } else await ranking.getByText('No Data').waitFor();

    const chats = card(page, 'chats');
    if (snapshot.prompts.length) {
      await chats.locator('tbody tr').first().waitFor();
      const cells = await chats.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent)));
      expect(cells).toEqual(
        snapshot.prompts.slice(0, 5).map((p) => {
          const own = p.mentions[0];
          return [p.prompt.length > 80 ? `${p.prompt.slice(0, 80)}…` : p.prompt, own.isMentioned ? '✓' : '✗', own.mentionedRank === null ? '—' : fixed(own.mentionedRank, 1)];
        }),
      );
    } else await chats.getByText('No relevant prompts found').waitFor();

    // the footer leads to the plans: the local pricing table from the database's plans
    await page.getByRole('button', { name: 'Unlock full insights' }).click();
    await page.waitForURL((u) => u.pathname === '/onboarding/plans');
    await page.getByRole('heading', { name: 'Start your 7-day free trial' }).waitFor();
    const plans = await apiGet<{ plans: { id: string; name: string; price: number; interval: string }[] }>(page, '/api/billing/plans');
    for (const plan of plans.plans) {
      const planCard = page.locator(`[data-plan="${plan.id}"]`);
      await planCard.waitFor();
      expect(await planCard.getByTestId('plan-price').textContent()).toBe(`$${fixed(plan.price / 100, 2)} / ${plan.interval}`);
    }
    const chosen = plans.plans[0];
    await page.getByRole('button', { name: `Start 7-day free trial with ${chosen.name}` }).click();

    // the local provider's hosted checkout offers the chosen plan only
    await page.waitForURL((u) => u.pathname === '/api/billing/local/checkout');
    expect(await page.locator('button[data-plan]').count()).toBe(1);
    await page.locator(`button[data-plan="${chosen.id}"]`).click();

    await page.waitForURL((u) => u.pathname === '/payment/verify' && u.searchParams.has('session_id'));
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Subscription Status').count()).toBe(1);
    // the Overview of the new brand, its numbers those the API gives for the request the page sends
    const overviewBody = await requestBodyOf(page, '/api/brands/performance/metadata', () => page.getByRole('button', { name: 'Go to Dashboard' }).click());
    await page.waitForURL((u) => u.pathname === '/app/home');
    await page.getByRole('complementary', { name: 'Sidebar' }).waitFor();
    expect(overviewBody.brandId).toBe(brandId);
    await expect.poll(() => page.getByText(BRAND.brandName).count()).toBeGreaterThan(0);
    await waitForCards(page, ['totalMentions', 'citations']);
    const meta = Object.values(await apiPost<Record<string, { totalMentionsCount: number }>>(page, '/api/brands/performance/metadata', overviewBody))[0];
    expect(meta.totalMentionsCount).toBeGreaterThan(0);
    expect(await card(page, 'totalMentions').innerText()).toContain(meta.totalMentionsCount.toLocaleString('en-US'));
    const me = await apiGet<{ isOnboarded: boolean; userSubscription: { status: string } }>(page, '/api/users/me');
    expect(me.isOnboarded).toBe(true);
    expect(me.userSubscription.status).toBe('trialing');
    await context.close();
  });

  it("an unknown session id shows 'Verification Failed' with Contact Support only", async () => {
    const { context, page } = await loggedInPage(browser, NEW_USER, { width: 1024, height: 900 }, server.baseUrl);
    await page.goto('/payment/verify?session_id=cs_local_does_not_exist');
    await page.getByRole('heading', { name: 'Verification Failed' }).waitFor();
    await page.getByText('Failed to verify payment. Please contact support if this issue persists.').waitFor();
    expect(await page.getByRole('link', { name: 'Contact Support' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Try Again' }).count()).toBe(0);
    await page.goto('/payment/verify');
    await page.getByText('No payment session found. Please try the checkout process again.').waitFor();
    await context.close();
  });

  it('lapsed@example.com reactivates from the billing tab and reaches the Overview', async () => {
    const { context, page } = await loggedInPage(browser, LAPSED_USER, { width: 1440, height: 1000 }, server.baseUrl);
    await page.goto('/app/home');
    await page.getByRole('heading', { name: 'Subscription Required' }).waitFor();
    await page.getByRole('button', { name: 'Billing Center' }).click();
    await page.waitForURL((u) => u.pathname === '/app/settings' && u.searchParams.get('tab') === 'billing');
    await page.getByRole('button', { name: 'Reactivate Subscription' }).click();
    await page.waitForURL((u) => u.pathname === '/api/billing/local/checkout');
    await page.locator('button[data-plan]').first().click();
    await page.waitForURL((u) => u.pathname === '/app/settings');
    const me = await apiGet<{ userSubscription: { status: string } }>(page, '/api/users/me');
    expect(me.userSubscription.status).toBe('active');
    await page.goto('/app/home');
    // the Overview page itself (this account has no brand yet, so it asks for one)
    await page.locator('[data-page-id="overview"]').waitFor();
    expect(await page.getByRole('heading', { name: 'Subscription Required' }).count()).toBe(0);
    await context.close();
  });
});
