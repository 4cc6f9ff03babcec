// Client constants: limits and timings the front end shares.
export const API_TIMEOUT_MS = 70_000;
export const REFRESH_COOLDOWN_MS = 5_000;
export const SESSION_CHECK_INTERVAL_MS = 10 * 60 * 1000;
export const SESSION_REFRESH_AFTER_MS = 2 * 60 * 60 * 1000;

export const AUTH_REFRESH_PATH = '/api/auth/refresh';
export const CURRENT_USER_PATH = '/api/users/me';
export const LOGIN_PATH = '/api/auth/login';
export const LOGOUT_PATH = '/api/auth/logout';
export const GENERATE_INSIGHTS_PATH = '/api/onboarding/generate-insights';
