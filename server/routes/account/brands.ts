import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/types';
import { competitorsLockKey, planLockKey, withWriteLock } from '../../db/writeLock';
import type { AuthUser } from '../../http/call';
import { defineCall } from '../../http/call';
import type { ServerContext } from '../../http/context';
import { deleteBrandRollups } from '../../rollups/rebuild';
import { HttpError, badRequest } from '../../http/errors';
import { requireActiveSubscription, requireBrandMembership, type BrandRow } from '../access';
import { MAX_COMPETITORS_PER_BRAND, competitorLimitMessage } from '../insights/competitors/manage';
import { assertCanAddBrand, assertPlanActive, loadPlanUsage } from '../prompts/planLimits';
import { suggestForBrand } from './brandSuggestions';
import { validateBrandInput } from './brandValidation';

export { BRAND_LIMIT_MESSAGE } from '../prompts/planLimits';
export const SUBSCRIPTION_REQUIRED_MESSAGE = 'You need an active subscription to add a brand.';
export const DELETE_SUBSCRIPTION_REQUIRED_MESSAGE = 'You need an active subscription to delete a brand.';
export const COMPETITOR_REQUIRED_MESSAGE = 'At least one competitor should be selected for effective monitoring';

/**
 * Finalize and delete are for owners with an active or trialing subscription: strangers get 404,
 * members who are not owners 403, owners without a subscription 402 SUBSCRIPTION_REQUIRED.
 */
export async function requireBrandOwner(
  ctx: ServerContext,
  user: AuthUser,
  brandId: string,
  subscriptionMessage?: string,
): Promise<BrandRow> {
  const brand = await requireBrandMembership(ctx, user, brandId);
  const rows = await ctx.db.query<{ role: string }>(
    `SELECT role FROM brand_members WHERE brand_id = $1 AND user_id = $2`,
    [brandId, user.id],
  );
  if (rows[0]?.role !== 'owner') throw new HttpError(403, 'NOT_BRAND_OWNER', 'Only the brand owner can change or delete this brand.');
  await requireActiveSubscription(ctx.db, user.id, subscriptionMessage);
  return brand;
}

/**
 * Inserts a brand owned and governed by the user (shared by Add Brand and onboarding step 2), in
 * the caller's transaction: the caller holds the user's plan lock and has checked the brand limit.
 */
export async function insertBrand(
  tx: Db,
  userId: string,
  input: { name: string; website: string; location: string },
  now: Date,
): Promise<string> {
  const id = `brd_${randomBytes(10).toString('base64url')}`;
  await tx.query(
    `INSERT INTO brands (id, name, url, location, logo_url, aliases, created_by, finalized, created_at)
     VALUES ($1, $2, $3, $4, NULL, '[]', $5, false, $6)`,
    [id, input.name, input.website, input.location, userId, now.toISOString()],
  );
  await tx.query(`INSERT INTO brand_members (brand_id, user_id, role) VALUES ($1, $2, 'owner')`, [id, userId]);
  return id;
}

export const createBrand = defineCall<{ name: string; website: string; location: string }>(
  'brands.create',
  async ({ body, user, ctx }) => {
    const input = validateBrandInput(body);
    await requireActiveSubscription(ctx.db, user.id, SUBSCRIPTION_REQUIRED_MESSAGE);
    // The brand limit is checked again under the plan lock, so concurrent creations cannot pass it.
    const id = await withWriteLock(ctx.db, planLockKey(user.id), async (tx) => {
      const usage = await loadPlanUsage(tx, user.id);
      assertPlanActive(usage, user.id);
      await assertCanAddBrand(tx, usage);
      return insertBrand(tx, user.id, input, ctx.now());
    });
    const suggestions = suggestForBrand(input);
    return {
      brand: { id, name: input.name, url: input.website, location: input.location },
      suggestedPrompts: suggestions.suggestedPrompts,
      suggestedCompetitors: suggestions.suggestedCompetitors,
    };
  },
);

/**
 * The names a competitor list stands for, keyed case-insensitively: trimmed, unique, the brand's
 * own name and blanks dropped, at most MAX_COMPETITORS_PER_BRAND (400 otherwise, or when none is left).
 */
function chooseCompetitors(brand: BrandRow, names: string[]): Map<string, string> {
  const own = brand.name.trim().toLowerCase();
  const chosen = new Map<string, string>();
  for (const raw of names) {
    const name = raw.trim();
    const key = name.toLowerCase();
    if (name && key !== own && !chosen.has(key)) chosen.set(key, name);
  }
  if (chosen.size === 0) throw badRequest(COMPETITOR_REQUIRED_MESSAGE, { field: 'finalCompetitors' });
  if (chosen.size > MAX_COMPETITORS_PER_BRAND) {
    throw new HttpError(400, 'COMPETITOR_LIMIT', competitorLimitMessage(), { field: 'finalCompetitors', maxCompetitors: MAX_COMPETITORS_PER_BRAND });
  }
  return chosen;
}

