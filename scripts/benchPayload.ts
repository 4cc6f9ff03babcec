// Answer sizes of the long lists: seeds the demo dataset at --scale into a temporary DuckDB, signs
// in as the demo user and prints, per call, the bytes of the whole answer (what a screen received
// before it paged on the server) and of each request its screen sends now, beside the 300 kB
// budget. Sizes are the JSON bytes the server sends (before compression).
//   npx tsx scripts/benchPayload.ts [--scale 10]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app';
import { createAuthenticate } from '../server/auth/authenticate';
import { openDuckDb } from '../server/db/duckdb';
import { migrate } from '../server/db/migrate';
import type { ServerContext } from '../server/http/context';
import { routes } from '../server/routes/index';
import { DEMO_PASSWORD } from '../server/seed/demoAccounts';
import { loadDemo } from '../server/seed/load';
import { windows } from '../tests/contract/requests';

const BUDGET = 300 * 1024;
const { values } = parseArgs({ options: { scale: { type: 'string', default: '10' } } });
const scale = Number(values.scale);

const dir = mkdtempSync(join(tmpdir(), 'answerscope-payload-'));
const db = await openDuckDb({ file: join(dir, 'bench.duckdb'), tmpDir: join(dir, 'tmp') });
await migrate(db);
const now = new Date();
const { counts } = await loadDemo(db, { scale, seed: 42, now, tenants: 0 });
const ctx: ServerContext = {
  db, now: () => now,
  config: { port: 0, dataDir: join(dir, 'data'), databaseUrl: null, publicUrl: 'http://localhost', webDir: null, secureCookies: false },
};
const app = await buildApp(ctx, routes, { authenticate: createAuthenticate(ctx), logger: false });
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'demo@example.com', password: DEMO_PASSWORD } });
const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const post = async (url: string, body: object) => {
  const res = await app.inject({ method: 'POST', url, headers: { cookie }, payload: body });
  if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
  return { bytes: Buffer.byteLength(res.body), json: res.json() };
};
const me = (await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).json();
const brandId = me.userBrands[0].id;
const w = windows(now);
const scope = { brandId, ...w, providers: null, location: null };
const tld = { brandId, startTime: w.startTime, providers: null, location: null };
const ranking = (await post('/api/brands/performance/ranking-list', scope)).json as Array<{ brandName: string }>;
const competitor = ranking.find((r) => r.brandName !== me.userBrands[0].name)!.brandName;

const rows: Array<[string, string, number, string]> = [];
const measure = async (call: string, request: string, url: string, body: object, count: (json: any) => string) => {
  const { bytes, json } = await post(url, body);
  rows.push([call, request, bytes, count(json)]);
};
const top8 = { limit: 8, sort: 'total_count', order: 'desc' };
await measure('citations.tld-analysis', 'whole answer (before)', '/api/citations/tld-analysis', tld, (j) => `${j.classifications.length} domains, ${j.classifications.reduce((n: number, c: any) => n + c.classification_details.length, 0)} URLs`);
await measure('citations.tld-analysis', 'chart + stat cards: page of 8 domains', '/api/citations/tld-analysis', { ...tld, page: top8 }, (j) => `${j.classifications.length} of ${j.total} domains`);
await measure('citations.tld-analysis', 'Cited Domains: page of 10', '/api/citations/tld-analysis', { ...tld, page: { limit: 10, offset: 0 } }, (j) => `${j.classifications.length} of ${j.total} domains`);
await measure('citations.tld-analysis', 'Cited URLs: page of 10', '/api/citations/tld-analysis', { ...tld, page: { limit: 0 }, urlPage: { limit: 10, offset: 0 } }, (j) => `${j.urls.length} of ${j.urlsTotal} URLs`);
await measure('citations.tld-analysis', 'export page of 200 domains', '/api/citations/tld-analysis', { ...tld, page: { limit: 200, offset: 0 } }, (j) => `${j.classifications.length} of ${j.total} domains`);
await measure('citations.tld-analysis', 'export page of 200 URLs', '/api/citations/tld-analysis', { ...tld, page: { limit: 0 }, urlPage: { limit: 200, offset: 0 } }, (j) => `${j.urls.length} of ${j.urlsTotal} URLs`);
await measure('prompts.table', 'whole answer', '/api/prompts/table', scope, (j) => `${j.prompts.length} prompts`);
const cmp = { brandId, competitor, startTime: w.startTime };
await measure('competitors.comparison-prompts', 'whole answer (before)', '/api/competitors/comparison-prompts', cmp, (j) => `${j.length} prompt × provider rows`);
for (const side of ['leading', 'trailing']) {
  await measure('competitors.comparison-prompts', `${side} prompts: page of 20`, '/api/competitors/comparison-prompts', { ...cmp, side, page: { limit: 20, offset: 0 } }, (j) => `${j.prompts.length} of ${j.total} rows`);
}
await measure('competitors.comparison-prompts', 'largest page (200 rows)', '/api/competitors/comparison-prompts', { ...cmp, page: { limit: 200, offset: 0 } }, (j) => `${j.prompts.length} of ${j.total} rows`);

console.log(`\n## duckdb, scale ${scale}: ${counts.runs.toLocaleString('en-US')} runs, ${counts.citations.toLocaleString('en-US')} citations; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
console.log('| call | request | bytes | kB | within 300 kB | rows |');
console.log('|---|---|---:|---:|---|---|');
for (const [call, request, bytes, count] of rows) {
  console.log(`| ${call} | ${request} | ${bytes.toLocaleString('en-US')} | ${(bytes / 1024).toFixed(1)} | ${bytes <= BUDGET ? 'yes' : 'NO'} | ${count} |`);
}
await app.close();
await db.close();
rmSync(dir, { recursive: true, force: true });
