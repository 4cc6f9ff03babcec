import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, launchBrowser, loggedInPage } from './support/browser';
import { card, midnightDaysBack, requestBodyOf, waitForCards } from './support/page';
import { fixed } from './support/numbers';
import type { ComparisonMetrics } from '../../server/routes/insights/comparison/comparison';

// The competitor comparison in a real browser, signed in as the demo user: breadcrumb and copy,
// metric cards against the API for the page's own request, a time-range change that refetches,
// and the leading / trailing prompt lists (each paged on the server) against the spec's rules
// applied to the API rows, and the line saying whether the mention-rate gap is significant against
// the API's significance for each time range.

const pct2 = (n: number) => `${fixed(n, 2)}%`;
const pct1 = (n: number) => `${fixed(n, 1)}%`;
const rank = (n: number | null) => (n === null ? null : fixed(n, 1));
const PROVIDER_NAMES: Record<string, string> = {
  openai: 'Chat GPT',
  perplexity: 'Perplexity',
  google: 'Google',
  microsoft: 'Microsoft',
};

type Metrics = ComparisonMetrics;
interface PromptRow {
  promptId: string;
  promptPreview: string;
  provider: string;
  competitiveStatus: string;
  rankingComparison: string;
}
interface ProviderRow {
  provider: string;
  brandMentionRate: number;
  competitorMentionRate: number;
  mentionPerformance: string;
}

// Which prompts lead or trail (no_rankings in neither list), written out independently of the page's transform tables.
function isLeading(r: PromptRow): boolean {
  if (r.rankingComparison === 'no_rankings') return false;
  return (
    r.competitiveStatus === 'brand_dominant' ||
    (r.competitiveStatus === 'brand_leading' && ['brand_ranks_higher', 'only_brand_ranked'].includes(r.rankingComparison))
  );
}
function isTrailing(r: PromptRow): boolean {
  if (r.rankingComparison === 'no_rankings') return false;
  return (
    ['competitor_dominant', 'competitor_leading', 'even'].includes(r.competitiveStatus) ||
    (r.competitiveStatus === 'brand_leading' && ['competitor_ranks_higher', 'similar_ranking'].includes(r.rankingComparison)) ||
    ['competitor_ranks_higher', 'only_competitor_ranked'].includes(r.rankingComparison)
  );
}

const CARDS = ['mentionRate', 'shareOfVoice', 'averagePosition', 'coMentions', 'leadingPrompts', 'trailingPrompts', 'providers'];

/** Title and provider line of each card in a prompt list, as shown. */
async function promptCards(page: Page, id: string): Promise<Array<{ title: string; text: string }>> {
  return card(page, id)
    .locator('[data-testid="card-grid-item"]')
    .evaluateAll((els) =>
      els.map((el) => ({
        title: el.querySelector('[data-testid="card-grid-title"]')?.getAttribute('title') ?? '',
        text: (el as HTMLElement).innerText,
      })),
    );
}

