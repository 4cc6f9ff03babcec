import { LOGOUT_PATH } from '../api/constants';

export const LOGIN_ROUTE = '/login';
export const HOME_ROUTE = '/app/home';

/** The login route carrying where to return after signing in. */
export function loginUrlFor(redirectUrl: string): string {
  return `${LOGIN_ROUTE}?redirectUrl=${encodeURIComponent(redirectUrl)}`;
}

/** The server's logout endpoint, with where the browser lands afterwards. */
export function logoutUrlFor(redirectUrl: string): string {
  return `${LOGOUT_PATH}?redirectUrl=${encodeURIComponent(redirectUrl)}`;
}

/**
 * Signs out by submitting a form POST to the logout endpoint (logout is POST only, so that no other
 * site can sign a user out with a link or image); the server answers 303 to `redirectUrl`.
 */
export function submitLogout(redirectUrl: string, doc: Document = document): void {
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = logoutUrlFor(redirectUrl);
  form.hidden = true;
  doc.body.appendChild(form);
  form.submit();
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
