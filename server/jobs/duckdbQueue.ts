import type { Db } from '../db/types';
import {
  backoffMs,
  DEFAULT_RETRY_POLICY,
  JobFailure,
  type JobQueue,
  type QueueCounts,
  type RetryPolicy,
  type SlotHandler,
  type WorkOptions,
} from './queue';
import { slotKey, type SlotJob } from './slotJob';

export interface DuckDbQueueOptions {
  retry?: RetryPolicy;
  /** How long an attempt may run before it is aborted and the job taken again (default 10 min). */
  leaseMs?: number;
  /** How often an idle worker looks for due jobs (default 1 s). */
  pollMs?: number;
  /** Finished jobs are kept this long, so a finished slot is not enqueued again (default 14 days). */
  keepFinishedMs?: number;
  now?: () => Date;
  logError?: (message: string, err: unknown) => void;
}

interface ClaimedRow {
  key: string;
  prompt_id: string;
  provider: string;
  location: string;
  slot: string;
  attempts: number;
}

const ENQUEUE_BATCH = 500;

/**
 * The job queue over the `jobs` table of the embedded DuckDB database. DuckDB is opened by one
 * process, so every `active` row found at start-up was left by a process that died: `work()` puts
 * them back in the queue first. Jobs are claimed by one loop in this process and run concurrently.
 */
