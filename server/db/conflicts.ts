import { HttpError } from '../http/errors';
import type { Db } from './types';

/** What a write that lost a race answers once its retries are spent. */
export const CONFLICT_MESSAGE = 'This was changed by another request at the same time. Please try again.';

export const conflictError = () => new HttpError(409, 'CONFLICT', CONFLICT_MESSAGE);

/** PostgreSQL: serialization_failure, deadlock_detected, unique_violation. */
const POSTGRES_CONFLICT_CODES = new Set(['40001', '40P01', '23505']);

/**
 * DuckDB reports optimistic-concurrency losses as "TransactionContext Error: Conflict on update!"
 * (also "on tuple deletion", "on append", catalog "write-write conflict"), and a key two
 * transactions inserted at once as a constraint violation at commit.
 */
const DUCKDB_CONFLICT =
  /TransactionContext Error: .*conflict|write-write conflict|PRIMARY KEY or UNIQUE constraint violation|Duplicate key .* violates (primary key|unique) constraint/i;

/**
 * Whether an error is a write that lost a race with another transaction on the same rows: the
 * losing transaction was rolled back, and running it again sees the winner's data.
 */
export function isWriteConflict(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && POSTGRES_CONFLICT_CODES.has(code)) return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && DUCKDB_CONFLICT.test(message);
}

export interface RetryOptions {
  /** Tries in all (default 6). */
  attempts?: number;
  /** First back-off in ms; each try doubles it, with full jitter (default 5). */
  baseDelayMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` again when it loses a write race, up to a bound, waiting a random back-off so
 * racing requests spread out; after the last try the race is answered 409 CONFLICT. Only for work
 * whose every try starts from scratch and re-checks what it writes (a whole transaction that
 * reads, validates and writes), never for work with effects outside the database.
 */
export async function retryOnConflict<T>(attempt: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 6;
  const base = options.baseDelayMs ?? 5;
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isWriteConflict(error)) throw error;
      if (i >= attempts) throw conflictError();
      await sleep(Math.random() * base * 2 ** (i - 1));
    }
  }
}

/** A transaction retried as a whole when it loses a write race (see retryOnConflict). */
export function transactionWithRetry<T>(db: Db, fn: (tx: Db) => Promise<T>, options?: RetryOptions): Promise<T> {
  return retryOnConflict(() => db.transaction(fn), options);
}
