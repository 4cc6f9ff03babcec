import type { CallInput } from '../../../http/call';
import { withoutPaging } from '../../../http/paging';
import type { Db } from '../../../db/types';
import { type BrandRow, requireBrandAccessWithCompetitors } from '../../access';
import { answerCacheFor } from './answerCache';
import { type InsightScope, type WindowedBody, scopeFromBody, tailFromRollupOn } from './scope';
import { type TrackedEntity, trackedFrom } from './tracked';

export interface BrandRequest {
  brand: BrandRow;
  scope: InsightScope;
  tracked: TrackedEntity[];
  /**
   * The answer `compute` gives, reused from an earlier identical request while the brand's facts,
   * names and tracked brands are unchanged (and for at most a minute) when the server keeps answers.
   * `variant` names a different answer to the same request body (e.g. a lighter one for a page),
   * so the two are kept apart.
   */
  answer<T>(compute: () => Promise<T>, variant?: string): Promise<T>;
}

/**
 * The common start of a windowed brand call: the checks of requireBrandAccess (membership, 404
 * BRAND_NOT_FOUND, then the user's active or trialing subscription, 402 SUBSCRIPTION_REQUIRED) and
 * the tracked competitors, read in one statement since every insight call needs both, then the
 * request's scope.
 */
export async function brandRequest(input: CallInput<WindowedBody>): Promise<BrandRequest> {
  const { body, user, ctx } = input;
  const scope = {
    ...scopeFromBody(body, ctx.now(), ctx.config.factSource),
    minSample: ctx.config.minSample,
    tailFromRollup: tailFromRollupOn(ctx.db.dialect),
  };
  const cache = answerCacheFor(ctx.config);
  // The facts version only keys kept answers, so it is read only when the server keeps them, and in
  // its own statement: on Citus it is a distributed table, which would not join the per-user
  // subscriptions the access statement reads.
  const [{ brand, competitors }, version] = await Promise.all([
    requireBrandAccessWithCompetitors(ctx, user, body.brandId),
    cache ? factsVersion(ctx.db, body.brandId) : null,
  ]);
  const tracked = trackedFrom(brand, competitors);
  const key = JSON.stringify([
    input.request.routeOptions.url, scope.source, brand.id, version ?? 0, brand.name, brand.url, tracked.map((t) => t.name),
    Math.floor(ctx.now().getTime() / 60_000), withoutPaging(body),
  ]);
  return {
    brand,
    scope,
    tracked,
    answer: (compute, variant) => (cache ? cache.answer(variant ? `${key}#${variant}` : key, compute) : compute()),
  };
}

/** The brand's facts version (moves with every change to its facts), 0 before its first run. */
async function factsVersion(db: Db, brandId: string): Promise<number> {
  const rows = await db.query<{ version: number }>(`SELECT version FROM brand_facts_versions WHERE brand_id = $1`, [brandId]);
  return rows[0]?.version ?? 0;
}
