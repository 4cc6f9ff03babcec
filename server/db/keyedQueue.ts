/**
 * Runs async work one at a time per key inside this process: each holder of a key starts after the
 * previous one settled. Waiting work holds nothing else (no database connection).
 */
export type KeyedQueue = <T>(key: string, work: () => Promise<T>) => Promise<T>;

export function createKeyedQueue(): KeyedQueue {
  const tails = new Map<string, Promise<unknown>>();
  return async (key, work) => {
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
  };
}
