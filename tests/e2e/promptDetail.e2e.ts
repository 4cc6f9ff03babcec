import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiPost, launchBrowser, loggedInPage } from './support/browser';
import { card, midnightDaysBack, requestBodyOf, waitForCards } from './support/page';
import { countryName } from '../../src/host/countries';
import { fixed } from './support/numbers';

// The prompt detail screen in a real browser, signed in as the demo user: breadcrumb, header and
// spec copy; metric cards and ranking rows against the API for the page's own requests; the
// latest responses card (provider tabs, Expand All, the details dialog); Performance Breakdown
// tabs; Add as Competitor on an Emerging brand; and the not-found state for a bogus id.

const pct2 = (n: number) => `${fixed(n, 2)}%`;
const rank1 = (n: number | null) => (n === null ? '—' : fixed(n, 1));

interface PromptDetail { id: string; prompt: string; state: string; monitoringCount: number; providers: string[]; updatedAt: string }
interface Aggregate { mentionRate: number | null; avgRank: number | null; netSentiment: number | null; totalMentions: number }
interface RankingRow { brandName: string; brandCategory: string; isOwnBrand: boolean; currentMentionRatePercentage: number; currentAverageRank: number | null; actualRank: number }
interface Run { provider: string; createdAt: string; provenance: { model: string | null; real: boolean; webSearch: boolean } }

const CARDS = ['header', 'mentionRate', 'averageRank', 'netSentiment', 'totalMentions', 'ranking', 'responses', 'citations', 'failedRuns'];

/** Ranking rows as shown: [rank, brand, tag, avg rank, % visible]. */
async function rankingRows(page: Page): Promise<string[][]> {
  return card(page, 'ranking')
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).slice(0, 5).map((td) => (td as HTMLElement).innerText.trim())));
}

