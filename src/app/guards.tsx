import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../session/SessionContext';
import { ROUTES, needsOnboarding } from './routePaths';
import { SubscriptionRequired } from './SubscriptionRequired';

/** Signed-out visitors go to login, which sends them back to where they were going. */
export function RequireAuth() {
  const { user, sessionExpired } = useSession();
  const location = useLocation();
  // While the Session Expired modal shows, stay put: its button returns to this address.
  if (!user && sessionExpired) return null;
  if (!user) return <Navigate to={ROUTES.login} replace state={{ from: location }} />;
  return <Outlet />;
}

/** Users who have not finished onboarding go there, except for the exempt paths. */
export function RequireOnboarded() {
  const { user } = useSession();
  const location = useLocation();
  if (needsOnboarding(user?.isOnboarded, location.pathname)) return <Navigate to={ROUTES.onboarding} replace />;
  return <Outlet />;
}

/** Guarded sections need an active or trialing subscription. */
export function RequireSubscription() {
  const { hasActiveSubscription } = useSession();
  return hasActiveSubscription ? <Outlet /> : <SubscriptionRequired />;
}
