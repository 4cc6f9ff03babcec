import type { Db } from '../../db/types';
import { HttpError } from '../../http/errors';
import { governorUsage, loadUserBrands, type BrandEntity } from './brandView';
import { isValidStatus, latestSubscription } from './plans';
import { readNotifications, readPrivacy, type NotificationSettings, type PrivacySettings } from './settings';

export interface UserEntity {
  id: string;
  name: string;
  email: string;
  username: string | null;
  role: string;
  profilePicture: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  postalCode: string | null;
  tenantId: string;
  createdAt: string;
  isOnboarded: boolean;
  userSubscription: {
    status: string;
    pricingPlan: { name: string; maxPrompts: number; maxLocations: number; maxBrands: number } | null;
  } | null;
  userBrands: BrandEntity[];
  privacySettings: PrivacySettings;
  notificationSettings: NotificationSettings;
  /** The server flag behind 'Add Brand' vs 'Upgrade Plan': valid subscription and owned brands < maxBrands. */
  canAddBrand: boolean;
  /** The profile's plan usage counters: over the brands the user owns that have plan governance. */
  planUsage: PlanUsageTotals;
}

export interface PlanUsageTotals {
  /** Prompts of those brands (the sum of their planGovernance.usage.prompts.currentUsage). */
  prompts: number;
  /** Distinct prompt locations across those brands (a country used by two brands counts once). */
  locations: number;
  /** How many such brands. */
  brands: number;
}

/**
 * Usage counted only over owned brands with plan governance (brands shared with the user are
 * charged to their owners' plans). Locations are distinct across brands, which the per-brand
 * counts of planGovernance cannot tell, so they come from the prompts themselves.
 */
export async function planUsageOf(db: Db, userId: string, brands: BrandEntity[]): Promise<PlanUsageTotals> {
  const owned = brands.filter((b) => b.ownerIds.includes(userId) && b.planGovernance);
  if (owned.length === 0) return { prompts: 0, locations: 0, brands: 0 };
  const usage = (await governorUsage(db, [userId])).get(userId);
  const locations = new Set<string>();
  for (const b of owned) for (const loc of usage?.brandLocations.get(b.id) ?? []) locations.add(loc);
  return {
    prompts: owned.reduce((n, b) => n + (b.planGovernance?.usage.prompts.currentUsage ?? 0), 0),
    locations: locations.size,
    brands: owned.length,
  };
}

export interface UserRow {
  id: string;
  email: string;
  name: string;
  username: string | null;
  role: string;
  profile_picture: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  postal_code: string | null;
  tenant_id: string;
  created_at: string;
  is_onboarded: boolean;
  is_active: boolean;
  privacy_settings: string | null;
  notification_settings: string | null;
}

export async function loadUserRow(db: Db, userId: string): Promise<UserRow> {
  const rows = await db.query<UserRow>(
    `SELECT id, email, name, username, role, profile_picture, phone, address, city, state, country, postal_code,
            tenant_id, created_at, is_onboarded, is_active, privacy_settings, notification_settings
       FROM users WHERE id = $1`,
    [userId],
  );
  if (!rows[0]) throw new HttpError(404, 'USER_NOT_FOUND', 'User not found');
  return rows[0];
}

/** The user as the front end reads it (profile, subscription, brands, settings), with brands and plan usage computed from the user's brands and prompts. */
export async function loadUserEntity(db: Db, userId: string): Promise<UserEntity> {
  const [row, subscription, brands] = await Promise.all([
    loadUserRow(db, userId),
    latestSubscription(db, userId),
    loadUserBrands(db, userId),
  ]);
  const plan = subscription?.plan ?? null;
  const owned = brands.filter((b) => b.ownerIds.includes(userId)).length;
  const planUsage = await planUsageOf(db, userId, brands);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    role: row.role,
    profilePicture: row.profile_picture,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    country: row.country,
    postalCode: row.postal_code,
    tenantId: row.tenant_id,
    createdAt: row.created_at,
    isOnboarded: row.is_onboarded,
    userSubscription: subscription
      ? {
          status: subscription.status,
          pricingPlan: plan
            ? { name: plan.name, maxPrompts: plan.max_prompts, maxLocations: plan.max_locations, maxBrands: plan.max_brands }
            : null,
        }
      : null,
    userBrands: brands,
    privacySettings: readPrivacy(row.privacy_settings),
    notificationSettings: readNotifications(row.notification_settings),
    canAddBrand: !!plan && isValidStatus(subscription?.status) && owned < plan.max_brands,
    planUsage,
  };
}
