/**
 * Latency of the insight calls on the demo dataset (not a test: timing is never asserted in tests).
 *   npx tsx server/routes/insights/bench.ts [--scale 1] [--iterations 30] [--dialect duckdb|postgres] [--replicate K] [--source rollups|raw|both]
 * DuckDB: the dataset is loaded once into $TMPDIR/answerscope-insights-bench/scale-N.duckdb and reused.
 * --replicate K copies that file and repeats every run (with its mentions and citations) K times
 * under new ids: a scale-N×K-sized dataset in a minute instead of a long generator run.
 * Calls go through the real app (validation, serialisation) with sign-in replaced by a fixed user.
 * --source both times every call reading the daily rollups and reading the raw facts only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../app';
import { migrate } from '../../db/migrate';
import { openDuckDb } from '../../db/duckdb';
import { openTestDb } from '../../db/testing';
import type { Db } from '../../db/types';
import type { ServerContext } from '../../http/context';
import { DEMO_ACCOUNTS } from '../../seed/demoAccounts';
import { rebuildRollups } from '../../rollups/rebuild';
import { countRows, loadDemo } from '../../seed/load';
import { insightRoutes } from './index';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    iterations: { type: 'string', default: '30' },
    dialect: { type: 'string', default: 'duckdb' },
    replicate: { type: 'string', default: '1' },
    source: { type: 'string', default: 'rollups' },
  },
});
const scale = Number(values.scale);
const iterations = Number(values.iterations);
const replicate = Number(values.replicate);
const NOW = new Date('2026-11-20T15:30:00.000Z');
const DAY = 86_400_000;

async function openDb(): Promise<{ db: Db; close: () => Promise<void> }> {
  if (values.dialect === 'postgres') {
    const t = await openTestDb('postgres');
    await loadDemo(t.db, { scale, seed: 42, now: NOW });
    return { db: t.db, close: t.dispose };
  }
  const dir = path.join(os.tmpdir(), 'answerscope-insights-bench');
  const file = path.join(dir, `scale-${scale}.duckdb`);
  const fresh = !fs.existsSync(file);
  const db = await openDuckDb({ file, tmpDir: path.join(dir, 'tmp') });
  if (fresh) {
    await migrate(db);
    const r = await loadDemo(db, { scale, seed: 42, now: NOW });
    console.log(`loaded scale ${scale} in ${(r.ms / 1000).toFixed(1)} s`);
  }
  if (replicate <= 1) return { db, close: () => db.close() };
  await db.close();
  const copy = path.join(dir, `scale-${scale}x${replicate}.duckdb`);
  const copied = fs.existsSync(copy);
  if (!copied) fs.copyFileSync(file, copy);
  const big = await openDuckDb({ file: copy, tmpDir: path.join(dir, 'tmp') });
  if (!copied) {
    for (let k = 1; k < replicate; k++) {
      const sfx = `'_x${k}'`;
      await big.exec(`
        INSERT INTO runs (brand_id, id, prompt_id, provider, location, created_at, answer_text, named_count) SELECT brand_id, id || ${sfx}, prompt_id, provider, location, created_at, '', named_count FROM runs WHERE strpos(id, '_x') = 0;
        INSERT INTO mentions SELECT brand_id, run_id || ${sfx}, prompt_id, provider, location, created_at, entity, entity_name, rank, sentiment FROM mentions WHERE strpos(run_id, '_x') = 0;
        INSERT INTO citations SELECT brand_id, run_id || ${sfx}, prompt_id, provider, location, created_at, position, url, domain, title, author, published_at, citation_hash FROM citations WHERE strpos(run_id, '_x') = 0;
      `);
    }
    await rebuildRollups(big);
    await big.exec('CHECKPOINT');
  }
  return { db: big, close: () => big.close() };
}

/** A dataset cached before the rollups existed gets them now. */
async function withRollups(db: Db): Promise<void> {
  await migrate(db);
  const [{ n }] = await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM rollup_runs_daily');
  if (n === 0) {
    const t0 = performance.now();
    await rebuildRollups(db);
    console.log(`built rollups in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
}

async function main() {
  const { db, close } = await openDb();
  await withRollups(db);
  const counts = await countRows(db);
  console.log(`runs ${counts.runs}, mentions ${counts.mentions}, citations ${counts.citations}`);
  const demo = DEMO_ACCOUNTS.find((a) => a.key === 'demo')!;
  const ctx: ServerContext = {
    db,
    now: () => NOW,
    config: { port: 0, dataDir: os.tmpdir(), databaseUrl: null, publicUrl: 'http://localhost', webDir: null, secureCookies: false },
  };
  const authenticate = async () => ({ id: demo.id, email: demo.email, name: demo.name });
  const sources = values.source === 'both' ? (['rollups', 'raw'] as const) : ([values.source as 'rollups' | 'raw'] as const);
  const apps = await Promise.all(sources.map((factSource) => buildApp({ ...ctx, config: { ...ctx.config, factSource } }, insightRoutes, { authenticate })));
  const [brand] = await db.query<{ id: string }>(
    `SELECT b.id FROM brands b JOIN brand_members m ON m.brand_id = b.id WHERE m.user_id = $1
      ORDER BY (SELECT COUNT(*) FROM runs r WHERE r.brand_id = b.id) DESC LIMIT 1`,
    [demo.id],
  );
  const [comp] = await db.query<{ name: string }>('SELECT name FROM competitors WHERE brand_id = $1 ORDER BY name LIMIT 1', [brand.id]);
  const midnight = Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate());
  const start = new Date(midnight - 7 * DAY).toISOString();
  const w = { brandId: brand.id, startTime: start, deltaStartTime: new Date(midnight - 14 * DAY).toISOString(), deltaEndTime: start };
  const f = { providers: null, location: null };
  const calls: Array<[string, object]> = [
    ['brands/performance/metadata', { ...w, ...f }],
    ['brands/performance/share-of-voice', { ...w, location: null }],
    ['brands/performance/ranking-list', { ...w, ...f }],
    ['brands/performance/sources-sov', { brandId: brand.id, startTime: start, ...f, limit: 4 }],
    ['brands/performance/prompts-ranking', { ...w, ...f, limit: 5 }],
    ['brands/performance/mention-rate-timeseries', { brandId: brand.id, startTime: start, ...f, interval: 'day' }],
    ['competitors/insights', w],
    ['competitors/emerging-threats', { brandId: brand.id }],
    ['competitors/comparison-metrics', { brandId: brand.id, competitor: comp.name, startTime: start }],
    ['competitors/comparison-prompts', { brandId: brand.id, competitor: comp.name, startTime: start }],
    ['competitors/provider-ranking', { brandId: brand.id, competitor: comp.name, startTime: start }],
    ['citations/tld-analysis', { brandId: brand.id, startTime: start, ...f }],
  ];
  console.log(`brand ${brand.id}, ${values.dialect}, scale ${scale}, ${iterations} iterations (7-day window)`);
  for (const [url, payload] of calls) for (const [k, app] of apps.entries()) {
    const times: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < iterations + 2; i++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const res = await app.inject({ method: 'POST', url: `/api/${url}`, payload });
      const ms = performance.now() - t0;
      const c1 = process.cpuUsage(c0);
      if (i >= 2) cpu.push((c1.user + c1.system) / 1000);
      if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
      if (i >= 2) times.push(ms); // the first two warm caches
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))].toFixed(1).padStart(7);
    // CPU time (all threads) is the steadier figure on a shared machine; wall time is what users see.
    console.log(`${`${url} (${sources[k]})`.padEnd(56)} wall p50 ${q(times, 0.5)} ms  p95 ${q(times, 0.95)} ms   cpu p50 ${q(cpu, 0.5)} ms`);
  }
  for (const app of apps) await app.close();
  await close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
