// Requests started ahead of the widgets that need them (the start-up prefetch), by request key.
// A widget takes its request over instead of sending it again, or, when the answer is already in,
// renders it at once without a loading pass.

export type RequestKeyTuple = readonly [string, string];

interface Entry {
  promise: Promise<unknown>;
  /** Sent before the session was confirmed: a failure is not the widget's error, it asks again. */
  speculative: boolean;
  answer?: { data: unknown };
}

const entries = new Map<string, Entry>();

export const prefetchId = (key: RequestKeyTuple): string => JSON.stringify(key);

/** Starts `send` for this key unless a request for it is already under way or in. */
export function prefetchRequest(key: RequestKeyTuple, send: () => Promise<unknown>, speculative = false): void {
  const id = prefetchId(key);
  if (entries.has(id)) return;
  const entry: Entry = { promise: send(), speculative };
  entry.promise.then(
    (data) => {
      entry.answer = { data };
    },
    // Handled by whoever takes the request over; until then it is not an unhandled rejection.
    () => undefined,
  );
  entries.set(id, entry);
}

/** The answer of a prefetched request that has arrived, without taking it. */
export function prefetchedAnswer(id: string): { data: unknown } | undefined {
  return entries.get(id)?.answer;
}

/**
 * Takes the prefetched request for this key (once): its promise, or for a speculative one that
 * failed, a fresh request from `again`. Undefined when nothing was prefetched.
 */
export function takePrefetched(id: string, again: () => Promise<unknown>): Promise<unknown> | undefined {
  const entry = entries.get(id);
  if (!entry) return undefined;
  entries.delete(id);
  return entry.speculative ? entry.promise.catch(() => again()) : entry.promise;
}

/** Forgets a prefetched request (its answer was used): later fetches of the key go to the server. */
export function forgetPrefetched(id: string): void {
  entries.delete(id);
}
