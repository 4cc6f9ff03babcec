// Two real worker processes (npm run worker, i.e. tsx server/jobs/workerMain.ts) on one fresh
// PostgreSQL database drain 2,000 queued slots against the fake provider server answering every
// request after 200 ms, through the real OpenAI adapter. One worker is killed with SIGKILL while it
// runs jobs: every slot is still stored exactly once (count, and one run per expected slot id).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../../server/db/testing';
import type { Db } from '../../server/db/types';
import type { SlotJob } from '../../server/jobs/slotJob';
import { createPgBossQueue, SLOT_DEAD_LETTERS, SLOT_QUEUE } from '../../server/jobs/pgBossQueue';
import { startFakeProviderServer, type FakeProviderServer } from '../../server/providers/fakes/server';
import { slotRunId } from '../../server/runs/runSlot';
import { postgresReachable } from '../support/harness';
import { createFleetDatabase, seedSlots, spawnWorker, type FleetDatabase, type WorkerProcess } from '../support/workerFleet';

const LATENCY_MS = 200;

const reachable = await postgresReachable();
const skipped = reachable ? '' : ` (skipped: PostgreSQL is not reachable at ${TEST_DATABASE_URL})`;

describe.runIf(reachable)(`two worker processes on one PostgreSQL queue${skipped}`, () => {
  let fleet: FleetDatabase;
  let db: Db;
  let fake: FakeProviderServer;
  const workers: WorkerProcess[] = [];

  function startWorker(): WorkerProcess {
    const worker = spawnWorker(
      {
        DATABASE_URL: fleet.url,
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: fake.baseUrls.openai,
        // Limits far above what two workers reach here: the queue, not a limiter, sets the pace.
        PROVIDER_OPENAI_CONCURRENCY: '40',
        PROVIDER_OPENAI_RPM: '0',
        PROVIDER_OPENAI_TPM: '0',
        // A killed worker's jobs expire after 4 s, are found within a second and retried a second later.
        JOB_TIMEOUT_SECONDS: '4',
        JOB_SUPERVISE_SECONDS: '1',
        JOB_POLL_MS: '500',
        JOB_RETRY_DELAY_SECONDS: '1',
        JOB_RETRY_DELAY_MAX_SECONDS: '2',
      },
      40,
    );
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

  let jobs: SlotJob[];
  beforeAll(async () => {
    fleet = await createFleetDatabase('answerscope_workers');
    db = fleet.db;
    fake = await startFakeProviderServer({ latencyMs: LATENCY_MS, keepRequests: 100 });
    // 25 brands, 50 prompts × 4 countries × 10 slots = 2,000 jobs
    jobs = await seedSlots(db, { brands: 25, prompts: 50, locations: ['US', 'GB', 'DE', 'FR'], slots: 10 });
  });

  afterAll(async () => {
    // The survivor stops as deployed (SIGTERM) before its database goes.
    await Promise.all(workers.map((w) => w.stop()));
    await fake?.close();
    await fleet?.drop();
  });

  it('run every slot exactly once, even when one of them is killed mid-run', async () => {
    // Jobs carry the expiry and retry policy they were enqueued with: the workers' settings.
    const queue = await createPgBossQueue({ databaseUrl: fleet.url, expireInSeconds: 4, retry: { attempts: 3, baseDelayMs: 1000, maxDelayMs: 2000 } });
    expect(await queue.enqueue(jobs)).toBe(2000);
    expect(await queue.enqueue(jobs.slice(0, 100))).toBe(0); // the same slots again: nothing new
    await queue.stop();

    const started = Date.now();
    const a = startWorker();
    startWorker();
    // Kill A with SIGKILL once a quarter of the slots are stored: it is running jobs at that moment.
    await waitFor('a quarter of the runs', async () => (await count('SELECT count(*) AS n FROM runs')) >= 500, 150_000);
    const activeBefore = await count(`SELECT count(*) AS n FROM pgboss.job WHERE name = '${SLOT_QUEUE}' AND state = 'active'`);
    a.child.kill('SIGKILL');
    await a.exited;

    await waitFor(
      'every slot stored and the queue drained',
      async () =>
        (await count('SELECT count(*) AS n FROM runs')) >= 2000 &&
        (await count(`SELECT count(*) AS n FROM pgboss.job WHERE name = '${SLOT_QUEUE}' AND state IN ('created', 'retry', 'active')`)) === 0,
      180_000,
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
  }, 400_000);
});