describe('Prompt detail', () => {
  let browser: Browser;
  let page: Page;
  let brandId = '';
  let promptId = '';
  let prompt: PromptDetail;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await loggedInPage(browser));
    const me = await apiGet<{ userBrands: Array<{ id: string }> }>(page, '/api/users/me');
    brandId = me.userBrands[0].id;
    // the demo brand's prompt with the most runs this week, from the Prompts Monitor's own call
    const table = await apiPost<{ prompts: Array<{ promptId: string; currentPeriodRuns: number }> }>(page, '/api/prompts/table', {
      brandId, startTime: midnightDaysBack(7), deltaStartTime: midnightDaysBack(14), deltaEndTime: midnightDaysBack(7), providers: null, location: null,
    });
    // ...among those the monitor's table links on its first screen
    await page.goto('/app/prompts');
    await page.locator('a[href^="/app/prompts/"]').first().waitFor({ timeout: 30_000 });
    const linked = new Set(await page.locator('a[href^="/app/prompts/"]').evaluateAll((as) => as.map((a) => decodeURIComponent(a.getAttribute('href')!.split('/').pop()!))));
    promptId = [...table.prompts].filter((p) => linked.has(p.promptId)).sort((a, b) => b.currentPeriodRuns - a.currentPeriodRuns)[0].promptId;
    prompt = await apiGet<PromptDetail>(page, `/api/prompts/${encodeURIComponent(promptId)}`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is linked from the Prompts Monitor table', async () => {
    const link = page.locator(`a[href="/app/prompts/${encodeURIComponent(promptId)}"]`).first();
    await link.waitFor({ timeout: 30_000 });
    await link.click();
    await page.waitForURL(`**/app/prompts/${encodeURIComponent(promptId)}`);
    await page.getByRole('heading', { level: 1, name: prompt.prompt }).waitFor({ timeout: 30_000 });
  });

  it('shows breadcrumb, header, spec copy and the metric cards the API returns for the same request', async () => {
    const body = await requestBodyOf(page, '/api/prompts/metrics/aggregate', () => page.goto(`/app/prompts/${encodeURIComponent(promptId)}`));
    expect(body).toMatchObject({ promptId, startDate: midnightDaysBack(7), location: null });
    await waitForCards(page, CARDS);

    const crumbs = await page.getByRole('navigation', { name: 'Breadcrumb' }).innerText();
    const cut = prompt.prompt.length > 60 ? `${prompt.prompt.slice(0, 60)}…` : prompt.prompt;
    expect(crumbs.split(/\s*›\s*/).map((s) => s.trim())).toEqual(['Home', 'Prompt Monitor', cut]);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(prompt.prompt);
    const header = await card(page, 'header').innerText();
    expect(header).toContain(prompt.state === 'active' ? 'Active' : 'Stopped');
    expect(header).toMatch(new RegExp(`Total responses:\\s*${prompt.monitoringCount.toLocaleString('en-US')}`));
    expect(header).toContain('Last modified:');
    expect(header).toMatch(/Frequency:\s*\S/);

    const [m] = await apiPost<Aggregate[]>(page, '/api/prompts/metrics/aggregate', body);
    expect(await card(page, 'mentionRate').innerText()).toContain(m.mentionRate === null ? '—' : pct2(m.mentionRate));
    expect(await card(page, 'averageRank').innerText()).toContain(rank1(m.avgRank));
    expect(await card(page, 'totalMentions').innerText()).toContain(m.totalMentions.toLocaleString('en-US'));

    for (const text of ['Prompt Ranking', 'Recent Insights', 'Latest AI responses per provider', 'Citation Sources Overview', 'Performance Breakdown', 'Expand All', 'Collapse All']) {
      expect(await page.getByText(text, { exact: true }).first().isVisible(), text).toBe(true);
    }
    for (const tab of ['Share of Voice', 'Mention Rate', 'Location']) expect(await page.getByRole('tab', { name: tab }).count(), tab).toBe(1);
    // no run of the demo data failed: the Failed Runs card says so
    const failed = await apiPost<Record<string, unknown[]>>(page, '/api/prompts/failed-runs', { promptId, location: null });
    expect(Object.values(failed).flat()).toEqual([]);
    expect(await card(page, 'failedRuns').innerText()).toContain('No failed runs');
  });

  it("shows Last modified in the reader's own time zone, named", async () => {
    // a reader in New York (Chromium's time zone for this page), as the schedules are shown
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'America/New_York' });
    try {
      await page.goto(`/app/prompts/${encodeURIComponent(promptId)}`);
      await waitForCards(page, ['header']);
      const local = new Intl.DateTimeFormat('en-US', {
        year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'America/New_York', timeZoneName: 'short',
      }).format(new Date(prompt.updatedAt));
      expect(local).toMatch(/ E[SD]T$/);
      expect(await card(page, 'header').innerText()).toMatch(new RegExp(`Last modified:\\s*${local.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    } finally {
      await cdp.send('Emulation.setTimezoneOverride', { timezoneId: '' });
      await cdp.detach();
    }
  });

  it('lists the ranking rows the API returns: top 10 plus the own brand, tagged, in order', async () => {
    const body = await requestBodyOf(page, '/api/prompts/metrics/ranking-list', () => page.reload());
    await waitForCards(page, ['ranking']);
    const answer = await apiPost<Record<string, RankingRow>>(page, '/api/prompts/metrics/ranking-list', body);
    const expected = Object.values(answer);
    expect(expected.length).toBeLessThanOrEqual(11);
    const tag = (r: RankingRow) => (r.isOwnBrand ? 'My Brand' : r.brandCategory === 'competitor' ? 'Competitor' : 'Emerging');
    const shown = await rankingRows(page);
    expect(shown).toEqual(
      [...expected]
        .sort((a, b) => a.actualRank - b.actualRank)
        .map((r) => [String(r.actualRank), r.brandName, tag(r), rank1(r.currentAverageRank), pct2(r.currentMentionRatePercentage)]),
    );
  });

  it('switches provider tabs, expands every day and opens a response', async () => {
    const body = await requestBodyOf(page, '/api/prompts/latest-run', () => page.reload());
    await waitForCards(page, ['responses']);
    const latest = await apiPost<Record<string, Run[]>>(page, '/api/prompts/latest-run', body);
    const responses = card(page, 'responses');
    const providers = Object.keys(latest);
    const names: Record<string, string> = { openai: 'Chat GPT', perplexity: 'Perplexity', google: 'Google', microsoft: 'Microsoft' };
    expect(await responses.getByRole('tab').allInnerTexts()).toEqual(providers.map((p) => names[p] ?? p));
    const withRuns = providers.filter((p) => latest[p].length > 0);
    const provider = withRuns[withRuns.length - 1];
    await responses.getByRole('tab', { name: names[provider] }).click();
    const days = new Set(latest[provider].map((r) => r.createdAt.slice(0, 10)));
    const groups = responses.getByTestId('feed-group');
    await expect.poll(() => groups.count()).toBe(days.size);
    // the newest day is open: its cards are there
    const newestDay = [...days].sort().reverse()[0];
    await expect.poll(() => responses.getByTestId('feed-card').count()).toBe(latest[provider].filter((r) => r.createdAt.startsWith(newestDay)).length);
    await responses.getByText('Expand All').click();
    await expect.poll(() => responses.getByTestId('feed-card').count()).toBe(latest[provider].length);
    await responses.getByText('Collapse All').click();
    await expect.poll(() => responses.getByTestId('feed-card').count()).toBe(0);
    await responses.getByText('Expand All').click();
    await responses.getByTestId('feed-card').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`${names[provider]} Response Details`).waitFor();
    // how the answer was obtained, as the API stored it (the demo data is simulated)
    const { provenance } = latest[provider][0];
    const details = await dialog.innerText();
    expect(details).toContain(`Source: ${provenance.real ? 'Live answer' : 'Simulated'}`);
    expect(details).toContain(`Model: ${provenance.model}`);
    expect(details).toContain(`Web search: ${provenance.webSearch ? 'Yes' : 'No'}`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('switches Performance Breakdown tabs and the provider breakdown toggle', async () => {
    await page.getByRole('button', { name: 'By provider' }).click();
    await card(page, 'shareOfVoiceByProvider').waitFor();
    await page.getByRole('button', { name: 'Total' }).click();
    await card(page, 'shareOfVoice').waitFor();
    const body = await requestBodyOf(page, '/api/prompts/metrics/mention-rate-series', () => page.getByRole('tab', { name: 'Mention Rate' }).click());
    expect(body).toMatchObject({ promptId, brandId, aggregationType: 'provider', timeInterval: 'day' });
    await waitForCards(page, ['mentionRateTrend']);
    const loc = await requestBodyOf(page, '/api/prompts/metrics/mention-rate-series', () => page.getByRole('tab', { name: 'Location' }).click());
    expect(loc.aggregationType).toBe('location');
    await waitForCards(page, ['locationTrend']);
    // One line per location the API returns, labelled with the country's name rather than its code.
    const answer = await apiPost<{ data: Record<string, unknown[]> }>(page, '/api/prompts/metrics/mention-rate-series', loc);
    const expected = Object.keys(answer.data).map(countryName).sort();
    expect(expected.length).toBeGreaterThan(0);
    const legend = card(page, 'locationTrend').locator('svg .role-legend-label text');
    await expect.poll(async () => (await legend.allTextContents()).sort()).toEqual(expected);
  });

  it('adds an Emerging brand as a competitor: its tag becomes Competitor', async () => {
    await page.reload();
    await waitForCards(page, ['ranking']);
    const rows = await rankingRows(page);
    const emerging = rows.find((r) => r[2] === 'Emerging');
    expect(emerging, 'an untracked brand in the ranking').toBeTruthy();
    const name = emerging![1];
    try {
      await card(page, 'ranking').getByRole('button', { name: `Actions for ${name}` }).click();
      const menu = page.getByRole('group', { name: `Actions for ${name}` });
      await menu.getByRole('button', { name: 'Add as Competitor' }).waitFor();
      expect(await menu.getByRole('button').allInnerTexts()).toEqual(['Compare', 'Add as Competitor']);
      await menu.getByRole('button', { name: 'Add as Competitor' }).click();
      await expect.poll(async () => (await rankingRows(page)).find((r) => r[1] === name)?.[2], { timeout: 30_000 }).toBe('Competitor');
      const competitors = await apiPost<Array<{ competitorName: string }>>(page, '/api/competitors/insights', {
        brandId, startTime: midnightDaysBack(7), deltaStartTime: midnightDaysBack(14), deltaEndTime: midnightDaysBack(7),
      });
      expect(competitors.map((c) => c.competitorName)).toContain(name);
    } finally {
      await page.request.delete('/api/competitors', { data: { brandId, competitorName: name } });
    }
  });

  it('Compare opens the competitor comparison page', async () => {
    await page.reload();
    await waitForCards(page, ['ranking']);
    const competitor = (await rankingRows(page)).find((r) => r[2] === 'Competitor')![1];
    await card(page, 'ranking').getByRole('button', { name: `Actions for ${competitor}` }).click();
    await page.getByRole('group', { name: `Actions for ${competitor}` }).getByRole('button', { name: 'Compare' }).click();
    await page.waitForURL(`**/app/competitors/comparison/${encodeURIComponent(competitor)}`);
  });

  it('shows the not-found state for an unknown id', async () => {
    await page.goto('/app/prompts/no-such-prompt');
    await page.getByText('Prompt not found').waitFor({ timeout: 30_000 });
    expect(await page.getByText('No prompt found with ID: no-such-prompt').isVisible()).toBe(true);
    expect(await page.locator('[data-widget-id]').count()).toBe(0);
  });

  it('the standalone variant shows the same cards without the sidebar', async () => {
    await page.goto(`/app/prompts/${encodeURIComponent(promptId)}`);
    await page.getByRole('navigation', { name: 'Main Menu' }).waitFor({ timeout: 30_000 });
    await page.goto(`/app/prompts/${encodeURIComponent(promptId)}/standalone`);
    await waitForCards(page, CARDS);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(prompt.prompt);
    expect(await page.getByRole('navigation', { name: 'Main Menu' }).count()).toBe(0);
  });
});
