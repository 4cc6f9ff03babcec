import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postgresReachable } from '../../tests/support/harness';
import { TEST_DATABASE_URL as url } from '../db/testing';
import { createPgBossQueue } from './pgBossQueue';
import { JobFailure, type JobQueue, type SlotHandler } from './queue';
import { slotKey, type SlotJob } from './slotJob';

const reachable = await postgresReachable();

function jobs(prefix: string, n: number): SlotJob[] {
  return Array.from({ length: n }, (_, i) => ({ promptId: `${prefix}_${i}`, provider: 'openai', location: 'US', slot: '2026-11-20T00:00:00.000Z' }));
}

describe.runIf(reachable)(`the pg-boss job queue${reachable ? '' : ' (skipped: PostgreSQL is not reachable)'}`, () => {
  const schema = `boss_${randomBytes(5).toString('hex')}`;
  let queue: JobQueue;
  const attempts = new Map<string, number[]>();
  const at = new Map<string, number[]>();

  const handler: SlotHandler = async (job, info) => {
    attempts.set(job.promptId, [...(attempts.get(job.promptId) ?? []), info.attempt]);
    at.set(job.promptId, [...(at.get(job.promptId) ?? []), Date.now()]);
    if (job.promptId.startsWith('ok')) return { done: true };
    if (job.promptId.startsWith('flaky') && info.attempt === 1) throw new Error('server error');
    if (job.promptId.startsWith('down')) throw new Error('still down');
    if (job.promptId.startsWith('auth')) throw new JobFailure('auth: key refused', false);
    if (job.promptId.startsWith('slow429') && info.attempt === 1) throw new JobFailure('rate limited', true, 3000);
    if (job.promptId.startsWith('capped') && info.attempt === 1 && (attempts.get(job.promptId)?.length ?? 0) === 1) {
      return { deferUntil: new Date(Date.now() + 1500), reason: 'daily cost cap' };
    }
    return { done: true };
  };

  beforeAll(async () => {
    queue = await createPgBossQueue({
      databaseUrl: url,
      schema,
      retry: { attempts: 2, baseDelayMs: 1000, maxDelayMs: 2000 },
      pollingIntervalSeconds: 0.5,
    });
  });
  afterAll(async () => {
    await queue?.stop(2000);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('enqueues a slot once while it is queued or running', async () => {
    expect(await queue.enqueue(jobs('ok', 5))).toBe(5);
    expect(await queue.enqueue(jobs('ok', 6))).toBe(1);
    expect((await queue.counts()).queued).toBe(6);
  });

  it('runs jobs, retries failures with backoff, dead-letters after the last try, honours Retry-After and deferrals', async () => {
    await queue.enqueue([...jobs('flaky', 1), ...jobs('down', 1), ...jobs('auth', 1), ...jobs('slow429', 1), ...jobs('capped', 1)]);
    await queue.work(handler, { concurrency: 4 });
    await vi.waitFor(
      async () => {
        const c = await queue.counts();
        expect(c.queued + c.deferred + c.active).toBe(0);
      },
      { timeout: 20_000, interval: 250 },
    );
    const counts = await queue.counts();
    expect(counts.failed).toBe(2); // down (after its last try) and auth (at once)
    expect(attempts.get('flaky_0')).toEqual([1, 2]);
    expect(attempts.get('down_0')).toEqual([1, 2]);
    expect(attempts.get('auth_0')).toEqual([1]);
    const slow = at.get('slow429_0')!;
    expect(slow[1] - slow[0]).toBeGreaterThanOrEqual(3000);
    // the deferred job came back under the same key with its try given back
    expect(attempts.get('capped_0')).toEqual([1, 1]);
    for (const job of jobs('ok', 6)) expect(attempts.get(job.promptId)).toEqual([1]);
    expect(slotKey(jobs('ok', 1)[0])).toBe('ok_0:openai:US:2026-11-20T00:00:00.000Z');
  }, 30_000);
});
