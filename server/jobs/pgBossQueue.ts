import pg from 'pg';
import { PgBoss, type JobWithMetadata } from 'pg-boss';
import {
  backoffMs,
  DEFAULT_RETRY_POLICY,
  JobFailure,
  type JobQueue,
  type QueueCounts,
  type RetryPolicy,
  type SlotHandler,
} from './queue';
import { readSlotJob, slotKey, type SlotJob } from './slotJob';

/** The queue of slot runs, and where a slot goes after its last failed try. */
export const SLOT_QUEUE = 'slot-runs';
export const SLOT_DEAD_LETTERS = 'slot-runs-dead';

export interface PgBossQueueOptions {
  databaseUrl: string;
  /** pg-boss's own schema (default `pgboss`); tests use a throw-away one each. */
  schema?: string;
  retry?: RetryPolicy;
  /** An attempt running longer is failed and retried: the lease of a worker that died (default 10 min). */
  expireInSeconds?: number;
  /** How often expired attempts are found (default 30 s). */
  superviseIntervalSeconds?: number;
  /** How often an idle worker looks for jobs (default 2 s). */
  pollingIntervalSeconds?: number;
  /** Pooled connections of this process (default 10). */
  maxConnections?: number;
  applicationName?: string;
  logError?: (message: string, err: unknown) => void;
}

/**
 * The job queue on PostgreSQL, with pg-boss. One job per slot on a queue with the `exclusive`
 * policy: a slot key can be queued or running only once, so enqueueing it again (a second
 * scheduler, a restart) adds nothing. pg-boss retries a failed attempt with exponential backoff
 * and moves it to the dead-letter queue after the last; an attempt whose worker died (SIGKILL, a
 * lost machine) expires after `expireInSeconds` and is retried by any other worker.
 */
