import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { Db } from '../../db/types';
import { planLockKey, withWriteLock } from '../../db/writeLock';
import type { AuthUser } from '../../http/call';
import { defineCall } from '../../http/call';
import type { ServerContext } from '../../http/context';
import { HttpError, badRequest } from '../../http/errors';
import { getPaymentProvider } from '../../payments/index';
import { rebuildBrandRollups } from '../../rollups/rebuild';
import { runPromptNow } from '../../scheduler/index';
import { type BrandRow, requireActiveSubscription, requireBrandMembership, subscriptionRequired } from '../access';
import {
  BRAND_LIMIT_MESSAGE,
  type PlanUsage,
  assertCanAddBrand,
  assertCanAddPrompts,
  assertPlanActive,
  assertScheduleWithinPlan,
  loadPlanUsage,
} from '../prompts/planLimits';
import { countOwnedBrands } from './brandView';
import { suggestForBrand } from './brandSuggestions';
import { validateBrandInput } from './brandValidation';
import { insertBrand, replaceCompetitors } from './brands';
import { parseJson } from './json';
import { latestSubscription } from './plans';
import { buildSnapshot } from './snapshot';

/** Onboarding prompts run on the three assistants the snapshot names, daily, in the brand's country. */
export const ONBOARDING_PROVIDERS = ['openai', 'perplexity', 'google'];
export const DAILY_CRON = '0 0 * * *';
/** Competitors tracked from the start for a brand created in onboarding (there is no competitor step). */
const ONBOARDING_COMPETITORS = 5;

interface ProgressRow {
  step: number;
  state: string;
  brand_id: string | null;
  snapshot_generated: boolean;
  snapshot_started_at: string | null;
}

/**
 * Prompts a user without a plan may keep for the free onboarding snapshot (each runs once on the
 * onboarding providers): the 10 suggestions plus up to 10 of their own. With a plan, the plan's
 * limits apply instead.
 */
export const MAX_ONBOARDING_PROMPTS = 20;
/** Brands a user without a plan may own: the one onboarding brand. */
const FREE_ONBOARDING_BRANDS = 1;
/** How long a started snapshot generation keeps others from starting one (then it counts as crashed). */
export const SNAPSHOT_CLAIM_TTL_MS = 15 * 60_000;

export const ONBOARDING_PROMPT_LIMIT_MESSAGE = `You can select up to ${MAX_ONBOARDING_PROMPTS} prompts before choosing a plan.`;
export const SNAPSHOT_IN_PROGRESS_MESSAGE = 'Your insights are already being generated. Please wait for them to finish.';

