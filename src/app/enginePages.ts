import type { RouteObject } from 'react-router-dom';

// The engine (page runtime, widget registry, all pages/*.json) loads only when an /app screen
// is opened, so the login screen never pays for it. Loaded once per page view.
export type LoadPages = () => Promise<RouteObject[]>;

let pending: Promise<RouteObject[]> | null = null;
let engine: Promise<typeof import('../host/pageRoutes')> | null = null;

function loadEngine() {
  engine ??= import('../host/pageRoutes');
  engine.catch(() => {
    engine = null; // a failed chunk load may be retried by the next visit
  });
  return engine;
}

export function loadEnginePages(): Promise<RouteObject[]> {
  pending ??= loadEngine().then((mod) => mod.pageRoutes());
  pending.catch(() => {
    pending = null;
  });
  return pending;
}

/**
 * Head start for the screen being opened (start-up knows the user and brand before the shell
 * renders): its requests and widget code start during the rest of the start-up. `speculative`:
 * sent before the session is confirmed, with the brand selected last time (see App).
 */
export function prefetchScreen(pathname: string, user: object | null, brand: object | null, options?: { speculative?: boolean }): void {
  if (!pathname.startsWith('/app')) return;
  loadEngine().then(
    (mod) => mod.prefetchRoute(pathname, { user: user as Record<string, unknown> | null, brand: brand as Record<string, unknown> | null }, options),
    () => undefined,
  );
}

/** Page routes use absolute /app/... paths; inside the /app section they become relative. */
export function relativeToApp(route: RouteObject): RouteObject {
  const path = route.path?.replace(/^\/app(\/|$)/, '') ?? route.path;
  return { ...route, path: path === '' ? undefined : path, index: path === '' ? true : undefined } as RouteObject;
}
