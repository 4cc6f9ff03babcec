import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, NEW_USER, apiGet, apiPost, launchBrowser, loggedInPage } from './support/browser';
import { startProductServer, type RunningServer } from './support/server';

// The two wizards in a real browser, on a server of their own (they add a brand and onboard a
// demo account): the demo user adds a brand from the brand switcher's 'Add Brand' dialog, with
// the plan cutting the preselected prompts; new@example.com walks onboarding pages 1-3, sees the
// validation messages for empty fields and the generation progress, and lands on the snapshot.

interface MeBrand {
  id: string;
  name: string;
  location: string;
  ownerIds: string[];
  planGovernance: { usage: { prompts: { currentUsage: number } } } | null;
}
interface Me {
  id: string;
  userSubscription: { pricingPlan: { maxPrompts: number } | null } | null;
  userBrands: MeBrand[];
}

/** Prompt slots as the spec counts them: maxPrompts − usage over owned brands with governance. */
function slotsOf(me: Me): { limit: number; used: number; slots: number } {
  const limit = me.userSubscription?.pricingPlan?.maxPrompts ?? 0;
  const used = me.userBrands
    .filter((b) => b.ownerIds.includes(me.id) && b.planGovernance)
    .reduce((sum, b) => sum + (b.planGovernance?.usage.prompts.currentUsage ?? 0), 0);
  return { limit, used, slots: Math.max(0, limit - used) };
}

const checkedIn = (page: Page, group: string) => page.getByRole('group', { name: group }).locator('input[type=checkbox]:checked').count();

