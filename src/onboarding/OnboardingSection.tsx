import { use } from 'react';
import { matchPath, useLocation, type RouteObject } from 'react-router-dom';
import { reportError } from '../monitoring/sentry';
import type { LoadPages } from '../app/enginePages';
import { NotFound } from '../app/NotFound';
import { OnboardingLayout, type OnboardingShell } from './OnboardingLayout';

/** The shell a page route declares (pageRoutes puts the page's `shell` in the route's handle). */
export function shellOf(route: RouteObject): OnboardingShell | null {
  const shell = (route.handle as { shell?: unknown } | undefined)?.shell;
  return shell === 'onboarding' || shell === 'pricing' ? shell : null;
}

/** Page routes outside /app that ask for an onboarding frame. */
export function onboardingRoutes(pages: RouteObject[]): RouteObject[] {
  return pages.filter((p) => typeof p.path === 'string' && !/^\/app(\/|$)/.test(p.path) && shellOf(p) !== null);
}

// One load per loader for the page view; a failed load shows '404 Not Found' until a reload.
const loaded = new WeakMap<LoadPages, Promise<RouteObject[]>>();
function pagesOf(loadPages: LoadPages): Promise<RouteObject[]> {
  let pages = loaded.get(loadPages);
  if (!pages) {
    pages = loadPages().catch((error: unknown) => {
      reportError(error, { where: 'loading onboarding page routes' });
      return [];
    });
    loaded.set(loadPages, pages);
  }
  return pages;
}

/**
 * The screens outside /app (onboarding, snapshot, plans, payment verification): the page whose
 * route matches the location, inside the frame its `shell` names. Loaded lazily with the engine,
 * like the app section, so the login screen does not pay for it.
 */
export default function OnboardingSection({ loadPages }: { loadPages: LoadPages }) {
  const { pathname } = useLocation();
  const pages = use(pagesOf(loadPages));
  const route = onboardingRoutes(pages).find((p) => matchPath({ path: p.path!, end: true }, pathname));
  if (!route) return <NotFound />;
  return <OnboardingLayout shell={shellOf(route)!}>{route.element}</OnboardingLayout>;
}
