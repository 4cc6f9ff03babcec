import { useContext, useEffect, useMemo } from 'react';
import { useRoutes } from 'react-router-dom';
import { SessionContext } from '../session/SessionContext';
import { buildRoutes } from './buildRoutes';
import { loadEnginePages, type LoadPages } from './enginePages';
import { preloadSignedIn } from './preload';

/** Renders the route tree for the current location (inside a router). */
export function AppRoutes({ loadPages = loadEnginePages }: { loadPages?: LoadPages }) {
  const routes = useMemo(() => buildRoutes(loadPages), [loadPages]);
  const signedIn = Boolean(useContext(SessionContext)?.user);
  useEffect(() => {
    if (signedIn) preloadSignedIn(loadPages);
  }, [signedIn, loadPages]);
  return useRoutes(routes);
}
