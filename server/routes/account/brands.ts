import { randomBytes } from 'node:crypto';
import type { AuthUser } from '../../http/call';
import { defineCall } from '../../http/call';
import type { ServerContext } from '../../http/context';
import { HttpError, badRequest } from '../../http/errors';
import { requireBrandAccess, type BrandRow } from '../access';
import { countOwnedBrands } from './brandView';
import { suggestForBrand } from './brandSuggestions';
import { validateBrandInput } from './brandValidation';
import { isValidStatus, latestSubscription } from './plans';

export const BRAND_LIMIT_MESSAGE = "You've used your limit. Upgrade your plan to track more brands.";
export const SUBSCRIPTION_REQUIRED_MESSAGE = 'You need an active subscription to add a brand.';
export const COMPETITOR_REQUIRED_MESSAGE = 'At least one competitor should be selected for effective monitoring';

/** Finalize and delete are for owners: members who are not owners get 403, strangers 404. */
export async function requireBrandOwner(ctx: ServerContext, user: AuthUser, brandId: string): Promise<BrandRow> {
  const brand = await requireBrandAccess(ctx, user, brandId);
  const rows = await ctx.db.query<{ role: string }>(
    `SELECT role FROM brand_members WHERE brand_id = $1 AND user_id = $2`,
    [brandId, user.id],
  );
  if (rows[0]?.role !== 'owner') throw new HttpError(403, 'NOT_BRAND_OWNER', 'Only the brand owner can change or delete this brand.');
  return brand;
}

/** Inserts a brand owned and governed by the user (shared by Add Brand and onboarding step 2). */
export async function insertBrand(
  ctx: ServerContext,
  userId: string,
  input: { name: string; website: string; location: string },
): Promise<string> {
  const id = `brd_${randomBytes(10).toString('base64url')}`;
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO brands (id, name, url, location, logo_url, aliases, created_by, finalized, created_at)
       VALUES ($1, $2, $3, $4, NULL, '[]', $5, false, $6)`,
      [id, input.name, input.website, input.location, userId, ctx.now().toISOString()],
    );
    await tx.query(`INSERT INTO brand_members (brand_id, user_id, role) VALUES ($1, $2, 'owner')`, [id, userId]);
  });
  return id;
}

export const createBrand = defineCall<{ name: string; website: string; location: string }>(
  'brands.create',
  async ({ body, user, ctx }) => {
    const input = validateBrandInput(body);
    const subscription = await latestSubscription(ctx.db, user.id);
    if (!subscription?.plan || !isValidStatus(subscription.status)) {
      throw new HttpError(403, 'SUBSCRIPTION_REQUIRED', SUBSCRIPTION_REQUIRED_MESSAGE);
    }
    const owned = await countOwnedBrands(ctx.db, user.id);
    if (owned >= subscription.plan.max_brands) {
      throw new HttpError(429, 'PLAN_LIMIT', BRAND_LIMIT_MESSAGE, { ownedBrands: owned, maxBrands: subscription.plan.max_brands });
    }
    const id = await insertBrand(ctx, user.id, input);
    const suggestions = suggestForBrand(input);
    return {
      brand: { id, name: input.name, url: input.website, location: input.location },
      suggestedPrompts: suggestions.suggestedPrompts,
      suggestedCompetitors: suggestions.suggestedCompetitors,
    };
  },
);

/** Sets the brand's tracked competitors to exactly the chosen names (case-insensitively unique). */
export async function replaceCompetitors(ctx: ServerContext, brand: BrandRow, names: string[]): Promise<string[]> {
  const own = brand.name.trim().toLowerCase();
  const chosen = new Map<string, string>();
  for (const raw of names) {
    const name = raw.trim();
    const key = name.toLowerCase();
    if (name && key !== own && !chosen.has(key)) chosen.set(key, name);
  }
  if (chosen.size === 0) throw badRequest(COMPETITOR_REQUIRED_MESSAGE, { field: 'finalCompetitors' });
  const now = ctx.now().toISOString();
  await ctx.db.transaction(async (tx) => {
    const existing = await tx.query<{ name_key: string }>(`SELECT name_key FROM competitors WHERE brand_id = $1`, [brand.id]);
    for (const { name_key } of existing) {
      if (!chosen.has(name_key)) await tx.query(`DELETE FROM competitors WHERE brand_id = $1 AND name_key = $2`, [brand.id, name_key]);
    }
    const have = new Set(existing.map((e) => e.name_key));
    for (const [key, name] of chosen) {
      if (have.has(key)) continue;
      await tx.query(
        `INSERT INTO competitors (brand_id, name, name_key, aliases, created_at) VALUES ($1, $2, $3, '[]', $4)`,
        [brand.id, name, key, now],
      );
    }
    await tx.query(`UPDATE brands SET finalized = true WHERE id = $1`, [brand.id]);
  });
  return [...chosen.values()];
}

export const finalizeBrand = defineCall<{ finalCompetitors: string[] }, unknown, { id: string }>(
  'brands.finalize',
  async ({ body, params, user, ctx }) => {
    const brand = await requireBrandOwner(ctx, user, params.id);
    const competitors = await replaceCompetitors(ctx, brand, body.finalCompetitors);
    return { brand: { id: brand.id, name: brand.name, finalized: true, competitors } };
  },
);

/** Removes a brand and every fact recorded for it; onboarding progress forgets it. */
export async function deleteBrandData(ctx: ServerContext, brandId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    for (const table of ['citations', 'mentions', 'runs', 'prompts', 'competitors', 'brand_members']) {
      await tx.query(`DELETE FROM ${table} WHERE brand_id = $1`, [brandId]);
    }
    await tx.query(`UPDATE onboarding_progress SET brand_id = NULL WHERE brand_id = $1`, [brandId]);
    await tx.query(`DELETE FROM brands WHERE id = $1`, [brandId]);
  });
}

export const deleteBrand = defineCall<{ brandId: string }, unknown, { id: string }>(
  'brands.delete',
  async ({ body, params, user, ctx }) => {
    if (body.brandId !== params.id) throw badRequest('The brandId in the body does not match the brand in the path', { field: 'brandId' });
    const brand = await requireBrandOwner(ctx, user, params.id);
    await deleteBrandData(ctx, brand.id);
    return { success: true, message: `${brand.name} has been deleted.` };
  },
);

export const brandRoutes = [createBrand, finalizeBrand, deleteBrand];
