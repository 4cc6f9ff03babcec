/**
 * Runs async work one at a time per key inside this process. DuckDB aborts two overlapping updates
 * of one row with a write-write conflict instead of letting the second wait, so updates of one
 * counter or session row are queued here; across processes (PostgreSQL) the conditional UPDATE
 * statements themselves stay atomic under the row lock.
 */
const tails = new Map<string, Promise<unknown>>();

export async function withKeyLock<T>(key: string, work: () => Promise<T>): Promise<T> {
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
