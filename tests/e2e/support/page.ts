import type { Page, Request } from 'playwright-core';

// What the screen tests share: the windows the pages compute, the request a page sends, and
// waiting for cards to show their data.

const DAY = 86_400_000;

/** Midnight UTC `days` days back, as the time-range filter sends it. */
export function midnightDaysBack(days: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - days * DAY).toISOString();
}

/** Runs `trigger` and returns the JSON body of the POST to `path` the page sends because of it. */
export async function requestBodyOf(page: Page, path: string, trigger: () => Promise<unknown>): Promise<Record<string, unknown>> {
  const [req] = await Promise.all([
    page.waitForRequest((r: Request) => r.url().endsWith(path) && r.method() === 'POST', { timeout: 30_000 }),
    trigger(),
  ]);
  return req.postDataJSON();
}

/** A widget of the page by its id in the page definition. */
export const card = (page: Page, id: string) => page.locator(`[data-widget-id="${id}"]`);

/** Waits until these cards are on screen and no card shows a loading skeleton. */
export async function waitForCards(page: Page, ids: readonly string[]): Promise<void> {
  for (const id of ids) await card(page, id).waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, null, { timeout: 30_000 });
}
