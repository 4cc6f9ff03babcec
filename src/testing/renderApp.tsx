import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, type RouteObject } from 'react-router-dom';
import type { ApiClient } from '../api/client';
import { AppRoutes } from '../app/AppRoutes';
import { SessionProvider } from '../session/SessionProvider';
import { ThemeProvider } from '../theme/ThemeProvider';

// Lazy chunks (the shell) are transformed on first use in tests, which can take seconds.
configure({ asyncUtilTimeout: 10_000 });

// happy-dom's Web Animations reject with AbortError when a dialog unmounts mid-animation; without
// element.animate Fluent's motion falls back to its no-op test path.
if (typeof Element !== 'undefined' && typeof Element.prototype.animate === 'function') {
  Object.defineProperty(Element.prototype, 'animate', { value: undefined, configurable: true, writable: true });
}

/** Shows the router's current location so tests can assert redirects. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

export function renderWithSession(
  client: ApiClient,
  children: ReactNode,
  { path = '/', startupPauseMs = 0 }: { path?: string; startupPauseMs?: number } = {},
) {
  return render(
    <ThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <SessionProvider client={client} startupPauseMs={startupPauseMs}>
          {children}
          <LocationProbe />
        </SessionProvider>
      </MemoryRouter>
    </ThemeProvider>,
  );
}

/** The full route tree with the given engine pages (none by default). */
export function renderApp(client: ApiClient, path: string, pages: RouteObject[] = []) {
  return renderWithSession(client, <AppRoutes loadPages={async () => pages} />, { path });
}