describe('Competitor comparison', () => {
  let browser: Browser;
  let page: Page;
  let competitor = '';
  let brandName = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await loggedInPage(browser));
    // A tracked competitor of the demo brand, from the competitors table for the same brand.
    const overview = await requestBodyOf(page, '/api/brands/performance/metadata', () => page.goto('/app/home'));
    const rows = await apiPost<Array<{ competitorName: string; competitorMentions: number }>>(page, '/api/competitors/insights', {
      brandId: overview.brandId,
      startTime: midnightDaysBack(7),
      deltaStartTime: midnightDaysBack(14),
      deltaEndTime: midnightDaysBack(7),
    });
    competitor = [...rows].sort((a, b) => b.competitorMentions - a.competitorMentions)[0].competitorName;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the breadcrumb and metric cards with the numbers the API returns for the same request', async () => {
    const body = await requestBodyOf(page, '/api/competitors/comparison-metrics', () =>
      page.goto(`/app/competitors/comparison/${encodeURIComponent(competitor)}`),
    );
    expect(body.competitor).toBe(competitor);
    expect(body.startTime).toBe(midnightDaysBack(7));
    await waitForCards(page, CARDS);
    const m = await apiPost<Metrics>(page, '/api/competitors/comparison-metrics', body);
    brandName = m.yourBrandName;

    const crumbs = await page.getByRole('navigation', { name: 'Breadcrumb' }).innerText();
    expect(crumbs.split(/\s*›\s*/).map((s) => s.trim())).toEqual(['Home', 'Competitors', `${brandName} vs ${competitor}`]);
    expect(await page.getByRole('link', { name: 'Competitors' }).first().getAttribute('href')).toBe('/app/competitors');
    const segments = page.getByRole('group', { name: 'Time range' }).getByRole('button');
    expect(await segments.allInnerTexts()).toEqual(['Last 24 hours', 'Last 7 days', 'Last 30 days', 'Custom date range']);
    expect(await page.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');

    const mention = await card(page, 'mentionRate').innerText();
    expect(mention).toContain('Mention Rate');
    expect(mention).toContain(pct2(m.yourBrandMentionRate));
    expect(mention).toContain(pct2(m.competitorMentionRate));
    expect(mention).toContain(m.yourBrandMentionRate > m.competitorMentionRate ? 'Leading' : 'Behind');

    const sov = await card(page, 'shareOfVoice').innerText();
    expect(sov).toContain(pct1(m.yourBrandSov));
    expect(sov).toContain(pct1(m.competitorSov));
    expect(sov).toContain(m.yourBrandSov > m.competitorSov ? 'Leading' : 'Behind');

    const avg = await card(page, 'averagePosition').innerText();
    for (const v of [rank(m.yourBrandAvgPosition), rank(m.competitorAvgPosition)]) if (v !== null) expect(avg).toContain(v);
    const y = m.yourBrandAvgPosition,
      t = m.competitorAvgPosition;
    expect(avg).toContain(y !== null && t !== null && y > 0 && t > 0 && y < t ? 'Leading' : 'Behind');

    expect(await card(page, 'coMentions').getByTestId('comparison-yours').innerText()).toBe(m.coMentions.toLocaleString('en-US'));
  });

  it('says whether the mention-rate gap is significant exactly as the API does, with the answers it rests on, for each time range', async () => {
    const states = new Set<string>();
    const timeRange = (name: string) => () => page.getByRole('group', { name: 'Time range' }).getByRole('button', { name }).click();
    // 7 days first (the default) from the page load, then the others; back to 7 days from the page's cache
    for (const [range, trigger] of [
      ['Last 7 days', () => page.goto(`/app/competitors/comparison/${encodeURIComponent(competitor)}`)],
      ['Last 24 hours', timeRange('Last 24 hours')],
      ['Last 30 days', timeRange('Last 30 days')],
    ] as const) {
      // the page's own request for this range, asked again of the API
      const body = await requestBodyOf(page, '/api/competitors/comparison-metrics', trigger);
      await waitForCards(page, CARDS);
      const gap = (await apiPost<Metrics>(page, '/api/competitors/comparison-metrics', body)).mentionRateGapStats;
      const answers = `${fixed(gap.n, 0)} answers`;
      const [state, text] = !gap.enoughData
        ? ['not-enough-data', `Not enough data: ${answers}`]
        : gap.significant
          ? ['significant', `Significant gap: ${answers}`]
          : ['not-significant', `Not significant: ${answers}`];
      states.add(state);
      const line = card(page, 'mentionRate').getByTestId('comparison-significance');
      await expect.poll(() => line.innerText(), { timeout: 30_000 }).toBe(text);
      expect(await line.getAttribute('data-significance'), range).toBe(state);
      // only the mention-rate card carries the line
      expect(await page.getByTestId('comparison-significance').count()).toBe(1);
    }
    // leave the page on its default range for the tests after this one (the filter is stored)
    await timeRange('Last 7 days')();
    await expect.poll(() => page.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');
    // the demo data gives this competitor at least one range whose gap is significant
    expect(states.has('significant')).toBe(true);
  });

  it('lists exactly the prompts the leading and trailing rules select from the API rows, a page of 20 at a time', async () => {
    // each list asks the server for its side, one page at a time
    const [leadingReq, trailingReq] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/competitors/comparison-prompts') && r.postDataJSON()?.side === 'leading', {
        timeout: 30_000,
      }),
      page.waitForRequest((r) => r.url().endsWith('/api/competitors/comparison-prompts') && r.postDataJSON()?.side === 'trailing', {
        timeout: 30_000,
      }),
      page.reload(),
    ]);
    await waitForCards(page, CARDS);
    expect(leadingReq.postDataJSON().page).toEqual({ limit: 20, offset: 0 });
    expect(trailingReq.postDataJSON().page).toEqual({ limit: 20, offset: 0 });
    // the whole list, unpaged and unsplit, as the rules' input
    const { side: _side, page: _page, ...whole } = leadingReq.postDataJSON();
    const rows = await apiPost<PromptRow[]>(page, '/api/competitors/comparison-prompts', whole);
    for (const [id, rule, empty, title] of [
      ['leadingPrompts', isLeading, 'No leading prompts', 'Leading prompts'],
      ['trailingPrompts', isTrailing, 'No trailing prompts', 'Trailing prompts'],
    ] as const) {
      const expected = rows.filter(rule);
      const shown = await promptCards(page, id);
      expect(shown.length, id).toBe(Math.min(20, expected.length));
      if (expected.length === 0) expect(await card(page, id).innerText()).toContain(empty);
      else
        expect(
          await card(page, id)
            .getByRole('navigation', { name: `${title} pages` })
            .innerText(),
        ).toContain(`1–${Math.min(20, expected.length)} of ${expected.length}`);
      const check = (cards: Array<{ title: string; text: string }>, from: number) =>
        cards.forEach((c, i) => {
          // Cards keep the API order, so card i is the i-th row the rule selects.
          expect(c.title).toBe(expected[from + i].promptPreview);
          expect(c.text).toContain(PROVIDER_NAMES[expected[from + i].provider] ?? expected[from + i].provider);
        });
      check(shown, 0);
      if (expected.length > 20) {
        await card(page, id).getByRole('button', { name: 'Page 2' }).click();
        await expect.poll(async () => (await promptCards(page, id))[0]?.title).toBe(expected[20].promptPreview);
        const second = await promptCards(page, id);
        expect(second.length).toBe(Math.min(20, expected.length - 20));
        check(second, 20);
      }
    }
    // Every prompt with rankings is in at least one list; the demo data has a list that needs a second page.
    expect(rows.filter((r) => r.rankingComparison !== 'no_rankings').every((r) => isLeading(r) || isTrailing(r))).toBe(true);
    expect([isLeading, isTrailing].some((rule) => rows.filter(rule).length > 20)).toBe(true);
    expect(await card(page, 'leadingPrompts').innerText()).toContain('Leading prompts');
    expect(await card(page, 'trailingPrompts').innerText()).toContain('Trailing prompts');
  });

  it('shows provider cards with at least one non-zero rate, sorted by name, with mention rates at 1 decimal', async () => {
    const body = await requestBodyOf(page, '/api/competitors/provider-ranking', () => page.reload());
    await waitForCards(page, CARDS);
    const rows = (await apiPost<ProviderRow[]>(page, '/api/competitors/provider-ranking', body)).filter(
      (r) => r.brandMentionRate > 0 || r.competitorMentionRate > 0,
    );
    const names = rows.map((r) => PROVIDER_NAMES[r.provider] ?? 'Other').sort((a, b) => a.localeCompare(b));
    const titles = await card(page, 'providers').getByTestId('card-grid-title').allInnerTexts();
    expect(titles).toEqual(names);
    const cards = card(page, 'providers').getByTestId('card-grid-item');
    for (const r of rows) {
      const text = await cards.nth(names.indexOf(PROVIDER_NAMES[r.provider] ?? 'Other')).innerText();
      expect(text).toContain(pct1(r.brandMentionRate));
      expect(text).toContain(pct1(r.competitorMentionRate));
      expect(text).toContain(r.mentionPerformance === 'brand_leading' ? 'Favours You' : 'Favours Them');
    }
  });

  it('refetches every card when the time range changes', async () => {
    await page.reload();
    await waitForCards(page, CARDS);
    const [metrics, prompts, providers] = await Promise.all([
      page.waitForRequest(
        (r) => r.url().endsWith('/api/competitors/comparison-metrics') && r.postDataJSON()?.startTime === midnightDaysBack(30),
        { timeout: 30_000 },
      ),
      page.waitForRequest(
        (r) => r.url().endsWith('/api/competitors/comparison-prompts') && r.postDataJSON()?.startTime === midnightDaysBack(30),
        { timeout: 30_000 },
      ),
      page.waitForRequest(
        (r) => r.url().endsWith('/api/competitors/provider-ranking') && r.postDataJSON()?.startTime === midnightDaysBack(30),
        { timeout: 30_000 },
      ),
      page.getByRole('group', { name: 'Time range' }).getByRole('button', { name: 'Last 30 days' }).click(),
    ]);
    expect(metrics.postDataJSON().competitor).toBe(competitor);
    expect(prompts.postDataJSON().competitor).toBe(competitor);
    expect(providers.postDataJSON().competitor).toBe(competitor);
    await waitForCards(page, CARDS);
    const m = await apiPost<Metrics>(page, '/api/competitors/comparison-metrics', metrics.postDataJSON());
    await expect.poll(() => card(page, 'mentionRate').innerText()).toContain(pct2(m.yourBrandMentionRate));
    expect(await card(page, 'mentionRate').innerText()).toContain(pct2(m.competitorMentionRate));
  });
});