export function createDuckDbQueue(db: Db, options: DuckDbQueueOptions = {}): JobQueue {
  const retry = options.retry ?? DEFAULT_RETRY_POLICY;
  const leaseMs = options.leaseMs ?? 10 * 60_000;
  const pollMs = options.pollMs ?? 1000;
  const keepFinishedMs = options.keepFinishedMs ?? 14 * 86_400_000;
  const now = options.now ?? (() => new Date());
  const logError = options.logError ?? ((message, err) => console.error(message, err));

  let stopped = false;
  let working = false;
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let timer: NodeJS.Timeout | null = null;
  let pumping: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let lastPrune = 0;

  async function claim(limit: number): Promise<ClaimedRow[]> {
    const at = now();
    return db.query<ClaimedRow>(
      `UPDATE jobs SET state = 'active', attempts = attempts + 1, lease_until = $2, updated_at = $1
        WHERE key IN (
          SELECT key FROM jobs
           WHERE (state = 'queued' AND run_after <= $1) OR (state = 'active' AND lease_until < $1)
           ORDER BY run_after, key LIMIT ${Math.max(1, Math.floor(limit))})
        RETURNING key, prompt_id, provider, location, slot, attempts`,
      [at, new Date(at.getTime() + leaseMs)],
    );
  }

  /** Settles an attempt only if it is still this attempt's (a lease that passed gave the job to another). */
  async function settle(row: ClaimedRow, set: string, params: unknown[]): Promise<void> {
    await db.query(`UPDATE jobs SET ${set}, lease_until = NULL, updated_at = $1 WHERE key = $2 AND attempts = $3 AND state = 'active'`, [
      now(),
      row.key,
      row.attempts,
      ...params,
    ]);
  }

  async function runOne(row: ClaimedRow, handler: SlotHandler, controller: AbortController): Promise<void> {
    const job: SlotJob = { promptId: row.prompt_id, provider: row.provider, location: row.location, slot: new Date(row.slot).toISOString() };
    const lease = setTimeout(() => controller.abort(new Error('the attempt ran past its lease')), leaseMs);
    lease.unref();
    try {
      // A job retried after crashes may have used up its tries: this one is then its last.
      const maxAttempts = Math.max(retry.attempts, row.attempts);
      const outcome = await handler(job, { key: row.key, attempt: row.attempts, maxAttempts, signal: controller.signal });
      if ('deferUntil' in outcome) {
        await settle(row, `state = 'queued', attempts = attempts - 1, run_after = $4, last_error = $5`, [outcome.deferUntil, outcome.reason]);
      } else {
        await settle(row, `state = 'completed', run_id = $4, last_error = NULL`, [outcome.runId ?? null]);
      }
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
      const retryable = !(err instanceof JobFailure) || err.retryable;
      if (retryable && row.attempts < retry.attempts) {
        const delay = backoffMs(retry, row.attempts, err instanceof JobFailure ? err.retryAfterMs : undefined);
        await settle(row, `state = 'queued', run_after = $4, last_error = $5`, [new Date(now().getTime() + delay), message]);
      } else {
        await settle(row, `state = 'failed', last_error = $4`, [message]);
      }
    } finally {
      clearTimeout(lease);
    }
  }

  async function pump(handler: SlotHandler, concurrency: number): Promise<void> {
    while (!stopped) {
      const free = concurrency - running.size;
      if (free <= 0) return;
      const rows = await claim(free);
      if (rows.length === 0) return;
      for (const row of rows) {
        const entry = { controller: new AbortController(), done: Promise.resolve() };
        entry.done = runOne(row, handler, entry.controller)
          .catch((err) => logError(`job ${row.key}: could not record its outcome`, err))
          .finally(() => {
            running.delete(row.key);
            wake?.();
          });
        running.set(row.key, entry);
      }
    }
  }

  async function prune(): Promise<void> {
    if (now().getTime() - lastPrune < 3_600_000) return;
    lastPrune = now().getTime();
    await db.query(`DELETE FROM jobs WHERE state IN ('completed', 'failed') AND updated_at < $1`, [new Date(now().getTime() - keepFinishedMs)]);
  }

  function loop(handler: SlotHandler, concurrency: number) {
    if (stopped) return;
    pumping = pump(handler, concurrency)
      .then(prune)
      .catch((err) => logError('job queue: could not take jobs', err))
      .finally(() => {
        pumping = null;
        if (stopped) return;
        // Look again after pollMs, or as soon as a running job finishes.
        const again = () => {
          wake = null;
          if (timer) clearTimeout(timer);
          timer = null;
          loop(handler, concurrency);
        };
        wake = again;
        timer = setTimeout(again, pollMs);
        timer.unref();
      });
  }

  return {
    kind: 'duckdb',

    async enqueue(jobs, enqueueOptions = {}) {
      let added = 0;
      const at = now();
      const runAfter = enqueueOptions.startAfter ?? at;
      for (let i = 0; i < jobs.length; i += ENQUEUE_BATCH) {
        const batch = jobs.slice(i, i + ENQUEUE_BATCH);
        const params: unknown[] = [at, runAfter];
        const values = batch.map((job) => {
          params.push(slotKey(job), job.promptId, job.provider, job.location, new Date(job.slot));
          const n = params.length;
          return `($${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n}, 'queued', 0, $2, $1, $1)`;
        });
        const rows = await db.query(
          `INSERT INTO jobs (key, prompt_id, provider, location, slot, state, attempts, run_after, created_at, updated_at)
           VALUES ${values.join(', ')} ON CONFLICT (key) DO NOTHING RETURNING key`,
          params,
        );
        added += rows.length;
      }
      wake?.();
      return added;
    },

    async work(handler, workOptions: WorkOptions) {
      if (working) throw new Error('this queue already has a worker');
      working = true;
      stopped = false;
      // Only this process opens the DuckDB file: an active job now was left by one that died.
      await db.query(`UPDATE jobs SET state = 'queued', lease_until = NULL, run_after = $1 WHERE state = 'active'`, [now()]);
      loop(handler, Math.max(1, workOptions.concurrency));
    },

    async counts(): Promise<QueueCounts> {
      const rows = await db.query<{ state: string; due: boolean; n: number }>(
        `SELECT state, run_after <= $1 AS due, count(*) AS n FROM jobs GROUP BY state, run_after <= $1`,
        [now()],
      );
      const counts: QueueCounts = { queued: 0, deferred: 0, active: 0, completed: 0, failed: 0 };
      for (const r of rows) {
        const n = Number(r.n);
        if (r.state === 'queued') counts[r.due ? 'queued' : 'deferred'] += n;
        else if (r.state === 'active' || r.state === 'completed' || r.state === 'failed') counts[r.state] += n;
      }
      return counts;
    },

    async stop(graceMs = 10_000) {
      stopped = true;
      if (timer) clearTimeout(timer);
      await pumping;
      const all = Promise.all([...running.values()].map((r) => r.done));
      const timeout = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([all, timeout]);
      // Attempts still running are aborted; their jobs are taken again at the next start.
      for (const r of running.values()) r.controller.abort(new Error('the worker stopped'));
      working = false;
    },
  };
}
