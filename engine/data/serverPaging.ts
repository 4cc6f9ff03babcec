import { createContext, useContext } from 'react';
import type { DataSpec, WidgetConfig } from '../runtime/types';
import type { CallInput, DataFetcher, DeriveOp } from '../host/types';
import { runTransforms } from '../transforms/run';
import { getPath, type Step } from '../transforms/steps';

// Server paging: a widget whose list is too long to send whole declares `serverPaging`; its call
// then takes a page request (limit, offset, sort, order, search) in one body field and answers
// one page plus the number of rows the search keeps. The widget host keeps the page state and
// asks for the page shown; the widget reads and changes it through ServerPagingContext.

/** The declaration in a widget's config (schemas/widgets/table.schema.json, serverPaging). */
export interface ServerPagingSpec {
  pageSize: number;
  /** body field that carries the page request; default 'page' */
  param?: string;
  /** path of the row count in the call's answer; default 'total' */
  total?: string;
}

export interface PagingState {
  /** 1-based page */
  page: number;
  sort: { field: string; order: 'asc' | 'desc' } | null;
  search: string;
  /** the table tab shown (0 without tabs): its body fields go with the request */
  tab: number;
}

/** A table tab as server paging reads it: body fields it adds, the path of its row count. */
interface PagedTab {
  body?: Record<string, unknown>;
  count?: string;
}

function tabsOf(config: WidgetConfig): PagedTab[] {
  return Array.isArray(config.tabs) ? (config.tabs as PagedTab[]) : [];
}

/** The body fields of the tab shown (none without tabs). */
function tabBody(config: WidgetConfig, state: PagingState): Record<string, unknown> {
  const tabs = tabsOf(config);
  return tabs[Math.min(state.tab, tabs.length - 1)]?.body ?? {};
}

/** Rows a call gives per request at most (server/http/paging.ts MAX_PAGE_LIMIT): exports ask in pages of this. */
export const EXPORT_PAGE_LIMIT = 200;

export function serverPagingOf(config: WidgetConfig): ServerPagingSpec | null {
  const spec = config.serverPaging as ServerPagingSpec | undefined;
  return spec && config.data ? spec : null;
}

/** The first state: page 1, the widget's defaultSort, no search. */
export function initialPaging(config: WidgetConfig): PagingState {
  const sort = config.defaultSort as PagingState['sort'] | undefined;
  return { page: 1, sort: sort ?? null, search: '', tab: 0 };
}

function pageRequest(state: PagingState, limit: number, offset: number): Record<string, unknown> {
  const request: Record<string, unknown> = { limit, offset };
  if (state.sort) {
    request.sort = state.sort.field;
    request.order = state.sort.order;
  }
  const search = state.search.trim();
  if (search) request.search = search;
  return request;
}

/** The widget's data request with the page shown (the initial one when no state is given). */
export function pagedDataSpec(config: WidgetConfig, state: PagingState = initialPaging(config)): DataSpec | undefined {
  const spec = serverPagingOf(config);
  if (!spec || !config.data) return config.data;
  const body = { ...config.data.body, ...tabBody(config, state), [spec.param ?? 'page']: pageRequest(state, spec.pageSize, (state.page - 1) * spec.pageSize) };
  return { ...config.data, body };
}

/** Each tab's row count read from an answer at its declared path (null: the widget has no tabs). */
export function tabCountsOf(answer: unknown, config: WidgetConfig): number[] | null {
  const tabs = tabsOf(config);
  if (!tabs.length) return null;
  return tabs.map((t) => {
    const n = t.count ? getPath(answer, t.count) : undefined;
    return typeof n === 'number' && Number.isFinite(n) ? n : 0;
  });
}

/** The row count of an answer at the declared path (0 when it has none). */
export function totalOf(answer: unknown, spec: ServerPagingSpec): number {
  const total = getPath(answer, spec.total ?? 'total');
  return typeof total === 'number' && Number.isFinite(total) ? total : 0;
}

/**
 * Every row the search keeps, in the shown order, for an export: the pages of EXPORT_PAGE_LIMIT
 * rows asked one after another and each run through the widget's transform.
 */
export async function fetchAllPages(
  api: DataFetcher,
  call: string,
  input: CallInput,
  spec: ServerPagingSpec,
  state: PagingState,
  steps: Step[],
  deriveOps: Record<string, DeriveOp>,
): Promise<unknown[]> {
  const rows: unknown[] = [];
  const param = spec.param ?? 'page';
  for (let offset = 0; ; offset += EXPORT_PAGE_LIMIT) {
    const body = { ...(input.body as Record<string, unknown> | undefined), [param]: pageRequest(state, EXPORT_PAGE_LIMIT, offset) };
    const answer = await api(call, { ...input, body });
    const page = runTransforms(answer, steps, deriveOps);
    if (Array.isArray(page)) rows.push(...page);
    if (offset + EXPORT_PAGE_LIMIT >= totalOf(answer, spec)) return rows;
  }
}

export interface ServerPaging {
  pageSize: number;
  state: PagingState;
  /** A new sort, search or tab returns to page 1. */
  setPage: (page: number) => void;
  setSort: (sort: PagingState['sort']) => void;
  setSearch: (search: string) => void;
  setTab: (tab: number) => void;
  /** rows the search keeps, on the server */
  total: number;
  /** each tab's row count from the answer (null without tabs) */
  tabCounts: number[] | null;
  /** names the set of rows the pages cut (filters, window, tab, search; not the page or the
   * sort): a selection made in one set does not carry into another */
  scope: string;
  /** a page other than the shown one is on its way */
  loading: boolean;
  /** every row the search keeps (Export) */
  fetchAll: () => Promise<unknown[]>;
}

export const ServerPagingContext = createContext<ServerPaging | null>(null);

/** The page state of the widget being rendered, when it pages on the server. */
export function useServerPaging(): ServerPaging | null {
  return useContext(ServerPagingContext);
}
