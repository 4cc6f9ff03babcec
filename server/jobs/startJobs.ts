import type { ServerContext } from '../http/context';
import { oneTransactionAtATime } from './oneWriter';
import { openJobQueue, type OpenQueueOptions } from './openQueue';
import type { JobQueue } from './queue';
import { storingSlotRunner } from './slotRunner';
import { startWorker, type Worker } from './worker';

export interface RunningJobs {
  queue: JobQueue;
  /** Set when this process also works jobs. */
  worker: Worker | null;
  stop(graceMs?: number): Promise<void>;
}

/** Opens the job queue and, when asked, a worker on it in this process. */
export async function startJobs(ctx: ServerContext, options: OpenQueueOptions & { worker: boolean; concurrency?: number }): Promise<RunningJobs> {
  const queue = await openJobQueue(ctx.db, ctx.config, options);
  // DuckDB: the worker's stores queue behind each other instead of conflicting (PostgreSQL locks rows).
  const storeCtx = ctx.db.dialect === 'duckdb' ? { ...ctx, db: oneTransactionAtATime(ctx.db) } : ctx;
  const worker = options.worker ? await startWorker(ctx, queue, { runner: storingSlotRunner(storeCtx), concurrency: options.concurrency }) : null;
  return {
    queue,
    worker,
    async stop(graceMs) {
      if (worker) await worker.stop(graceMs);
      else await queue.stop(graceMs);
    },
  };
}
