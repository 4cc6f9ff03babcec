import type { Db } from '../../db/types';
import { defineCall } from '../../http/call';
import { TRIAL_DAYS } from '../../payments/provider';

interface PlanListRow {
  id: string;
  name: string;
  max_prompts: number;
  max_locations: number;
  max_brands: number;
  max_providers: number | null;
  min_run_interval_minutes: number | null;
  price_cents: number;
  billing_interval: string;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** How often a plan lets prompts run, as a person reads it. */
export function runCadence(minutes: number): string {
  if (minutes <= 60) return 'Prompts run up to hourly';
  if (minutes < 1440) return `Prompts run up to every ${Math.round(minutes / 60)} hours`;
  if (minutes === 1440) return 'Prompts run daily';
  return `Prompts run every ${Math.round(minutes / 1440)} days`;
}

/** The display lines of a plan, all derived from its limits (the plans table has no copy of its own). */
export function planFeatures(p: PlanListRow): string[] {
  // Rows written before the run rules existed get the migration's defaults.
  const providers = Number(p.max_providers ?? 4);
  const interval = Number(p.min_run_interval_minutes ?? 1440);
  return [
    plural(Number(p.max_prompts), 'tracked prompt', 'tracked prompts'),
    plural(Number(p.max_locations), 'location', 'locations'),
    plural(Number(p.max_brands), 'brand', 'brands'),
    plural(providers, 'AI provider', 'AI providers'),
    runCadence(interval),
  ];
}

export async function listPlanOffers(db: Db) {
  const rows = await db.query<PlanListRow>(
    `SELECT id, name, max_prompts, max_locations, max_brands, max_providers, min_run_interval_minutes, price_cents, billing_interval
       FROM plans ORDER BY price_cents, id`,
  );
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    price: Number(p.price_cents),
    interval: p.billing_interval,
    maxPrompts: Number(p.max_prompts),
    maxLocations: Number(p.max_locations),
    maxBrands: Number(p.max_brands),
    features: planFeatures(p),
  }));
}

/** The plans a pricing table offers (any signed-in user: new users choose one during onboarding). */
export const billingPlans = defineCall('billing.plans', async ({ ctx }) => ({ plans: await listPlanOffers(ctx.db), trialDays: TRIAL_DAYS }));

export const planListRoutes = [billingPlans];
