import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, launchBrowser, loggedInPage } from './support/browser';
import { card, midnightDaysBack, requestBodyOf, waitForCards } from './support/page';
import { fixed } from './support/numbers';

// The Sources screen in a real browser, signed in as the demo user: the stat cards and the
// Domains / Urls tables are checked against what citations.tld-analysis answers for the page's own
// request; Last 90 days refetches; search narrows the rows; page 2 shows rows 11-20. The tables
// ask the server for the page they show (serverPaging); the reference is the unpaged answer.

const PATH = '/api/citations/tld-analysis';
const CARDS = ['breakdown', 'totalDomains', 'uniqueUrls', 'brandCitations', 'brandShare', 'domains'];
const en = (n: number) => n.toLocaleString('en-US');
const share = (n: number) => `${fixed(n, 1)}%`;

interface Detail { citation_url: string; classification: string; confidence: string }
interface Classification { tld: string; total_count: number; brand_mentions: number; mixed_mentions: number; classification_details: Detail[] }
interface TldAnalysis {
  stats: { total_tlds: number; total_unique_urls: number; brand_url_citations: number; brand_url_percentage: number };
  classifications: Classification[];
}

const rowsOf = (page: Page, id: string) => card(page, id).locator('tbody tr');
/** The page's request without its page (page, urlPage): the whole analysis, the reference. */
const unpaged = ({ page: _page, urlPage: _urlPage, ...body }: Record<string, unknown>) => body;
/** The API's domains in the page's order: most cited first, ties in the API's order. */
const byCount = (data: TldAnalysis) => [...data.classifications].sort((a, b) => b.total_count - a.total_count);

async function expectStats(page: Page, data: TldAnalysis) {
  await expect.poll(() => card(page, 'totalDomains').innerText()).toContain(en(data.stats.total_tlds));
  expect(await card(page, 'uniqueUrls').innerText()).toContain(en(data.stats.total_unique_urls));
  expect(await card(page, 'brandCitations').innerText()).toContain(en(data.stats.brand_url_citations));
  expect(await card(page, 'brandShare').innerText()).toContain(share(data.stats.brand_url_percentage));
}

