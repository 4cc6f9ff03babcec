// The embedded queue survives its process: a worker on a DuckDB file (npm run worker, the same
// loop the web server runs in-process) is killed with SIGKILL mid-queue; started again, it takes
// back the jobs the dead process held and finishes the queue, and every slot is stored once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckDb } from '../../server/db/duckdb';
import { migrate } from '../../server/db/migrate';
import { DUCKDB_FILE_NAME } from '../../server/db/open';
import { createDuckDbQueue } from '../../server/jobs/duckdbQueue';
import type { SlotJob } from '../../server/jobs/slotJob';
import { startFakeProviderServer, type FakeProviderServer } from '../../server/providers/fakes/server';
import { insertRows } from '../../server/runs/rows';
import { slotRunId } from '../../server/runs/runSlot';
import { spawnWorker, type WorkerProcess } from '../support/workerFleet';

const JOBS = 300;

describe('the DuckDB queue across a killed process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'answerscope-restart-'));
  const file = path.join(dataDir, DUCKDB_FILE_NAME);
  let fake: FakeProviderServer;
  const workers: WorkerProcess[] = [];
  const jobs: SlotJob[] = Array.from({ length: JOBS }, (_, i) => ({
    promptId: `p_${i % 10}`,
    provider: 'openai',
    location: ['US', 'GB', 'DE'][i % 3],
    slot: new Date(Date.UTC(2026, 10, 20) - Math.floor(i / 30) * 86_400_000).toISOString(),
  }));

  function startWorker(): WorkerProcess {
    const worker = spawnWorker(
      {
        DATA_DIR: dataDir,
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: fake.baseUrls.openai,
        PROVIDER_OPENAI_CONCURRENCY: '10',
        PROVIDER_OPENAI_RPM: '0',
        PROVIDER_OPENAI_TPM: '0',
      },
      10,
    );
    workers.push(worker);
    return worker;
  }

  async function until(what: string, check: () => boolean, timeoutMs: number, output: () => string) {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s\n${output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  beforeAll(async () => {
    fake = await startFakeProviderServer({ latencyMs: 100, keepRequests: 10 });
    const db = await openDuckDb({ file });
    await migrate(db);
    const at = new Date();
    await insertRows(db, 'brands', ['id', 'name', 'url', 'location', 'aliases', 'created_by', 'finalized', 'created_at'], [
      ['brd_r', 'Acme', 'https://acme.test', 'US', '[]', 'usr_r', true, at],
    ]);
    await insertRows(
      db,
      'prompts',
      ['id', 'brand_id', 'text', 'frequency_cron', 'providers', 'locations', 'state', 'created_at', 'updated_at'],
      Array.from({ length: 10 }, (_, i) => [`p_${i}`, 'brd_r', `best tools ${i}`, '0 0 * * *', '["openai"]', '["US","GB","DE"]', 'active', at, at]),
    );
    const added = await createDuckDbQueue(db).enqueue(jobs);
    await db.close();
    if (added !== JOBS) throw new Error(`enqueued ${added} of ${JOBS} jobs`);
  });

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop(0)));
    await fake?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('resumes after a restart without running a slot twice', async () => {
    const first = startWorker();
    await until('a third of the slots asked', () => fake.served() >= JOBS / 3, 150_000, first.output);
    first.child.kill('SIGKILL');
    await first.exited;
    const askedBefore = fake.served();

    const second = startWorker();
    await until('every slot asked', () => fake.served() >= JOBS, 150_000, second.output);
    // Quiet for a second: the last answers are stored and nothing more is asked.
    for (let last = -1; last !== fake.served(); ) {
      last = fake.served();
      await new Promise((r) => setTimeout(r, 1000));
    }
    await second.stop();

    const db = await openDuckDb({ file });
    try {
      const runs = await db.query<{ id: string }>('SELECT id FROM runs');
      expect(runs).toHaveLength(JOBS);
      const ids = new Set(runs.map((r) => r.id));
      expect(ids.size).toBe(JOBS);
      expect(jobs.every((job) => ids.has(slotRunId(job)))).toBe(true);
      expect(await db.query('SELECT state, count(*) AS n FROM jobs GROUP BY state')).toEqual([{ state: 'completed', n: JOBS }]);
      // At most the jobs running at the kill (10 at once) were asked again.
      expect(fake.served() - JOBS).toBeLessThanOrEqual(10);
      console.log(`killed after ${askedBefore} answers; ${fake.served()} provider calls for ${JOBS} slots, each stored once`);
    } finally {
      await db.close();
    }
  }, 330_000);
});
