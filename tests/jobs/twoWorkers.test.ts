// Two real worker processes (npm run worker, i.e. tsx server/jobs/workerMain.ts) on one fresh
// PostgreSQL database drain 2,000 queued slots against the fake provider server answering every
// request after 200 ms, through the real OpenAI adapter. One worker is killed with SIGKILL while it
// runs jobs: every slot is still stored exactly once (count, and one run per expected slot id).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import { TEST_DATABASE_URL } from '../../server/db/testing';
import type { Db } from '../../server/db/types';
import { createPgBossQueue, SLOT_DEAD_LETTERS, SLOT_QUEUE } from '../../server/jobs/pgBossQueue';
import type { SlotJob } from '../../server/jobs/slotJob';
import { startFakeProviderServer, type FakeProviderServer } from '../../server/providers/fakes/server';
import { insertRows } from '../../server/runs/rows';
import { slotRunId } from '../../server/runs/runSlot';
import { postgresReachable } from '../support/harness';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
// Spread over brands as real work is: runs of one brand serialise on its rollup rows.
const BRANDS = 25;
const PROMPTS = 50; // two per brand
const LOCATIONS = ['US', 'GB', 'DE', 'FR'];
const SLOTS = 10; // 50 prompts × 4 countries × 10 slots = 2,000 jobs
const LATENCY_MS = 200;

function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

interface WorkerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<unknown>;
}

const reachable = await postgresReachable();
const skipped = reachable ? '' : ` (skipped: PostgreSQL is not reachable at ${TEST_DATABASE_URL})`;

