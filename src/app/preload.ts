import type { LoadPages } from './enginePages';

// The shell and the engine are one lazy chunk: signed-out visitors only download the login.
export const loadAppSection = () => import('./AppSection');

/**
 * Starts downloading the shell and the engine as soon as a signed-in user is known, in parallel
 * with the start-up pause, instead of one chunk after the other once the first screen renders.
 */
export function preloadSignedIn(loadPages: LoadPages): void {
  void loadAppSection().catch(() => undefined);
  void loadPages().catch(() => undefined);
}
