import type { Db } from '../../db/types';
import { parseStringList } from './json';
import { isValidStatus, latestSubscriptions, type SubscriptionWithPlan } from './plans';

export interface PlanGovernance {
  userRole: 'owner' | 'other';
  effectivePlan: { name: string };
  usage: {
    prompts: { currentUsage: number; limit: number; isWithinLimit: boolean };
    locations: { currentUsage: number; limit: number; isWithinLimit: boolean };
  };
  governedBy: { name: string; userId: string };
}

export interface BrandEntity {
  id: string;
  name: string;
  url: string;
  logoUrl: string | null;
  ownerIds: string[];
  location: string;
  lastPromptRun: string | null;
  /** The countries the brand's prompts run in (upper-case codes, sorted): what its Locations filter offers. */
  promptLocations: string[];
  planGovernance: PlanGovernance | null;
}

/** Usage charged to one governing user's plan: every prompt of every brand they created. */
export interface GovernorUsage {
  prompts: number;
  locations: Set<string>;
  brandPrompts: Map<string, number>;
  brandLocations: Map<string, Set<string>>;
}

/**
 * The brands a user is a member of, with plan governance: a brand's usage is charged to the plan
 * of the user who created it (its governor), whoever is looking at it. A brand whose governor has
 * no plan has no governance data (null) and does not count toward plan totals.
 */
export async function loadUserBrands(db: Db, userId: string): Promise<BrandEntity[]> {
  const brands = await db.query<{
    id: string; name: string; url: string; logo_url: string | null; location: string; created_by: string; role: string;
  }>(
    `SELECT b.id, b.name, b.url, b.logo_url, b.location, b.created_by, m.role
       FROM brand_members m JOIN brands b ON b.id = m.brand_id
      WHERE m.user_id = $1 ORDER BY b.created_at, b.id`,
    [userId],
  );
  if (brands.length === 0) return [];

  // Explicit id lists let both engines prune by brand_id (a sub-select here was 3-5x slower on DuckDB).
  const ids = brands.map((b) => b.id);
  const idList = (from: number) => ids.map((_, i) => `$${i + from}`).join(', ');
  const governorIds = [...new Set(brands.map((b) => b.created_by))];
  const [owners, lastRuns, subscriptions, governors, usage] = await Promise.all([
    db.query<{ brand_id: string; user_id: string }>(
      `SELECT brand_id, user_id FROM brand_members WHERE role = 'owner' AND brand_id IN (${idList(1)}) ORDER BY user_id`,
      ids,
    ),
    // One statement per brand rather than an id list: each stays on its brand's shard on Citus.
    Promise.all(
      ids.map(async (id) => {
        const [row] = await db.query<{ last_run: string | null }>(`SELECT MAX(created_at) AS last_run FROM runs WHERE brand_id = $1`, [id]);
        return { brand_id: id, last_run: row?.last_run ?? null };
      }),
    ),
    latestSubscriptions(db, governorIds),
    db.query<{ id: string; name: string }>(
      `SELECT id, name FROM users WHERE id IN (${governorIds.map((_, i) => `$${i + 1}`).join(', ')})`,
      governorIds,
    ),
    governorUsage(db, governorIds),
  ]);
  const governorName = new Map(governors.map((g) => [g.id, g.name]));
  const lastRun = new Map(lastRuns.map((r) => [r.brand_id, r.last_run]));

  return brands.map((b) => ({
    id: b.id,
    name: b.name,
    url: b.url,
    logoUrl: b.logo_url,
    ownerIds: owners.filter((o) => o.brand_id === b.id).map((o) => o.user_id),
    location: b.location,
    lastPromptRun: lastRun.get(b.id) ?? null,
    promptLocations: [...(usage.get(b.created_by)?.brandLocations.get(b.id) ?? [])].sort(),
    planGovernance: governance(b, subscriptions.get(b.created_by), governorName.get(b.created_by), usage.get(b.created_by)),
  }));
}

function governance(
  brand: { id: string; created_by: string; role: string },
  subscription: SubscriptionWithPlan | undefined,
  governorName: string | undefined,
  usage: GovernorUsage | undefined,
): PlanGovernance | null {
  const plan = subscription?.plan;
  if (!plan) return null;
  // A lapsed plan still names the governance, but allows nothing (as the prompt calls enforce).
  const valid = isValidStatus(subscription?.status);
  const totalPrompts = usage?.prompts ?? 0;
  const totalLocations = usage?.locations.size ?? 0;
  return {
    userRole: brand.role === 'owner' ? 'owner' : 'other',
    effectivePlan: { name: plan.name },
    usage: {
      // The brand's own usage; the limit flags look at the whole plan of the user who governs the brand.
      prompts: {
        currentUsage: usage?.brandPrompts.get(brand.id) ?? 0,
        limit: plan.max_prompts,
        isWithinLimit: valid && totalPrompts < plan.max_prompts,
      },
      locations: {
        currentUsage: usage?.brandLocations.get(brand.id)?.size ?? 0,
        limit: plan.max_locations,
        isWithinLimit: valid && totalLocations <= plan.max_locations,
      },
    },
    governedBy: { name: governorName ?? '', userId: brand.created_by },
  };
}

/** Prompts and distinct prompt locations of every brand each governor created. */
export async function governorUsage(db: Db, governorIds: string[]): Promise<Map<string, GovernorUsage>> {
  const out = new Map<string, GovernorUsage>();
  if (governorIds.length === 0) return out;
  const rows = await db.query<{ created_by: string; brand_id: string; locations: string }>(
    `SELECT b.created_by, p.brand_id, p.locations FROM prompts p JOIN brands b ON b.id = p.brand_id
      WHERE b.created_by IN (${governorIds.map((_, i) => `$${i + 1}`).join(', ')})`,
    governorIds,
  );
  for (const id of governorIds) {
    out.set(id, { prompts: 0, locations: new Set(), brandPrompts: new Map(), brandLocations: new Map() });
  }
  for (const r of rows) {
    const u = out.get(r.created_by)!;
    u.prompts++;
    u.brandPrompts.set(r.brand_id, (u.brandPrompts.get(r.brand_id) ?? 0) + 1);
    const brandLocs = u.brandLocations.get(r.brand_id) ?? new Set<string>();
    for (const loc of parseStringList(r.locations)) {
      brandLocs.add(loc.toUpperCase());
      u.locations.add(loc.toUpperCase());
    }
    u.brandLocations.set(r.brand_id, brandLocs);
  }
  return out;
}

/** Brands the user owns (the Brands Usage counter and the create-brand limit). */
export async function countOwnedBrands(db: Db, userId: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `SELECT COUNT(*) AS n FROM brand_members WHERE user_id = $1 AND role = 'owner'`,
    [userId],
  );
  return Number(rows[0]?.n ?? 0);
}
