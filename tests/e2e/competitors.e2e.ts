import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, launchBrowser, loggedInPage } from './support/browser';
import { card, midnightDaysBack, requestBodyOf, waitForCards } from './support/page';

// The Competitors screen (Competitor Intelligence) in a real browser, signed in as the demo user:
// copy and cards, the table against competitors.insights for the page's own request, search, sort
// and 'View All Emerging Threats (N)', the Emerging Threats tab against competitors.emerging-threats,
// adding / renaming / deleting a competitor, and tracking an emerging threat.

interface CompetitorRow {
  competitorName: string; coMentions: number; avgPosition: number | null; competitorMentions: number; citationsCount: number;
  marketShare: number; growthPercentage: number | null; threatLevel: 'high' | 'medium' | 'low';
}
interface Threat {
  competitorName: string; threatAssessment: string; emergenceLevel: string; temporalPattern: string; competitiveRelevanceScore: number;
  totalMentions: number;
}

// Number display (1 decimal for rank, share and growth), written out here rather than taken from the engine
const fixed = (n: number, d: number) => n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }).replace(/^-(0\.0+|0)$/, '$1');
const rank = (n: number | null) => (n === null ? '—' : fixed(n, 1));
const share = (n: number) => `${fixed(n, 1)}%`;
const growth = (n: number | null) => (n === null ? '—' : `${Number(fixed(n, 1).replace(/,/g, '')) > 0 ? '+' : ''}${fixed(n, 1)}%`);
const THREAT_LEVEL = { high: 'High', medium: 'Medium', low: 'Low' } as const;
const ASSESSMENT: Record<string, string> = {
  immediate_threat: 'Immediate Threat', growing_threat: 'Growing Threat', emerging_threat: 'Emerging Threat', monitoring_required: 'Monitoring Required',
};
const HEADERS = ['Competitor', 'Avg Rank', 'Mentions', 'Citations', 'Share of Voice', 'Growth', 'Threat Level', 'Actions'];

const table = (page: Page) => card(page, 'competitorsTable').getByRole('table');
const bodyRows = (page: Page) => table(page).locator('tbody tr');

/** The table as shown: one array of cell texts per row. */
async function shownRows(page: Page): Promise<string[][]> {
  return bodyRows(page).evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td as HTMLElement).innerText.trim())));
}

/** Names in the Competitor column (the first line of the cell; the second is the co-mentions). */
async function shownNames(page: Page): Promise<string[]> {
  return (await shownRows(page)).map((cells) => cells[0].split('\n')[0].trim());
}

function expectedCells(r: CompetitorRow): string[] {
  return [
    `${r.competitorName}\n${r.coMentions} co-mentions`,
    rank(r.avgPosition),
    fixed(r.competitorMentions, 0),
    fixed(r.citationsCount, 0),
    share(r.marketShare),
    growth(r.growthPercentage),
    THREAT_LEVEL[r.threatLevel],
  ];
}

async function tab(page: Page, name: string): Promise<Locator> {
  return page.getByRole('tab', { name });
}

