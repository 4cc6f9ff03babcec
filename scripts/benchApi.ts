// API latency per insight endpoint: seeds the demo dataset at scale 1 and 10 into temporary
// databases (DuckDB, and PostgreSQL when reachable), then times each call through the real
// Fastify app (routing, validation, SQL, serialisation) and prints p50/p95 in milliseconds.
//   npm run bench:api [-- --scales 1,10 --dialects duckdb,postgres --runs 30]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app';
import { createAuthenticate } from '../server/auth/authenticate';
import { openDuckDb } from '../server/db/duckdb';
import { migrate } from '../server/db/migrate';
import { openTestDb, TEST_DATABASE_URL } from '../server/db/testing';
import type { Db, Dialect } from '../server/db/types';
import type { ServerContext } from '../server/http/context';
import { routes } from '../server/routes/index';
import { DEMO_PASSWORD } from '../server/seed/demoAccounts';
import { loadDemo } from '../server/seed/load';
import { postgresReachable } from '../tests/support/harness';
import { requestFor, windows } from '../tests/contract/requests';

const { values } = parseArgs({
  options: {
    scales: { type: 'string', default: '1,10' },
    dialects: { type: 'string', default: 'duckdb,postgres' },
    runs: { type: 'string', default: '30' },
  },
});
const scales = values.scales!.split(',').map(Number);
const runs = Number(values.runs);

// The insight calls the dashboard makes; the first six are the Overview's.
const OVERVIEW = [
  'brands.performance.metadata',
  'brands.performance.share-of-voice',
  'brands.performance.ranking-list',
  'brands.performance.sources-sov',
  'brands.performance.prompts-ranking',
  'brands.performance.mention-rate-timeseries',
];
const OTHERS = [
  'prompts.table',
  'prompts.insights.facts',
  'prompts.suggestions',
  'prompts.metrics.aggregate',
  'prompts.latest-run',
  'prompts.metrics.mention-rate-series',
  'prompts.metrics.share-of-voice',
  'prompts.citations',
  'prompts.metrics.ranking-list',
  'competitors.insights',
  'competitors.emerging-threats',
  'competitors.comparison-metrics',
  'competitors.comparison-prompts',
  'competitors.provider-ranking',
  'citations.tld-analysis',
];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function openBenchDb(dialect: Dialect): Promise<{ db: Db; dispose: () => Promise<void> }> {
  if (dialect === 'postgres') return openTestDb('postgres', { migrated: true });
  const dir = mkdtempSync(join(tmpdir(), 'answerscope-bench-'));
  const db = await openDuckDb({ file: join(dir, 'bench.duckdb'), tmpDir: join(dir, 'tmp') });
  await migrate(db);
  return { db, dispose: async () => { await db.close(); rmSync(dir, { recursive: true, force: true }); } };
}

async function bench(dialect: Dialect, scale: number) {
  const now = new Date();
  const { db, dispose } = await openBenchDb(dialect);
  const t0 = performance.now();
  const loaded = await loadDemo(db, { scale, seed: 42, now });
  console.log(`\n## ${dialect}, scale ${scale}: ${loaded.counts.runs.toLocaleString('en-US')} runs, ` +
    `${loaded.counts.mentions.toLocaleString('en-US')} mentions, ${loaded.counts.citations.toLocaleString('en-US')} citations ` +
    `(loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  const dataDir = mkdtempSync(join(tmpdir(), 'answerscope-bench-data-'));
  const ctx: ServerContext = {
    db, now: () => now,
    config: { port: 0, dataDir, databaseUrl: dialect === 'postgres' ? TEST_DATABASE_URL : null, publicUrl: 'http://localhost', webDir: null, secureCookies: false },
  };
  const app = await buildApp(ctx, routes, { authenticate: createAuthenticate(ctx), logger: false });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'demo@example.com', password: DEMO_PASSWORD } });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const inject = (method: string, url: string, payload?: unknown) =>
    app.inject({ method: method as 'POST', url, headers: { cookie }, payload: payload as object });

  const me = (await inject('GET', '/api/users/me')).json();
  const brand = me.userBrands[0];
  const w = windows(now);
  const table = (await inject('POST', '/api/prompts/table', { brandId: brand.id, ...w, providers: null, location: null })).json();
  const prompts = Array.isArray(table) ? table : table.prompts;
  const ranking = (await inject('POST', '/api/brands/performance/ranking-list', { brandId: brand.id, ...w, providers: null, location: null })).json();
  const ids = {
    brandId: brand.id,
    promptId: prompts.find((p: { currentPeriodRuns: number }) => p.currentPeriodRuns > 0).promptId,
    competitor: ranking.find((r: { brandName: string }) => r.brandName !== brand.name).brandName,
    now,
  };

  console.log('| call | p50 ms | p95 ms |');
  console.log('|---|---:|---:|');
  for (const id of [...OVERVIEW, ...OTHERS]) {
    const call = app.catalogue.calls[id];
    const req = requestFor(id, ids)!;
    const url = call.path.replace(/[:{]id}?/, req.params?.id ?? '');
    for (let i = 0; i < 3; i++) await inject(call.method, url, req.body); // warm caches and JIT
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const res = await inject(call.method, url, req.body);
      times.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`${id} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    console.log(`| ${id}${OVERVIEW.includes(id) ? ' (overview)' : ''} | ${pct(times, 50).toFixed(1)} | ${pct(times, 95).toFixed(1)} |`);
  }
  await app.close();
  await dispose();
  rmSync(dataDir, { recursive: true, force: true });
}

for (const dialect of values.dialects!.split(',') as Dialect[]) {
  if (dialect === 'postgres' && !(await postgresReachable())) {
    console.log(`\n## postgres: not reachable at ${TEST_DATABASE_URL}, skipped`);
    continue;
  }
  for (const scale of scales) await bench(dialect, scale);
}
