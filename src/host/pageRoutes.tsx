import { useMemo } from 'react';
import type { RouteObject } from 'react-router-dom';
import { EngineHostProvider, PageView, pagesFromModules, prefetchPage, type EngineHost, type PageDefinition } from '../../engine';
import { useSession } from '../session/SessionContext';
import { appServices, productHost } from './services';

// Every pages/*.json becomes one route; the shell mounts these inside its authenticated layout.
// This module, with the engine and the widget kinds, loads only when an /app screen is opened.
const modules = import.meta.glob('../../pages/*.json', { eager: true });

let pages: PageDefinition[] | null = null;

export function loadedPages(): PageDefinition[] {
  pages ??= pagesFromModules(modules as Record<string, unknown>);
  return pages;
}

type ScopeRecord = Record<string, unknown>;

/** The engine's host for the signed-in session: the selected brand and the user are its scope. */
function useAppHost(): EngineHost {
  const { user, selectedBrand, refresh } = useSession();
  return useMemo(
    () => ({ ...productHost, ...appServices, scope: { user: user as ScopeRecord | null, brand: selectedBrand as ScopeRecord | null, refresh } }),
    [user, selectedBrand, refresh],
  );
}

function HostedPage({ page }: { page: PageDefinition }) {
  return (
    <EngineHostProvider host={useAppHost()}>
      <PageView page={page} />
    </EngineHostProvider>
  );
}

export function pageRoutes(): RouteObject[] {
  return loadedPages().map((page) => ({
    path: page.route,
    element: <HostedPage key={page.id} page={page} />,
    // "shell": false pages (standalone views) are mounted outside the sidebar and top bar;
    // 'onboarding' / 'pricing' pages (outside /app) inside that onboarding frame
    handle: { shell: page.shell === 'onboarding' || page.shell === 'pricing' ? page.shell : page.shell !== false },
  }));
}

/** Starts the requests and widget code of the page at `pathname` for this user and brand. */
export function prefetchRoute(pathname: string, scope: { user: ScopeRecord | null; brand: ScopeRecord | null }, options?: { speculative?: boolean }): number {
  const host: EngineHost = { ...productHost, ...appServices, scope: { ...scope, refresh: async () => null } };
  return prefetchPage(loadedPages(), pathname, host, options);
}
