import type { Db } from '../../db/types';
import { HttpError } from '../../http/errors';
import { governorUsage } from '../account/brandView';
import { isValidStatus, latestSubscription } from '../account/plans';

/** The 429 message for a prompt created over the plan limit, and its update variant that says 'starting'. */
export const PLAN_LIMIT_CREATE_MESSAGE =
  'You have reached your plans limit for Prompts tracking or unique Geo Locations. Please delete an existing prompt before creating a new one or consider upgrading your plan.';
export const PLAN_LIMIT_START_MESSAGE =
  'You have reached your plans limit for Prompts tracking or unique Geo Locations. Please delete an existing prompt before starting a new one or consider upgrading your plan.';

export interface PlanUsage {
  /** The user whose plan governs the brand: its creator, whose plan the brand's usage is charged to. */
  governingUserId: string;
  /** 0 when the governing user has no active or trialing subscription. */
  maxPrompts: number;
  maxLocations: number;
  /** Prompts (any state) on the brands the governing user created. */
  promptCount: number;
  /** Distinct location codes over those prompts. */
  locations: Set<string>;
}

/**
 * Plan usage of one user, counted exactly as the profile's plan panel counts it (account routes'
 * governorUsage): prompts of any state and distinct geo locations across the brands the user
 * created (a brand's usage is charged to its creator's plan). Stopped prompts count: the limit
 * is on tracked prompts, and the spec asks users to delete a prompt to make room. Limits come
 * from the user's newest subscription, and are 0 unless it is active or trialing.
 */
export async function loadPlanUsage(db: Db, userId: string): Promise<PlanUsage> {
  const [subscription, usage] = await Promise.all([latestSubscription(db, userId), governorUsage(db, [userId])]);
  const plan = subscription && isValidStatus(subscription.status) ? subscription.plan : null;
  const mine = usage.get(userId);
  return {
    governingUserId: userId,
    maxPrompts: plan ? Number(plan.max_prompts) : 0,
    maxLocations: plan ? Number(plan.max_locations) : 0,
    promptCount: mine?.prompts ?? 0,
    locations: new Set(mine?.locations ?? []),
  };
}

/** The plan usage that governs a brand: its creator's. */
export async function loadBrandPlanUsage(db: Db, brandId: string): Promise<PlanUsage> {
  const rows = await db.query<{ created_by: string }>('SELECT created_by FROM brands WHERE id = $1', [brandId]);
  return loadPlanUsage(db, rows[0]?.created_by ?? '');
}

/** The flag behind the New Prompt and Start buttons: the prompt count is strictly below the limit. */
export function canAddPrompts(usage: PlanUsage): boolean {
  return usage.promptCount < usage.maxPrompts;
}

function locationsAfter(usage: PlanUsage, added: readonly string[]): number {
  const all = new Set(usage.locations);
  for (const code of added) all.add(code.toUpperCase());
  return all.size;
}

/** Creating one more prompt in `locations`: refused at the prompt limit or past the location limit. */
export function assertCanCreate(usage: PlanUsage, locations: readonly string[]): void {
  if (usage.promptCount >= usage.maxPrompts || locationsAfter(usage, locations) > usage.maxLocations) {
    throw new HttpError(429, 'PLAN_LIMIT', PLAN_LIMIT_CREATE_MESSAGE, {
      maxPrompts: usage.maxPrompts,
      usedPrompts: usage.promptCount,
      maxLocations: usage.maxLocations,
      usedLocations: usage.locations.size,
    });
  }
}

/**
 * Starting a stopped prompt or moving a prompt to new locations. The prompt already counts, so
 * starting is refused only when the plan is exceeded (a downgrade, a lapsed subscription) or
 * when new locations would pass the location limit.
 */
export function assertCanStartOrRelocate(
  usage: PlanUsage,
  options: { starting: boolean; addedLocations: readonly string[] },
): void {
  const overPrompts = options.starting && usage.promptCount > usage.maxPrompts;
  const newLocationCount = locationsAfter(usage, options.addedLocations);
  const overLocations =
    (options.addedLocations.length > 0 && newLocationCount > usage.maxLocations && newLocationCount > usage.locations.size) ||
    (options.starting && usage.locations.size > usage.maxLocations);
  if (overPrompts || overLocations) {
    throw new HttpError(429, 'PLAN_LIMIT', PLAN_LIMIT_START_MESSAGE, {
      maxPrompts: usage.maxPrompts,
      usedPrompts: usage.promptCount,
      maxLocations: usage.maxLocations,
      usedLocations: usage.locations.size,
    });
  }
}
