// The session's view of the user, brands and app config.

export type SubscriptionStatus =
  | 'active'
  | 'canceled'
  | 'incomplete'
  | 'incomplete_expired'
  | 'past_due'
  | 'trialing'
  | 'unpaid';

export interface PricingPlan {
  name?: string;
  maxPrompts?: number;
  maxLocations?: number;
  maxBrands?: number;
}

export interface UserSubscription {
  status?: SubscriptionStatus | string;
  pricingPlan?: PricingPlan | null;
}

export interface PlanGovernance {
  userRole?: 'owner' | string;
  effectivePlan?: { name?: string };
  usage?: {
    prompts?: { currentUsage?: number; isWithinLimit?: boolean };
    locations?: { currentUsage?: number; limit?: number };
  };
  governedBy?: { name?: string; userId?: string };
}

export interface Brand {
  id: string;
  name: string;
  url?: string;
  logoUrl?: string | null;
  ownerIds?: string[];
  location?: string | null;
  lastPromptRun?: string | null;
  /** The countries the brand's prompts run in: what its Locations filter offers. */
  promptLocations?: string[];
  planGovernance?: PlanGovernance | null;
  [key: string]: unknown;
}

export interface User {
  id: string;
  name?: string;
  email?: string;
  username?: string;
  role?: string;
  profilePicture?: string | null;
  isOnboarded?: boolean;
  userSubscription?: UserSubscription | null;
  userBrands?: Brand[];
  privacySettings?: Record<string, unknown> | null;
  notificationSettings?: { preferences?: Record<string, boolean> } | null;
  /** Server flag: whether the user may add another brand (else 'Upgrade Plan' is offered). */
  canAddBrand?: boolean;
  [key: string]: unknown;
}

export interface AppConfig {
  features: Record<string, unknown>;
  settings: Record<string, unknown>;
  version: string;
}

export const DEFAULT_APP_VERSION = '1.0.0';
export const VALID_SUBSCRIPTION_STATUSES: readonly string[] = ['active', 'trialing'];
