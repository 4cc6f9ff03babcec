import { type RetryOptions, transactionWithRetry } from './conflicts';
import { createKeyedQueue, type KeyedQueue } from './keyedQueue';
import type { Db } from './types';

/**
 * Per database handle, the queue of work holding each key in this process. Keyed by handle so two
 * databases (tests, or two instances simulated in one process) do not share queues.
 */
const queues = new WeakMap<Db, KeyedQueue>();

function inProcessQueue<T>(db: Db, key: string, work: () => Promise<T>): Promise<T> {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = createKeyedQueue()));
  return queue(key, work);
}

/**
 * Runs a check-then-write as one transaction that no other holder of the same key overlaps, so a
 * limit checked inside it cannot be passed by a concurrent request. Two guards, because the API
 * runs as one process on DuckDB and possibly several on PostgreSQL:
 * - in this process, holders of a key queue one after another (each starts after the previous one
 *   committed, so it sees its writes; waiting requests hold no database connection);
 * - on PostgreSQL, the transaction also takes a transaction-level advisory lock on the key, which
 *   every instance sharing the database honours until commit or rollback.
 * The transaction is retried as a whole on a write conflict with work outside the lock (409
 * CONFLICT when the retries are spent). `fn` must use only the `tx` it is given, and must not take
 * another write lock (lock order is not managed).
 */
export function withWriteLock<T>(db: Db, key: string, fn: (tx: Db) => Promise<T>, options?: RetryOptions): Promise<T> {
  return inProcessQueue(db, key, () =>
    transactionWithRetry(
      db,
      async (tx) => {
        if (tx.dialect === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
        return fn(tx);
      },
      options,
    ),
  );
}

/** The key that serialises everything charged to one user's plan (brands, prompts, runs). */
export const planLockKey = (governingUserId: string) => `plan:${governingUserId}`;

/** The key that serialises changes to one brand's tracked competitors. */
export const competitorsLockKey = (brandId: string) => `competitors:${brandId}`;
