/**
 * Reuse of insight answers between requests, per server process. A dashboard is read far more often
 * than its facts change, and many people look at the same brand and window: an answer is kept under
 * a key naming everything it was computed from (the call, the request body, the brand's facts
 * version, tracked names, the minute), so a reused answer is one the same computation would give,
 * except that time-relative answers (the last 30 days, "now") may be up to a minute old.
 * Concurrent requests for one key share one computation. A failed computation is not kept.
 */
export interface AnswerCache {
  answer<T>(key: string, compute: () => Promise<T>): Promise<T>;
  readonly size: number;
}

export interface AnswerCacheOptions {
  maxEntries: number;
  /** How long an answer is reused at most (ms). */
  ttlMs: number;
  now?: () => number;
}

export function createAnswerCache({ maxEntries, ttlMs, now = Date.now }: AnswerCacheOptions): AnswerCache {
  // Map iteration order is insertion order: re-inserting on use makes the first entry the least recently used.
  const entries = new Map<string, { value: Promise<unknown>; expires: number }>();
  return {
    get size() {
      return entries.size;
    },
    answer<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      const at = now();
      if (hit && hit.expires > at) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.value as Promise<T>;
      }
      const value = compute();
      const entry = { value, expires: at + ttlMs };
      entries.delete(key);
      entries.set(key, entry);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
  };
}

const caches = new WeakMap<object, AnswerCache>();

/** The cache of one running app (keyed by its context's config), or null when reuse is off. */
export function answerCacheFor(config: { answerCacheEntries?: number }): AnswerCache | null {
  const max = config.answerCacheEntries ?? 0;
  if (max <= 0) return null;
  let cache = caches.get(config);
  if (!cache) caches.set(config, (cache = createAnswerCache({ maxEntries: max, ttlMs: 60_000 })));
  return cache;
}
