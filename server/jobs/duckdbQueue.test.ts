import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openTestDb, type TestDb } from '../db/testing';
import { createDuckDbQueue } from './duckdbQueue';
import { JobFailure, type JobQueue, type SlotHandler } from './queue';
import { slotKey, type SlotJob } from './slotJob';

const FAST_RETRY = { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 };

function jobs(n: number, slot = '2026-11-20T00:00:00.000Z'): SlotJob[] {
  return Array.from({ length: n }, (_, i) => ({ promptId: `prm_${i}`, provider: 'openai', location: 'US', slot }));
}

let t: TestDb;
let queue: JobQueue;
beforeEach(async () => {
  t = await openTestDb('duckdb');
  queue = createDuckDbQueue(t.db, { retry: FAST_RETRY, pollMs: 10 });
});
afterEach(async () => {
  await queue.stop(1000);
  await t.dispose();
});

const states = async () =>
  Object.fromEntries((await t.db.query<{ key: string; state: string; attempts: number }>('SELECT key, state, attempts FROM jobs')).map((r) => [r.key, `${r.state}/${r.attempts}`]));

describe('the DuckDB job queue', () => {
  it('enqueues a slot once however often it is enqueued', async () => {
    expect(await queue.enqueue(jobs(3))).toBe(3);
    expect(await queue.enqueue(jobs(4))).toBe(1);
    expect(await queue.counts()).toEqual({ queued: 4, deferred: 0, active: 0, completed: 0, failed: 0 });
  });

  it('runs every job once, at most `concurrency` at a time, and keeps finished slots from running again', async () => {
    const seen: string[] = [];
    let inFlight = 0;
    let most = 0;
    const handler: SlotHandler = async (job) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      seen.push(slotKey(job));
      inFlight--;
      return { done: true, runId: `run_${job.promptId}` };
    };
    await queue.enqueue(jobs(40));
    await queue.work(handler, { concurrency: 6 });
    await vi.waitFor(async () => expect((await queue.counts()).completed).toBe(40), { timeout: 5000 });
    expect(new Set(seen).size).toBe(40);
    expect(seen).toHaveLength(40);
    expect(most).toBeLessThanOrEqual(6);
    expect(most).toBeGreaterThan(1);
    expect(await queue.enqueue(jobs(40))).toBe(0);
  });

  it('retries a failed attempt with backoff and moves it to the dead letters after the last try', async () => {
    const tries = new Map<string, number[]>();
    const handler: SlotHandler = async (job, info) => {
      tries.set(job.promptId, [...(tries.get(job.promptId) ?? []), info.attempt]);
      if (job.promptId === 'prm_0' && info.attempt < 3) throw new Error('timed out');
      if (job.promptId === 'prm_1') throw new Error('still down');
      if (job.promptId === 'prm_2') throw new JobFailure('auth: key refused', false);
      return { done: true };
    };
    await queue.enqueue(jobs(3));
    await queue.work(handler, { concurrency: 3 });
    await vi.waitFor(async () => expect(await queue.counts()).toMatchObject({ completed: 1, failed: 2 }), { timeout: 5000 });
    expect(tries.get('prm_0')).toEqual([1, 2, 3]);
    expect(tries.get('prm_1')).toEqual([1, 2, 3]);
    expect(tries.get('prm_2')).toEqual([1]); // not worth retrying
    const [dead] = await t.db.query<{ last_error: string }>(`SELECT last_error FROM jobs WHERE prompt_id = 'prm_1'`);
    expect(dead.last_error).toBe('still down');
  });

  it('waits at least a Retry-After before the next try', async () => {
    const at: number[] = [];
    await queue.enqueue(jobs(1));
    await queue.work(
      async (_job, info) => {
        at.push(Date.now());
        if (info.attempt === 1) throw new JobFailure('rate_limited', true, 300);
        return { done: true };
      },
      { concurrency: 1 },
    );
    await vi.waitFor(async () => expect((await queue.counts()).completed).toBe(1), { timeout: 5000 });
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(300);
  });

  it('a deferred job waits until its time without using a try', async () => {
    await queue.enqueue(jobs(1));
    const until = new Date(Date.now() + 86_400_000);
    await queue.work(async () => ({ deferUntil: until, reason: 'daily cost cap' }), { concurrency: 1 });
    await vi.waitFor(async () => expect((await queue.counts()).deferred).toBe(1), { timeout: 5000 });
    const [row] = await t.db.query<{ attempts: number; run_after: string; last_error: string }>('SELECT attempts, run_after, last_error FROM jobs');
    expect(row).toEqual({ attempts: 0, run_after: until.toISOString(), last_error: 'daily cost cap' });
  });

  it('takes back jobs left active by a process that died', async () => {
    await queue.enqueue(jobs(2));
    await t.db.query(`UPDATE jobs SET state = 'active', attempts = 1, lease_until = $1`, [new Date(Date.now() + 600_000)]);
    const attempts: number[] = [];
    await queue.work(
      async (_job, info) => {
        attempts.push(info.attempt);
        return { done: true };
      },
      { concurrency: 2 },
    );
    await vi.waitFor(async () => expect((await queue.counts()).completed).toBe(2), { timeout: 5000 });
    expect(attempts).toEqual([2, 2]);
    expect(Object.values(await states())).toEqual(['completed/2', 'completed/2']);
  });
});
