import { matchPath } from 'react-router-dom';
import type { BindingContext } from '../bindings/resolve';
import type { EngineHost } from '../host/types';
import { withFilterKinds } from '../filters/kinds';
import { requestKey } from '../data/useWidgetData';
import { pagedDataSpec } from '../data/serverPaging';
import { prefetchRequest } from '../data/prefetched';
import { defaultFilterValues, loadFilterValues, type FilterValues } from '../filters/storage';
import { computeWindow, isCompleteCustomRange, type CustomRange, type TimeWindow } from '../time/windows';
import { unmetRequirement } from './requirements';
import type { LayoutRow, PageDefinition, WidgetConfig } from './types';
import { isVisible } from './visibility';

// Opening a page straight from the address bar: the session start-up knows the user and brand a
// moment before the shell renders, so the page's first requests and widget code start then, in
// parallel with the rest of the start-up, instead of after the page has mounted. The page then
// finds its requests already under way (same SWR keys: same filters, same time window).

/** How long a window computed for a prefetch is reused by the page that mounts (ms). */
export const PRIMED_WINDOW_TTL_MS = 15_000;

let primed: { pageId: string; rangeKey: string; window: TimeWindow; at: number } | null = null;

/**
 * The range the window is computed from: Custom only once both days are picked (undefined until
 * then: the page keeps the window it shows rather than sending its requests again for a fresh
 * one), a custom range only while Custom is chosen.
 */
export function effectiveRange(range: string | undefined, custom: CustomRange | null | undefined): { range: string | undefined; custom: CustomRange | undefined } {
  if (range !== 'custom') return { range, custom: undefined };
  if (!isCompleteCustomRange(custom)) return { range: undefined, custom: undefined };
  return { range, custom: custom ?? undefined };
}

function rangeOf(page: PageDefinition, values: FilterValues): { range: string | undefined; custom: CustomRange | undefined } {
  const timeControl = (page.filters?.controls ?? []).find((c) => c.type === 'timeRange');
  const range = timeControl ? ((values[timeControl.id] as string | undefined) ?? (timeControl.default as string | undefined)) : undefined;
  return effectiveRange(range, values.customRange);
}

const keyOf = (range: string | undefined, custom: CustomRange | undefined) => JSON.stringify([range ?? null, custom?.from ?? null, custom?.to ?? null]);

/**
 * The time window a page uses for these filter values: the one its prefetch used when that was
 * moments ago for the same range (so the requests match), a fresh one otherwise.
 */
export function pageWindow(page: PageDefinition, range: string | undefined, custom: CustomRange | undefined, now = Date.now()): TimeWindow {
  if (primed && primed.pageId === page.id && primed.rangeKey === keyOf(range, custom) && now - primed.at < PRIMED_WINDOW_TTL_MS) return primed.window;
  return computeWindow(range, custom);
}

/** Widgets the page shows on arrival: its layout (first tab of tab groups) and their toolbar/footer slots. */
export function initialWidgets(page: PageDefinition): WidgetConfig[] {
  const out: WidgetConfig[] = [];
  const addSlots = (config: WidgetConfig) => {
    for (const slot of [config.toolbar, config.footer]) if (Array.isArray(slot)) for (const w of slot as WidgetConfig[]) out.push(w);
  };
  const walk = (rows: LayoutRow[]) => {
    for (const row of rows) {
      for (const item of row.items ?? []) {
        if (item.tabs) walk(item.tabs[0]?.layout ?? []);
        else if (item.widget && page.widgets[item.widget]) {
          out.push(page.widgets[item.widget]);
          addSlots(page.widgets[item.widget]);
        }
      }
    }
  };
  walk(page.layout ?? []);
  return out;
}

/**
 * Starts the requests and widget chunks of the page at `pathname` for the host's scope. Returns the
 * number of requests started (0 when no page matches or its bindings are not available yet).
 */
export function prefetchPage(
  pages: PageDefinition[],
  pathname: string,
  host: EngineHost,
  { speculative = false }: { speculative?: boolean } = {},
): number {
  let page: PageDefinition | undefined;
  let params: Record<string, string | undefined> = {};
  for (const p of pages) {
    const match = matchPath({ path: p.route, end: true }, pathname);
    if (match) {
      page = p;
      params = match.params;
      break;
    }
  }
  if (!page || page.record) return 0;
  if (unmetRequirement(page, host)) return 0;

  const controls = withFilterKinds(page.filters?.controls ?? [], host.filterKinds);
  const storageKey = page.filters?.storageKey;
  const values = storageKey ? loadFilterValues(storageKey, controls) : defaultFilterValues(controls);
  const { range, custom } = rangeOf(page, values);
  // A second prefetch of the same page (the speculative one, then the signed-in one) keeps the
  // window, so both produce the same requests and the second sends nothing new.
  const window = pageWindow(page, range, custom);
  if (primed?.window !== window) primed = { pageId: page.id, rangeKey: keyOf(range, custom), window, at: Date.now() };

  const ctx: BindingContext = { filters: values, controls, window, params, brand: host.scope.brand, user: host.scope.user };
  const widgets = initialWidgets(page).filter((w) => isVisible(w.visibleWhen, ctx));
  host.widgets.preload(widgets.map((w) => String(w.type)));

  const started = new Set<string>();
  for (const config of widgets) {
    // a widget paged on the server asks for its first page, as it will on mounting
    const { key, input } = requestKey(pagedDataSpec(config), ctx);
    if (!key) continue;
    started.add(JSON.stringify(key));
    prefetchRequest(key, () => host.api(key[0], input, { speculative }), speculative);
  }
  return started.size;
}
