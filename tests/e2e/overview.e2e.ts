import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiPost, launchBrowser, loggedInPage } from './support/browser';
import { countryName } from '../../src/host/countries';
import { card, midnightDaysBack, requestBodyOf, waitForCards } from './support/page';
import { fixed } from './support/numbers';

// The Overview in a real browser, signed in as the demo user: every number on a card is checked
// against what the API answers for the same request, filters refetch and persist, and the Ranking
// export downloads the rows shown.

const CARDS = ['mentionRate', 'sentiment', 'totalMentions', 'citations', 'uniqueSources', 'providers', 'ranking', 'sources', 'prompts', 'visibility'];
const en = (n: number) => n.toLocaleString('en-US');
const pct2 = (n: number) => `${fixed(n, 2)}%`;
const signed = (n: number) => `${Math.round(n) > 0 ? '+' : ''}${Math.round(n)}`;

type Metadata = Record<string, Record<string, any>>;
interface RankingRow { brandName: string; currentMentionRate: number; currentNetSentiment: number }

describe('Overview', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await loggedInPage(browser));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows every card with the numbers the API returns for the same request', async () => {
    const body = await requestBodyOf(page, '/api/brands/performance/metadata', () => page.goto('/app/home'));
    // The default filters: last 7 days from midnight UTC, delta the 7 days before, all providers, global.
    expect(body.startTime).toBe(midnightDaysBack(7));
    expect(body.deltaStartTime).toBe(midnightDaysBack(14));
    expect(body.deltaEndTime).toBe(midnightDaysBack(7));
    expect(body.providers).toBeNull();
    expect(body.location).toBeNull();
    await waitForCards(page, CARDS);

    expect(await page.getByRole('heading', { name: 'Overview' }).count()).toBeGreaterThan(0);
    expect(await page.getByText('Latest data updated on').count()).toBeGreaterThan(0);

    const meta = Object.values(await apiPost<Metadata>(page, '/api/brands/performance/metadata', body))[0];
    expect(await card(page, 'mentionRate').innerText()).toContain(pct2(meta.mentionRate));
    expect(await card(page, 'sentiment').innerText()).toContain(signed(meta.netSentimentBrand));
    expect(await card(page, 'totalMentions').innerText()).toContain(en(meta.totalMentionsCount));
    expect(await card(page, 'citations').innerText()).toContain(en(meta.totalCitationsCount));
    expect(await card(page, 'uniqueSources').innerText()).toContain(en(meta.totalUniqueDomainsCount));

    // Intervals and samples on the cards, and each change drawn as the API judges it: grey with the
    // reason on hover unless significant.
    const halfWidth = (s: { low: number; high: number }, d: number) => `±${fixed((s.high - s.low) / 2, d)}`;
    expect(await card(page, 'mentionRate').getByTestId('metric-interval').innerText()).toBe(halfWidth(meta.mentionRateStats, 1));
    expect(await card(page, 'mentionRate').getByTestId('metric-figure').getAttribute('title')).toContain(`${en(meta.mentionRateStats.n)} answers`);
    expect(await card(page, 'sentiment').getByTestId('metric-interval').innerText()).toBe(halfWidth(meta.netSentimentBrandStats, 0));
    for (const [id, change] of [['mentionRate', meta.mentionRateChangeStats], ['sentiment', meta.netSentimentBrandChangeStats]] as const) {
      const delta = card(page, id).getByTestId('metric-delta');
      const state = !change.enoughData ? 'not-enough-data' : change.significant ? 'significant' : 'not-significant';
      expect(await delta.getAttribute('data-significance'), id).toBe(state);
      if (state === 'not-significant') {
        expect(await delta.getAttribute('title')).toBe(`Not significant: ${en(change.n)} answers`);
        // drawn in the same neutral grey as its 'vs previous period' label, not green or red
        const colour = (l: typeof delta) => l.evaluate((e) => getComputedStyle(e).color);
        expect(await colour(delta)).toBe(await colour(delta.getByText('vs previous period')));
      }
    }
    // The Overview's demo data has at least one change that is not significant.
    expect([meta.mentionRateChangeStats, meta.netSentimentBrandChangeStats].some((c) => c.enoughData && !c.significant)).toBe(true);

    for (const title of ['Mention Rate', 'Net Brand Sentiment', 'Total Mentions', 'Citations', 'Unique Sources', 'AI Providers Performance', 'Ranking', 'Source Breakdown', 'Prompt Performance', 'Visibility Score']) {
      expect(await page.getByText(title, { exact: true }).count(), title).toBeGreaterThan(0);
    }

    const ranking = await apiPost<RankingRow[]>(page, '/api/brands/performance/ranking-list', body);
    const rows = await card(page, 'ranking').locator('tbody tr').allInnerTexts();
    expect(rows.length).toBe(ranking.length);
    ranking.forEach((r, i) => {
      expect(rows[i]).toContain(r.brandName);
      expect(rows[i]).toContain(pct2(r.currentMentionRate));
    });
    // Competitor rows open the comparison page; the own brand row is not a link.
    const own = Object.keys(await apiPost<Metadata>(page, '/api/brands/performance/metadata', body))[0];
    const me = await (await page.request.get('/api/users/me')).json();
    const ownName = me.userBrands.find((b: { id: string }) => b.id === own).name;
    const competitor = ranking.find((r) => r.brandName !== ownName)!.brandName;
    expect(await card(page, 'ranking').getByRole('link', { name: ownName, exact: true }).count()).toBe(0);
    const link = card(page, 'ranking').getByRole('link', { name: competitor, exact: true });
    expect(await link.getAttribute('href')).toBe(`/app/competitors/comparison/${encodeURIComponent(competitor)}`);

    expect(await page.getByRole('link', { name: /View detailed analytics and all top performing \/ underperforming prompts/ }).getAttribute('href')).toBe('/app/prompts');
  });

  it('draws the Visibility Score chart with a line per series the API returns; legend clicks hide a line', async () => {
    const body = await requestBodyOf(page, '/api/brands/performance/mention-rate-timeseries', () => page.goto('/app/home'));
    await waitForCards(page, CARDS);
    const series = Object.keys((await apiPost<{ data: Record<string, unknown[]> }>(page, '/api/brands/performance/mention-rate-timeseries', body)).data);
    expect(series.length).toBeGreaterThan(1);
    const chart = card(page, 'visibility');
    const lines = chart.locator('svg .mark-line path');
    await expect.poll(() => lines.count()).toBe(series.length);
    // an interval band (errorband area) under each line
    expect(await chart.locator('svg .mark-area path').count()).toBe(series.length);
    const legend = await chart.locator('svg .role-legend-label text').allTextContents();
    expect([...legend].sort()).toEqual([...series].sort());
    expect(await chart.getByRole('button', { name: `Lines (${series.length}/${series.length})` }).count()).toBe(1);
    // The selected brand's own line is the thick one.
    const widths = await lines.evaluateAll((paths) => paths.map((p) => p.getAttribute('stroke-width')));
    expect(widths.filter((w) => w === '3')).toHaveLength(1);

    // Hovering a point shows its tooltip (brand and value).
    await chart.locator('svg .mark-symbol path').first().hover({ force: true });
    await expect.poll(() => page.locator('#vg-tooltip-element').isVisible()).toBe(true);
    expect(await page.locator('#vg-tooltip-element').innerText()).toMatch(/Mention Rate/i);

    const hidden = legend[legend.length - 1];
    await chart.locator('svg .role-legend-label text', { hasText: hidden }).click();
    await expect.poll(() => lines.count()).toBe(series.length - 1);
    expect(await chart.getByRole('button', { name: `Lines (${series.length - 1}/${series.length})` }).count()).toBe(1);
  });

  it('refetches when a filter changes and keeps the filters after a reload', async () => {
    await page.goto('/app/home');
    await waitForCards(page, CARDS);
    const body = await requestBodyOf(page, '/api/brands/performance/metadata', async () => {
      await page.getByRole('combobox', { name: 'Time range' }).click();
      await page.getByRole('option', { name: 'Last 30 days' }).click();
    });
    expect(body.startTime).toBe(midnightDaysBack(30));
    expect(body.deltaStartTime).toBe(midnightDaysBack(60));
    await waitForCards(page, CARDS);
    const meta = Object.values(await apiPost<Metadata>(page, '/api/brands/performance/metadata', body))[0];
    await expect.poll(() => card(page, 'mentionRate').innerText()).toContain(pct2(meta.mentionRate));
    expect(await card(page, 'totalMentions').innerText()).toContain(en(meta.totalMentionsCount));

    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('overviewPage-filters'))) ?? '{}');
    expect(stored.timeRange).toBe('30d');

    const afterReload = await requestBodyOf(page, '/api/brands/performance/metadata', () => page.reload());
    expect(afterReload.startTime).toBe(midnightDaysBack(30));
    expect(await page.getByRole('combobox', { name: 'Time range' }).innerText()).toContain('Last 30 days');
  });

  it('exports the Ranking rows shown as CSV', async () => {
    await page.goto('/app/home');
    await waitForCards(page, CARDS);
    const shown = await card(page, 'ranking').locator('tbody tr').allInnerTexts();
    await card(page, 'ranking').getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /csv/i }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8').trim().split(/\r?\n/);
    expect(csv.length).toBe(shown.length + 1); // header + rows
    shown.forEach((row, i) => {
      const brand = row.split('\t')[0].trim();
      expect(csv[i + 1]).toContain(brand);
    });
  });

  it("offers in Locations only the countries the brand's prompts use, opening below its field at 1440 and 390 px", async () => {
    const me = await apiGet<{ userBrands: Array<{ id: string; promptLocations: string[] }> }>(page, '/api/users/me');
    try {
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/app/home');
        await waitForCards(page, CARDS);
        // the brand shown: the one remembered, else the user's first
        const id = await page.evaluate(() => localStorage.getItem('selectedBrandId'));
        const brand = me.userBrands.find((b) => b.id === id) ?? me.userBrands[0];
        expect(brand.promptLocations.length).toBeGreaterThan(0);
        const field = page.getByRole('combobox', { name: 'Locations' });
        await field.click();
        const listbox = page.locator('.fui-Listbox').last();
        await listbox.waitFor();
        const options = await listbox.locator('.fui-Option').allInnerTexts();
        expect(options.map((o) => o.trim())).toEqual(['Global', ...brand.promptLocations.map(countryName).sort((a, b) => a.localeCompare(b))]);
        // placement: under the field, from its left edge, below the top bar (not beside it, over the bar)
        await expect.poll(async () => (await listbox.boundingBox())?.y).toBeGreaterThan(0);
        const f = (await field.boundingBox())!;
        const l = (await listbox.boundingBox())!;
        const bar = (await page.getByRole('banner').boundingBox())!;
        expect(l.y, `@${width}`).toBeGreaterThanOrEqual(f.y + f.height - 1);
        expect(Math.abs(l.x - f.x), `@${width}`).toBeLessThanOrEqual(16);
        expect(l.y, `@${width}`).toBeGreaterThanOrEqual(bar.y + bar.height);
        // a search that matches nothing says so, without a checkbox
        await field.fill('zzzz');
        const none = listbox.getByText('No countries found');
        await none.waitFor();
        expect(await listbox.locator('.fui-Option__checkIcon').evaluateAll((icons) => icons.filter((i) => (i as HTMLElement).offsetWidth > 0).length)).toBe(0);
        await page.keyboard.press('Escape');
      }
    } finally {
      await page.setViewportSize({ width: 1440, height: 1000 });
    }
  });
});
