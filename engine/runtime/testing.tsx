import type { ReactNode } from 'react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { MotionBehaviourProvider } from '@fluentui/react-motion';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { cleanup, configure, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import { EngineHostProvider } from '../host/EngineHostProvider';
import type { DataFetcher, EngineHost, HostScope } from '../host/types';
import { PageContext, type PageContextValue } from './PageContext';
import { PageView } from './PageView';
import type { PageDefinition, WidgetConfig } from './types';
import { WidgetHost } from './WidgetHost';
import { computeWindow } from '../time/windows';

// Lazy widget modules load on first use; on a busy 2-core machine that can take over a second.
configure({ asyncUtilTimeout: 8000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Test harness: Fluent theme, a router, a host whose scope has one brand, a fake fetcher and a
// fresh SWR cache per render so tests never share responses.
export const TEST_BRAND = { id: 'brand-1', name: 'Acme', url: 'https://acme.test', logoUrl: null, lastPromptRun: '2025-03-14T09:30:00.000Z' };

/** A scope with the test user and this brand (none with null). */
export function fakeScope(brand: Record<string, unknown> | null = TEST_BRAND): HostScope {
  return { user: { id: 'user-1', name: 'Ada', email: 'ada@acme.test' }, brand, refresh: async () => null };
}

// What the application composes into every host (widget kinds, vocabularies, filter kinds…): a
// test setup file of the application sets it once, so tests render with the real kinds.
let hostDefaults: Partial<EngineHost> = {};

export function setTestHostDefaults(defaults: Partial<EngineHost>): void {
  hostDefaults = defaults;
}

/** A host for tests: the application's defaults, a fetcher that never answers, the test scope. */
export function testHost(overrides: Partial<EngineHost> = {}): EngineHost {
  return {
    api: () => new Promise(() => {}),
    scope: fakeScope(),
    reportError: () => {},
    widgets: { kind: () => undefined, preload: () => {} },
    filterKinds: {},
    vocabularies: {},
    requirements: {},
    deriveOps: {},
    ...hostDefaults,
    ...overrides,
  };
}

export interface Calls {
  fetcher: DataFetcher;
  calls: Array<{ callId: string; input: unknown }>;
}

/** A fetcher answering from a map of call id → response (or function / Error). */
export function fakeFetcher(responses: Record<string, unknown>): Calls {
  const calls: Calls['calls'] = [];
  const fetcher: DataFetcher = async (callId, input) => {
    calls.push({ callId, input });
    const r = responses[callId];
    const value = typeof r === 'function' ? (r as (input: unknown) => unknown)(input) : r;
    if (value instanceof Error) throw value;
    if (value === undefined) return new Promise(() => {}); // never resolves: stays loading
    return structuredClone(value);
  };
  return { fetcher, calls };
}

function Providers({ children, host, path }: { children: ReactNode; host: EngineHost; path: string }) {
  return (
    <FluentProvider theme={webLightTheme}>
      {/* happy-dom's Web Animations reject on cancel; tests do not need motion. */}
      <MotionBehaviourProvider value="skip">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <EngineHostProvider host={host}>
          <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
        </EngineHostProvider>
      </SWRConfig>
      </MotionBehaviourProvider>
    </FluentProvider>
  );
}

/** Renders a page at its route (or `path`); `scope` replaces the test scope, `host` any other part. */
export function renderPage(page: PageDefinition, opts: { fetcher: DataFetcher; scope?: HostScope; host?: Partial<EngineHost>; path?: string }) {
  const path = opts.path ?? page.route;
  return render(
    <Providers host={testHost({ api: opts.fetcher, ...(opts.scope ? { scope: opts.scope } : {}), ...opts.host })} path={path}>
      <Routes>
        <Route path={page.route} element={<PageView page={page} />} />
        <Route path="*" element={<div data-testid="navigated" />} />
      </Routes>
    </Providers>,
  );
}

/** A minimal page context: filters as given, a fixed 7-day window, the test brand, no route params. */
export function testPageContext(
  opts: { widgets?: Record<string, WidgetConfig>; filters?: Record<string, unknown>; setFilter?: (id: string, v: unknown) => void; params?: Record<string, string>; brand?: Record<string, unknown> } = {},
): PageContextValue {
  const page: PageDefinition = { version: 1, id: 'test', route: '/test', title: 'Test', widgets: opts.widgets ?? {}, layout: [] };
  const filters = opts.filters ?? {};
  return {
    page,
    filters,
    setFilters: () => {},
    setFilter: opts.setFilter ?? (() => {}),
    bindings: { filters, controls: [], window: computeWindow('7d', null, new Date('2025-03-15T12:00:00Z')), params: opts.params ?? {}, brand: opts.brand ?? TEST_BRAND, user: null },
  };
}

/** Renders a widget component directly (data given, no fetching) inside the Fluent theme and a page context. */
export function renderInPageContext(element: ReactNode, ctx: PageContextValue = testPageContext(), host: Partial<EngineHost> = {}) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <EngineHostProvider host={testHost(host)}>
        <PageContext.Provider value={ctx}>{element}</PageContext.Provider>
      </EngineHostProvider>
    </FluentProvider>,
  );
}

/** Renders one widget inside a minimal page context (filters as given, 7-day window, test brand). */
export function renderWidget(config: WidgetConfig, opts: { fetcher?: DataFetcher; filters?: Record<string, unknown>; setFilter?: (id: string, v: unknown) => void; id?: string } = {}) {
  const ctx = testPageContext({ widgets: { w: config }, filters: opts.filters, setFilter: opts.setFilter });
  const fetcher = opts.fetcher ?? fakeFetcher({}).fetcher;
  return render(
    <Providers host={testHost({ api: fetcher })} path="/test">
      <Routes>
        <Route
          path="/test"
          element={
            <PageContext.Provider value={ctx}>
              <WidgetHost id={opts.id ?? 'w'} config={config} />
            </PageContext.Provider>
          }
        />
        <Route path="*" element={<div data-testid="navigated" />} />
      </Routes>
    </Providers>,
  );
}