/**
 * Sets the brand's tracked competitors to exactly the chosen names (see chooseCompetitors), in
 * `db`'s transaction or a new one. Callers serialise it with other competitor changes of the brand
 * (its competitor lock) or own a brand no one else knows yet.
 */
export async function replaceCompetitors(db: Db, brand: BrandRow, names: string[], now: Date): Promise<string[]> {
  const chosen = chooseCompetitors(brand, names);
  await db.transaction(async (tx) => {
    const existing = await tx.query<{ name_key: string }>(`SELECT name_key FROM competitors WHERE brand_id = $1`, [brand.id]);
    for (const { name_key } of existing) {
      if (!chosen.has(name_key)) await tx.query(`DELETE FROM competitors WHERE brand_id = $1 AND name_key = $2`, [brand.id, name_key]);
    }
    const have = new Set(existing.map((e) => e.name_key));
    for (const [key, name] of chosen) {
      if (have.has(key)) continue;
      await tx.query(
        `INSERT INTO competitors (brand_id, name, name_key, aliases, created_at) VALUES ($1, $2, $3, '[]', $4)`,
        [brand.id, name, key, now.toISOString()],
      );
    }
    await tx.query(`UPDATE brands SET finalized = true WHERE id = $1`, [brand.id]);
  });
  return [...chosen.values()];
}

export const ALREADY_FINALIZED_MESSAGE = 'This brand is already set up. Change its competitors on the Competitors screen.';

/**
 * Finalizing completes a brand's setup once. Calls are serialised by the brand's competitor lock:
 * the first sets the list; a later call with the same names is a retry of it (a double click, a
 * lost answer) and gets the same 200; a later call with other names lost the race to another setup
 * and gets 409 BRAND_ALREADY_FINALIZED, so two tabs never overwrite each other's choice. After
 * setup, competitors change through the competitor calls.
 */
export const finalizeBrand = defineCall<{ finalCompetitors: string[] }, unknown, { id: string }>(
  'brands.finalize',
  async ({ body, params, user, ctx }) => {
    const brand = await requireBrandOwner(ctx, user, params.id);
    const competitors = await withWriteLock(ctx.db, competitorsLockKey(brand.id), async (tx) => {
      const [current] = await tx.query<{ finalized: boolean }>(`SELECT finalized FROM brands WHERE id = $1`, [brand.id]);
      if (!current?.finalized) return replaceCompetitors(tx, brand, body.finalCompetitors, ctx.now());
      const chosen = chooseCompetitors(brand, body.finalCompetitors);
      const stored = await tx.query<{ name: string; name_key: string }>(`SELECT name, name_key FROM competitors WHERE brand_id = $1`, [brand.id]);
      const same = stored.length === chosen.size && stored.every((s) => chosen.has(s.name_key));
      if (!same) throw new HttpError(409, 'BRAND_ALREADY_FINALIZED', ALREADY_FINALIZED_MESSAGE);
      const storedNames = new Map(stored.map((s) => [s.name_key, s.name]));
      return [...chosen.keys()].map((key) => storedNames.get(key)!);
    });
    return { brand: { id: brand.id, name: brand.name, finalized: true, competitors } };
  },
);

/** Removes a brand and every fact recorded for it, in `db`'s transaction or a new one; onboarding progress forgets it. */
export async function deleteBrandData(db: Db, brandId: string): Promise<void> {
  await db.transaction(async (tx) => {
    for (const table of ['citations', 'mentions', 'runs', 'failed_runs', 'prompts', 'competitors', 'brand_members']) {
      await tx.query(`DELETE FROM ${table} WHERE brand_id = $1`, [brandId]);
    }
    await deleteBrandRollups(tx, brandId);
    await tx.query(`UPDATE onboarding_progress SET brand_id = NULL WHERE brand_id = $1`, [brandId]);
    await tx.query(`DELETE FROM brands WHERE id = $1`, [brandId]);
  });
}

export const deleteBrand = defineCall<{ brandId: string }, unknown, { id: string }>(
  'brands.delete',
  async ({ body, params, user, ctx }) => {
    if (body.brandId !== params.id) throw badRequest('The brandId in the body does not match the brand in the path', { field: 'brandId' });
    const brand = await requireBrandOwner(ctx, user, params.id, DELETE_SUBSCRIPTION_REQUIRED_MESSAGE);
    // Under the plan lock, so a prompt created at the same moment cannot outlive its brand.
    await withWriteLock(ctx.db, planLockKey(brand.created_by), (tx) => deleteBrandData(tx, brand.id));
    return { success: true, message: `${brand.name} has been deleted.` };
  },
);

export const brandRoutes = [createBrand, finalizeBrand, deleteBrand];
