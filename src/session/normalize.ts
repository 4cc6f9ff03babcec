import { DEFAULT_APP_VERSION, VALID_SUBSCRIPTION_STATUSES, type AppConfig, type User } from './types';

// Responses may come bare or wrapped as `{data: ...}` (the config call is specified with a
// `data` field); both are accepted so the shell does not break on either shape.
function unwrap(value: unknown): Record<string, unknown> | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  if (record.data && typeof record.data === 'object' && !('id' in record)) return record.data as Record<string, unknown>;
  return record;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function normalizeConfig(response: unknown): AppConfig {
  const data = unwrap(response) ?? {};
  const features = asRecord(data.features);
  const version = typeof data.version === 'string' && data.version ? data.version : DEFAULT_APP_VERSION;
  return { features, settings: asRecord(data.settings), version };
}

/** The user, or null when the response has no id (= unauthenticated). */
export function normalizeUser(response: unknown): User | null {
  const data = unwrap(response);
  if (!data || typeof data.id !== 'string' || !data.id) return null;
  const brands = Array.isArray(data.userBrands) ? data.userBrands : [];
  return { ...(data as unknown as User), userBrands: brands };
}

/** A feature is on only when its flag is exactly true. */
export function featureOn(config: AppConfig, name: string): boolean {
  return config.features[name] === true;
}

export function hasValidSubscription(user: User | null): boolean {
  const status = user?.userSubscription?.status;
  return typeof status === 'string' && VALID_SUBSCRIPTION_STATUSES.includes(status);
}

/** The server flag decides; without it, owned brands must stay below the plan's maxBrands. */
export function mayAddBrand(user: User | null): boolean {
  if (!user) return false;
  if (typeof user.canAddBrand === 'boolean') return user.canAddBrand;
  const maxBrands = user.userSubscription?.pricingPlan?.maxBrands;
  if (typeof maxBrands !== 'number') return false;
  const owned = (user.userBrands ?? []).filter((b) => b.ownerIds?.includes(user.id)).length;
  return owned < maxBrands;
}
