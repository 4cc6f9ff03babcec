/** Session lifetimes. The client refreshes when its last refresh is over 2 hours old, so a 4-hour
 * access token never lapses for an active tab; the refresh token keeps a session for 30 days. */
export const ACCESS_TOKEN_TTL_SECONDS = 4 * 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export const ACCESS_COOKIE = 'as_access';
export const REFRESH_COOKIE = 'as_refresh';
/** The refresh cookie is only ever sent to the auth calls (refresh, logout). */
export const REFRESH_COOKIE_PATH = '/api/auth';

/**
 * Login throttling, counted in the database: failed attempts per email (from any address) and per
 * client address (over all emails, so spraying many emails from one place is throttled too)
 * inside the window. An attempt takes its slot before the password is hashed.
 */
export const LOGIN_MAX_ATTEMPTS = 10;
export const LOGIN_MAX_ATTEMPTS_PER_ADDRESS = 30;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

/**
 * Two tabs (or a retried request) may refresh with the same refresh token at once. For this long
 * after a rotation the token it replaced still yields the same new pair; later it counts as a replay.
 */
export const REFRESH_GRACE_SECONDS = 20;
