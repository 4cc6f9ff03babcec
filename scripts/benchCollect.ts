// Collection throughput: runs stored per minute by 1, 2 and 4 worker processes (npm run worker)
// on PostgreSQL against the fake provider server (every answer after --latency ms, through the
// real OpenAI adapter), first with the configured per-provider rate limit, then with no limit.
// With the limit, runs/min follow workers × the limit; without it they show what the queue and
// the machine could do, so the limit, not the queue, is what holds collection back.
//   npm run bench:collect [-- --workers 1,2,4 --rpm 300 --concurrency 20 --seconds 20 --latency 200]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { DEFAULT_PROVIDER_LIMITS } from '../server/config';
import { createPgBossQueue } from '../server/jobs/pgBossQueue';
import { startFakeProviderServer } from '../server/providers/fakes/server';
import { postgresReachable } from '../tests/support/harness';
import { createFleetDatabase, seedSlots, spawnWorker } from '../tests/support/workerFleet';

const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: '1,2,4' },
    rpm: { type: 'string', default: String(DEFAULT_PROVIDER_LIMITS.openai.requestsPerMinute) },
    concurrency: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '20' },
    latency: { type: 'string', default: '200' },
  },
});
const workerCounts = values.workers.split(',').map(Number);
const rpm = Number(values.rpm);
const concurrency = Number(values.concurrency);
const seconds = Number(values.seconds);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

/** Runs per minute that `workers` processes store over `seconds`, after the first run and a short warm-up. */
async function measure(workers: number, limitRpm: number): Promise<number> {
  const fleet = await createFleetDatabase('answerscope_bench');
  const fake = await startFakeProviderServer({ latencyMs: Number(values.latency), keepRequests: 10 });
  const fleetWorkers: ReturnType<typeof spawnWorker>[] = [];
  try {
    const jobs = await seedSlots(fleet.db, { brands: 25, prompts: 100, locations: ['US', 'GB', 'DE', 'FR'], slots: 10 });
    const queue = await createPgBossQueue({ databaseUrl: fleet.url });
    await queue.enqueue(jobs);
    await queue.stop();
    for (let i = 0; i < workers; i++) {
      fleetWorkers.push(
        spawnWorker(
          {
            DATABASE_URL: fleet.url,
            OPENAI_API_KEY: 'sk-bench',
            OPENAI_BASE_URL: fake.baseUrls.openai,
            PROVIDER_OPENAI_CONCURRENCY: String(concurrency),
            PROVIDER_OPENAI_RPM: String(limitRpm),
            PROVIDER_OPENAI_TPM: '0',
            JOB_POLL_MS: '500',
          },
          concurrency,
        ),
      );
    }
    const stored = async () => Number((await fleet.db.query<{ n: number }>('SELECT count(*) AS n FROM runs'))[0].n);
    const deadline = Date.now() + 120_000;
    while ((await stored()) < workers && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 3000)); // every worker started and past its first bursts
    const from = await stored();
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const runs = (await stored()) - from;
    if (from + runs >= jobs.length) console.warn('  (the queue ran dry during the window: raise the slots or shorten --seconds)');
    return (runs / (Date.now() - t0)) * 60_000;
  } finally {
    await Promise.all(fleetWorkers.map((w) => w.stop()));
    await fake.close();
    await fleet.drop();
  }
}

if (!(await postgresReachable())) {
  console.error('bench:collect needs PostgreSQL (TEST_DATABASE_URL): the workers share a pg-boss queue.');
  process.exit(1);
}
console.log(`Collection throughput: fake provider answering after ${values.latency} ms, ${concurrency} jobs at once per worker, ${seconds} s windows`);
console.log(`load average at start: ${load()}\n`);
console.log('workers | limit (runs/min) | with the limit | ratio to limit | without a limit');
for (const n of workerCounts) {
  const limited = await measure(n, rpm);
  const open = await measure(n, 0);
  console.log(
    `${String(n).padStart(7)} | ${String(n * rpm).padStart(16)} | ${limited.toFixed(0).padStart(14)} | ${(limited / (n * rpm)).toFixed(2).padStart(14)} | ${open.toFixed(0).padStart(15)}   (load ${load()})`,
  );
}
console.log(`\nlimit = workers × PROVIDER_OPENAI_RPM (${rpm}); load average at end: ${load()}`);
