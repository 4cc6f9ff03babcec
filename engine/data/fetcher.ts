import { createContext, useContext } from 'react';
import { callApi } from '../../src/api/client';

// How the engine reaches the API: the shell's callApi by default; tests and stories provide a fake
// through DataFetcherContext instead of mocking modules.
export interface CallInput {
  body?: unknown;
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
}

export interface FetchOptions {
  /** Sent before the session is confirmed (start-up prefetch): a 401 is not answered with a
   * token refresh; the widget asks again once the session is known. */
  speculative?: boolean;
}

export type DataFetcher = (callId: string, input: CallInput, options?: FetchOptions) => Promise<unknown>;

export const defaultFetcher: DataFetcher = (callId, input, options) =>
  callApi<unknown>(callId, { ...(input as Parameters<typeof callApi>[1]), skipAuthRefresh: options?.speculative });

export const DataFetcherContext = createContext<DataFetcher>(defaultFetcher);

export function useDataFetcher(): DataFetcher {
  return useContext(DataFetcherContext);
}
