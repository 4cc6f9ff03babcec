import { useEngineHost } from '../host/EngineHostProvider';
import type { DataFetcher } from '../host/types';

export type { CallInput, DataFetcher, FetchOptions } from '../host/types';

/** How widgets reach the API: the host's caller (tests give the host a fake one). */
export function useDataFetcher(): DataFetcher {
  return useEngineHost().api;
}