export async function createPgBossQueue(options: PgBossQueueOptions): Promise<JobQueue> {
  const retry = options.retry ?? DEFAULT_RETRY_POLICY;
  const logError = options.logError ?? ((message, err) => console.error(message, err));
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: options.schema ?? 'pgboss',
    max: options.maxConnections ?? 10,
    application_name: options.applicationName ?? `answerscope jobs (pid ${process.pid})`,
    superviseIntervalSeconds: options.superviseIntervalSeconds ?? 30,
  });
  // Without a listener a lost connection would end the process; pg-boss reconnects by itself.
  boss.on('error', (err) => logError('job queue (pg-boss)', err));
  await boss.start();

  const queueOptions = {
    retryLimit: retry.attempts - 1,
    retryDelay: Math.max(1, Math.round(retry.baseDelayMs / 1000)),
    retryBackoff: true,
    retryDelayMax: Math.max(1, Math.round(retry.maxDelayMs / 1000)),
    expireInSeconds: options.expireInSeconds ?? 600,
  };
  if (!(await boss.getQueue(SLOT_DEAD_LETTERS))) await boss.createQueue(SLOT_DEAD_LETTERS, { retentionSeconds: 14 * 86_400 });
  if (!(await boss.getQueue(SLOT_QUEUE))) {
    await boss.createQueue(SLOT_QUEUE, { policy: 'exclusive', deadLetter: SLOT_DEAD_LETTERS, ...queueOptions });
  } else {
    await boss.updateQueue(SLOT_QUEUE, { deadLetter: SLOT_DEAD_LETTERS, ...queueOptions });
  }

  // A connection of our own for the moves that must be atomic: a deferral (complete this job,
  // enqueue its successor) and a retry not before a provider's Retry-After.
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 2, application_name: 'answerscope jobs (moves)' });
  pool.on('error', (err) => logError('job queue connection', err));
  const schema = options.schema ?? 'pgboss';

  async function inTransaction(fn: (db: { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> }) => Promise<void>) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await fn({ executeSql: (text, values) => client.query(text, values as unknown[]) });
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  async function runJob(job: JobWithMetadata<unknown>, handler: SlotHandler): Promise<void> {
    const slot = readSlotJob(job.data);
    if (!slot) {
      // A payload no code wrote: fail it without retries rather than crash or loop.
      await boss.fail(SLOT_QUEUE, { id: job.id, retryCount: job.retryCount }, { error: 'malformed job payload' });
      await boss.send(SLOT_DEAD_LETTERS, { malformed: job.data ?? null });
      return;
    }
    const attempt = job.retryCount + 1;
    const maxAttempts = job.retryLimit + 1;
    try {
      const outcome = await handler(slot, { key: slotKey(slot), attempt, maxAttempts, signal: job.signal });
      if ('deferUntil' in outcome) {
        await inTransaction(async (db) => {
          await boss.complete(SLOT_QUEUE, { id: job.id, retryCount: job.retryCount }, { deferred: outcome.reason }, { db });
          // The successor takes this job's place under the same key; its tries start afresh.
          await boss.send(SLOT_QUEUE, slot, { singletonKey: slotKey(slot), startAfter: outcome.deferUntil, retryLimit: job.retryLimit - job.retryCount, db });
        });
      }
      // Otherwise pg-boss completes the job when this returns.
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
      if (err instanceof JobFailure && !err.retryable && attempt < maxAttempts) {
        // Not worth another try (a refused key, a bad request): to the dead letters at once.
        await inTransaction(async (db) => {
          await boss.complete(SLOT_QUEUE, { id: job.id, retryCount: job.retryCount }, { failed: message }, { db });
          await boss.send(SLOT_DEAD_LETTERS, { ...slot, error: message }, { db });
        });
        return;
      }
      if (err instanceof JobFailure && err.retryAfterMs && attempt < maxAttempts) {
        // pg-boss's backoff knows nothing of the provider's Retry-After: the retry waits for the later.
        const wait = backoffMs(retry, attempt, err.retryAfterMs);
        await inTransaction(async (db) => {
          await boss.fail(SLOT_QUEUE, { id: job.id, retryCount: job.retryCount }, { error: message }, { db });
          await boss.update(SLOT_QUEUE, undefined, { id: job.id, startAfter: new Date(Date.now() + wait), db });
        });
        return;
      }
      // pg-boss retries it with backoff or, after the last try, moves it to the dead letters.
      throw err;
    }
  }

  let workerId: string | null = null;

  return {
    kind: 'pg-boss',

    async enqueue(jobs, enqueueOptions = {}) {
      let added = 0;
      for (let i = 0; i < jobs.length; i += 500) {
        const batch = jobs.slice(i, i + 500).map((job: SlotJob) => ({
          data: job,
          singletonKey: slotKey(job),
          ...(enqueueOptions.startAfter ? { startAfter: enqueueOptions.startAfter } : {}),
        }));
        const ids = await boss.insert(SLOT_QUEUE, batch, { returnId: true });
        added += ids?.length ?? 0;
      }
      return added;
    },

    async work(handler, workOptions) {
      if (workerId) throw new Error('this queue already has a worker');
      workerId = await boss.work<unknown>(
        SLOT_QUEUE,
        {
          includeMetadata: true,
          batchSize: 1,
          localConcurrency: Math.max(1, workOptions.concurrency),
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
        },
        async ([job]) => runJob(job as JobWithMetadata<unknown>, handler),
      );
    },

    async counts(): Promise<QueueCounts> {
      const { rows } = await pool.query<{ state: string; due: boolean; n: string; name: string }>(
        `SELECT name, state, start_after <= now() AS due, count(*) AS n FROM ${pg.escapeIdentifier(schema)}.job
          WHERE name IN ($1, $2) GROUP BY name, state, start_after <= now()`,
        [SLOT_QUEUE, SLOT_DEAD_LETTERS],
      );
      const counts: QueueCounts = { queued: 0, deferred: 0, active: 0, completed: 0, failed: 0 };
      for (const r of rows) {
        const n = Number(r.n);
        if (r.name === SLOT_DEAD_LETTERS) counts.failed += n;
        else if (r.state === 'created' || r.state === 'retry') counts[r.due ? 'queued' : 'deferred'] += n;
        else if (r.state === 'active') counts.active += n;
        else if (r.state === 'completed') counts.completed += n;
      }
      return counts;
    },

    async stop(graceMs = 10_000) {
      await boss.stop({ graceful: true, timeout: graceMs, close: true });
      await pool.end();
    },
  };
}
