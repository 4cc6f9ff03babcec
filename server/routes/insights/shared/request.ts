import type { CallInput } from '../../../http/call';
import { HttpError } from '../../../http/errors';
import { withoutPaging } from '../../../http/paging';
import { type BrandRow, hasActiveSubscription, subscriptionRequired } from '../../access';
import { answerCacheFor } from './answerCache';
import { type InsightScope, type WindowedBody, scopeFromBody, tailFromRollupOn } from './scope';
import { type CompetitorNameRow, type TrackedEntity, trackedFrom } from './tracked';

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
 * The common start of a windowed brand call: the membership check of requireBrandAccess (same 404
 * BRAND_NOT_FOUND) and the tracked competitors, read in one statement since every insight call
 * needs both, then the request's scope. Insight calls belong to the guarded sections: a member
 * without an active or trialing subscription gets 402 SUBSCRIPTION_REQUIRED (after the membership
 * check, so strangers still get the 404).
 */
export async function brandRequest(input: CallInput<WindowedBody>): Promise<BrandRequest> {
  const { body, user, ctx } = input;
  const scope = {
    ...scopeFromBody(body, ctx.now(), ctx.config.factSource),
    minSample: ctx.config.minSample,
    tailFromRollup: tailFromRollupOn(ctx.db.dialect),
  };
  // Two statements: the brand's (one shard on a distributed database) and the user's subscription
  // (a per-user table), which a distributed database would not join.
  const [rows, subscribed] = await Promise.all([
    ctx.db.query<BrandRow & { competitor_name: string | null; competitor_key: string | null; facts_version: number | null }>(
      `SELECT b.id, b.name, b.url, b.location, b.logo_url, b.aliases, b.created_by, b.finalized, b.created_at, v.version AS facts_version,
              c.name AS competitor_name, c.name_key AS competitor_key
         FROM brands b
         JOIN brand_members m ON m.brand_id = b.id
         LEFT JOIN competitors c ON c.brand_id = b.id
         LEFT JOIN brand_facts_versions v ON v.brand_id = $1
        WHERE b.id = $1 AND m.user_id = $2
        ORDER BY c.name_key`,
      [body.brandId, user.id],
    ),
    hasActiveSubscription(ctx.db, user.id),
  ]);
  if (rows.length === 0) throw new HttpError(404, 'BRAND_NOT_FOUND', 'Brand not found');
  if (!subscribed) throw subscriptionRequired();
  const { competitor_name: _n, competitor_key: _k, facts_version: version, ...brand } = rows[0];
  const competitors: CompetitorNameRow[] = rows
    .filter((r) => r.competitor_key !== null)
    .map((r) => ({ name: String(r.competitor_name), name_key: String(r.competitor_key) }));
  const tracked = trackedFrom(brand, competitors);
  const cache = answerCacheFor(ctx.config);
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
