// Front-end figures on the demo data, in headless Chromium against the production build:
//  - initial JavaScript (gzip) of the login route, and what the shell + Overview add on top;
//  - time from navigation to every Overview card rendered with data, median of 5;
//  - that the subscriber routes load no chunk of the page studio and not the Vega-Lite compiler
//    (exit code 1 if they do), and what opening the studio as staff costs.
//   npm run bench:web   (builds first; starts its own server on a fresh DuckDB; WEB_DIR=<dir> serves and
//   sizes another build: WEB_DIR=/tmp/x npx tsx scripts/benchWeb.ts)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startProductServer } from '../tests/e2e/support/server';
import { studioChunks } from './studioChunks';

const CARDS = ['mentionRate', 'sentiment', 'totalMentions', 'citations', 'uniqueSources', 'providers', 'ranking', 'sources', 'prompts', 'visibility'];
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const gzipKb = (urls: Iterable<string>) => {
  let total = 0;
  for (const u of urls) total += gzipSync(readFileSync(join(process.env.WEB_DIR || 'dist', new URL(u).pathname))).length;
  return total / 1024;
};

/**
 * Waits until every Overview card is shown with its data (no loading skeleton left, start-up's
 * cover gone) and the chart's lines are drawn; resolves to the page's clock (performance.now(),
 * ms since navigation start) at that moment. The check runs in the page on every animation
 * frame: Playwright's locator waits poll at 20, 50, 100, 100, then every 500 ms, which measured
 * their own back-off rather than the page.
 */
async function overviewRendered(p: import('playwright-core').Page): Promise<number> {
  const at = await p.waitForFunction(
    (ids) => {
      // (no named helpers in here: the function is serialised into the page as it is)
      for (const id of ids) {
        const el = document.querySelector(`[data-widget-id="${id}"]`);
        if (!el || el.getClientRects().length === 0 || el.closest('[inert]') || el.querySelector('[aria-busy="true"]')) return false;
      }
      const drawn = !!document.querySelector('[data-widget-id="visibility"] svg .mark-line path');
      return drawn && document.querySelectorAll('[aria-busy="true"]').length === 0 ? performance.now() : false;
    },
    CARDS,
    { polling: 'raf', timeout: 60_000 },
  );
  return Math.round((await at.jsonValue()) as number);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await startProductServer();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
try {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1440, height: 1000 } });
  // Every script any page of this context fetches from the product (dynamic imports included).
  const scripts = new Set<string>();
  context.on('response', (r) => {
    if (r.url().startsWith(server.baseUrl) && new URL(r.url()).pathname.endsWith('.js')) scripts.add(r.url());
  });
  const page = await context.newPage();

  await page.goto('/login', { waitUntil: 'networkidle' });
  const loginScripts = new Set(scripts);
  await page.getByLabel(/email/i).fill('demo@example.com');
  await page.getByLabel(/password/i).fill('demo-password');
  // Signing in is a route change inside the page: measured on the page's clock from the click.
  const clickAt = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
  await page.waitForURL((u) => u.pathname === '/app/home');
  const coldMs = Math.round((await overviewRendered(page)) - clickAt);
  await page.waitForLoadState('networkidle');
  const afterOverview = [...scripts].filter((s) => !loginScripts.has(s));

  console.log(`Initial JS, login route: ${gzipKb(loginScripts).toFixed(1)} KB gzip (${loginScripts.size} files)`);
  console.log(`Added by shell + Overview (incl. lazy chart/export chunks): ${gzipKb(afterOverview).toFixed(1)} KB gzip (${afterOverview.length} files)`);
  for (const s of afterOverview.sort()) console.log(`  ${new URL(s).pathname}  ${gzipKb([s]).toFixed(1)} KB`);
  console.log(`First Overview after sign-in (cold cache): ${coldMs} ms`);

  const times: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < 5; i++) {
    const p = await context.newPage();
    const t0 = Date.now();
    await p.goto('/app/home');
    times.push(await overviewRendered(p));
    wall.push(Date.now() - t0);
    await p.close();
  }
  console.log(`Overview fully rendered (warm cache, new tab each time): median ${median(times)} ms over 5 loads (${times.join(', ')} ms), navigation start to the last card drawn`);
  console.log(`  the same loads timed from Node (goto to Playwright seeing it): median ${median(wall)} ms (${wall.join(', ')} ms)`);

  // Subscriber routes must never load the studio's code or the Vega-Lite compiler.
  for (const route of ['/app/prompts', '/app/competitors', '/app/sources', '/app/settings', '/app/profile']) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
  }
  const { studioOnly, vegaLite } = studioChunks(process.env.WEB_DIR || 'dist');
  const paths = (urls: Iterable<string>) => [...urls].map((u) => new URL(u).pathname);
  const subscriber = paths(scripts);
  const leaked = subscriber.filter((p) => studioOnly.has(p) || vegaLite.has(p));
  console.log(`Subscriber routes (login, Overview, prompts, competitors, sources, settings, profile): ${subscriber.length} scripts, studio chunks among them: ${leaked.length ? leaked.join(', ') : 'none'} (of ${studioOnly.size} studio-only chunks; Vega-Lite compiler: ${[...vegaLite].join(', ')})`);

  // The studio as staff (the demo login) in a fresh tab: its own chunks, and the time until the
  // Overview is open with the lint run and the preview's chart drawn.
  const before = new Set(scripts);
  const studio = await context.newPage();
  const s0 = Date.now();
  await studio.goto('/studio/overview');
  await studio.getByText('No problems', { exact: true }).waitFor({ timeout: 60_000 });
  await studio.locator('[data-testid="studio-preview"] [data-widget-id="visibility"] svg .mark-line path').first().waitFor({ timeout: 60_000 });
  const studioMs = Date.now() - s0;
  await studio.waitForLoadState('networkidle');
  const studioLoaded = paths([...scripts].filter((s) => !before.has(s)));
  const own = studioLoaded.filter((p) => studioOnly.has(p));
  const sizeOf = (ps: string[]) => gzipKb(ps.map((p) => server.baseUrl + p));
  console.log(`Page studio (staff): opened the Overview with lint and preview in ${studioMs} ms; loaded ${studioLoaded.length} more scripts, ${sizeOf(studioLoaded).toFixed(1)} KB gzip, of which studio-only ${own.length} (${sizeOf(own).toFixed(1)} KB gzip)`);
  // the studio's pieces, each with its raw and gzip size: none should carry the whole studio
  for (const p of [...studioOnly].sort()) {
    const raw = readFileSync(join(process.env.WEB_DIR || 'dist', p)).length / 1024;
    console.log(`  ${p}  ${raw.toFixed(0)} KB raw, ${sizeOf([p]).toFixed(1)} KB gzip${own.includes(p) ? '' : ' (not loaded for the Overview)'}`);
  }
  if (!own.length) {
    console.log('FAIL: the studio loaded none of the chunks the manifest calls studio-only; the check above would prove nothing');
    process.exitCode = 1;
  }
  if (leaked.length) {
    console.log(`FAIL: subscriber routes loaded studio code: ${leaked.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server.stop();
}
