import { useCallback, useMemo, useState } from 'react';
import type { WidgetConfig } from '../runtime/types';
import { resolveBindings, type BindingContext } from '../bindings/resolve';
import { useEngineHost } from '../host/EngineHostProvider';
import type { Step } from '../transforms/steps';
import { requestKey, useWidgetData, type WidgetData } from './useWidgetData';
import { type PagingState, type ServerPaging, fetchAllPages, initialPaging, pagedDataSpec, serverPagingOf, tabCountsOf, totalOf } from './serverPaging';

/**
 * A widget's data, and its page state when it declares serverPaging: the page shown is asked for
 * (the last one stays on screen while the next loads), a new sort or search goes back to page 1.
 */
export function usePagedWidgetData(config: WidgetConfig, active: boolean, ctx: BindingContext): { data: WidgetData; paging: ServerPaging | null } {
  const { api, deriveOps } = useEngineHost();
  const spec = serverPagingOf(config);
  const [state, setState] = useState<PagingState>(() => initialPaging(config));
  // other filters or another window: back to page 1 (set while rendering, before the request)
  const base = JSON.stringify(requestKey(config.data, ctx).key);
  const [seenBase, setSeenBase] = useState(base);
  if (base !== seenBase) {
    setSeenBase(base);
    if (state.page !== 1) setState((s) => ({ ...s, page: 1 }));
  }
  const dataSpec = spec ? pagedDataSpec(config, state) : config.data;
  const data = useWidgetData(active ? dataSpec : undefined, ctx, { keepPrevious: !!spec });

  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page })), []);
  const setSort = useCallback((sort: PagingState['sort']) => setState((s) => ({ ...s, sort, page: 1 })), []);
  const setSearch = useCallback((search: string) => setState((s) => (s.search === search ? s : { ...s, search, page: 1 })), []);
  const setTab = useCallback((tab: number) => setState((s) => (s.tab === tab ? s : { ...s, tab, page: 1 })), []);
  const fetchAll = useCallback(async () => {
    if (!spec || !config.data) return [];
    // the request of the page shown (its tab's fields with it), asked page after page
    const { input } = requestKey(pagedDataSpec(config, state), ctx);
    const steps = resolveBindings<Step[]>(config.data.transform ?? [], ctx).value;
    return fetchAllPages(api, config.data.call, input, spec, state, steps, deriveOps);
  }, [spec, config, ctx, api, deriveOps, state]);

  const total = spec && data.raw !== undefined ? totalOf(data.raw, spec) : 0;
  const tabCounts = useMemo(() => (spec && data.raw !== undefined ? tabCountsOf(data.raw, config) : null), [spec, data.raw, config]);
  const scope = JSON.stringify([base, state.tab, state.search.trim()]);
  const paging = useMemo<ServerPaging | null>(
    () =>
      spec
        ? { pageSize: spec.pageSize, state, setPage, setSort, setSearch, setTab, total, tabCounts, scope, loading: data.stale === true, fetchAll }
        : null,
    [spec, state, setPage, setSort, setSearch, setTab, total, tabCounts, scope, data.stale, fetchAll],
  );
  return { data, paging };
}
