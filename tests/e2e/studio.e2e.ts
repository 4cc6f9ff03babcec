import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAPSED_USER, launchBrowser, loggedInPage } from './support/browser';

// The page studio in Chromium: a staff user (the demo login) opens the Overview's config, moves a
// card and changes the chart's mark and sees the preview follow with the lint clean, then misspells
// a channel and sees the error marked on that line; a subscriber who is not staff is refused by
// the app and by the server, and never downloads the studio's code.

const preview = (page: Page) => page.getByTestId('studio-preview');
const previewCard = (page: Page, id: string) => preview(page).locator(`[data-widget-id="${id}"]`);
const lintSummary = (page: Page) => page.getByTestId('studio-lint-summary');
/** A button of the studio's own bar, not one of the previewed page's (whose cards have their own Download menus). */
const studioButton = (page: Page, name: string) => page.locator(`button:not([data-testid="studio-preview"] button)`).filter({ hasText: new RegExp(`^${name}$`) });

/** Finds `text` with the editor's search panel (Ctrl+F) and leaves it selected, the panel closed. */
async function findInEditor(page: Page, text: string) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+f');
  const search = page.locator('.cm-search input[name="search"]');
  await search.fill(text);
  await search.press('End'); // the panel takes the query on key-up
  await search.press('Enter');
  await page.keyboard.press('Escape');
}

/** Replaces the next match of `find` with `by` through the search panel's Replace. */
async function replaceInEditor(page: Page, find: string, by: string) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+f');
  await page.locator('.cm-search input[name="search"]').fill(find);
  await page.locator('.cm-search input[name="search"]').press('End'); // the panel takes the query on key-up
  await page.locator('.cm-search input[name="search"]').press('Enter'); // selects the next match
  await page.locator('.cm-search input[name="replace"]').fill(by);
  await page.locator('.cm-search input[name="replace"]').press('End');
  await page.locator('.cm-search button[name="replace"]').click();
  await page.keyboard.press('Escape');
}

/** Rests the mouse on the middle of the first occurrence of `text` in the editor's visible lines. */
async function hoverText(page: Page, text: string) {
  const box = await page.locator('.cm-content').evaluate((content, t) => {
    const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(t);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + t.length);
      const r = range.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    }
    return null;
  }, text);
  if (!box) throw new Error(`${text} is not on the editor's screen`);
  await page.mouse.move(box.x, box.y);
}