async function loadProgress(db: Db, userId: string): Promise<ProgressRow | null> {
  const rows = await db.query<ProgressRow>(
    `SELECT step, state, brand_id, snapshot_generated, snapshot_started_at FROM onboarding_progress WHERE user_id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

export const onboardingProgress = defineCall('onboarding.progress', async ({ user, ctx }) => {
  const progress = await loadProgress(ctx.db, user.id);
  const brandRows = progress?.brand_id
    ? await ctx.db.query<{ id: string; name: string; url: string; location: string }>(
        `SELECT b.id, b.name, b.url, b.location FROM brands b JOIN brand_members m ON m.brand_id = b.id
          WHERE b.id = $1 AND m.user_id = $2`,
        [progress.brand_id, user.id],
      )
    : [];
  const brand = brandRows[0];
  const prompts = brand
    ? await ctx.db.query<{ text: string }>(`SELECT text FROM prompts WHERE brand_id = $1 ORDER BY created_at, id`, [brand.id])
    : [];
  const state = parseJson<Record<string, unknown>>(progress?.state, {});
  return {
    id: brand?.id ?? null,
    name: brand?.name ?? null,
    url: brand?.url ?? null,
    location: brand?.location ?? null,
    prompts: prompts.map((p) => ({ prompt: p.text })),
    snapshotGenerated: progress?.snapshot_generated ?? false,
    step: progress?.step ?? null,
    accountType: typeof state.accountType === 'string' ? state.accountType : null,
  };
});

type SelectedPrompt = string | { prompt: string; weighted_score?: number; weightageScore?: number };

interface SaveBody {
  step: number;
  accountType?: string | null;
  organizationName?: string | null;
  brandName?: string | null;
  brandWebsite?: string | null;
  brandCountry?: string | null;
  selectedPrompts?: SelectedPrompt[];
  termsAccepted?: boolean;
}

async function saveProgress(tx: Db, userId: string, step: number, state: SaveBody, brandId: string | null, now: Date) {
  const existing = await loadProgress(tx, userId);
  if (existing) {
    await tx.query(
      `UPDATE onboarding_progress SET step = $1, state = $2, brand_id = $3, updated_at = $4 WHERE user_id = $5`,
      [step, JSON.stringify(state), brandId, now.toISOString(), userId],
    );
  } else {
    await tx.query(
      `INSERT INTO onboarding_progress (user_id, step, state, brand_id, snapshot_generated, updated_at) VALUES ($1, $2, $3, $4, false, $5)`,
      [userId, step, JSON.stringify(state), brandId, now.toISOString()],
    );
  }
}

/**
 * Step 2: the onboarding brand is created once, then edited in place. A new brand counts toward
 * the plan's brand limit, or, before any plan, is the one brand onboarding allows.
 */
async function upsertOnboardingBrand(
  tx: Db,
  user: AuthUser,
  body: SaveBody,
  brandId: string | null,
  usage: PlanUsage,
  now: Date,
): Promise<string> {
  const input = validateBrandInput({ name: body.brandName, website: body.brandWebsite, location: body.brandCountry });
  if (brandId) {
    const owned = await tx.query<{ id: string }>(
      `SELECT brand_id AS id FROM brand_members WHERE brand_id = $1 AND user_id = $2 AND role = 'owner'`,
      [brandId, user.id],
    );
    if (owned[0]) {
      await tx.query(`UPDATE brands SET name = $1, url = $2, location = $3 WHERE id = $4`, [input.name, input.website, input.location, brandId]);
      // The rollups count co-mentions with the own name: a new name recounts them.
      await rebuildBrandRollups(tx, brandId);
      return brandId;
    }
  }
  if (usage.active) await assertCanAddBrand(tx, usage);
  else if ((await countOwnedBrands(tx, user.id)) >= FREE_ONBOARDING_BRANDS) {
    throw new HttpError(429, 'PLAN_LIMIT', BRAND_LIMIT_MESSAGE, { ownedBrands: FREE_ONBOARDING_BRANDS, maxBrands: FREE_ONBOARDING_BRANDS });
  }
  const id = await insertBrand(tx, user.id, input, now);
  const competitors = suggestForBrand(input).suggestedCompetitors.slice(0, ONBOARDING_COMPETITORS);
  if (competitors.length > 0) {
    const [brand] = await tx.query<BrandRow>(`SELECT * FROM brands WHERE id = $1`, [id]);
    await replaceCompetitors(tx, brand, competitors, now);
  }
  return id;
}

/**
 * Step 3: the brand's prompts become exactly the selection (prompts dropped from it lose their
 * runs). Before any plan at most MAX_ONBOARDING_PROMPTS; with one, added prompts must fit the
 * plan's prompt, location and schedule limits.
 */
async function replaceOnboardingPrompts(
  tx: Db,
  brandId: string,
  selected: SelectedPrompt[],
  usage: PlanUsage,
  now: Date,
): Promise<number> {
  const texts: string[] = [];
  for (const item of selected) {
    const text = (typeof item === 'string' ? item : item.prompt).trim();
    if (text && !texts.some((t) => t.toLowerCase() === text.toLowerCase())) texts.push(text);
  }
  if (texts.length === 0) throw badRequest('At least one prompt must be selected', { field: 'selectedPrompts' });
  if (!usage.active && texts.length > MAX_ONBOARDING_PROMPTS) {
    throw new HttpError(429, 'PLAN_LIMIT', ONBOARDING_PROMPT_LIMIT_MESSAGE, { maxPrompts: MAX_ONBOARDING_PROMPTS, selected: texts.length });
  }
  const [brand] = await tx.query<{ location: string }>(`SELECT location FROM brands WHERE id = $1`, [brandId]);
  const existing = await tx.query<{ id: string; text: string }>(`SELECT id, text FROM prompts WHERE brand_id = $1`, [brandId]);
  const keep = new Set(texts.map((t) => t.toLowerCase()));
  const dropped = existing.filter((p) => !keep.has(p.text.trim().toLowerCase()));
  const have = new Set(existing.map((p) => p.text.trim().toLowerCase()));
  const added = texts.filter((t) => !have.has(t.toLowerCase()));
  if (usage.active && added.length > 0) {
    assertScheduleWithinPlan(usage, { providers: ONBOARDING_PROVIDERS, cron: DAILY_CRON });
    assertCanAddPrompts({ ...usage, promptCount: usage.promptCount - dropped.length }, added.length, [brand.location]);
  }
  for (const p of dropped) {
    for (const table of ['citations', 'mentions', 'runs', 'failed_runs']) await tx.query(`DELETE FROM ${table} WHERE brand_id = $1 AND prompt_id = $2`, [brandId, p.id]);
    await tx.query(`DELETE FROM prompts WHERE id = $1`, [p.id]);
  }
  if (dropped.length > 0) await rebuildBrandRollups(tx, brandId);
  for (const text of added) {
    // One millisecond apart so listing by created_at keeps the user's selection order.
    const createdAt = new Date(now.getTime() + texts.indexOf(text)).toISOString();
    await tx.query(
      `INSERT INTO prompts (id, brand_id, text, frequency_cron, providers, locations, state, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'active', $7, $7)`,
      [`prm_${randomBytes(10).toString('base64url')}`, brandId, text, DAILY_CRON, JSON.stringify(ONBOARDING_PROVIDERS), JSON.stringify([brand.location]), createdAt],
    );
  }
  return texts.length;
}

/**
 * Onboarding before any plan is free (one brand, a bounded set of prompts, one snapshot); with a
 * plan its limits apply; a lapsed subscription may not onboard a new brand (402).
 */
function assertMayOnboard(usage: PlanUsage): void {
  if (usage.everSubscribed && !usage.active) throw subscriptionRequired();
}

export const onboardingSave = defineCall<SaveBody>('onboarding.save', async ({ body, user, ctx }) => {
  assertMayOnboard(await loadPlanUsage(ctx.db, user.id));
  const now = ctx.now();
  // One save at a time per user, checked and written together: concurrent saves create one brand.
  const saved = await withWriteLock(ctx.db, planLockKey(user.id), async (tx) => {
    const usage = await loadPlanUsage(tx, user.id);
    assertMayOnboard(usage);
    const progress = await loadProgress(tx, user.id);
    let brandId = progress?.brand_id ?? null;
    const accountType = body.accountType ?? parseJson<SaveBody>(progress?.state, { step: 1 }).accountType;
    if (accountType !== 'individual' && accountType !== 'agency') throw badRequest('Account type is required', { field: 'accountType' });
    if (accountType === 'agency') throw badRequest('The agency account type is coming soon. Please choose Individual.', { field: 'accountType' });
    let promptCount: number | null = null;
    if (body.step >= 2) brandId = await upsertOnboardingBrand(tx, user, body, brandId, usage, now);
    if (body.step >= 3) promptCount = await replaceOnboardingPrompts(tx, brandId!, body.selectedPrompts ?? [], usage, now);
    await saveProgress(tx, user.id, body.step, { ...body, accountType }, brandId, now);
    return { brandId, promptCount };
  });
  let suggestedPrompts: { prompt: string; weightageScore: number }[] = [];
  if (body.step >= 2 && saved.brandId) {
    const [brand] = await ctx.db.query<{ name: string; url: string; location: string }>(`SELECT name, url, location FROM brands WHERE id = $1`, [saved.brandId]);
    suggestedPrompts = suggestForBrand({ name: brand.name, website: brand.url, location: brand.location }).suggestedPrompts;
  }
  return { success: true, step: body.step, brandId: saved.brandId, suggestedPrompts, promptCount: saved.promptCount };
});

/** Brands whose prompts a paid generation is running in this process (a second call would run them twice). */
const generating = new Set<string>();

const snapshotInProgress = () => new HttpError(409, 'SNAPSHOT_IN_PROGRESS', SNAPSHOT_IN_PROGRESS_MESSAGE);

const PENDING_PROMPTS_SQL = `SELECT p.id, p.text FROM prompts p WHERE p.brand_id = $1 AND NOT EXISTS (SELECT 1 FROM runs r WHERE r.brand_id = $1 AND r.prompt_id = p.id)
  ORDER BY p.created_at, p.id`;

/**
 * Which prompts a generation may run, or a refusal. Running prompts is charged to the brand's
 * plan: with an active or trialing one, every prompt of the brand that has not run yet (one
 * generation per brand at a time). Without a plan only the free onboarding snapshot: the user's own
 * onboarding brand, once, claimed in the database so concurrent calls cannot run it twice. A
 * lapsed subscription gets 402.
 */
async function claimGeneration(
  ctx: ServerContext,
  user: AuthUser,
  brand: BrandRow,
): Promise<{ pending: { id: string; text: string }[]; release: () => void }> {
  const governing = await loadPlanUsage(ctx.db, brand.created_by);
  if (governing.active) {
    if (brand.created_by !== user.id) await requireActiveSubscription(ctx.db, user.id);
    if (generating.has(brand.id)) throw snapshotInProgress();
    generating.add(brand.id);
    const release = () => generating.delete(brand.id);
    try {
      return { pending: await ctx.db.query<{ id: string; text: string }>(PENDING_PROMPTS_SQL, [brand.id]), release };
    } catch (error) {
      release();
      throw error;
    }
  }
  if (governing.everSubscribed || brand.created_by !== user.id) assertPlanActive(governing, user.id);
  const now = ctx.now();
  const pending = await withWriteLock(ctx.db, planLockKey(user.id), async (tx) => {
    const progress = await loadProgress(tx, user.id);
    if (progress?.brand_id !== brand.id) throw subscriptionRequired('Choose a plan to run the prompts of this brand.');
    if (progress.snapshot_generated) return [];
    const started = progress.snapshot_started_at ? Date.parse(progress.snapshot_started_at) : null;
    if (started !== null && now.getTime() - started < SNAPSHOT_CLAIM_TTL_MS) throw snapshotInProgress();
    await tx.query(`UPDATE onboarding_progress SET snapshot_started_at = $1 WHERE user_id = $2`, [now.toISOString(), user.id]);
    return (await tx.query<{ id: string; text: string }>(PENDING_PROMPTS_SQL, [brand.id])).slice(0, MAX_ONBOARDING_PROMPTS);
  });
  return { pending, release: () => undefined };
}

/**
 * Runs each of the onboarding brand's prompts that has no answer yet once through the provider
 * registry and ingestion, streaming one NDJSON line per prompt, then marks the snapshot generated.
 * Prompts that already ran are not run again, so a reload does not double the data.
 */
export const generateInsights = defineCall<unknown, { brandId: string }>(
  'onboarding.generate-insights',
  async ({ query, user, ctx, reply }) => {
    const brand = await requireBrandMembership(ctx, user, query.brandId);
    const { pending, release } = await claimGeneration(ctx, user, brand);
    const stream = new PassThrough();
    const write = (line: unknown) => stream.write(JSON.stringify(line) + '\n');
    void (async () => {
      try {
        write({ type: 'start', brandId: brand.id, prompts: pending.length });
        let done = 0;
        for (const p of pending) {
          const results = await runPromptNow(ctx, p.id);
          done++;
          write({
            type: 'prompt',
            prompt: p.text,
            completed: done,
            total: pending.length,
            runs: results.filter((r) => !r.error).length,
            failed: results.filter((r) => r.error).length,
          });
        }
        await ctx.db.query(`UPDATE onboarding_progress SET snapshot_generated = true, updated_at = $1 WHERE user_id = $2`, [
          ctx.now().toISOString(),
          user.id,
        ]);
        write({ type: 'done', snapshotGenerated: true });
      } catch (err) {
        write({ type: 'error', message: 'Error saving data. Please try again.' });
        reply.log.error({ err }, 'generate-insights failed');
      } finally {
        release();
        stream.end();
      }
    })();
    return reply.type('application/x-ndjson; charset=utf-8').header('Cache-Control', 'no-store').send(stream);
  },
);

export const onboardingSnapshot = defineCall<unknown, { brandId: string }>('onboarding.snapshot', async ({ query, user, ctx }) => {
  const brand = await requireBrandMembership(ctx, user, query.brandId);
  return buildSnapshot(ctx.db, brand);
});

export const onboardingCheckoutSession = defineCall('onboarding.checkout-session', async ({ user, ctx }) => {
  const session = await getPaymentProvider().createCheckoutSession(ctx, {
    userId: user.id,
    email: user.email,
    successUrl: '/payment/verify?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: '/onboarding/plans',
  });
  return { clientSecret: session.clientSecret, customerId: session.customerId, sessionId: session.id, url: session.url };
});

export const NO_SESSION_MESSAGE = 'No payment session found. Please try the checkout process again.';
export const NOT_COMPLETED_MESSAGE = 'Payment was not completed. Please try again.';

export const verifyPayment = defineCall<unknown, { session_id?: string }>('onboarding.verify-payment', async ({ query, user, ctx }) => {
  if (!query.session_id) throw new HttpError(400, 'SESSION_ID_REQUIRED', NO_SESSION_MESSAGE);
  const session = await getPaymentProvider().getCheckoutSession(ctx, query.session_id);
  if (!session || session.userId !== user.id) throw new HttpError(404, 'CHECKOUT_SESSION_NOT_FOUND', NO_SESSION_MESSAGE);
  const subscription = await latestSubscription(ctx.db, user.id);
  if (session.status !== 'complete' || !subscription) {
    return { verified: false, subscriptionId: subscription?.id ?? null, status: session.status, message: NOT_COMPLETED_MESSAGE };
  }
  // A paid checkout ends onboarding.
  await ctx.db.query(`UPDATE users SET is_onboarded = true WHERE id = $1`, [user.id]);
  return {
    verified: true,
    subscriptionId: subscription.id,
    status: subscription.status,
    message: subscription.status === 'trialing' ? 'Payment verified. Your 7-day free trial has started.' : 'Payment verified. Your subscription is active.',
  };
});

export const onboardingRoutes = [
  onboardingProgress,
  onboardingSave,
  generateInsights,
  onboardingSnapshot,
  onboardingCheckoutSession,
  verifyPayment,
];
