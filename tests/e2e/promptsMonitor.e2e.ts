import { readFileSync } from 'node:fs';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, launchBrowser, loggedInPage } from './support/browser';
import { fixed } from './support/numbers';

// The Prompts Monitor in a real browser as the demo user: the spec's cards and copy, a row's
// mention rate against the API, tab counters, creating a prompt through the dialog, and bulk
// Stop then Start with the confirmation dialog, the performance filter against the API's rows, and
// the plan-limit flag disabling New Prompt and bulk Start.

const PLAN_LIMIT_TOOLTIP =
  'You have reached your plan limit for tracking prompts. Upgrade your plan or delete existing prompts to add more.';

interface TableRow {
  promptId: string;
  promptPreview: string;
  fullPrompt: string;
  promptState: string;
  mentionRate: number | null;
  performanceStatus: string;
  recencyStatus: string;
  deltaMentionRateChange: number | null;
  providers: string[];
  mentionRateStats: { n: number; enoughData: boolean };
}
interface TableResponse {
  prompts: TableRow[];
  canAddPrompts: boolean;
}

/** Prompts a page of the table holds (pages/prompts.json serverPaging). */
const PAGE_SIZE = 25;
const widget = (page: Page, id: string) => page.locator(`[data-widget-id="${id}"]`);
const pct2 = (n: number) => `${fixed(n, 2)}%`;

/** The table's request: the one asking for a page of rows (New Prompt and the collection strip ask for none). */
const isPageRequest = (r: Request) =>
  r.url().endsWith('/api/prompts/table') &&
  r.method() === 'POST' &&
  ((r.postDataJSON() as { page?: { limit: number } }).page?.limit ?? 0) > 0;

async function tableBody(page: Page, trigger: () => Promise<unknown>): Promise<Record<string, unknown>> {
  const [req] = await Promise.all([page.waitForRequest(isPageRequest, { timeout: 30_000 }), trigger()]);
  return req.postDataJSON();
}

/** The same request for every prompt, unpaged: what the tests compare the screen with. */
function wholeBody(request: Record<string, unknown>): Record<string, unknown> {
  const { page: _page, state: _state, performance: _performance, ...rest } = request;
  return rest;
}

async function settled(page: Page) {
  await widget(page, 'prompts').locator('table').waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, null, { timeout: 30_000 });
}

const tab = (page: Page, label: string) => widget(page, 'prompts').getByRole('tab', { name: new RegExp(`^${label} \\(\\d+\\)$`) });
const rowOf = (page: Page, text: string) => widget(page, 'prompts').locator('tbody tr', { hasText: text });