describe('Sources', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await loggedInPage(browser));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the cards and copy with the numbers the API returns for the same request', async () => {
    const body = await requestBodyOf(page, PATH, () => page.goto('/app/sources'));
    // Default filters: last 7 days from midnight UTC, all providers, global.
    expect(body.startTime).toBe(midnightDaysBack(7));
    expect(body.providers).toBeNull();
    expect(body.location).toBeNull();
    await waitForCards(page, CARDS);

    const crumbs = page.getByRole('navigation', { name: /breadcrumb/i });
    expect(await crumbs.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/app/home');
    expect(await crumbs.getByText('Sources', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Sources' }).count()).toBeGreaterThan(0);
    for (const title of ['Citation Breakdown', 'Total Domains', 'Unique URLs', 'Brand URL Citations', 'Brand URL Share']) {
      expect(await page.getByText(title, { exact: true }).count(), title).toBeGreaterThan(0);
    }
    expect(await page.getByRole('tab', { name: 'Domains' }).count()).toBe(1);
    expect(await page.getByRole('tab', { name: 'Urls' }).count()).toBe(1);
    // The time range offers Last 90 days on this page.
    await page.getByRole('combobox', { name: 'Time range' }).click();
    expect(await page.getByRole('option', { name: 'Last 90 days' }).count()).toBe(1);
    await page.keyboard.press('Escape');

    const data = await apiPost<TldAnalysis>(page, PATH, unpaged(body));
    await expectStats(page, data);
    // The chart draws the 8 most cited domains.
    expect(await card(page, 'breakdown').locator('canvas, svg').count()).toBeGreaterThan(0);

    // Domains table: page size 10, most cited first, with the API's counts.
    const rows = await rowsOf(page, 'domains').allInnerTexts();
    const expected = byCount(data).slice(0, 10);
    expect(rows.length).toBe(Math.min(10, data.classifications.length));
    expected.forEach((c, i) => {
      expect(rows[i]).toContain(c.tld);
      expect(rows[i]).toContain(en(c.total_count));
    });
  });

  it('refetches for Last 90 days', async () => {
    await page.goto('/app/sources');
    await waitForCards(page, CARDS);
    const body = await requestBodyOf(page, PATH, async () => {
      await page.getByRole('combobox', { name: 'Time range' }).click();
      await page.getByRole('option', { name: 'Last 90 days' }).click();
    });
    expect(body.startTime).toBe(midnightDaysBack(90));
    await waitForCards(page, CARDS);
    await expectStats(page, await apiPost<TldAnalysis>(page, PATH, unpaged(body)));
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('sourcesPage-filters'))) ?? '{}');
    expect(stored.timeRange).toBe('90d');
    // Back to the default for the tests that follow.
    await page.evaluate(() => localStorage.removeItem('sourcesPage-filters'));
  });

  it('pages the domains: page 2 shows rows 11-20', async () => {
    const body = await requestBodyOf(page, PATH, () => page.goto('/app/sources'));
    await waitForCards(page, CARDS);
    const data = byCount(await apiPost<TldAnalysis>(page, PATH, unpaged(body)));
    expect(data.length, 'the demo data has more than one page of domains').toBeGreaterThan(10);
    await card(page, 'domains').getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect.poll(() => rowsOf(page, 'domains').first().innerText()).toContain(data[10].tld);
    const rows = await rowsOf(page, 'domains').allInnerTexts();
    expect(rows.length).toBe(Math.min(10, data.length - 10));
    data.slice(10, 20).forEach((c, i) => expect(rows[i]).toContain(c.tld));
    expect(await card(page, 'domains').innerText()).toContain(`11–${Math.min(20, data.length)} of ${data.length}`);
  });

  it('search narrows the domain rows', async () => {
    const body = await requestBodyOf(page, PATH, () => page.goto('/app/sources'));
    await waitForCards(page, CARDS);
    const data = byCount(await apiPost<TldAnalysis>(page, PATH, unpaged(body)));
    const term = data[0].tld.split('.')[0];
    const matching = data.filter((c) => c.tld.toLowerCase().includes(term.toLowerCase()));
    await card(page, 'domains').getByRole('searchbox').fill(term);
    await expect.poll(() => rowsOf(page, 'domains').count()).toBe(Math.min(10, matching.length));
    const rows = await rowsOf(page, 'domains').allInnerTexts();
    matching.slice(0, 10).forEach((c, i) => expect(rows[i]).toContain(c.tld));
    await card(page, 'domains').getByRole('searchbox').fill('no-such-domain-anywhere');
    await expect.poll(() => rowsOf(page, 'domains').count()).toBe(0);
  });

  it('shows the error copy with Retry when the call fails, and the empty copy when nothing was cited', async () => {
    let reply: 'fail' | 'empty' = 'fail';
    await page.route(`**${PATH}`, (route) =>
      reply === 'fail'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'boom', code: 'internal' }) })
        : route.fulfill({
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify({ stats: { total_tlds: 0, total_unique_urls: 0, brand_url_citations: 0, brand_url_percentage: 0 }, classifications: [] }),
          }),
    );
    try {
      await page.goto('/app/sources');
      await expect.poll(() => card(page, 'breakdown').innerText(), { timeout: 30_000 }).toContain('Failed to load citations breakdown data');
      expect(await card(page, 'domains').innerText()).toContain('Failed to load citations breakdown data');
      reply = 'empty';
      await card(page, 'breakdown').getByRole('button', { name: 'Retry' }).click();
      await expect.poll(() => card(page, 'breakdown').innerText(), { timeout: 30_000 }).toContain('No citation data available');
      // the chart and the stat cards share one request; the domains table asks for its own page
      await card(page, 'domains').getByRole('button', { name: 'Retry' }).click();
      await expect.poll(() => card(page, 'domains').innerText()).toContain('No citation data available');
      await expect.poll(() => card(page, 'totalDomains').innerText()).toMatch(/Total Domains\s+0/);
    } finally {
      await page.unroute(`**${PATH}`);
    }
  });

  it('the Urls tab lists each cited URL with its domain and classification', async () => {
    const body = await requestBodyOf(page, PATH, () => page.goto('/app/sources'));
    await waitForCards(page, CARDS);
    const data = byCount(await apiPost<TldAnalysis>(page, PATH, unpaged(body)));
    const urls = data.flatMap((c) => c.classification_details.map((d) => ({ ...d, domain: c.tld })));
    await page.getByRole('tab', { name: 'Urls' }).click();
    await card(page, 'urls').waitFor({ state: 'visible', timeout: 30_000 });
    // The card shows before its page of URLs arrives (a request of its own, not the domains' answer).
    await expect.poll(() => rowsOf(page, 'urls').count(), { timeout: 30_000 }).toBe(Math.min(10, urls.length));
    const rows = await rowsOf(page, 'urls').allInnerTexts();
    const label = { brand: 'Brand', mixed: 'Mixed', other: 'Other' } as Record<string, string>;
    urls.slice(0, 10).forEach((u, i) => {
      expect(rows[i]).toContain(u.citation_url.slice(0, 80));
      expect(rows[i]).toContain(u.domain);
      expect(rows[i]).toContain(label[u.classification]);
    });
    // More than 7 pages: the page list puts an ellipsis before the last page.
    const pages = Math.ceil(urls.length / 10);
    if (pages > 7) {
      expect(await card(page, 'urls').getByRole('button', { name: `Page ${pages}`, exact: true }).count()).toBe(1);
      expect(await card(page, 'urls').getByRole('button', { name: 'Page 6', exact: true }).count()).toBe(0);
      expect(await card(page, 'urls').innerText()).toContain('…');
    }
  });

  it('on a phone the cut URLs leave room for the columns shown beside them: the table fits its card, each URL on one line', async () => {
    await page.setViewportSize({ width: 390, height: 900 });
    try {
      await page.goto('/app/sources');
      await waitForCards(page, CARDS);
      await page.getByRole('tab', { name: 'Urls' }).click();
      await rowsOf(page, 'urls').first().waitFor({ timeout: 30_000 });
      const table = card(page, 'urls').locator('table').first();
      const fit = await table.evaluate((t) => ({ table: t.scrollWidth, room: t.parentElement!.clientWidth }));
      expect(fit.table, `table ${fit.table} px in ${fit.room} px`).toBeLessThanOrEqual(fit.room);
      expect(await card(page, 'urls').getByRole('columnheader').allInnerTexts()).toContain('Classification');
      // one line with an ellipsis, the whole URL as its tooltip
      const cut = await rowsOf(page, 'urls').first().locator('span[title]').first().evaluate((s) => ({
        lines: Math.round(s.getBoundingClientRect().height / parseFloat(getComputedStyle(s).lineHeight)),
        ellipsis: getComputedStyle(s).textOverflow,
        title: s.getAttribute('title') ?? '',
      }));
      expect(cut).toMatchObject({ lines: 1, ellipsis: 'ellipsis' });
      expect(cut.title).toMatch(/^https?:\/\//);
    } finally {
      await page.setViewportSize({ width: 1440, height: 1000 });
    }
  });
});
