import type { Db } from '../db/types';
import type { AuthUser } from '../http/call';
import type { ServerContext } from '../http/context';
import { HttpError } from '../http/errors';
import { isValidStatus, newestSubscriptionStatus } from './account/plans';

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
  return isValidStatus(await newestSubscriptionStatus(db, userId));
}

export async function requireActiveSubscription(db: Db, userId: string, message?: string): Promise<void> {
  if (!(await hasActiveSubscription(db, userId))) throw subscriptionRequired(message);
}

const BRAND_COLUMNS = ['id', 'name', 'url', 'location', 'logo_url', 'aliases', 'created_by', 'finalized', 'created_at'] as const;

/** The brand row's columns, as `<alias>.<column>` (or `AS <prefix><column>`) in a select list. */
function brandColumnsSql(alias: string, prefix = ''): string {
  return BRAND_COLUMNS.map((c) => `${alias}.${c}${prefix ? ` AS ${prefix}${c}` : ''}`).join(', ');
}

const brandNotFound = () => new HttpError(404, 'BRAND_NOT_FOUND', 'Brand not found');

async function brandOfMember(ctx: ServerContext, user: AuthUser, brandId: string): Promise<BrandRow> {
  const rows = await ctx.db.query<BrandRow>(
    `SELECT ${brandColumnsSql('b')}
       FROM brands b JOIN brand_members m ON m.brand_id = b.id
      WHERE b.id = $1 AND m.user_id = $2`,
    [brandId, user.id],
  );
  if (rows.length === 0) throw brandNotFound();
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
 * The brand and the member's role (404 BRAND_NOT_FOUND unless the user is a member), then the user's
 * newest subscription (402 unless active or trialing): two statements run together, so a guarded
 * call waits for one round of reads. Membership is decided first, so a stranger learns nothing.
 */
async function memberAccess(ctx: ServerContext, user: AuthUser, brandId: string): Promise<{ brand: BrandRow; role: BrandRole }> {
  const [rows, status] = await Promise.all([
    ctx.db.query<BrandRow & { member_role: string }>(
      `SELECT ${brandColumnsSql('b')}, m.role AS member_role
         FROM brands b JOIN brand_members m ON m.brand_id = b.id
        WHERE b.id = $1 AND m.user_id = $2`,
      [brandId, user.id],
    ),
    newestSubscriptionStatus(ctx.db, user.id),
  ]);
  if (rows.length === 0) throw brandNotFound();
  if (!isValidStatus(status)) throw subscriptionRequired();
  const { member_role: role, ...brand } = rows[0];
  return { brand, role: brandRoleOf(role) };
}

/**
 * A brand call of the guarded sections (insights, prompts, competitors): membership first (404, so
 * a stranger learns nothing), then the caller's active or trialing subscription (402).
 */
export async function requireBrandAccess(ctx: ServerContext, user: AuthUser, brandId: string): Promise<BrandRow> {
  return (await memberAccess(ctx, user, brandId)).brand;
}

/**
 * requireBrandAccess (same 404, then 402) with the brand's competitors by name key read in the
 * brand's statement: what every call on tracked brands starts with.
 */
export async function requireBrandAccessWithCompetitors(
  ctx: ServerContext,
  user: AuthUser,
  brandId: string,
): Promise<{ brand: BrandRow; competitors: Array<{ name: string; name_key: string }> }> {
  const [rows, status] = await Promise.all([
    ctx.db.query<BrandRow & { competitor_name: string | null; competitor_key: string | null }>(
      `SELECT ${brandColumnsSql('b')}, c.name AS competitor_name, c.name_key AS competitor_key
         FROM brands b
         JOIN brand_members m ON m.brand_id = b.id
         LEFT JOIN competitors c ON c.brand_id = b.id
        WHERE b.id = $1 AND m.user_id = $2
        ORDER BY c.name_key`,
      [brandId, user.id],
    ),
    newestSubscriptionStatus(ctx.db, user.id),
  ]);
  if (rows.length === 0) throw brandNotFound();
  if (!isValidStatus(status)) throw subscriptionRequired();
  const { competitor_name: _n, competitor_key: _k, ...brand } = rows[0];
  const competitors = rows
    .filter((r) => r.competitor_key !== null)
    .map((r) => ({ name: String(r.competitor_name), name_key: String(r.competitor_key) }));
  return { brand, competitors };
}

/**
 * The prompt and its brand if the user is a member of the prompt's brand (404 PROMPT_NOT_FOUND
 * otherwise) and has an active or trialing subscription (402): the prompt, its brand and the
 * membership in one statement, beside the user's newest subscription.
 */
export async function requirePromptAccess(
  ctx: ServerContext,
  user: AuthUser,
  promptId: string,
): Promise<PromptRow & { brand: BrandRow }> {
  const [rows, status] = await Promise.all([
    ctx.db.query<PromptRow & Record<`b_${(typeof BRAND_COLUMNS)[number]}`, unknown>>(
      `SELECT p.id, p.brand_id, p.text, p.frequency_cron, p.providers, p.locations, p.state, p.created_at, p.updated_at,
              ${brandColumnsSql('b', 'b_')}
         FROM prompts p
         JOIN brand_members m ON m.brand_id = p.brand_id AND m.user_id = $2
         LEFT JOIN brands b ON b.id = p.brand_id
        WHERE p.id = $1`,
      [promptId, user.id],
    ),
    newestSubscriptionStatus(ctx.db, user.id),
  ]);
  if (rows.length === 0) throw new HttpError(404, 'PROMPT_NOT_FOUND', 'Prompt not found');
  const row = rows[0];
  // A prompt whose brand row is gone answers like a brand the user may not see.
  if (row.b_id === null) throw brandNotFound();
  if (!isValidStatus(status)) throw subscriptionRequired();
  const brand = Object.fromEntries(BRAND_COLUMNS.map((c) => [c, row[`b_${c}`]])) as unknown as BrandRow;
  const { id, brand_id, text, frequency_cron, providers, locations, state, created_at, updated_at } = row;
  return { id, brand_id, text, frequency_cron, providers, locations, state, created_at, updated_at, brand };
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
  const { brand, role } = await memberAccess(ctx, user, brandId);
  if (role === 'viewer') throw new HttpError(403, READ_ONLY_CODE, READ_ONLY_MESSAGE);
  return brand;
}
