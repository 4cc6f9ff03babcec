import { LOGOUT_PATH } from '../api/constants';

export const LOGIN_ROUTE = '/login';
export const HOME_ROUTE = '/app/home';

/** The login route carrying where to return after signing in. */
export function loginUrlFor(redirectUrl: string): string {
  return `${LOGIN_ROUTE}?redirectUrl=${encodeURIComponent(redirectUrl)}`;
}

/** The server's logout endpoint, as a browser navigation that lands back on `redirectUrl`. */
export function logoutUrlFor(redirectUrl: string): string {
  return `${LOGOUT_PATH}?redirectUrl=${encodeURIComponent(redirectUrl)}`;
}

/**
 * A same-origin in-app path from a redirect target (full address or path); anything pointing
 * elsewhere is ignored so the login page cannot be used as an open redirect.
 */
export function safeInternalPath(target: string | null | undefined, origin = window.location.origin): string | null {
  if (!target) return null;
  try {
    const url = new URL(target, origin);
    if (url.origin !== origin) return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith('/login') ? null : path;
  } catch {
    return null;
  }
}
