import type { Db } from '../db/types';
import type { AuthUser } from '../http/call';
import type { ServerContext } from '../http/context';
import { HttpError } from '../http/errors';
import { isValidStatus, latestSubscription } from './account/plans';

/** A brand as stored; routes read name/url to find the own brand's mentions and domain. */
export interface BrandRow {
  id: string;
  name: string;
  url: string;
  location: string;
  logo_url: string | null;
  aliases: string | null;
  created_by: string;
  finalized: boolean;
  created_at: string;
}

export interface PromptRow {
  id: string;
  brand_id: string;
  text: string;
  frequency_cron: string;
  providers: string;
  locations: string;
  state: string;
  created_at: string;
  updated_at: string;
}

/** What a call needing the caller's own active or trialing subscription answers without one. */
export const SUBSCRIPTION_REQUIRED_CODE = 'SUBSCRIPTION_REQUIRED';
export const SUBSCRIPTION_REQUIRED_MESSAGE = 'You need an active subscription for this. Reactivate your plan in the Billing Center.';

/**
 * 402 SUBSCRIPTION_REQUIRED: the client shows its Subscription Required screen for this code. Not
 * 401 or 403, which the client answers by refreshing the session and retrying.
 */
export const subscriptionRequired = (message: string = SUBSCRIPTION_REQUIRED_MESSAGE) =>
  new HttpError(402, SUBSCRIPTION_REQUIRED_CODE, message);

/** The user's newest subscription is active or trialing (the rule of the guarded sections). */
export async function hasActiveSubscription(db: Db, userId: string): Promise<boolean> {
  const subscription = await latestSubscription(db, userId);
  return isValidStatus(subscription?.status);
}

export async function requireActiveSubscription(db: Db, userId: string, message?: string): Promise<void> {
  if (!(await hasActiveSubscription(db, userId))) throw subscriptionRequired(message);
}

async function brandOfMember(ctx: ServerContext, user: AuthUser, brandId: string): Promise<BrandRow> {
  const rows = await ctx.db.query<BrandRow>(
    `SELECT b.id, b.name, b.url, b.location, b.logo_url, b.aliases, b.created_by, b.finalized, b.created_at
       FROM brands b JOIN brand_members m ON m.brand_id = b.id
      WHERE b.id = $1 AND m.user_id = $2`,
    [brandId, user.id],
  );
  if (rows.length === 0) throw new HttpError(404, 'BRAND_NOT_FOUND', 'Brand not found');
  return rows[0];
}

/**
 * The brand if the user is one of its members. A brand the user may not see answers exactly like
 * a brand that does not exist (404 BRAND_NOT_FOUND), so ids of other tenants' brands leak nothing.
 * Membership only: for the onboarding calls a user makes before choosing a plan.
 */
export async function requireBrandMembership(ctx: ServerContext, user: AuthUser, brandId: string): Promise<BrandRow> {
  return brandOfMember(ctx, user, brandId);
}

/**
 * A brand call of the guarded sections (insights, prompts, competitors): membership first (404, so
 * a stranger learns nothing), then the caller's active or trialing subscription (402).
 */
export async function requireBrandAccess(ctx: ServerContext, user: AuthUser, brandId: string): Promise<BrandRow> {
  const [brand, subscribed] = await Promise.all([brandOfMember(ctx, user, brandId), hasActiveSubscription(ctx.db, user.id)]);
  if (!subscribed) throw subscriptionRequired();
  return brand;
}

/**
 * The prompt and its brand if the user is a member of the prompt's brand (404 PROMPT_NOT_FOUND
 * otherwise) and has an active or trialing subscription (402).
 */
export async function requirePromptAccess(
  ctx: ServerContext,
  user: AuthUser,
  promptId: string,
): Promise<PromptRow & { brand: BrandRow }> {
  const [rows, subscribed] = await Promise.all([
    ctx.db.query<PromptRow>(
      `SELECT p.id, p.brand_id, p.text, p.frequency_cron, p.providers, p.locations, p.state, p.created_at, p.updated_at
         FROM prompts p JOIN brand_members m ON m.brand_id = p.brand_id
        WHERE p.id = $1 AND m.user_id = $2`,
      [promptId, user.id],
    ),
    hasActiveSubscription(ctx.db, user.id),
  ]);
  if (rows.length === 0) throw new HttpError(404, 'PROMPT_NOT_FOUND', 'Prompt not found');
  const brand = await brandOfMember(ctx, user, rows[0].brand_id);
  if (!subscribed) throw subscriptionRequired();
  return { ...rows[0], brand };
}

/** A member's role on a brand: owner, editor, or viewer (rows written before sharing had roles say 'other': read access). */
export type BrandRole = 'owner' | 'editor' | 'viewer';

export function brandRoleOf(stored: string | undefined): BrandRole {
  return stored === 'owner' ? 'owner' : stored === 'editor' ? 'editor' : 'viewer';
}

export const READ_ONLY_CODE = 'BRAND_READ_ONLY';
export const READ_ONLY_MESSAGE = 'You have view-only access to this brand. Ask its owner for editor access to change its prompts and competitors.';

/**
 * A write to a brand's prompts or competitors: membership (404), the caller's subscription (402),
 * then a role that may write: owners and editors (403 BRAND_READ_ONLY for viewers). What it costs
 * is charged to the governing owner's plan by the route itself.
 */
export async function requireBrandEditAccess(ctx: ServerContext, user: AuthUser, brandId: string): Promise<BrandRow> {
  const [brand, roles] = await Promise.all([
    requireBrandAccess(ctx, user, brandId),
    ctx.db.query<{ role: string }>(`SELECT role FROM brand_members WHERE brand_id = $1 AND user_id = $2`, [brandId, user.id]),
  ]);
  if (brandRoleOf(roles[0]?.role) === 'viewer') throw new HttpError(403, READ_ONLY_CODE, READ_ONLY_MESSAGE);
  return brand;
}
