import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { apiClient } from '../api/client';
import { useSession } from '../session/SessionContext';
import { ROUTES, needsOnboarding } from './routePaths';
import { SubscriptionRequired } from './SubscriptionRequired';
import { StatusScreen } from '../ui/StatusScreen';

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

/**
 * Guarded sections need an active or trialing subscription: as the signed-in user says, and as the
 * server says when a call answers 402 SUBSCRIPTION_REQUIRED (the subscription lapsed since the user
 * was loaded). The server's word holds until the user is loaded again (after reactivating).
 */
export function RequireSubscription() {
  const { hasActiveSubscription, user } = useSession();
  const [refusedFor, setRefusedFor] = useState<object | null>(null);
  useEffect(() => apiClient.onSubscriptionRequired(() => setRefusedFor(user)), [user]);
  const refused = refusedFor !== null && refusedFor === user;
  return hasActiveSubscription && !refused ? <Outlet /> : <SubscriptionRequired />;
}

/** The role that opens the page studio; the server checks it again on every studio call. */
export const STAFF_ROLE = 'staff';
export const STAFF_ONLY_TITLE = 'Staff only';
export const STAFF_ONLY_MESSAGE = 'The page studio is for product staff only.';

export function isStaff(user: { role?: string } | null): boolean {
  return user?.role === STAFF_ROLE;
}

/** The page studio: staff only. Others are told so here, before any of the studio's code loads. */
export function RequireStaff() {
  const { user } = useSession();
  if (!isStaff(user)) return <StatusScreen full title={STAFF_ONLY_TITLE} message={STAFF_ONLY_MESSAGE} testId="staff-only" />;
  return <Outlet />;
}
