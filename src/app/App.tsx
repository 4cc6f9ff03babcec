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
import { readStoredBrandId } from '../session/selectedBrand';

/** Signed in: the shell, the engine and the screen being opened load during the start-up pause. */
function onSignedIn(user: User, brand: Brand | null) {
  preloadSignedIn(loadEnginePages);
  prefetchScreen(window.location.pathname, user, brand);
}

export function App() {
  // Opening an /app address (a bookmark, a reload): the visitor is most likely signed in, so the
  // shell and the engine load while start-up checks the session, just after its first request left,
  // and the screen's requests leave for the brand selected last time. They are only used if the
  // session and the brand turn out the same; a refused one is asked again by its widget.
  useEffect(() => {
    const { pathname } = window.location;
    if (!pathname.startsWith('/app')) return;
    const timer = setTimeout(() => {
      preloadSignedIn(loadEnginePages);
      const brandId = readStoredBrandId();
      if (brandId) prefetchScreen(pathname, null, { id: brandId }, { speculative: true });
    }, 0);
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