describe('Prompts Monitor', () => {
  let browser: Browser;
  let page: Page;
  let body: Record<string, unknown>;
  let pageRequest: Record<string, unknown>;
  let suggestionsBody: Record<string, unknown>;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await loggedInPage(browser));
    const suggestions = page.waitForRequest((r: Request) => r.url().endsWith('/api/prompts/suggestions') && r.method() === 'POST', {
      timeout: 30_000,
    });
    pageRequest = await tableBody(page, () => page.goto('/app/prompts'));
    body = wholeBody(pageRequest);
    suggestionsBody = (await suggestions).postDataJSON();
    await settled(page);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows the spec's cards and copy, and a row's mention rate as the API gives it", async () => {
    expect(await page.getByRole('heading', { name: 'Prompts Monitor' }).count()).toBeGreaterThan(0);
    expect(await page.getByText(/Next insights (in \d+h \d+m|in \d+m|soon)/).count()).toBe(1);
    for (const title of ['Facts & Insights', 'Monitored Prompts', 'Suggested Prompts']) {
      expect(await page.getByRole('heading', { name: title }).count(), title).toBe(1);
    }
    expect(await page.getByRole('button', { name: 'New Prompt' }).count()).toBe(1);

    // the screen asks for one page of the Active tab, by mention rate, with the Performance filter
    expect(pageRequest).toMatchObject({
      state: 'active',
      performance: 'all',
      page: { limit: PAGE_SIZE, offset: 0, sort: 'mentionRate', order: 'desc' },
    });
    const api = await apiPost<TableResponse>(page, '/api/prompts/table', body);
    const active = api.prompts.filter((p) => p.promptState === 'active');
    expect(await tab(page, 'Active').innerText()).toBe(`Active (${active.length})`);
    expect(await tab(page, 'All').innerText()).toBe(`All (${api.prompts.length})`);
    const rated = active.find((p) => p.mentionRate !== null)!;
    expect(await rowOf(page, rated.promptPreview).first().innerText()).toContain(pct2(rated.mentionRate!));

    // Each rate shows the answers it rests on; rows under the minimum sample are greyed out.
    const unique = (p: TableRow) =>
      active.filter((q) => q.promptPreview.includes(p.promptPreview) || p.promptPreview.includes(q.promptPreview)).length === 1;
    const few = active.find((p) => !p.mentionRateStats.enoughData && p.mentionRateStats.n > 0 && unique(p))!;
    const enough = active.find((p) => p.mentionRateStats.enoughData && unique(p))!;
    for (const p of [few, enough]) {
      const row = rowOf(page, p.promptPreview);
      expect(await row.innerText()).toContain(`${p.mentionRateStats.n} answers`);
      expect(await row.getAttribute('data-muted')).toBe(p === few ? 'true' : null);
    }
    expect(await rowOf(page, few.promptPreview).getAttribute('title')).toBe(
      `Too few answers to judge this rate: ${few.mentionRateStats.n}`,
    );

    // Suggestions: 10 fetched, the first 3 shown.
    expect(suggestionsBody.limit).toBe(10);
    const fetched = await apiPost<Array<{ relatedQuestion: string }>>(page, '/api/prompts/suggestions', suggestionsBody);
    expect(fetched.length).toBeLessThanOrEqual(10);
    expect(fetched.length).toBeGreaterThan(3); // the demo brand has more than are shown
    await expect.poll(() => widget(page, 'suggestions').locator('li').count()).toBe(3);
    const items = await widget(page, 'suggestions').locator('li').allInnerTexts();
    fetched.slice(0, 3).forEach((s, i) => expect(items[i]).toContain(s.relatedQuestion));
  });

  it('searches the prompts on the server', async () => {
    const api = await apiPost<TableResponse>(page, '/api/prompts/table', body);
    const active = api.prompts.filter((p) => p.promptState === 'active');
    const word = active[0].fullPrompt
      .split(/\s+/)
      .find((w) => w.length > 5)!
      .replace(/[^\p{L}\p{N}]/gu, '');
    const expected = active.filter((p) => p.fullPrompt.toLowerCase().includes(word.toLowerCase()));
    const box = widget(page, 'prompts').getByRole('searchbox', { name: /Search prompts/ });
    const [searched] = await Promise.all([
      page.waitForRequest((r) => isPageRequest(r) && r.postDataJSON().page.search === word),
      box.fill(word),
    ]);
    expect(searched.postDataJSON().page.offset).toBe(0);
    await expect.poll(() => widget(page, 'prompts').locator('tbody tr').count()).toBe(Math.min(expected.length, PAGE_SIZE));
    await box.fill('');
    await expect.poll(() => widget(page, 'prompts').locator('tbody tr').count()).toBe(Math.min(active.length, PAGE_SIZE));
  });

  it('switches tabs', async () => {
    await tab(page, 'All').click();
    const api = await apiPost<TableResponse>(page, '/api/prompts/table', body);
    await expect.poll(() => widget(page, 'prompts').locator('tbody tr').count()).toBe(Math.min(api.prompts.length, PAGE_SIZE));
    await tab(page, 'Active').click();
    await expect
      .poll(() => widget(page, 'prompts').locator('tbody tr').count())
      .toBe(Math.min(api.prompts.filter((p) => p.promptState === 'active').length, PAGE_SIZE));
  });

  let createdText = '';
  it('creates a prompt through the dialog and shows it in the table', async () => {
    const text = `Which e2e tools do teams trust in ${Date.now()}?`;
    createdText = text;
    await page.getByRole('button', { name: 'New Prompt' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Create Monitoring Prompt').count()).toBe(1);
    const create = dialog.getByRole('button', { name: 'Create' });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByRole('textbox').fill(text);
    expect(await dialog.getByText(`${text.length}/500`).count()).toBe(1);
    expect(await create.isDisabled()).toBe(true); // no provider, no country yet
    await dialog.getByRole('combobox', { name: 'AI Providers' }).click();
    // Multi-select options are menuitemcheckbox items; the default provider is openai (Chat GPT).
    const option = (name: string) => page.getByRole('menuitemcheckbox', { name, exact: true });
    expect(await option('Chat GPT').getAttribute('aria-checked')).toBe('true');
    expect(await option('Perplexity').getAttribute('aria-checked')).toBe('false');
    await page.keyboard.press('Escape');
    await dialog.getByRole('combobox', { name: 'Countries' }).click();
    await option('United States').click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('checkbox', { name: 'Start immediately' }).uncheck();
    await expect.poll(() => create.isDisabled()).toBe(false);
    await create.click();
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 30_000 }).toBe(0);
    // a new prompt has no mention rate yet, so it sorts after the first page: the search finds it
    await widget(page, 'prompts')
      .getByRole('searchbox', { name: /Search prompts/ })
      .fill(text);
    await expect.poll(() => rowOf(page, text).count(), { timeout: 30_000 }).toBe(1);
    const api = await apiPost<TableResponse>(page, '/api/prompts/table', body);
    const created = api.prompts.find((p) => p.fullPrompt === text);
    expect(created?.promptState).toBe('active');
    expect(created?.providers).toEqual(['openai']);
  });

  it('deletes the prompt it created after confirmation: gone from the table, the API and the plan usage', async () => {
    expect(createdText).not.toBe('');
    const before = await apiPost<TableResponse>(page, '/api/prompts/table', body);
    const created = before.prompts.find((p) => p.fullPrompt === createdText)!;
    const usage = async () =>
      (await (await page.request.get('/api/users/me')).json()) as {
        userBrands: Array<{ id: string; planGovernance?: { usage?: { prompts?: { currentUsage: number } } } }>;
      };
    const usedBefore = (await usage()).userBrands.find((b) => b.id === body.brandId)?.planGovernance?.usage?.prompts?.currentUsage;
    await tab(page, 'All').click();
    await rowOf(page, created.promptPreview).first().getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect.poll(() => confirm.getByText('Delete this prompt?').count()).toBe(1);
    expect(await confirm.getByText(created.promptPreview, { exact: false }).count()).toBe(1);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByRole('alertdialog').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => rowOf(page, createdText).count(), { timeout: 30_000 }).toBe(0);
    await widget(page, 'prompts')
      .getByRole('searchbox', { name: /Search prompts/ })
      .fill('');
    const after = await apiPost<TableResponse>(page, '/api/prompts/table', body);
    expect(after.prompts.some((p) => p.promptId === created.promptId)).toBe(false);
    expect(after.prompts).toHaveLength(before.prompts.length - 1);
    expect((await page.request.get(`/api/prompts/${created.promptId}`)).status()).toBe(404);
    expect((await usage()).userBrands.find((b) => b.id === body.brandId)?.planGovernance?.usage?.prompts?.currentUsage).toBe(
      (usedBefore ?? 0) - 1,
    );
  });

  it('stops selected prompts after confirmation, then starts them again', async () => {
    await tab(page, 'Active').click();
    const before = await apiPost<TableResponse>(page, '/api/prompts/table', body);
    const picked = before.prompts.filter((p) => p.promptState === 'active').slice(0, 2);
    for (const p of picked) await rowOf(page, p.promptPreview).first().getByRole('checkbox').check();
    expect(await widget(page, 'prompts').getByTestId('prompts-selected-count').innerText()).toBe('2 selected');
    // Some rows selected: select-all is indeterminate.
    expect(await widget(page, 'prompts').getByRole('checkbox', { name: 'Select all prompts' }).isChecked()).toBe(false);

    await widget(page, 'prompts').getByRole('button', { name: 'Stop' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect.poll(() => confirm.getByText('Stop Selected Prompts').count()).toBe(1);
    await confirm.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => page.getByRole('alertdialog').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => widget(page, 'prompts').getByTestId('prompts-selected-count').innerText()).toBe('0 selected');
    let api = await apiPost<TableResponse>(page, '/api/prompts/table', body);
    for (const p of picked) expect(api.prompts.find((x) => x.promptId === p.promptId)?.promptState).toBe('inactive');
    await expect
      .poll(() => tab(page, 'Stopped').innerText())
      .toBe(`Stopped (${api.prompts.filter((p) => p.promptState !== 'active').length})`);

    await tab(page, 'Stopped').click();
    for (const p of picked) await rowOf(page, p.promptPreview).first().getByRole('checkbox').check();
    await widget(page, 'prompts').getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => page.getByRole('alertdialog').getByText('Start Selected Prompts').count()).toBe(1);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => page.getByRole('alertdialog').count(), { timeout: 30_000 }).toBe(0);
    api = await apiPost<TableResponse>(page, '/api/prompts/table', body);
    for (const p of picked) expect(api.prompts.find((x) => x.promptId === p.promptId)?.promptState).toBe('active');
  });

  it('exports the rows of the current tab as csv and excel', async () => {
    await tab(page, 'Active').click();
    const shown = await widget(page, 'prompts').locator('tbody tr').allInnerTexts();
    const api = await apiPost<TableResponse>(page, '/api/prompts/table', body);
    const activeCount = api.prompts.filter((p) => p.promptState === 'active').length;
    expect(shown.length).toBe(Math.min(activeCount, PAGE_SIZE));
    const exportAs = async (format: RegExp) => {
      await widget(page, 'prompts').getByRole('button', { name: 'Export' }).click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: format }).click()]);
      return download;
    };
    const csvFile = await exportAs(/csv/i);
    expect(csvFile.suggestedFilename()).toMatch(/^monitored-prompts.*\.csv$/);
    const csv = readFileSync((await csvFile.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(csv.length).toBe(activeCount + 1); // header + every row of the tab, not only the page shown
    expect(csv[0]).toContain('Mention Rate');
    for (const p of api.prompts.filter((x) => x.promptState === 'active')) {
      expect(
        csv.some((line) => line.includes(p.promptPreview.replace(/"/g, '""'))),
        p.promptPreview,
      ).toBe(true);
    }
    const xlsx = await exportAs(/excel/i);
    expect(xlsx.suggestedFilename()).toMatch(/^monitored-prompts.*\.xlsx$/);
    expect(
      readFileSync((await xlsx.path())!)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK'); // a zip (xlsx) workbook
  });

  it('filters the table by prompt performance: the rows of each choice are the API rows with that status', async () => {
    await tab(page, 'All').click();
    const api = await apiPost<TableResponse>(page, '/api/prompts/table', body);
    const perf = page.getByRole('toolbar', { name: 'Filters' }).getByRole('combobox', { name: 'Performance' });
    expect(await perf.innerText()).toContain('All');
    const choices: Array<[string, string, (p: TableRow) => boolean]> = [
      ['Top Performer', 'top', (p) => p.performanceStatus === 'top'],
      ['Low Visibility', 'worst', (p) => p.performanceStatus === 'bottom'],
      // Needs Attention: no mention in the window; a prompt that never ran shows as New instead
      ['Needs Attention', 'needs_attention', (p) => p.performanceStatus === 'zero_mention' && p.recencyStatus !== 'never_run'],
      ['Recently Changed', 'recently_changed', (p) => p.deltaMentionRateChange !== null && Math.abs(p.deltaMentionRateChange) > 5],
      ['All', 'all', () => true],
    ];
    let narrowed = 0;
    for (const [label, value, keep] of choices) {
      await perf.click();
      await page.getByRole('option', { name: label, exact: true }).click();
      const expected = api.prompts.filter(keep);
      if (value !== 'all' && expected.length > 0 && expected.length < api.prompts.length) narrowed++;
      if (expected.length === 0) {
        await expect.poll(() => widget(page, 'prompts').getByText('This place is empty').count(), { message: label }).toBe(1);
      } else {
        await expect.poll(() => tab(page, 'All').innerText(), { message: label }).toBe(`All (${expected.length})`);
        await expect
          .poll(() => widget(page, 'prompts').locator('tbody tr').count(), { message: label })
          .toBe(Math.min(expected.length, PAGE_SIZE));
        const shown = await widget(page, 'prompts').locator('tbody tr').allInnerTexts();
        // every row shown is one the choice keeps (all of them when they fit one page)
        for (const row of shown)
          expect(
            expected.some((p) => row.includes(p.promptPreview)),
            `${label}: ${row}`,
          ).toBe(true);
      }
      // the choice persists with the page's other filters
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('promptsPage-filters') ?? '{}').promptPerformance)).toBe(value);
    }
    expect(narrowed, 'the demo data has prompts of several kinds').toBeGreaterThanOrEqual(2);
  });

  it('disables New Prompt and bulk Start with the plan-limit tooltip when the plan flag is off', async () => {
    const api = await apiPost<TableResponse>(page, '/api/prompts/table', body);
    expect(api.canAddPrompts).toBe(true); // the demo plan has room: both buttons work
    expect(await page.getByRole('button', { name: 'New Prompt' }).isDisabled()).toBe(false);
    expect(await page.getByLabel(PLAN_LIMIT_TOOLTIP).count()).toBe(0);
    // The server's flag as at the plan limit: the real answer with canAddPrompts off (reaching the
    // limit for real would take hundreds of prompts on the shared demo account).
    await page.route('**/api/prompts/table', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), canAddPrompts: false } });
    });
    try {
      await page.reload();
      await settled(page);
      await expect.poll(() => page.getByRole('button', { name: 'New Prompt' }).isDisabled()).toBe(true);
      await tab(page, 'Active').click();
      await widget(page, 'prompts').locator('tbody tr').first().getByRole('checkbox').check();
      expect(await widget(page, 'prompts').getByTestId('prompts-selected-count').innerText()).toBe('1 selected');
      const bulk = widget(page, 'prompts').getByLabel('Bulk actions');
      expect(await bulk.getByRole('button', { name: 'Stop' }).isDisabled()).toBe(false);
      expect(await bulk.getByRole('button', { name: 'Start' }).isDisabled()).toBe(true);
      expect(await page.getByLabel(PLAN_LIMIT_TOOLTIP).count()).toBe(2); // New Prompt and Start
      await bulk.getByLabel(PLAN_LIMIT_TOOLTIP).hover();
      await expect.poll(() => page.getByRole('tooltip').filter({ hasText: PLAN_LIMIT_TOOLTIP }).count()).toBe(1);
    } finally {
      await page.unroute('**/api/prompts/table');
    }
  });
});
