import { useEffect, useMemo, useState } from 'react';
import useSWR, { unstable_serialize, useSWRConfig } from 'swr';
import type { DataSpec } from '../runtime/types';
import { resolveBindings, type BindingContext } from '../bindings/resolve';
import { runTransforms } from '../transforms/run';
import type { Step } from '../transforms/steps';
import { useEngineHost } from '../host/EngineHostProvider';
import type { CallInput } from '../host/types';
import { isEmptyData } from './isEmpty';
import { forgetPrefetched, prefetchId, prefetchedAnswer, takePrefetched } from './prefetched';

export type DataStatus = 'idle' | 'waiting' | 'loading' | 'error' | 'empty' | 'ready';

export interface WidgetData {
  status: DataStatus;
  data: unknown;
  error: unknown;
  /** Revalidates the request (the Retry button). */
  retry: () => void;
  /** Bindings that are not ready yet (e.g. no brand selected); the request is held back. */
  missing: string[];
  /** The call's answer before the transform (a paged answer's row count is read from it). */
  raw?: unknown;
  /** With keepPrevious: the data shown is the previous request's while the new one is on its way. */
  stale?: boolean;
}

export interface WidgetDataOptions {
  /** Keep showing the last answer while another request of the widget loads (a new page). */
  keepPrevious?: boolean;
}

/** The SWR key: call id plus the resolved request, so widgets sharing a call share one request. */
export function requestKey(spec: DataSpec | undefined, ctx: BindingContext): { key: [string, string] | null; input: CallInput; missing: string[] } {
  if (!spec) return { key: null, input: {}, missing: [] };
  const { value, missing } = resolveBindings<CallInput>({ body: spec.body, params: spec.params, query: spec.query }, ctx);
  const input: CallInput = {};
  if (value.body !== undefined) input.body = value.body;
  if (value.params !== undefined) input.params = value.params as CallInput['params'];
  if (value.query !== undefined) input.query = value.query as CallInput['query'];
  if (missing.length > 0) return { key: null, input, missing };
  return { key: [spec.call, JSON.stringify([input.body ?? null, input.params ?? null, input.query ?? null])], input, missing };
}

export function useWidgetData(spec: DataSpec | undefined, ctx: BindingContext, options: WidgetDataOptions = {}): WidgetData {
  const { api: fetcher, deriveOps } = useEngineHost();
  const { key, input, missing } = requestKey(spec, ctx);
  const id = key ? prefetchId(key) : null;
  // A prefetched answer that is already in when the widget mounts renders with the first pass and
  // is not asked again (kept for this key while mounted); one still under way is taken over by the
  // first fetch.
  const [mountedWith] = useState(() => (id ? { id, answer: prefetchedAnswer(id) } : null));
  const primed = mountedWith && mountedWith.id === id ? mountedWith.answer : undefined;
  const swr = useSWR(key, ([callId]: [string, string]) => {
    const ask = () => fetcher(callId, input);
    return (id ? takePrefetched(id, ask) : undefined) ?? ask();
  }, {
    revalidateOnFocus: false,
    keepPreviousData: options.keepPrevious === true,
    shouldRetryOnError: false,
    fallbackData: primed?.data,
    revalidateOnMount: primed ? false : undefined,
  });
  // The answer used moves into the cache (for widgets that mount later with the same request, a
  // tab opened afterwards) and leaves the prefetch: later fetches of the key go to the server.
  const { cache, mutate } = useSWRConfig();
  useEffect(() => {
    if (!key || !id || !primed) return;
    forgetPrefetched(id);
    if (cache.get(unstable_serialize(key))?.data === undefined) void mutate(key, primed.data, { revalidate: false });
    // Once per prefetched answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, primed]);

  // Transform arguments may bind to filters (e.g. the Top/Needs Attention toggle), so they are
  // resolved at render time; the raw response stays cached and shared.
  const steps = useMemo(() => resolveBindings<Step[]>(spec?.transform ?? [], ctx).value, [spec?.transform, ctx]);
  const transformed = useMemo(() => {
    if (swr.data === undefined) return { data: undefined, error: undefined };
    try {
      return { data: runTransforms(swr.data, steps, deriveOps), error: undefined };
    } catch (error) {
      return { data: undefined, error };
    }
  }, [swr.data, steps, deriveOps]);

  const retry = () => {
    void swr.mutate();
  };

  if (!spec) return { status: 'idle', data: undefined, error: undefined, retry, missing: [] };
  if (!key) return { status: 'waiting', data: undefined, error: undefined, retry, missing };
  if (swr.error) return { status: 'error', data: undefined, error: swr.error, retry, missing };
  if (swr.data === undefined) return { status: 'loading', data: undefined, error: undefined, retry, missing };
  if (transformed.error) return { status: 'error', data: undefined, error: transformed.error, retry, missing };
  const stale = options.keepPrevious === true && swr.isLoading;
  return { status: isEmptyData(transformed.data) ? 'empty' : 'ready', data: transformed.data, error: undefined, retry, missing, raw: swr.data, stale };
}
