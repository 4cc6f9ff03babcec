import { Suspense, lazy, type JSX } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { PageLoading } from '../ui/PageLoading';
import { RequireAuth, RequireOnboarded, RequireStaff } from './guards';
import { NotFound } from './NotFound';
import { ONBOARDING_PATHS, ROUTES } from './routePaths';

import type { LoadPages } from './enginePages';
import { loadAppSection } from './preload';

const AppSection = lazy(loadAppSection);
// The onboarding screens come with the engine's pages, outside the app shell.
const OnboardingSection = lazy(() => import('../onboarding/OnboardingSection'));

// Signed-in visitors never download the login form; the error page is rare.
const LoginPage = lazy(() => import('./LoginPage').then((m) => ({ default: m.LoginPage })));
const ErrorPage = lazy(() => import('./ErrorPage').then((m) => ({ default: m.ErrorPage })));
// The page studio (editor, lint, Vega-Lite compiler) loads only when a staff user opens it.
const StudioSection = lazy(() => import('../studio/StudioSection'));

const suspended = (node: JSX.Element) => <Suspense fallback={<PageLoading />}>{node}</Suspense>;

/** The top-level route tree; everything under /app is resolved by the lazily loaded AppSection. */
export function buildRoutes(loadPages: LoadPages): RouteObject[] {
  return [
    { path: ROUTES.root, element: <Navigate to={ROUTES.home} replace /> },
    { path: ROUTES.login, element: suspended(<LoginPage />) },
    { path: ROUTES.error, element: suspended(<ErrorPage />) },
    {
      element: <RequireAuth />,
      children: [
        {
          element: <RequireOnboarded />,
          children: [
            // pages/*.json with these routes and "shell": "onboarding" | "pricing"
            ...ONBOARDING_PATHS.map((path) => ({ path, element: suspended(<OnboardingSection loadPages={loadPages} />) })),
            {
              path: `${ROUTES.app}/*`,
              element: suspended(<AppSection loadPages={loadPages} />),
            },
            { element: <RequireStaff />, children: [{ path: `${ROUTES.studio}/*`, element: suspended(<StudioSection />) }] },
          ],
        },
      ],
    },
    { path: '*', element: <NotFound /> },
  ];
}
