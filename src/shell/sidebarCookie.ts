import { SIDEBAR_COOKIE_MAX_AGE_S, SIDEBAR_COOKIE_NAME } from './constants';

/** Expanded (true) or collapsed (false) from the cookie; expanded when there is none. */
export function readSidebarExpanded(cookie: string = document.cookie): boolean {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SIDEBAR_COOKIE_NAME) return rest.join('=') !== 'false';
  }
  return true;
}

export function writeSidebarExpanded(expanded: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}
