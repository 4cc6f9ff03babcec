import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useEngineHost, type DataFetcher } from '../../engine';

export type OnceState = { status: 'missing' } | { status: 'pending' } | { status: 'done'; answer: unknown } | { status: 'failed'; error: unknown };

// One request per visit: a visit is the router's location key, so a re-render, a remount or the
// double mount of StrictMode share the request, and coming back to the address asks again.
const asked = new Map<string, Promise<unknown>>();
const MAX_REMEMBERED = 50;

function askOnce(key: string, ask: () => Promise<unknown>): Promise<unknown> {
  let pending = asked.get(key);
  if (!pending) {
    pending = ask();
    asked.set(key, pending);
    if (asked.size > MAX_REMEMBERED) asked.delete(asked.keys().next().value as string);
  }
  return pending;
}

/** Test hook: forget the visits asked so far. */
export function forgetVisits(): void {
  asked.clear();
}

/** The call's answer, asked once per visit with the named parameters of the address's query. */
export function useOnceAnswer(call: string, urlQuery: string[] = []): OnceState {
  const { api } = useEngineHost();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const query: Record<string, string> = {};
  for (const name of urlQuery) query[name] = search.get(name) ?? '';
  const missing = urlQuery.some((name) => !query[name]);
  const key = `${location.key}\u0000${call}\u0000${JSON.stringify(query)}`;
  const [state, setState] = useState<{ key: string; value: OnceState } | null>(null);

  useEffect(() => {
    if (missing) return;
    let live = true;
    askOnce(key, () => (api as DataFetcher)(call, urlQuery.length ? { query } : {})).then(
      (answer) => live && setState({ key, value: { status: 'done', answer } }),
      (error: unknown) => live && setState({ key, value: { status: 'failed', error } }),
    );
    return () => {
      live = false;
    };
    // the key holds the call and the query
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, missing]);

  if (missing) return { status: 'missing' };
  return state?.key === key ? state.value : { status: 'pending' };
}
