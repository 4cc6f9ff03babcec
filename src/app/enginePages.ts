import type { RouteObject } from 'react-router-dom';

// The engine (page runtime, widget registry, all pages/*.json) loads only when an /app screen
// is opened, so the login screen never pays for it. Loaded once per page view.
let pending: Promise<RouteObject[]> | null = null;

export function loadEnginePages(): Promise<RouteObject[]> {
  pending ??= import('../../engine/runtime/routes.js').then((mod) => mod.pageRoutes());
  pending.catch(() => {
    pending = null; // a failed chunk load may be retried by the next visit
  });
  return pending;
}

/** Page routes use absolute /app/... paths; inside the /app section they become relative. */
export function relativeToApp(route: RouteObject): RouteObject {
  const path = route.path?.replace(/^\/app(\/|$)/, '') ?? route.path;
  return { ...route, path: path === '' ? undefined : path, index: path === '' ? true : undefined } as RouteObject;
}
