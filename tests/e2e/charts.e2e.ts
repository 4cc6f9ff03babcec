import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loggedInPage } from './support/browser';
import { card, waitForCards } from './support/page';

// The Overview's Visibility Score chart on a phone in dark mode, as drawn by Chromium: no white
// plot, a legend inside the drawing, daily ticks without '12 PM', a text alternative, SVG export.

describe('charts in the browser (390 px, dark)', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await loggedInPage(browser, undefined, { width: 390, height: 900 }));
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/app/home');
    await waitForCards(page, ['visibility']);
    await card(page, 'visibility').locator('figure svg .role-mark').first().waitFor({ state: 'attached', timeout: 30_000 });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('draws on the dark card: no white background, light labels, legend and ticks inside the drawing', async () => {
    const drawn = await card(page, 'visibility').evaluate((el) => {
      const svg = el.querySelector('figure svg') as SVGSVGElement;
      const box = svg.getBoundingClientRect();
      const legend = svg.querySelector('.role-legend')?.getBoundingClientRect();
      const whites = [...svg.querySelectorAll('rect, path')].filter((n) => /^(white|#fff|#ffffff)$/i.test(n.getAttribute('fill') ?? '')).length;
      const labels = [...svg.querySelectorAll('.role-axis-label text')].map((t) => ({ text: t.textContent ?? '', fill: t.getAttribute('fill') }));
      return { box: box.toJSON(), legend: legend?.toJSON(), whites, labels, card: el.getBoundingClientRect().toJSON() };
    });
    expect(drawn.whites).toBe(0);
    expect(drawn.labels.length).toBeGreaterThan(3);
    for (const l of drawn.labels) expect(l.fill, l.text).not.toMatch(/^(#000|black)$/);
    expect(drawn.labels.some((l) => /AM|PM/.test(l.text))).toBe(false);
    // The legend lies inside the drawing, and the drawing inside the card.
    expect(drawn.legend).toBeTruthy();
    expect(drawn.legend!.bottom).toBeLessThanOrEqual(drawn.box.bottom + 0.5);
    expect(drawn.legend!.right).toBeLessThanOrEqual(drawn.box.right + 0.5);
    expect(drawn.box.right).toBeLessThanOrEqual(drawn.card.right);
  });

  it('has a text alternative: a named figure with its data as a table', async () => {
    const figure = card(page, 'visibility').getByRole('figure');
    expect(await figure.getAttribute('aria-label')).toContain('Visibility Score');
    const table = card(page, 'visibility').locator('table');
    expect(await table.locator('caption').innerText()).toContain('Visibility Score');
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
  });

  it('exports the chart as SVG', async () => {
    await card(page, 'visibility').getByRole('button', { name: 'Download' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download as SVG' }).click()]);
    expect(download.suggestedFilename()).toBe('visibility-score.svg');
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.startsWith('<?xml')).toBe(true);
    expect(text).toContain('<svg');
    expect(text).toContain('Mention Rate (%)');
  });
});