describe('Competitors screen', () => {
  let browser: Browser;
  let page: Page;
  let insightsBody: Record<string, unknown> = {};
  let brandId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await loggedInPage(browser));
    insightsBody = await requestBodyOf(page, '/api/competitors/insights', () => page.goto('/app/competitors'));
    brandId = String(insightsBody.brandId);
    await waitForCards(page, ['competitorsTable', 'threatsPreview']);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the title, breadcrumb, time range, tabs, table columns and the emerging threats preview', async () => {
    expect(await page.getByRole('heading', { name: 'Competitor Intelligence' }).first().isVisible()).toBe(true);
    const crumbs = await page.getByRole('navigation', { name: 'Breadcrumb' }).innerText();
    expect(crumbs.split(/\s*›\s*/).map((s) => s.trim())).toEqual(['Home', 'Competitors']);
    const segments = page.getByRole('group', { name: 'Time range' }).getByRole('button');
    expect(await segments.allInnerTexts()).toEqual(['Last 24 hours', 'Last 7 days', 'Last 30 days', 'Custom date range']);
    expect(await page.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');
    // the four choices sit on one row from a small laptop up ('Custom date range' does not wrap under them)
    for (const width of [1024, 1440]) {
      await page.setViewportSize({ width, height: 1000 });
      const tops = await segments.evaluateAll((bs) => bs.map((b) => Math.round(b.getBoundingClientRect().top)));
      expect(new Set(tops).size, `@${width}: ${tops.join(', ')}`).toBe(1);
    }
    expect(insightsBody.startTime).toBe(midnightDaysBack(7));
    expect(insightsBody.deltaStartTime).toBe(midnightDaysBack(14));
    expect(insightsBody.deltaEndTime).toBe(midnightDaysBack(7));
    expect(await page.getByRole('tab').allInnerTexts()).toEqual(['Competitors', 'Emerging Threats']);
    expect(await (await tab(page, 'Competitors')).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('button', { name: 'Add Competitor' }).isVisible()).toBe(true);
    expect(await card(page, 'competitorsTable').getByRole('button', { name: 'Export' }).isVisible()).toBe(true);
    expect(await table(page).locator('thead th').allInnerTexts()).toEqual(HEADERS);
    // the Edit action column is 120px wide
    expect(await table(page).locator('thead th').last().evaluate((th) => (th as HTMLElement).style.width)).toBe('120px');

    const threats = (await apiPost<{ emergingCompetitors: Threat[] }>(page, '/api/competitors/emerging-threats', { brandId })).emergingCompetitors;
    expect(threats.length).toBeGreaterThan(0);
    const top3 = [...threats].sort((a, b) => b.competitiveRelevanceScore - a.competitiveRelevanceScore).slice(0, 3);
    const preview = card(page, 'threatsPreview');
    expect(await preview.getByRole('heading', { name: 'Emerging Threats' }).isVisible()).toBe(true);
    expect(await preview.getByTestId('card-grid-title').allInnerTexts()).toEqual(top3.map((t) => t.competitorName));
    const first = await preview.getByTestId('card-grid-item').first().innerText();
    expect(first).toContain(ASSESSMENT[top3[0].threatAssessment]);
    expect(first).toContain(`${fixed(Math.round(top3[0].competitiveRelevanceScore) / 10, 1)}/10`);
    expect(await preview.getByRole('button', { name: `View All Emerging Threats (${threats.length})` }).isVisible()).toBe(true);
  });

  it('shows every competitor with the numbers competitors.insights answers for the same request, most mentioned first', async () => {
    const rows = await apiPost<CompetitorRow[]>(page, '/api/competitors/insights', insightsBody);
    expect(rows.length).toBeGreaterThan(0);
    // default sort: mentions descending (stable for ties, as the API orders them)
    const expected = [...rows].sort((a, b) => b.competitorMentions - a.competitorMentions);
    const shown = await shownRows(page);
    expect(shown.map((cells) => cells.slice(0, 7))).toEqual(expected.map(expectedCells));
    // threat level badges carry the spec's colours (high red, medium amber, low green)
    const colour = { high: 'danger', medium: 'warning', low: 'success' } as const;
    for (const [i, r] of expected.entries()) {
      const shown = await bodyRows(page).nth(i).locator('td').nth(6).locator('.fui-Badge').getAttribute('data-color');
      expect(shown, r.competitorName).toBe(colour[r.threatLevel]);
    }
  });

  it('searches by name, sorts by a column and opens the Emerging Threats tab from the preview button', async () => {
    const rows = await apiPost<CompetitorRow[]>(page, '/api/competitors/insights', insightsBody);
    const target = rows[rows.length - 1].competitorName;
    const search = card(page, 'competitorsTable').getByRole('searchbox', { name: 'Search competitors' });
    await search.fill(target.toUpperCase());
    await expect.poll(() => shownNames(page)).toEqual(rows.filter((r) => r.competitorName.toLowerCase().includes(target.toLowerCase())).map((r) => r.competitorName).sort((a, b) => rows.find((r) => r.competitorName === b)!.competitorMentions - rows.find((r) => r.competitorName === a)!.competitorMentions));
    await search.fill('');
    await expect.poll(async () => (await shownNames(page)).length).toBe(rows.length);

    // Mentions is sorted descending by default: one click sorts it ascending.
    await table(page).locator('thead th', { hasText: 'Mentions' }).click();
    const mentions = async () => (await shownRows(page)).map((cells) => Number(cells[2].replace(/,/g, '')));
    await expect.poll(mentions).toEqual(rows.map((r) => r.competitorMentions).sort((a, b) => a - b));
    await table(page).locator('thead th', { hasText: 'Mentions' }).click();
    await expect.poll(mentions).toEqual(rows.map((r) => r.competitorMentions).sort((a, b) => b - a));

    const threats = (await apiPost<{ emergingCompetitors: Threat[] }>(page, '/api/competitors/emerging-threats', { brandId })).emergingCompetitors;
    await card(page, 'threatsPreview').getByRole('button', { name: `View All Emerging Threats (${threats.length})` }).click();
    await expect.poll(async () => (await tab(page, 'Emerging Threats')).getAttribute('aria-selected')).toBe('true');
    await waitForCards(page, ['threatCounters', 'threatCards']);

    const counters = await card(page, 'threatCounters').innerText();
    const count = (pred: (t: Threat) => boolean) => String(threats.filter(pred).length);
    const lines = counters.split('\n').map((s) => s.trim()).filter(Boolean);
    expect(lines[lines.indexOf('High Threat') + 1]).toBe(count((t) => t.threatAssessment === 'immediate_threat'));
    expect(lines[lines.indexOf('Medium Threat') + 1]).toBe(count((t) => t.threatAssessment === 'growing_threat'));
    expect(lines[lines.indexOf('Emerging/Monitoring') + 1]).toBe(count((t) => ['emerging_threat', 'monitoring_required'].includes(t.threatAssessment)));

    const top10 = [...threats].sort((a, b) => b.competitiveRelevanceScore - a.competitiveRelevanceScore).slice(0, 10);
    const cards = card(page, 'threatCards');
    expect(await cards.getByTestId('card-grid-title').allInnerTexts()).toEqual(top10.map((t) => t.competitorName));
    for (const [i, t] of top10.entries()) {
      const text = await cards.getByTestId('card-grid-item').nth(i).innerText();
      expect(text).toContain(ASSESSMENT[t.threatAssessment]);
      expect(text).toContain(`${fixed(Math.round(t.competitiveRelevanceScore) / 10, 1)}/10`);
      expect(text).toContain(fixed(t.totalMentions, 0));
      // at most 3 suggestions
      const suggestions = await cards.getByTestId('card-grid-item').nth(i).getByTestId('card-grid-list').locator('li').count();
      expect(suggestions).toBeLessThanOrEqual(3);
    }
    // every immediate threat gets the assessment's suggestion
    const immediate = top10.findIndex((t) => t.threatAssessment === 'immediate_threat');
    if (immediate >= 0) expect(await cards.getByTestId('card-grid-item').nth(immediate).innerText()).toContain('Track this brand now');
    expect(await cards.getByRole('button', { name: 'Export' }).isVisible()).toBe(true);
    await (await tab(page, 'Competitors')).click();
    await waitForCards(page, ['competitorsTable']);
  });

  it('adds, renames and deletes a competitor, each visible in the table', async () => {
    const name = 'Northwind Analytics';
    const renamed = 'Northwind Insights';
    await page.getByRole('button', { name: 'Add Competitor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Competitor' });
    const submit = dialog.getByRole('button', { name: 'Add' });
    const field = dialog.getByRole('textbox', { name: /Competitor Name/ });
    // a blank (trimmed) name cannot be submitted
    await field.fill('   ');
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await field.fill(name);
    await expect.poll(() => submit.isDisabled()).toBe(false);
    const [create] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/competitors') && r.request().method() === 'POST'),
      submit.click(),
    ]);
    expect(create.ok()).toBe(true);
    expect(create.request().postDataJSON()).toEqual({ brandId, competitorName: name });
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => shownNames(page)).toContain(name);
    // the new row shows the numbers the API has for it
    const added = (await apiPost<CompetitorRow[]>(page, '/api/competitors/insights', insightsBody)).find((r) => r.competitorName === name)!;
    const addedCells = (await shownRows(page)).find((cells) => cells[0].split('\n')[0] === name)!;
    expect(addedCells.slice(0, 7)).toEqual(expectedCells(added));
    let rows = await apiPost<CompetitorRow[]>(page, '/api/competitors/insights', insightsBody);
    expect(rows.map((r) => r.competitorName)).toContain(name);

    // rename through the row's Edit action
    const row = bodyRows(page).filter({ hasText: name });
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Competitor' });
    const editField = edit.getByRole('textbox', { name: /Competitor Name/ });
    expect(await editField.inputValue()).toBe(name);
    await editField.fill(renamed);
    const [update] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/competitors') && r.request().method() === 'PUT'),
      edit.getByRole('button', { name: 'Save' }).click(),
    ]);
    expect(update.request().postDataJSON()).toEqual({ brandId, oldCompetitorName: name, newCompetitorName: renamed });
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => shownNames(page)).toContain(renamed);
    expect(await shownNames(page)).not.toContain(name);

    // delete, after a confirmation; the edit dialog stays open (and cannot be closed) until the call ends
    await bodyRows(page).filter({ hasText: renamed }).getByRole('button', { name: 'Edit' }).click();
    const edit2 = page.getByRole('dialog', { name: 'Edit Competitor' });
    await edit2.getByRole('button', { name: 'Delete Competitor' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Competitor' });
    expect(await confirm.innerText()).toContain(`Stop tracking ${renamed}?`);
    // hold the DELETE until the dialogs have been tried: Escape must not close them while it runs
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    await page.route('**/api/competitors', async (route) => {
      if (route.request().method() !== 'DELETE') return route.continue();
      reached();
      await held;
      await route.continue();
    });
    const response = page.waitForResponse((r) => r.url().endsWith('/api/competitors') && r.request().method() === 'DELETE');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await arrived;
    await page.keyboard.press('Escape');
    // the confirmation hides the edit dialog from the accessibility tree: reach it by its markup
    const editSurface = page.locator('[role="dialog"]').filter({ hasText: 'Edit Competitor' });
    await editSurface.locator('button', { hasText: 'Cancel' }).dispatchEvent('click');
    expect(await editSurface.isVisible()).toBe(true);
    expect(await editSurface.getAttribute('aria-busy')).toBe('true');
    expect(await confirm.isVisible()).toBe(true);
    expect(await confirm.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    release();
    const del = await response;
    await page.unroute('**/api/competitors');
    expect(del.ok()).toBe(true);
    expect(del.request().postDataJSON()).toEqual({ brandId, competitorName: renamed });
    await edit2.waitFor({ state: 'detached' });
    rows = await apiPost<CompetitorRow[]>(page, '/api/competitors/insights', insightsBody);
    expect(rows.map((r) => r.competitorName)).not.toContain(renamed);
    await expect.poll(async () => (await shownNames(page)).sort()).toEqual(rows.map((r) => r.competitorName).sort());
  });

  it("tracks an emerging threat: the button shows 'Already Tracking...' and the competitor joins the table", async () => {
    await (await tab(page, 'Emerging Threats')).click();
    await waitForCards(page, ['threatCards']);
    const item = card(page, 'threatCards').getByTestId('card-grid-item').first();
    const name = await item.getByTestId('card-grid-title').getAttribute('title');
    expect(name).toBeTruthy();
    const track = item.getByRole('button', { name: 'Track' });
    expect(await track.isEnabled()).toBe(true);
    const [create] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/competitors') && r.request().method() === 'POST'),
      track.click(),
    ]);
    expect(create.request().postDataJSON()).toEqual({ brandId, competitorName: name });
    const tracked = item.getByRole('button', { name: 'Already Tracking...' });
    await tracked.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await tracked.isDisabled()).toBe(true);

    await (await tab(page, 'Competitors')).click();
    await waitForCards(page, ['competitorsTable']);
    await expect.poll(() => shownNames(page)).toContain(name);
    const rows = await apiPost<CompetitorRow[]>(page, '/api/competitors/insights', insightsBody);
    expect(rows.map((r) => r.competitorName)).toContain(name);
  });
});
