import type { Page } from 'playwright-core';

// Every screen a signed-in subscriber can open, for the checks that run on all of them (axe,
// keyboard, layout) and for `npm run screenshots`. Addresses that need an id (a prompt, a
// competitor) are read from the links the app itself shows.

export interface Screen {
  name: string;
  path: string;
  /** After the page is ready: brings the screen to the state to check (a tab). */
  open?: (page: Page) => Promise<void>;
}

export const WIDTHS = [390, 1024, 1440] as const;
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Waits until the screen has drawn its data: no request in flight, no loading skeleton. */
export async function screenReady(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
  await page.waitForFunction(() => !!document.querySelector('#main-content') && document.querySelectorAll('[aria-busy="true"]').length === 0 && !document.querySelector('[inert]'), null, {
    timeout: 30_000,
  });
}

async function firstHref(page: Page, path: string, prefix: string): Promise<string> {
  await page.goto(path);
  const link = page.locator(`a[href^="${prefix}"]`).first();
  await link.waitFor({ timeout: 30_000 });
  return (await link.getAttribute('href'))!;
}

/** The screens, with real ids found on the demo data. */
export async function discoverScreens(page: Page): Promise<Screen[]> {
  const prompt = await firstHref(page, '/app/prompts', '/app/prompts/');
  const comparison = await firstHref(page, '/app/home', '/app/competitors/comparison/');
  return [
    { name: 'overview', path: '/app/home' },
    { name: 'prompts', path: '/app/prompts' },
    { name: 'prompt-detail', path: prompt },
    { name: 'competitors', path: '/app/competitors' },
    {
      name: 'emerging-threats',
      path: '/app/competitors',
      open: async (p) => {
        await p.getByRole('tab', { name: 'Emerging Threats' }).click();
        await screenReady(p);
      },
    },
    { name: 'comparison', path: comparison },
    { name: 'sources', path: '/app/sources' },
    { name: 'settings', path: '/app/settings' },
    { name: 'profile', path: '/app/profile' },
    { name: 'add-brand', path: '/app/add-brand' },
    { name: 'not-found', path: '/app/no-such-screen' },
  ];
}

/** Sets the app's theme (kept in localStorage) for the next load. */
export async function setTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
}
