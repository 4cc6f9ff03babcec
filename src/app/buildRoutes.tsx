import { Suspense, lazy, type JSX } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { Placeholder } from '../ui/Placeholder.js';
import { PageLoading } from '../ui/PageLoading.js';
import { RequireAuth, RequireOnboarded } from './guards.js';
import { NotFound } from './NotFound.js';
import { ROUTES } from './routePaths.js';

export type LoadPages = () => Promise<RouteObject[]>;

// The shell and the engine are one lazy chunk: signed-out visitors only download the login.
const loadAppSection = () => import('./AppSection.js');
const AppSection = lazy(loadAppSection);

/**
 * Starts downloading the shell and the engine as soon as a signed-in user is known, in parallel
 * with the start-up pause, instead of one chunk after the other once the first screen renders.
 */
export function preloadSignedIn(loadPages: LoadPages): void {
  void loadAppSection().catch(() => undefined);
  void loadPages().catch(() => undefined);
}
// Signed-in visitors never download the login form; the error page is rare.
const LoginPage = lazy(() => import('./LoginPage.js').then((m) => ({ default: m.LoginPage })));
const ErrorPage = lazy(() => import('./ErrorPage.js').then((m) => ({ default: m.ErrorPage })));

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
            { path: ROUTES.paymentVerify, element: <Placeholder title="Payment Verification" /> },
            { path: ROUTES.onboarding, element: <Placeholder title="Onboarding" /> },
            { path: ROUTES.onboardingSnapshot, element: <Placeholder title="Onboarding Snapshot" /> },
            { path: ROUTES.onboardingPlans, element: <Placeholder title="Choose a Plan" /> },
            {
              path: `${ROUTES.app}/*`,
              element: suspended(<AppSection loadPages={loadPages} />),
            },
          ],
        },
      ],
    },
    { path: '*', element: <NotFound /> },
  ];
}
