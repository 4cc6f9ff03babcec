import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { apiClient, type ApiClient } from '../api/client';
import { CURRENT_USER_PATH, LOGIN_PATH } from '../api/constants';
import { isApiError, type ApiError } from '../api/errors';
import { AuthErrorPage } from './AuthErrorPage';
import { FailedToLoadApp } from './FailedToLoadApp';
import { LoadingScreen, type StartupStep } from './LoadingScreen';
import { submitLogout } from './loginUrl';
import { featureOn, hasValidSubscription, mayAddBrand, normalizeConfig, normalizeUser } from './normalize';
import { preferredBrandAmong, readStoredBrandId, resolveSelectedBrandId, storeBrandId } from './selectedBrand';
import { SessionContext, type SessionValue } from './SessionContext';

import { supportEmailFrom } from './supportEmail';
import type { AppConfig, Brand, User } from './types';

// The modal (Fluent Dialog) loads only when a session actually expires.
const SessionExpiredModal = lazy(() => import('./SessionExpiredModal').then((m) => ({ default: m.SessionExpiredModal })));

export const STARTUP_PAUSE_MS = 200;
export const CONFIG_PATH = '/api/config';

type Phase = StartupStep | 'ready' | 'config-failed';

export interface SessionProviderProps {
  children: ReactNode;
  /** Injected in tests; the app uses the shared client. */
  client?: ApiClient;
  startupPauseMs?: number;
  /**
   * Called as soon as start-up finds a signed-in user, before the start-up pause, with the brand
   * that will be selected: the app uses it to start loading the screen being opened meanwhile.
   */
  onSignedIn?: (user: User, selectedBrand: Brand | null) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isUnauthenticated(error: unknown): boolean {
  return isApiError(error) && (error.code === 'UNAUTHENTICATED' || error.status === 401 || error.status === 403);
}

/**
 * Startup: config, then the session, a 200 ms pause, then the app. Holds the user,
 * their brands and the selected brand for everything below it.
 */
export function SessionProvider({ children, client = apiClient, startupPauseMs = STARTUP_PAUSE_MS, onSignedIn }: SessionProviderProps) {
  const [phase, setPhase] = useState<Phase>('config');
  const [config, setConfig] = useState<AppConfig>(() => normalizeConfig({}));
  const [user, setUser] = useState<User | null>(null);
  const [sessionError, setSessionError] = useState<ApiError | null>(null);
  const [sessionExpired, setSessionExpired] = useState(false);
  const [selectedBrandId, setSelectedBrandId] = useState<string | null>(() => readStoredBrandId());
  // The address start-up opened (inside the router): it may name the brand to select.
  const opened = useLocation();
  const openedRef = useRef(opened);
  const userRef = useRef<User | null>(null);
  userRef.current = user;

  const loadUser = useCallback(async (): Promise<User | null> => {
    const loaded = normalizeUser(await client.request('GET', CURRENT_USER_PATH));
    setUser(loaded);
    if (loaded) {
      setSessionExpired(false);
      client.markSessionFresh();
    }
    return loaded;
  }, [client]);

  /** Loads the session at startup (and on Try Again); failures other than "signed out" show the auth error page. */
  const loadSession = useCallback(async (): Promise<User | null> => {
    setSessionError(null);
    try {
      return await loadUser();
    } catch (error) {
      setUser(null);
      if (!isUnauthenticated(error) && isApiError(error)) setSessionError(error);
      return null;
    }
  }, [loadUser]);
  const onSignedInRef = useRef(onSignedIn);
  onSignedInRef.current = onSignedIn;

  useEffect(() => {
    let cancelled = false;
    (async () => {
      setPhase('config');
      try {
        const loaded = normalizeConfig(await client.request('GET', CONFIG_PATH, { skipAuthRefresh: true }));
        if (cancelled) return;
        setConfig(loaded);
      } catch {
        if (!cancelled) setPhase('config-failed');
        return;
      }
      setPhase('auth');
      const signedIn = await loadSession();
      if (cancelled) return;
      if (signedIn) {
        // An /app address naming one of the user's brands (?brand=<id>) selects it from the start.
        const brand = preferredBrandAmong(signedIn.userBrands ?? [], openedRef.current);
        if (brand) {
          storeBrandId(brand.id);
          setSelectedBrandId(brand.id);
        }
        try {
          onSignedInRef.current?.(signedIn, brand);
        } catch {
          // Only a head start: the app loads normally without it.
        }
      }
      setPhase('finalizing');
      await sleep(startupPauseMs);
      if (!cancelled) setPhase('ready');
    })();
    return () => {
      cancelled = true;
    };
  }, [client, loadSession, startupPauseMs]);

  // A failed token refresh while signed in clears the user and shows the Session Expired modal.
  useEffect(
    () =>
      client.onSessionExpired(() => {
        if (!userRef.current) return;
        setUser(null);
        setSessionExpired(true);
      }),
    [client],
  );

  // The periodic session check runs only while someone is signed in.
  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn) return;
    return client.startSessionKeepAlive();
  }, [client, signedIn]);

  const brands = useMemo(() => user?.userBrands ?? [], [user]);
  const resolvedBrandId = resolveSelectedBrandId(brands, selectedBrandId);
  const selectedBrand = brands.find((b) => b.id === resolvedBrandId) ?? null;

  // Keep storage in step with a reset to the first brand (missing or stale stored id).
  useEffect(() => {
    if (user && resolvedBrandId !== selectedBrandId) {
      setSelectedBrandId(resolvedBrandId);
      storeBrandId(resolvedBrandId);
    }
  }, [user, resolvedBrandId, selectedBrandId]);

  const selectBrand = useCallback((id: string) => {
    storeBrandId(id);
    setSelectedBrandId(id);
  }, []);

  const refresh = useCallback(async () => {
    try {
      return await loadUser();
    } catch (error) {
      if (isUnauthenticated(error)) setUser(null);
      throw error;
    }
  }, [loadUser]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      await client.request('POST', LOGIN_PATH, { body: { email, password } });
      return loadUser();
    },
    [client, loadUser],
  );

  const logout = useCallback((redirectUrl: string = window.location.origin) => {
    submitLogout(redirectUrl);
  }, []);

  const value = useMemo<SessionValue>(
    () => ({
      user,
      brands,
      selectedBrand,
      selectBrand,
      refresh,
      config,
      isFeatureOn: (name: string) => featureOn(config, name),
      canAddBrand: mayAddBrand(user),
      hasActiveSubscription: hasValidSubscription(user),
      sessionExpired,
      signIn,
      logout,
    }),
    [user, brands, selectedBrand, selectBrand, refresh, config, sessionExpired, signIn, logout],
  );

  if (phase === 'config-failed') return <FailedToLoadApp />;
  if (phase !== 'ready' && (phase !== 'finalizing' || sessionError)) return <LoadingScreen step={phase} />;
  if (sessionError) {
    return (
      <AuthErrorPage
        error={sessionError}
        supportEmail={supportEmailFrom(config)}
        onRetry={() => void loadSession()}
        // Dismiss carries on signed out; the routes then send the visitor to login.
        onDismiss={() => setSessionError(null)}
      />
    );
  }

  // During 'Finalizing...' the app is already rendered, running and fetching, under the loading
  // screen and unreachable (inert, aria-hidden), so that the pause overlaps the work of drawing the
  // first screen; start-up completes by removing the cover. The wrapper stays so nothing remounts.
  const finalizing = phase === 'finalizing';
  return (
    <>
      {finalizing && (
        <div style={COVER}>
          <LoadingScreen step={phase} />
        </div>
      )}
      <div style={CONTENTS} inert={finalizing} aria-hidden={finalizing || undefined}>
        <SessionContext.Provider value={value}>
          {children}
          {sessionExpired ? (
            <Suspense fallback={null}>
              <SessionExpiredModal open />
            </Suspense>
          ) : null}
        </SessionContext.Provider>
      </div>
    </>
  );
}

const COVER = { position: 'fixed', inset: 0, zIndex: 1_000_000 } as const;
const CONTENTS = { display: 'contents' } as const;
