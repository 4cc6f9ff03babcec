import { createContext, useContext } from 'react';
import { callApi } from '../../src/api/client';

// How the engine reaches the API: the shell's callApi by default; tests and stories provide a fake
// through DataFetcherContext instead of mocking modules.
export interface CallInput {
  body?: unknown;
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
}

export type DataFetcher = (callId: string, input: CallInput) => Promise<unknown>;

export const defaultFetcher: DataFetcher = (callId, input) =>
  callApi<unknown>(callId, input as Parameters<typeof callApi>[1]);

export const DataFetcherContext = createContext<DataFetcher>(defaultFetcher);

export function useDataFetcher(): DataFetcher {
  return useContext(DataFetcherContext);
}
