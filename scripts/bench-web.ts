// Front-end figures on the demo data, in headless Chromium against the production build:
//  - initial JavaScript (gzip) of the login route, and what the shell + Overview add on top;
//  - time from navigation to every Overview card rendered with data, median of 5.
//   npm run bench:web   (builds first; starts its own server on a fresh DuckDB; WEB_DIR=<dir> serves and
//   sizes another build: WEB_DIR=/tmp/x npx tsx scripts/bench-web.ts)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startProductServer } from '../tests/e2e/support/server.js';

const CARDS = ['mentionRate', 'sentiment', 'totalMentions', 'citations', 'uniqueSources', 'providers', 'ranking', 'sources', 'prompts', 'visibility'];
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const gzipKb = (urls: Iterable<string>) => {
  let total = 0;
  for (const u of urls) total += gzipSync(readFileSync(join(process.env.WEB_DIR || 'dist', new URL(u).pathname))).length;
  return total / 1024;
};

/** Every Overview card visible with its data (no loading skeleton left) and the chart drawn. */
async function overviewRendered(p: import('playwright-core').Page) {
  for (const id of CARDS) await p.locator(`[data-widget-id="${id}"]`).waitFor({ state: 'visible' });
  await p.waitForFunction(
    (ids) => document.querySelectorAll('[aria-busy="true"]').length === 0 &&
      ids.every((id) => document.querySelector(`[data-widget-id="${id}"]`)) &&
      !!document.querySelector('[data-widget-id="visibility"] svg, [data-widget-id="visibility"] canvas'),
    CARDS,
    { polling: 20, timeout: 60_000 },
  );
}

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
  const coldStart = Date.now();
  await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
  await page.waitForURL((u) => u.pathname === '/app/home');
  await overviewRendered(page);
  const coldMs = Date.now() - coldStart;
  await page.waitForLoadState('networkidle');
  const afterOverview = [...scripts].filter((s) => !loginScripts.has(s));

  console.log(`Initial JS, login route: ${gzipKb(loginScripts).toFixed(1)} KB gzip (${loginScripts.size} files)`);
  console.log(`Added by shell + Overview (incl. lazy chart/export chunks): ${gzipKb(afterOverview).toFixed(1)} KB gzip (${afterOverview.length} files)`);
  for (const s of afterOverview.sort()) console.log(`  ${new URL(s).pathname}  ${gzipKb([s]).toFixed(1)} KB`);
  console.log(`First Overview after sign-in (cold cache): ${coldMs} ms`);

  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const p = await context.newPage();
    const t0 = Date.now();
    await p.goto('/app/home');
    await overviewRendered(p);
    times.push(Date.now() - t0);
    await p.close();
  }
  times.sort((a, b) => a - b);
  console.log(`Overview fully rendered (warm cache): median ${times[2]} ms over 5 loads (${times.join(', ')} ms)`);
} finally {
  await browser.close();
  await server.stop();
}