describe('Wizards', () => {
  let browser: Browser;
  let server: RunningServer;
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startProductServer()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the demo user adds a brand from the switcher (3 prompts fit the plan) and then sees it in the switcher', async () => {
    const { context, page } = await loggedInPage(browser, DEMO_USER, { width: 1440, height: 1000 }, server.baseUrl);
    // the Enterprise plan leaves thousands of slots: the 3 preselected prompts fit
    const me = await apiGet<Me>(page, '/api/users/me');
    const { slots } = slotsOf(me);
    expect(slots).toBeGreaterThan(3);
    await page.goto('/app/home');

    await page.getByRole('button', { name: /^Brand: / }).click();
    await page.getByRole('menuitem', { name: 'Add Brand' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Brand Details' }).waitFor();
    expect(await dialog.getByTestId('wizard-progress').textContent()).toBe('1 / 4');

    await dialog.getByRole('button', { name: 'Next Step' }).click();
    for (const message of ['Brand name is required', 'Brand website is required', 'Country selection is required']) await dialog.getByText(message).waitFor();
    await dialog.getByRole('textbox', { name: 'Brand name' }).fill('Wizard Roasters');
    await dialog.getByRole('textbox', { name: 'Website' }).fill('wizardroasters');
    await dialog.getByRole('textbox', { name: 'Website' }).blur();
    await dialog.getByText('Please enter a valid website URL (e.g., https://www.example.com)').waitFor();
    await dialog.getByRole('textbox', { name: 'Website' }).fill('https://wizardroasters.coffee');
    await dialog.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name: 'United States' }).click();
    const createdBrand = page.waitForResponse((r) => r.url().endsWith('/api/brands') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Next Step' }).click();
    const created = (await (await createdBrand).json()) as { suggestedPrompts: { prompt: string }[]; suggestedCompetitors: string[] };

    await dialog.getByRole('heading', { name: 'Suggested Prompts' }).waitFor({ timeout: 30_000 });
    expect(await dialog.getByTestId('wizard-progress').textContent()).toBe('2 / 4');
    expect(created.suggestedPrompts.length).toBeGreaterThan(3);
    await dialog.getByText(`3 selected (up to ${slots})`).waitFor();
    expect(await checkedIn(page, 'Prompts')).toBe(3);
    expect(await dialog.getByText(/based on your plan|reached your plan limit/).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Next Step' }).click();

    await dialog.getByRole('heading', { name: 'Suggested Competitors' }).waitFor({ timeout: 30_000 });
    // the first 3 suggested competitors are ticked; one more is added by hand
    expect(await checkedIn(page, 'Competitors')).toBe(Math.min(3, created.suggestedCompetitors.length));
    const competitors = dialog.getByRole('group', { name: 'Competitors' });
    await competitors.getByRole('button', { name: 'Add New' }).click();
    await competitors.getByText('Competitor name is required').waitFor();
    await competitors.getByRole('textbox', { name: 'Competitor name' }).fill('Bean Brothers');
    await competitors.getByRole('button', { name: 'Add New' }).click();
    expect(await checkedIn(page, 'Competitors')).toBe(Math.min(3, created.suggestedCompetitors.length) + 1);
    await dialog.getByRole('button', { name: 'Add Brand' }).click();
    await dialog.getByText('Brand Added Successfully!').waitFor({ timeout: 30_000 });
    await dialog.getByText('Wizard Roasters has been added to your dashboard').waitFor();
    expect(await dialog.getByTestId('wizard-progress').textContent()).toBe('4 / 4');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // the three prompts were created on the new brand, and count against the plan
    const after = await apiGet<Me>(page, '/api/users/me');
    const added = after.userBrands.find((b) => b.name === 'Wizard Roasters')!;
    expect(added.planGovernance?.usage.prompts.currentUsage).toBe(3);
    expect(slotsOf(after).slots).toBe(slots - 3);

    await page.getByRole('button', { name: /^Brand: / }).click();
    await page.getByRole('menuitem', { name: 'Wizard Roasters' }).waitFor();
    await context.close();
  }, 300_000);

  it('new@example.com walks onboarding pages 1-3 with the messages for empty fields, sees the generation run, and arrives at the snapshot', async () => {
    const { context, page } = await loggedInPage(browser, NEW_USER, { width: 1440, height: 1000 }, server.baseUrl);
    await page.goto('/onboarding');
    await page.getByRole('heading', { name: 'Choose your account type' }).waitFor();
    expect(await page.getByTestId('wizard-progress').textContent()).toBe('Step 1 of 3');
    await page.getByText('AI is changing everything and so are we.').waitFor();
    expect(await page.title()).toBe('Onboarding - Account Type');
    expect(await page.getByRole('radio', { name: 'Agency' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByText('Account type is required').waitFor();
    await page.getByText('You must accept the terms and conditions').waitFor();
    await page.getByRole('radio', { name: 'Individual' }).check();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Next Step' }).click();

    await page.getByRole('heading', { name: 'Tell us about your brand' }).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.getByRole('button', { name: 'Next Step' }).click();
    for (const message of ['Brand name is required', 'Brand website is required', 'Country selection is required']) await page.getByText(message).waitFor();
    await page.getByRole('textbox', { name: 'Brand name' }).fill('Plantask');
    await page.getByRole('textbox', { name: 'Website' }).fill('https://www.plantask.io');
    await page.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name: 'United States' }).click();
    await page.getByRole('button', { name: 'Next Step' }).click();

    await page.getByRole('heading', { name: 'Suggested Prompts' }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('page')).toBe('3');
    await page.getByText('The Universe is listening.').waitFor();
    expect(await checkedIn(page, 'Prompts')).toBe(3);
    // record every progress line the page shows while the prompts run
    await page.evaluate(() => {
      const seen: string[] = ((window as unknown as { seenProgress: string[] }).seenProgress = []);
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="wizard-stream-progress"]')?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Generate Insights' }).click();
    await page.waitForURL((u) => u.pathname === '/onboarding/snapshot', { timeout: 180_000 });
    const seen = await page.evaluate(() => (window as unknown as { seenProgress: string[] }).seenProgress);
    // the last line may land with the navigation; every one shown counts prompts run of 3
    expect(seen.length).toBeGreaterThan(0);
    for (const line of seen) expect(line).toMatch(/^Analyzing prompt [1-3] of 3\.\.\.$/);

    const progress = await apiGet<{ snapshotGenerated: boolean; prompts: { prompt: string }[] }>(page, '/api/onboarding/progress');
    expect(progress.snapshotGenerated).toBe(true);
    expect(progress.prompts).toHaveLength(3);
    // back on /onboarding, the generated snapshot sends the user on
    await page.goto('/onboarding');
    await page.waitForURL((u) => u.pathname === '/onboarding/snapshot');
    await context.close();
  }, 240_000);

  it('a plan with fewer free slots than the preselection cuts it: new@example.com on a Growth trial', async () => {
    const { context, page } = await loggedInPage(browser, NEW_USER, { width: 1440, height: 1000 }, server.baseUrl);
    // start a Growth trial through the plans page and the local checkout
    await page.goto('/onboarding/plans');
    await page.getByRole('button', { name: 'Start 7-day free trial with Growth' }).click();
    await page.waitForURL((u) => u.pathname === '/api/billing/local/checkout');
    await page.locator('button[data-plan="plan_growth"]').click();
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 30_000 });
    // leave exactly 2 prompt slots on the plan (paused filler prompts on the onboarding brand)
    let me = await apiGet<Me>(page, '/api/users/me');
    const own = me.userBrands.find((b) => b.ownerIds.includes(me.id) && b.planGovernance)!;
    for (let i = slotsOf(me).slots; i > 2; i--) {
      await apiPost(page, '/api/prompts', { prompt: `Planning question number ${i}`, providers: ['openai'], location: [own.location], brandId: own.id, state: 'inactive', frequency: 'daily' });
    }
    me = await apiGet<Me>(page, '/api/users/me');
    const { slots, used, limit } = slotsOf(me);
    expect({ slots, used, limit }).toEqual({ slots: 2, used: 248, limit: 250 });

    await page.goto('/app/home');
    await page.getByRole('button', { name: /^Brand: / }).click();
    await page.getByRole('menuitem', { name: 'Add Brand' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Brand name' }).fill('Sprintly');
    await dialog.getByRole('textbox', { name: 'Website' }).fill('https://sprintly.app');
    await dialog.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name: 'United States' }).click();
    await dialog.getByRole('button', { name: 'Next Step' }).click();
    await dialog.getByRole('heading', { name: 'Suggested Prompts' }).waitFor({ timeout: 30_000 });
    await dialog.getByText('Selection limited to 2 prompts based on your plan.').waitFor();
    expect(await checkedIn(page, 'Prompts')).toBe(2);
    const unticked = dialog.getByRole('group', { name: 'Prompts' }).locator('input[type=checkbox]:not(:checked)');
    expect(await unticked.count()).toBeGreaterThan(0);
    for (const box of await unticked.all()) expect(await box.isDisabled()).toBe(true);
    // Cancel closes the dialog; opening it again starts over at step 1
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Brand: / }).click();
    await page.getByRole('menuitem', { name: 'Add Brand' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Brand Details' }).waitFor();
    expect(await page.getByRole('dialog').getByTestId('wizard-progress').textContent()).toBe('1 / 4');
    await context.close();
  }, 300_000);
});
