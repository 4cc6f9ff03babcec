import { StrictMode, useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { SessionProvider } from '../session/SessionProvider.js';
import { DEFAULT_SUPPORT_EMAIL } from '../session/supportEmail.js';
import { ThemeProvider } from '../theme/ThemeProvider.js';
import type { Brand, User } from '../session/types.js';
import { AppRoutes } from './AppRoutes.js';
import { preloadSignedIn } from './buildRoutes.js';
import { loadEnginePages, prefetchScreen } from './enginePages.js';
import { ErrorBoundary } from './ErrorBoundary.js';

/** Signed in: the shell, the engine and the screen being opened load during the start-up pause. */
function onSignedIn(user: User, brand: Brand | null) {
  preloadSignedIn(loadEnginePages);
  prefetchScreen(window.location.pathname, user, brand);
}

export function App() {
  // Opening an /app address (a bookmark, a reload): the visitor is most likely signed in, so the
  // shell and the engine load while start-up checks the session, just after its first request left.
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
