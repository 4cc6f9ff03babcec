import { type RetryOptions, transactionWithRetry } from './conflicts';
import type { Db } from './types';

/**
 * Per database handle, the tail of the queue of work holding each key in this process. Keyed by
 * handle so two databases (tests, or two instances simulated in one process) do not share queues.
 */
const queues = new WeakMap<Db, Map<string, Promise<unknown>>>();

async function inProcessQueue<T>(db: Db, key: string, work: () => Promise<T>): Promise<T> {
  let tails = queues.get(db);
  if (!tails) queues.set(db, (tails = new Map()));
  const previous = tails.get(key) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.catch(() => undefined);
  tails.set(key, tail);
  try {
    return await run;
  } finally {
    // The last one out removes the key, so the map only holds keys with work in flight.
    if (tails.get(key) === tail) tails.delete(key);
  }
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