/** Whether card `a` comes before card `b` in the preview's document order. */
const before = (page: Page, a: string, b: string) =>
  preview(page).evaluate(
    (root, [x, y]) => {
      const ex = root.querySelector(`[data-widget-id="${x}"]`);
      const ey = root.querySelector(`[data-widget-id="${y}"]`);
      return !!ex && !!ey && (ex.compareDocumentPosition(ey) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    },
    [a, b],
  );

describe('page studio', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lets staff edit the Overview with a live preview and lint at the line of a mistake', async () => {
    const { page } = await loggedInPage(browser);
    page.on('dialog', (d) => void d.accept()); // the unsaved-changes warning when the test leaves
    await page.goto('/app/home');
    await page.getByRole('link', { name: 'Page Studio' }).click();
    await page.waitForURL('**/studio');
    await page.getByRole('link', { name: 'Overview', exact: true }).click();
    await page.waitForURL('**/studio/overview');

    await expect.poll(() => lintSummary(page).innerText(), { timeout: 30_000 }).toBe('No problems');
    await previewCard(page, 'visibility').locator('svg .mark-line path').first().waitFor({ timeout: 30_000 });
    expect(await before(page, 'mentionRate', 'sentiment')).toBe(true);
    expect(await page.getByTestId('studio-save-state').innerText()).toBe('No changes');

    // Move the Mention Rate card after Net Brand Sentiment: its four layout lines, Alt+Down past the next item's four.
    await findInEditor(page, '"widget": "mentionRate"');
    await page.keyboard.press('ArrowUp');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+End');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => before(page, 'sentiment', 'mentionRate'), { timeout: 15_000 }).toBe(true);
    expect(await lintSummary(page).innerText()).toBe('No problems');

    // The chart's mark: line → area; the preview redraws that layer as areas (beside the interval bands, also areas).
    const chart = previewCard(page, 'visibility');
    const areasBefore = await chart.locator('svg .mark-area path').count();
    await replaceInEditor(page, '"type": "line"', '"type": "area"');
    await expect.poll(() => chart.locator('svg .mark-line path').count(), { timeout: 30_000 }).toBe(0);
    expect(await chart.locator('svg .mark-area path').count()).toBeGreaterThan(areasBefore);
    await expect.poll(() => lintSummary(page).innerText()).toBe('No problems');
    expect(await page.getByTestId('studio-save-state').innerText()).toBe('Draft, not deployed');

    // The diff against pages/overview.json shows both edits.
    await page.getByRole('tab', { name: /Changes/ }).click();
    const diff = page.getByTestId('studio-diff');
    await diff.waitFor();
    expect(await diff.innerText()).toContain('"type": "area"');
    expect(await page.getByTestId('studio-change-count').innerText()).toMatch(/^\+\d+ −\d+ lines$/);
    await page.getByRole('tab', { name: 'Preview' }).click();

    // A misspelt channel: an error, marked on the line of the typo; the preview keeps the last clean version.
    await replaceInEditor(page, '"color": {', '"colour": {');
    await expect.poll(() => lintSummary(page).innerText(), { timeout: 15_000 }).toMatch(/^\d+ errors?/);
    const typoLine = page.locator('.cm-line', { hasText: '"colour"' });
    await typoLine.scrollIntoViewIfNeeded();
    await expect.poll(() => typoLine.locator('.cm-lintRange-error').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.getByTestId('studio-preview-stale').waitFor();
    expect(await chart.locator('svg .mark-area path').count()).toBeGreaterThan(areasBefore);
    expect(await chart.locator('svg .mark-line path').count()).toBe(0);

    // The draft survives a reload.
    await page.reload();
    await expect.poll(() => lintSummary(page).innerText(), { timeout: 30_000 }).toMatch(/^\d+ errors?/);
    expect(await page.getByText(/Restored your unsaved draft of overview\.json/).count()).toBe(1);
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => lintSummary(page).innerText(), { timeout: 15_000 }).toBe('No problems');
    expect(await page.getByTestId('studio-save-state').innerText()).toBe('No changes');
    await page.context().close();
  });

  it('completes page properties from the schema and shows a key\'s documentation on hover', async () => {
    const { page } = await loggedInPage(browser);
    page.on('dialog', (d) => void d.accept());
    await page.goto('/studio/overview');
    await expect.poll(() => lintSummary(page).innerText(), { timeout: 30_000 }).toBe('No problems');

    // Hover docs: the page's "route" key shows its description from the page schema.
    await hoverText(page, 'route');
    const hover = page.locator('.cm-tooltip-hover');
    await expect.poll(() => hover.allInnerTexts(), { timeout: 10_000 }).toEqual([expect.stringMatching(/^unique across pages; .:name. segments become/)]);

    // Completion: a new key at the page's top level lists the page schema's properties.
    await findInEditor(page, '"route": "/app/home",');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('"');
    await page.keyboard.press('Control+Space');
    const options = page.locator('.cm-tooltip-autocomplete li');
    await expect.poll(() => options.allInnerTexts(), { timeout: 10_000 }).toEqual(expect.arrayContaining([expect.stringContaining('breadcrumb'), expect.stringContaining('standaloneRoute')]));

    // Picking one inserts the key on the line being edited.
    await page.keyboard.type('shel');
    await expect.poll(() => options.allInnerTexts(), { timeout: 10_000 }).toEqual([expect.stringContaining('shell')]);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.cm-activeLine').innerText(), { timeout: 10_000 }).toBe('  "shell"');
    await page.keyboard.press('Escape');
    await page.context().close();
  });

  it('downloads and copies the edited page, the file in pages/ untouched', async () => {
    const { context, page } = await loggedInPage(browser);
    page.on('dialog', (d) => void d.accept());
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/studio/overview');
    await expect.poll(() => lintSummary(page).innerText(), { timeout: 30_000 }).toBe('No problems');
    const deployed = await (await page.request.get('/api/studio/pages')).json();

    await replaceInEditor(page, '"title": "Overview"', '"title": "Overview draft"');
    await expect.poll(() => page.getByTestId('studio-save-state').innerText(), { timeout: 15_000 }).toBe('Draft, not deployed');
    await expect.poll(() => lintSummary(page).innerText(), { timeout: 15_000 }).toBe('No problems');

    const [download] = await Promise.all([page.waitForEvent('download'), studioButton(page, 'Download').click()]);
    expect(download.suggestedFilename()).toBe('overview.json');
    const downloaded = readFileSync((await download.path())!, 'utf8');
    expect(downloaded).toContain('"title": "Overview draft"');
    expect(downloaded.replace('Overview draft', 'Overview')).toBe(readFileSync('pages/overview.json', 'utf8'));
    await page.getByText('Downloaded overview.json. Commit it to pages/ to deploy it.').waitFor();

    await studioButton(page, 'Copy').click();
    await page.getByText('Copied overview.json to the clipboard.').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.trimEnd()).toBe(downloaded.trimEnd());

    // nothing reached the deployed pages: the server still serves the same files
    expect(await (await page.request.get('/api/studio/pages')).json()).toEqual(deployed);
    await context.close();
  });

  it('refuses a subscriber who is not staff, in the app and at the server, and sends no studio code', async () => {
    const { context, page } = await loggedInPage(browser, LAPSED_USER);
    const scripts: string[] = [];
    context.on('response', (r) => {
      if (new URL(r.url()).pathname.endsWith('.js')) scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/app/home');
    expect(await page.getByRole('link', { name: 'Page Studio' }).count()).toBe(0);
    await page.goto('/studio/overview');
    await page.getByTestId('staff-only').waitFor();
    expect(await page.getByText('The page studio is for product staff only.').count()).toBe(1);
    expect(await page.locator('.cm-editor').count()).toBe(0);
    const res = await page.request.get('/api/studio/pages');
    expect(res.status()).toBe(403);
    expect((await res.json()).code).toBe('STAFF_ONLY');
    // the studio comes in pieces (its screen, the editor, the lint, Vega-Lite's schema): none of them
    expect(scripts.filter((s) => /studio|JsonEditor/i.test(s))).toEqual([]);
    await context.close();
  });
});
