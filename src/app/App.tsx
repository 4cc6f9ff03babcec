import { StrictMode, useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { SessionProvider } from '../session/SessionProvider';
import { DEFAULT_SUPPORT_EMAIL } from '../session/supportEmail';
import { ThemeProvider } from '../theme/ThemeProvider';
import type { Brand, User } from '../session/types';
import { AppRoutes } from './AppRoutes';
import { preloadSignedIn } from './preload';
import { loadEnginePages, prefetchScreen } from './enginePages';
import { ErrorBoundary } from './ErrorBoundary';

/** Signed in: the shell, the engine and the screen being opened load during the start-up pause. */
function onSignedIn(user: User, brand: Brand | null) {
  preloadSignedIn(loadEnginePages);
  prefetchScreen(window.location.pathname, user, brand);
}

export function App() {
  // Opening an /app address (a bookmark, a reload): the visitor is most likely signed in, so the
  // shell and the engine load while start-up checks the session, just after its first request left.
  // The screen's requests wait for the session: the brand remembered in this browser may no longer
  // be the user's, and only their brand list tells (then onSignedIn sends them).
  useEffect(() => {
    if (!window.location.pathname.startsWith('/app')) return;
    const timer = setTimeout(() => preloadSignedIn(loadEnginePages), 0);
    return () => clearTimeout(timer);
  }, []);
  return (
    <StrictMode>
      <ThemeProvider>
        <ErrorBoundary supportEmail={DEFAULT_SUPPORT_EMAIL}>
          <BrowserRouter>
            <SessionProvider onSignedIn={onSignedIn}>
              <AppRoutes />
            </SessionProvider>
          </BrowserRouter>
        </ErrorBoundary>
      </ThemeProvider>
    </StrictMode>
  );
}
