import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loggedInPage } from './support/browser';
import { keyboardProblems } from './support/keyboardCheck';
import { layoutProblems } from './support/layoutCheck';
import { WIDTHS, discoverScreens, screenReady, type Screen, type Theme } from './support/screens';

// Gates on every screen, at 390, 1024 and 1440 px, light and dark:
// - axe-core: no serious or critical violation;
// - layout: no two pieces of text overlap, no text is cut without an ellipsis and a tooltip, the
//   screen never scrolls sideways;
// - keyboard (once per screen, at 1440 px): every control is reached by Tab and shows
//   a visible focus indicator, and nothing is clickable by mouse only.
// One browser and one signed-in page: each screen loads once, then is resized and re-themed in
// place (the theme toggle in the top bar), as a person would.

let browser: Browser;
let context: BrowserContext;
let page: Page;
let screens: Screen[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await loggedInPage(browser));
  screens = await discoverScreens(page);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function currentTheme(p: Page): Promise<Theme> {
  return (await p.getByTitle('Switch to light mode').count()) > 0 ? 'dark' : 'light';
}

async function toggleTheme(p: Page): Promise<void> {
  const before = await currentTheme(p);
  // at 390 px the toggle is in the top bar too
  await p.getByTitle(before === 'light' ? 'Switch to dark mode' : 'Switch to light mode').click();
  await p.getByTitle(before === 'light' ? 'Switch to light mode' : 'Switch to dark mode').waitFor();
}

async function resize(p: Page, width: number): Promise<void> {
  await p.setViewportSize({ width, height: 900 });
  // let resize observers re-render (responsive tables, the sidebar drawer)
  await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await p.waitForTimeout(150);
}

// Tabster's focus sentinels (aria-hidden <i tabindex=0 data-tabster-dummy> around Fluent's focus
// groups) hand focus on at once and are never read: axe's aria-hidden-focus does not apply.
// In the second theme only the colours differ: only the colour rules run there.
async function axeSerious(p: Page, coloursOnly: boolean): Promise<string[]> {
  // only violations are collected (not the passes): a third of the time
  let builder = new AxeBuilder({ page: p }).exclude('[data-tabster-dummy]').options({ resultTypes: ['violations'] });
  if (coloursOnly) builder = builder.withRules(['color-contrast', 'link-in-text-block']);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.slice(0, 5).map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`));
}

describe('every screen, three widths, light and dark', () => {
  it('has no serious or critical axe violation, no overlapping or cut text, and works by keyboard', async () => {
    const found: string[] = [];
    const timing = { axe: 0, layout: 0, keyboard: 0 };
    for (const screen of screens) {
      await resize(page, 1440);
      await page.goto(screen.path);
      await screenReady(page);
      await screen.open?.(page);
      // widths in the order that needs no reload: 1440 → 1024 → 390 in one theme, back up in the other
      for (const pass of [0, 1]) {
        const theme = await currentTheme(page);
        const widths = pass === 0 ? [...WIDTHS].reverse() : [...WIDTHS];
        for (const width of widths) {
          await resize(page, width);
          const at = `${screen.name} @${width} ${theme}`;
          let t = Date.now();
          for (const v of await axeSerious(page, pass === 1)) found.push(`${at} axe ${v}`);
          timing.axe += Date.now() - t;
          if (pass === 0) {
            t = Date.now();
            for (const l of await layoutProblems(page)) found.push(`${at} ${l.kind}: "${l.text}"${l.other ? ` × "${l.other}"` : ''} at ${l.where}`);
            timing.layout += Date.now() - t;
            t = Date.now();
            if (width === 1440) for (const k of await keyboardProblems(page)) found.push(`${at} keyboard ${k.kind}: ${k.what}`);
            timing.keyboard += Date.now() - t;
          }
        }
        if (pass === 0) await toggleTheme(page);
      }
    }
    console.log(`screens: ${screens.length}; ms spent in axe ${timing.axe}, layout ${timing.layout}, keyboard ${timing.keyboard}`);
    expect(found, found.join('\n')).toEqual([]);
  }, 900_000);
});
