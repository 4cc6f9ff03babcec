import { createKeyedQueue } from '../db/keyedQueue';

/**
 * Runs async work one at a time per key inside this process. DuckDB aborts two overlapping updates
 * of one row with a write-write conflict instead of letting the second wait, so updates of one
 * counter or session row are queued here; across processes (PostgreSQL) the conditional UPDATE
 * statements themselves stay atomic under the row lock.
 */
export const withKeyLock = createKeyedQueue();
