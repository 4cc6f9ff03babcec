import { createContext, useContext } from 'react';
import type { AppConfig, Brand, User } from './types';

export interface SessionValue {
  /** The signed-in user, or null. */
  user: User | null;
  /** The user's brands (user.userBrands). */
  brands: Brand[];
  /** The brand every insight page is about; null when the user has none. */
  selectedBrand: Brand | null;
  /** Selects a brand by id and remembers it in localStorage. */
  selectBrand: (id: string) => void;
  /** Reloads the user (brands, settings) from GET /api/users/me; resolves to the new user. */
  refresh: () => Promise<User | null>;
  /** App config from GET /api/config, loaded once at startup. */
  config: AppConfig;
  /** True only when config.features[name] is exactly true. */
  isFeatureOn: (name: string) => boolean;
  /** Whether 'Add Brand' (else 'Upgrade Plan') is offered. */
  canAddBrand: boolean;
  /** Subscription status is active or trialing. */
  hasActiveSubscription: boolean;
  /** A token refresh failed: the Session Expired modal is showing. */
  sessionExpired: boolean;
  /** POST /api/auth/login with {email, password}, then loads the user; rejects with the server's ApiError. */
  signIn: (email: string, password: string) => Promise<User | null>;
  /** Signs out with a form POST to the logout endpoint, landing on `redirectUrl` (default: the site origin). */
  logout: (redirectUrl?: string) => void;
}

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
