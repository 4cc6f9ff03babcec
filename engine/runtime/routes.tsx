import type { RouteObject } from 'react-router-dom';
import { PageView } from './PageView';
import { pagesFromModules, type PageDefinition } from './pages';
import { prefetchPage, type PrefetchSession } from './prefetch';

// Every pages/*.json becomes one route; the shell mounts these inside its authenticated layout.
const modules = import.meta.glob('../../pages/*.json', { eager: true });

export function loadedPages(): PageDefinition[] {
  return pagesFromModules(modules as Record<string, unknown>);
}

export function pageRoutes(): RouteObject[] {
  return loadedPages().map((page) => ({
    path: page.route,
    element: <PageView key={page.id} page={page} />,
    // "shell": false pages (standalone views) are mounted outside the sidebar and top bar
    handle: { shell: page.shell !== false },
  }));
}

/** Starts the requests and widget code of the page at `pathname` (see prefetch.ts). */
export function prefetchRoute(pathname: string, session: PrefetchSession, options?: { speculative?: boolean }): number {
  return prefetchPage(loadedPages(), pathname, session, undefined, options);
}
