import type { Db } from '../../db/types';
import { HttpError } from '../../http/errors';
import { subscriptionRequired } from '../access';
import { countOwnedBrands, governorUsage } from '../account/brandView';
import { isValidStatus } from '../account/plans';
import { shortestIntervalMinutes } from './manage/frequency';

/** The 429 message for a prompt created over the plan limit, and its update variant that says 'starting'. */
export const PLAN_LIMIT_CREATE_MESSAGE =
  'You have reached your plans limit for Prompts tracking or unique Geo Locations. Please delete an existing prompt before creating a new one or consider upgrading your plan.';
export const PLAN_LIMIT_START_MESSAGE =
  'You have reached your plans limit for Prompts tracking or unique Geo Locations. Please delete an existing prompt before starting a new one or consider upgrading your plan.';
/** The brand limit's message (the spec's tooltip for the Upgrade Plan entry). */
export const BRAND_LIMIT_MESSAGE = "You've used your limit. Upgrade your plan to track more brands.";
/** When the brand's plan belongs to someone else (the brand's creator) whose subscription lapsed. */
export const GOVERNING_PLAN_INACTIVE_MESSAGE =
  "The subscription of this brand's plan owner is not active, so its prompts cannot be added, changed or run.";

export interface PlanUsage {
  /** The user whose plan governs the brand: its creator, whose plan the brand's usage is charged to. */
  governingUserId: string;
  /** The governing user's newest subscription is active or trialing; every limit below is 0 otherwise. */
  active: boolean;
  /** The governing user has had a subscription at all (none = a new user still in onboarding). */
  everSubscribed: boolean;
  maxPrompts: number;
  maxLocations: number;
  maxBrands: number;
  /** AI providers one prompt may run on. */
  maxProviders: number;
  /** The shortest time between two scheduled runs of a prompt the plan allows. */
  minRunIntervalMinutes: number;
  /** Prompts (any state) on the brands the governing user created. */
  promptCount: number;
  /** Distinct location codes over those prompts. */
  locations: Set<string>;
}

interface GoverningPlanRow {
  status: string;
  max_prompts: number | null;
  max_locations: number | null;
  max_brands: number | null;
  max_providers: number | null;
  min_run_interval_minutes: number | null;
}

/** The newest subscription of the user with every rule of its plan (same order as account/plans' latestSubscriptions). */
async function governingPlan(db: Db, userId: string): Promise<GoverningPlanRow | null> {
  const rows = await db.query<GoverningPlanRow>(
    `SELECT s.status, p.max_prompts, p.max_locations, p.max_brands, p.max_providers, p.min_run_interval_minutes
       FROM subscriptions s LEFT JOIN plans p ON p.id = s.plan_id
      WHERE s.user_id = $1
      ORDER BY s.created_at DESC, s.id DESC
      LIMIT 1`,
    [userId],
  );
  return rows[0] ?? null;
}

/**
 * Plan usage of one user, counted exactly as the profile's plan panel counts it (account routes'
 * governorUsage): prompts of any state and distinct geo locations across the brands the user
 * created (a brand's usage is charged to its creator's plan). Stopped prompts count: the limit
 * is on tracked prompts, and the spec asks users to delete a prompt to make room. Limits come
 * from the user's newest subscription, and are 0 unless it is active or trialing.
 */
export async function loadPlanUsage(db: Db, userId: string): Promise<PlanUsage> {
  const [plan, usage] = await Promise.all([governingPlan(db, userId), governorUsage(db, [userId])]);
  const active = isPlanActive(plan);
  const limit = (value: number | null | undefined, fallback: number) => (active ? Number(value ?? fallback) : 0);
  const mine = usage.get(userId);
  return {
    governingUserId: userId,
    active,
    everSubscribed: !!plan,
    maxPrompts: limit(plan?.max_prompts, 0),
    maxLocations: limit(plan?.max_locations, 0),
    maxBrands: limit(plan?.max_brands, 0),
    // A plan row written before these rules existed gets the migration's defaults.
    maxProviders: limit(plan?.max_providers, 4),
    minRunIntervalMinutes: active ? Number(plan?.min_run_interval_minutes ?? 1440) : Number.POSITIVE_INFINITY,
    promptCount: mine?.prompts ?? 0,
    locations: new Set(mine?.locations ?? []),
  };
}

/** The plan's limits apply (else every limit is 0): its subscription is active or trialing and it sets a prompt limit. */
function isPlanActive(plan: Pick<GoverningPlanRow, 'status' | 'max_prompts'> | null | undefined): boolean {
  return !!plan && isValidStatus(plan.status) && plan.max_prompts !== null;
}

/** The flag behind the New Prompt and Start buttons: the prompt count is strictly below the limit. */
export function canAddPrompts(usage: Pick<PlanUsage, 'promptCount' | 'maxPrompts'>): boolean {
  return usage.promptCount < usage.maxPrompts;
}

/**
 * canAddPrompts for the plan `userId` governs, as loadPlanUsage counts it, in one statement: the
 * newest subscription's status and prompt limit, and the prompts on the brands the user created (a
 * page that shows only the flag needs neither the other limits nor the locations).
 */
