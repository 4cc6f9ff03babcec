import type { SlotJob } from './slotJob';

/**
 * The job interface the scheduler, the routes and the workers use: PostgreSQL (pg-boss) and DuckDB
 * (a table) implement it with the same behaviour.
 */

/** What one attempt is told: which try it is (1-based) and how many there are in all. */
export interface AttemptInfo {
  key: string;
  attempt: number;
  maxAttempts: number;
  signal: AbortSignal;
}

/** A handler finishes a job, or asks for it to wait (not an attempt: nothing ran). */
export type HandlerOutcome = { done: true; runId?: string | null } | { deferUntil: Date; reason: string };

/**
 * Runs one job. Throwing fails the attempt: a `JobFailure` says whether to try again and when;
 * any other error is retried with the queue's backoff. On the last attempt the handler itself
 * stores the failure (the queue then moves the job to its dead letters).
 */
export type SlotHandler = (job: SlotJob, info: AttemptInfo) => Promise<HandlerOutcome>;

export class JobFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** Earliest time to try again (a provider's Retry-After), overriding the backoff when later. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export interface QueueCounts {
  /** Waiting to run now. */
  queued: number;
  /** Waiting for a later time: a retry's backoff, or a brand paused by its daily cost cap. */
  deferred: number;
  active: number;
  completed: number;
  /** Dead letters: failed on their last try. */
  failed: number;
}

export interface RetryPolicy {
  /** Tries in all, the first included (default 3). */
  attempts: number;
  /** First backoff; each retry doubles it (default 30 s). */
  baseDelayMs: number;
  /** Longest backoff (default 15 min). */
  maxDelayMs: number;
}

export interface WorkOptions {
  /** Jobs this process runs at once (default 20). */
  concurrency: number;
}

export interface JobQueue {
  readonly kind: 'pg-boss' | 'duckdb';
  /** Enqueues each job unless one with its key is already there; resolves with how many were new. */
  enqueue(jobs: SlotJob[], options?: { startAfter?: Date }): Promise<number>;
  /** Starts taking jobs in this process. */
  work(handler: SlotHandler, options: WorkOptions): Promise<void>;
  counts(): Promise<QueueCounts>;
  /** Stops taking jobs; waits for the running ones up to `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 3, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000 };

/** Delay before try `attempt + 1` after try `attempt` failed: base × 2^(attempt-1), capped, with jitter of up to a quarter. */
export function backoffMs(policy: RetryPolicy, attempt: number, retryAfterMs?: number, random = Math.random): number {
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  const jittered = exp * (1 - random() / 4);
  return Math.max(jittered, retryAfterMs ?? 0);
}
