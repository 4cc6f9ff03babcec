import { use, useMemo } from 'react';
import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { tokens } from '@fluentui/react-components';
import { reportError } from '../monitoring/sentry';
import { AppShell } from '../shell/AppShell';
import { Placeholder } from '../ui/Placeholder';
import { relativeToApp, type LoadPages } from './enginePages';
import { RequireSubscription } from './guards';
import { NotFound } from './NotFound';
import { APP_SCREENS, ROUTES, SUBSCRIPTION_EXEMPT_ROUTES } from './routePaths';

/**
 * Routes inside the app shell: the engine's pages, placeholders for screens without a page
 * yet, and '404 Not Found' for the rest. Sections other than settings and profile need an
 * active or trialing subscription.
 */
export function buildAppRoutes(pages: RouteObject[]): RouteObject[] {
  // Only /app pages live inside the shell; any other page route is ignored here.
  const appPages = pages.filter((p) => p.path === ROUTES.app || p.path?.startsWith(`${ROUTES.app}/`));
  const pagePaths = new Set(appPages.map((p) => p.path));
  const placeholders: RouteObject[] = APP_SCREENS.filter((screen) => !pagePaths.has(screen.path)).map((screen) => ({
    path: screen.path,
    element: <Placeholder title={screen.title} />,
  }));
  const inShell = (route: RouteObject) => (route.handle as { shell?: boolean } | undefined)?.shell !== false;
  const all = [...appPages.filter(inShell), ...placeholders];
  // standalone page views ("shell": false): the same guards, no sidebar or top bar
  const standalone = appPages.filter((p) => !inShell(p));
  const isExempt = (route: RouteObject) => SUBSCRIPTION_EXEMPT_ROUTES.includes(route.path ?? '');

  return [
    ...(standalone.length
      ? [{ element: <StandaloneLayout />, children: [{ element: <RequireSubscription />, children: standalone.map(relativeToApp) }] }]
      : []),
    {
      element: <AppShell />,
      children: [
        { index: true, element: <Navigate to={ROUTES.home} replace /> },
        ...all.filter(isExempt).map(relativeToApp),
        { element: <RequireSubscription />, children: all.filter((r) => !isExempt(r)).map(relativeToApp) },
        { path: '*', element: <NotFound inShell /> },
      ],
    },
  ];
}

/** The frame of a standalone page view: the screen alone, on the shell's background. */
function StandaloneLayout() {
  return (
    <main id="main-content" style={{ minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 }}>
      <Outlet />
    </main>
  );
}

// One load per loader for the page view. A failed load leaves the shell working with
// placeholders for the screens (a reload tries again).
const loadedPages = new WeakMap<LoadPages, Promise<RouteObject[]>>();
function pagesOf(loadPages: LoadPages): Promise<RouteObject[]> {
  let pages = loadedPages.get(loadPages);
  if (!pages) {
    pages = loadPages().catch((error: unknown) => {
      reportError(error, { where: 'loading page routes' });
      return [];
    });
    loadedPages.set(loadPages, pages);
  }
  return pages;
}

export default function AppSection({ loadPages }: { loadPages: LoadPages }) {
  // Read in render (not in an effect) so that the screen also renders while start-up still shows
  // 'Finalizing...' with the app drawn hidden, where effects wait until it is shown.
  const pages = use(pagesOf(loadPages));
  const routes = useMemo(() => buildAppRoutes(pages), [pages]);
  return useRoutes(routes);
}