export async function canGovernorAddPrompts(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.query<{ status: string | null; max_prompts: number | null; prompts: number }>(
    `SELECT g.status, g.max_prompts,
            (SELECT COUNT(*) FROM prompts p JOIN brands b ON b.id = p.brand_id WHERE b.created_by = $1) AS prompts
       FROM (SELECT 1 AS one) x
       LEFT JOIN (SELECT s.status, p.max_prompts FROM subscriptions s LEFT JOIN plans p ON p.id = s.plan_id
                   WHERE s.user_id = $1
                   ORDER BY s.created_at DESC, s.id DESC
                   LIMIT 1) g ON TRUE`,
    [userId],
  );
  // no subscription: the LEFT JOIN leaves status NULL
  const plan = row.status === null ? null : { status: row.status, max_prompts: row.max_prompts };
  const maxPrompts = isPlanActive(plan) ? Number(plan!.max_prompts ?? 0) : 0;
  return canAddPrompts({ promptCount: Number(row.prompts), maxPrompts });
}

/**
 * Anything charged to a plan (adding, changing or running prompts) needs that plan's subscription
 * active or trialing: 402 SUBSCRIPTION_REQUIRED when it is the caller's own plan (the client shows
 * Subscription Required), 402 GOVERNING_PLAN_INACTIVE when the brand is charged to someone else's.
 */
export function assertPlanActive(usage: PlanUsage, callerId: string): void {
  if (usage.active) return;
  if (usage.governingUserId === callerId) throw subscriptionRequired();
  throw new HttpError(402, 'GOVERNING_PLAN_INACTIVE', GOVERNING_PLAN_INACTIVE_MESSAGE, { governedBy: usage.governingUserId });
}

function limitDetails(usage: PlanUsage) {
  return {
    maxPrompts: usage.maxPrompts,
    usedPrompts: usage.promptCount,
    maxLocations: usage.maxLocations,
    usedLocations: usage.locations.size,
  };
}

function locationsAfter(usage: PlanUsage, added: readonly string[]): number {
  const all = new Set(usage.locations);
  for (const code of added) all.add(code.toUpperCase());
  return all.size;
}

/** Creating one more prompt in `locations`: refused at the prompt limit or past the location limit. */
export function assertCanCreate(usage: PlanUsage, locations: readonly string[]): void {
  assertCanAddPrompts(usage, 1, locations);
}

/** Adding `count` prompts in `locations`: refused when they pass the prompt or the location limit. */
export function assertCanAddPrompts(usage: PlanUsage, count: number, locations: readonly string[]): void {
  if (usage.promptCount + count > usage.maxPrompts || locationsAfter(usage, locations) > usage.maxLocations) {
    throw new HttpError(429, 'PLAN_LIMIT', PLAN_LIMIT_CREATE_MESSAGE, limitDetails(usage));
  }
}

/**
 * Starting a stopped prompt or moving a prompt to new locations. The prompt already counts, so
 * starting is refused only when the plan is exceeded (a downgrade, a lapsed subscription) or
 * when new locations would pass the location limit.
 */
export function assertCanStartOrRelocate(usage: PlanUsage, options: { starting: boolean; addedLocations: readonly string[] }): void {
  const overPrompts = options.starting && usage.promptCount > usage.maxPrompts;
  const newLocationCount = locationsAfter(usage, options.addedLocations);
  const overLocations =
    (options.addedLocations.length > 0 && newLocationCount > usage.maxLocations && newLocationCount > usage.locations.size) ||
    (options.starting && usage.locations.size > usage.maxLocations);
  if (overPrompts || overLocations) {
    throw new HttpError(429, 'PLAN_LIMIT', PLAN_LIMIT_START_MESSAGE, limitDetails(usage));
  }
}

function describeInterval(minutes: number): string {
  if (minutes === 60) return 'once an hour';
  if (minutes === 1440) return 'once a day';
  if (minutes === 10080) return 'once a week';
  if (minutes % 1440 === 0) return `once every ${minutes / 1440} days`;
  if (minutes % 60 === 0) return `once every ${minutes / 60} hours`;
  return `once every ${minutes} minutes`;
}

/** The 429 message when a prompt's providers or schedule go beyond the plan. */
export function planScheduleMessage(usage: PlanUsage): string {
  return (
    `Your plan runs a prompt on at most ${usage.maxProviders} AI providers and at most ${describeInterval(usage.minRunIntervalMinutes)}. ` +
    'Choose fewer providers or a less frequent schedule, or upgrade your plan.'
  );
}

/**
 * What one prompt costs per run (its providers) and how often it runs (its schedule) stay within
 * the plan: at most maxProviders providers, and no two scheduled runs closer than the plan's
 * shortest interval (every plan allows the product's daily, weekly and monthly frequencies).
 */
export function assertScheduleWithinPlan(usage: PlanUsage, prompt: { providers: readonly string[]; cron: string }): void {
  const tooManyProviders = prompt.providers.length > usage.maxProviders;
  const tooOften = shortestIntervalMinutes(prompt.cron) < usage.minRunIntervalMinutes;
  if (tooManyProviders || tooOften) {
    throw new HttpError(429, 'PLAN_LIMIT', planScheduleMessage(usage), {
      maxProviders: usage.maxProviders,
      providers: prompt.providers.length,
      minRunIntervalMinutes: usage.minRunIntervalMinutes,
      runIntervalMinutes: shortestIntervalMinutes(prompt.cron),
    });
  }
}

/** Brand creation is allowed only while the user owns fewer brands than the plan's maxBrands. */
export async function assertCanAddBrand(db: Db, usage: PlanUsage): Promise<void> {
  const owned = await countOwnedBrands(db, usage.governingUserId);
  if (owned >= usage.maxBrands) {
    throw new HttpError(429, 'PLAN_LIMIT', BRAND_LIMIT_MESSAGE, { ownedBrands: owned, maxBrands: usage.maxBrands });
  }
}
