import type { Db } from '../../db/types';

export interface PlanRow {
  id: string;
  name: string;
  max_prompts: number;
  max_locations: number;
  max_brands: number;
  price_cents: number;
  billing_interval: string;
}

export interface SubscriptionWithPlan {
  id: string;
  user_id: string;
  status: string;
  customer_id: string;
  current_period_end: string | null;
  created_at: string;
  plan: PlanRow | null;
}

/** Only these statuses open the guarded sections and count as "has a plan" for limits. */
export const VALID_SUBSCRIPTION_STATUSES = ['active', 'trialing'];

export function isValidStatus(status: string | null | undefined): boolean {
  return !!status && VALID_SUBSCRIPTION_STATUSES.includes(status);
}

/** Each user's newest subscription (a user has at most one live one; older rows are history). */
export async function latestSubscriptions(db: Db, userIds: string[]): Promise<Map<string, SubscriptionWithPlan>> {
  const out = new Map<string, SubscriptionWithPlan>();
  if (userIds.length === 0) return out;
  const ids = [...new Set(userIds)];
  const rows = await db.query<Record<string, any>>(
    `SELECT s.id, s.user_id, s.status, s.customer_id, s.current_period_end, s.created_at,
            p.id AS plan_id, p.name AS plan_name, p.max_prompts, p.max_locations, p.max_brands,
            p.price_cents, p.billing_interval
       FROM subscriptions s LEFT JOIN plans p ON p.id = s.plan_id
      WHERE s.user_id IN (${ids.map((_, i) => `$${i + 1}`).join(', ')})
      ORDER BY s.created_at, s.id`,
    ids,
  );
  for (const r of rows) {
    out.set(r.user_id, {
      id: r.id,
      user_id: r.user_id,
      status: r.status,
      customer_id: r.customer_id,
      current_period_end: r.current_period_end,
      created_at: r.created_at,
      plan: r.plan_id
        ? {
            id: r.plan_id,
            name: r.plan_name,
            max_prompts: r.max_prompts,
            max_locations: r.max_locations,
            max_brands: r.max_brands,
            price_cents: r.price_cents,
            billing_interval: r.billing_interval,
          }
        : null,
    });
  }
  return out;
}

export async function latestSubscription(db: Db, userId: string): Promise<SubscriptionWithPlan | null> {
  return (await latestSubscriptions(db, [userId])).get(userId) ?? null;
}

/**
 * The status of the user's newest subscription (the row latestSubscriptions keeps: last by
 * created_at, then id), or null: what the access checks need, without the plan. Reads the user's
 * few rows unordered and picks in code, since a sort costs DuckDB more than the rows do; when two
 * rows share the newest created_at the database orders their ids (its collation, not JavaScript's).
 */
export async function newestSubscriptionStatus(db: Db, userId: string): Promise<string | null> {
  const rows = await db.query<{ status: string; created_at: string }>(`SELECT status, created_at FROM subscriptions WHERE user_id = $1`, [
    userId,
  ]);
  if (rows.length === 0) return null;
  const newestAt = Math.max(...rows.map((r) => Date.parse(r.created_at)));
  const newest = rows.filter((r) => Date.parse(r.created_at) === newestAt);
  if (newest.length === 1) return newest[0].status;
  const tied = await db.query<{ status: string }>(
    `SELECT status FROM subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [userId],
  );
  return tied[0]?.status ?? null;
}

export async function listPlans(db: Db): Promise<PlanRow[]> {
  return db.query<PlanRow>(
    `SELECT id, name, max_prompts, max_locations, max_brands, price_cents, billing_interval FROM plans ORDER BY price_cents, id`,
  );
}
