// Every screen at 390, 1024 and 1440 px, light and dark, as PNGs into screenshots/ (git-ignored):
//   npm run screenshots   (builds first; starts its own server on a fresh DuckDB with the demo data)
//   npx tsx scripts/screenshots.ts [name…]   only the screens with these names (after a build)
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startProductServer } from '../tests/e2e/support/server';
import { THEMES, WIDTHS, discoverScreens, screenReady, setTheme } from '../tests/e2e/support/screens';

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const OUT = process.env.SCREENSHOTS_DIR ?? 'screenshots';
const only = process.argv.slice(2);

const server = await startProductServer();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
try {
  mkdirSync(OUT, { recursive: true });
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/email/i).fill('demo@example.com');
  await page.getByLabel(/password/i).fill('demo-password');
  await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  const screens = (await discoverScreens(page)).filter((s) => !only.length || only.includes(s.name));
  let n = 0;
  for (const theme of THEMES) {
    await setTheme(page, theme);
    for (const screen of screens) {
      await page.setViewportSize({ width: WIDTHS[WIDTHS.length - 1], height: 900 });
      await page.goto(screen.path);
      await screenReady(page);
      await screen.open?.(page);
      // widest first, then narrower: the same page resized, as a person turning a tablet would
      for (const width of [...WIDTHS].reverse()) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${OUT}/${screen.name}-${width}-${theme}.png`, fullPage: true });
        n++;
      }
    }
  }
  console.log(`${n} screenshots in ${OUT}/`);
} finally {
  await browser.close();
  await server.stop();
}