describe.runIf(reachable)(`two worker processes on one PostgreSQL queue${skipped}`, () => {
  const database = `answerscope_workers_${randomBytes(5).toString('hex')}`;
  let admin: pg.Client;
  let db: Db;
  let fake: FakeProviderServer;
  const workers: WorkerProcess[] = [];
  const dirs: string[] = [];

  function startWorker(): WorkerProcess {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'answerscope-worker-'));
    dirs.push(dataDir);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/jobs/workerMain.ts', '--concurrency', '40'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl(database),
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: fake.baseUrls.openai,
        // Limits far above what two workers reach here: the queue, not a limiter, sets the pace.
        PROVIDER_OPENAI_CONCURRENCY: '40',
        PROVIDER_OPENAI_RPM: '0',
        PROVIDER_OPENAI_TPM: '0',
        COST_CAP_USD_PER_BRAND_DAY: '0',
        // A killed worker's jobs expire after 4 s and are found within a second.
        JOB_TIMEOUT_SECONDS: '4',
        JOB_SUPERVISE_SECONDS: '1',
        JOB_POLL_MS: '500',
        JOB_RETRY_DELAY_SECONDS: '1',
        JOB_RETRY_DELAY_MAX_SECONDS: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const worker = { child, output: () => out, exited: new Promise((resolve) => child.once('exit', resolve)) };
    workers.push(worker);
    return worker;
  }

  const count = async (sql: string) => Number((await db.query<{ n: number }>(sql))[0].n);

  async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    let lastReport = Date.now();
    while (Date.now() < deadline) {
      if (await check()) return;
      if (Date.now() - lastReport > 5000) {
        lastReport = Date.now();
        console.log(`${what}: ${await count('SELECT count(*) AS n FROM runs')} runs stored so far`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${what}: not within ${timeoutMs / 1000} s\n${workers.map((w, i) => `--- worker ${i}\n${w.output()}`).join('\n')}`);
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    db = await openPostgres({ connectionString: databaseUrl(database), max: 4 });
    await migrate(db);
    fake = await startFakeProviderServer({ latencyMs: LATENCY_MS, keepRequests: 100 });
    const at = new Date();
    await insertRows(
      db,
      'brands',
      ['id', 'name', 'url', 'location', 'aliases', 'created_by', 'finalized', 'created_at'],
      Array.from({ length: BRANDS }, (_, b) => [`brd_${b}`, `Acme ${b}`, 'https://acme.test', 'US', '[]', 'usr_w', true, at]),
    );
    await insertRows(
      db,
      'prompts',
      ['id', 'brand_id', 'text', 'frequency_cron', 'providers', 'locations', 'state', 'created_at', 'updated_at'],
      Array.from({ length: PROMPTS }, (_, i) => [`p_${i}`, `brd_${i % BRANDS}`, `best tools ${i}`, '0 0 * * *', '["openai"]', JSON.stringify(LOCATIONS), 'active', at, at]),
    );
  });

  afterAll(async () => {
    // The survivor stops as deployed (SIGTERM) before its database goes.
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
    const stopped = Promise.all(workers.map((w) => w.exited));
    if ((await Promise.race([stopped, new Promise((r) => setTimeout(() => r('late'), 15_000))])) === 'late') {
      for (const w of workers) w.child.kill('SIGKILL');
      await stopped;
    }
    await db?.close();
    await fake?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('run every slot exactly once, even when one of them is killed mid-run', async () => {
    const jobs: SlotJob[] = [];
    for (let s = 0; s < SLOTS; s++) {
      const slot = new Date(Date.UTC(2026, 10, 20) - s * 86_400_000).toISOString();
      for (let p = 0; p < PROMPTS; p++) for (const location of LOCATIONS) jobs.push({ promptId: `p_${p}`, provider: 'openai', location, slot });
    }
    // Jobs carry the expiry and retry policy they were enqueued with: the workers' settings.
    const queue = await createPgBossQueue({ databaseUrl: databaseUrl(database), expireInSeconds: 4, retry: { attempts: 3, baseDelayMs: 1000, maxDelayMs: 2000 } });
    expect(await queue.enqueue(jobs)).toBe(2000);
    expect(await queue.enqueue(jobs.slice(0, 100))).toBe(0); // the same slots again: nothing new
    await queue.stop();

    const started = Date.now();
    const a = startWorker();
    startWorker();
    // Kill A with SIGKILL once a quarter of the slots are stored: it is running jobs at that moment.
    await waitFor('a quarter of the runs', async () => (await count('SELECT count(*) AS n FROM runs')) >= 500, 45_000);
    const activeBefore = await count(`SELECT count(*) AS n FROM pgboss.job WHERE name = '${SLOT_QUEUE}' AND state = 'active'`);
    a.child.kill('SIGKILL');
    await a.exited;

    await waitFor(
      'every slot stored and the queue drained',
      async () =>
        (await count('SELECT count(*) AS n FROM runs')) >= 2000 &&
        (await count(`SELECT count(*) AS n FROM pgboss.job WHERE name = '${SLOT_QUEUE}' AND state IN ('created', 'retry', 'active')`)) === 0,
      60_000,
    );
    const seconds = (Date.now() - started) / 1000;

    expect(activeBefore).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM runs')).toBe(2000);
    expect(await count('SELECT count(DISTINCT id) AS n FROM runs')).toBe(2000);
    const stored = new Set((await db.query<{ id: string }>('SELECT id FROM runs')).map((r) => r.id));
    expect(jobs.every((job) => stored.has(slotRunId(job)))).toBe(true);
    expect(await count('SELECT count(*) AS n FROM failed_runs')).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM pgboss.job WHERE name = '${SLOT_DEAD_LETTERS}'`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM runs WHERE is_real AND model = 'gpt-4.1-mini'`)).toBe(2000);
    // Slots the killed worker had asked about but not stored were asked again (stored once).
    const asked = fake.served();
    expect(asked).toBeGreaterThanOrEqual(2000);
    console.log(`2,000 slots in ${seconds.toFixed(1)} s with 2 workers (one killed at 500); provider asked ${asked} times; ${activeBefore} jobs were running at the kill`);
  }, 120_000);
});
