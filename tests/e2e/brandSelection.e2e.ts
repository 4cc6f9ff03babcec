import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiPost, launchBrowser, loggedInPage } from './support/browser';
import { card, midnightDaysBack, waitForCards } from './support/page';

// Which brand the insight screens are about, in a real browser as the demo user (three brands): a
// remembered brand that is no longer the user's costs no request, `?brand=<id>` on an /app address
// selects one of the user's brands and is ignored otherwise, and a prompt of another of the user's
// brands opened by its address shows that brand's data.

const STORAGE_KEY = 'selectedBrandId';
const OVERVIEW_CARDS = ['mentionRate', 'ranking', 'sources', 'prompts', 'visibility'];

/** The brandId of every insight request (POST with a brandId in its body) sent while `run` runs, and any answer >= 400. */
async function watch(page: Page, run: () => Promise<unknown>): Promise<{ brandIds: string[]; failed: string[] }> {
  const brandIds: string[] = [];
  const failed: string[] = [];
  const onRequest = (r: import('playwright-core').Request) => {
    if (!r.url().includes('/api/') || r.method() !== 'POST') return;
    const body = r.postDataJSON() as { brandId?: unknown } | null;
    if (body && typeof body.brandId === 'string') brandIds.push(body.brandId);
  };
  const onResponse = (r: Response) => {
    if (r.url().includes('/api/') && r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  try {
    await run();
  } finally {
    page.off('request', onRequest);
    page.off('response', onResponse);
  }
  return { brandIds, failed };
}

const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
const switcherText = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' }).locator('button').first().innerText();

describe('Selected brand', () => {
  let browser: Browser;
  let page: Page;
  let brands: Array<{ id: string; name: string }> = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await loggedInPage(browser));
    brands = (await apiGet<{ userBrands: Array<{ id: string; name: string }> }>(page, '/api/users/me')).userBrands;
    if (brands.length < 3) throw new Error(`the demo user needs three brands, has ${brands.length}`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a remembered brand that is not the user\'s sends no request for it: the first brand is shown and remembered', async () => {
    await page.evaluate((key) => localStorage.setItem(key, 'brd_not_theirs'), STORAGE_KEY);
    const seen = await watch(page, async () => {
      await page.goto('/app/home');
      await waitForCards(page, OVERVIEW_CARDS);
    });
    expect(seen.failed).toEqual([]);
    expect(seen.brandIds.length).toBeGreaterThanOrEqual(6);
    expect(new Set(seen.brandIds)).toEqual(new Set([brands[0].id]));
    expect(await stored(page)).toBe(brands[0].id);
  });

  it('?brand=<id> of one of the user\'s brands selects and remembers it, from the first request on', async () => {
    const other = brands[1];
    const seen = await watch(page, async () => {
      await page.goto(`/app/competitors?brand=${encodeURIComponent(other.id)}`);
      await waitForCards(page, ['competitorsTable']);
    });
    expect(seen.failed).toEqual([]);
    expect(new Set(seen.brandIds)).toEqual(new Set([other.id]));
    expect(await stored(page)).toBe(other.id);
    expect(await switcherText(page)).toContain(other.name);
    // the parameter has done its work: a reload keeps whatever is chosen afterwards
    expect(new URL(page.url()).searchParams.has('brand')).toBe(false);
  });

  it('?brand=<id> of a brand that is not the user\'s is ignored', async () => {
    const before = await stored(page);
    const seen = await watch(page, async () => {
      await page.goto('/app/home?brand=brd_not_theirs');
      await waitForCards(page, OVERVIEW_CARDS);
    });
    expect(seen.failed).toEqual([]);
    expect(new Set(seen.brandIds)).toEqual(new Set([before]));
    expect(await stored(page)).toBe(before);
  });

  it('a prompt of another of the user\'s brands, opened by its address, shows its own brand\'s data', async () => {
    const selected = brands[0];
    const owner = brands[2];
    await page.evaluate(([key, id]) => localStorage.setItem(key, id), [STORAGE_KEY, selected.id] as const);
    const table = await apiPost<{ prompts: Array<{ promptId: string; currentPeriodRuns: number }> }>(page, '/api/prompts/table', {
      brandId: owner.id, startTime: midnightDaysBack(7), deltaStartTime: midnightDaysBack(14), deltaEndTime: midnightDaysBack(7), providers: null, location: null,
    });
    const promptId = [...table.prompts].sort((a, b) => b.currentPeriodRuns - a.currentPeriodRuns)[0].promptId;
    const seen = await watch(page, async () => {
      await page.goto(`/app/prompts/${encodeURIComponent(promptId)}`);
      await waitForCards(page, ['mentionRate', 'ranking', 'shareOfVoice']);
    });
    expect(seen.failed).toEqual([]);
    expect(new Set(seen.brandIds)).toEqual(new Set([owner.id]));
    expect(await card(page, 'shareOfVoice').getByRole('button', { name: 'Retry' }).count()).toBe(0);
  });
});
