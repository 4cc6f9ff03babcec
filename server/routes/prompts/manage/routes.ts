import { randomUUID } from 'node:crypto';
import { sqlTimestamp } from '../../../db/csv';
import { planLockKey, withWriteLock } from '../../../db/writeLock';
import { defineCall } from '../../../http/call';
import { requireBrandEditAccess } from '../../access';
import { assertCanCreate, assertCanStartOrRelocate, assertPlanActive, assertScheduleWithinPlan, loadPlanUsage } from '../planLimits';
import { findPrompt, loadAccessiblePrompt, promptDetail, promptNotFound } from '../promptRecord';
import { frequencyToCron } from './frequency';
import { cleanLocations, cleanPromptText, cleanProviders } from './promptInput';
import { startPromptRunNow } from './runNow';

interface CreateBody {
  prompt: string;
  frequency?: string;
  providers: string[];
  state?: 'active' | 'inactive';
  location: string[];
  startImmediately?: boolean;
  brandId: string;
}

interface UpdateBody {
  frequency?: string;
  providers?: string[];
  location?: string[];
  state?: 'active' | 'inactive';
}

/** Background immediate runs started by create, so tests and shutdown can wait for them. */
export const pendingImmediateRuns = new Set<Promise<void>>();

export const createPrompt = defineCall<CreateBody>('prompts.create', async ({ body, user, ctx, reply }) => {
  // viewers of a shared brand read it; owners and editors change it
  const brand = await requireBrandEditAccess(ctx, user, body.brandId);
  const text = cleanPromptText(body.prompt);
  const providers = cleanProviders(body.providers);
  const locations = cleanLocations(body.location);
  const cron = frequencyToCron(body.frequency);
  const state = body.state ?? 'active';
  const id = `prm_${randomUUID().replace(/-/g, '')}`;
  const now = sqlTimestamp(ctx.now());
  // Check and insert under the plan's write lock, so concurrent creations cannot pass the limit.
  await withWriteLock(ctx.db, planLockKey(brand.created_by), async (tx) => {
    const usage = await loadPlanUsage(tx, brand.created_by);
    assertPlanActive(usage, user.id);
    assertScheduleWithinPlan(usage, { providers, cron });
    assertCanCreate(usage, locations);
    await tx.query(
      `INSERT INTO prompts (id, brand_id, text, frequency_cron, providers, locations, state, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, CAST($8 AS TIMESTAMP), CAST($8 AS TIMESTAMP))`,
      [id, brand.id, text, cron, JSON.stringify(providers), JSON.stringify(locations), state, now],
    );
  });
  if (body.startImmediately) {
    const run = startPromptRunNow(ctx, id);
    pendingImmediateRuns.add(run);
    void run.finally(() => pendingImmediateRuns.delete(run));
  }
  const created = await findPrompt(ctx.db, id);
  if (!created) throw promptNotFound(id);
  reply.code(201);
  return promptDetail(ctx.db, created);
});

export const getPrompt = defineCall<unknown, unknown, { id: string }>('prompts.get', async ({ params, user, ctx }) => {
  const { prompt } = await loadAccessiblePrompt(ctx, user, params.id);
  return promptDetail(ctx.db, prompt);
});

/** Only `state: 'inactive'`: stopping costs nothing, so it needs no plan check. */
function onlyStops(body: UpdateBody): boolean {
  return body.state === 'inactive' && body.frequency === undefined && body.providers === undefined && body.location === undefined;
}

export const updatePrompt = defineCall<UpdateBody, unknown, { id: string }>(
  'prompts.update',
  async ({ body, params, user, ctx }) => {
    const { prompt: before, brand } = await loadAccessiblePrompt(ctx, user, params.id);
    await requireBrandEditAccess(ctx, user, brand.id);
    const newProviders = body.providers !== undefined ? cleanProviders(body.providers) : undefined;
    const newLocations = body.location !== undefined ? cleanLocations(body.location) : undefined;
    const newCron = body.frequency !== undefined ? frequencyToCron(body.frequency) : undefined;
    // The check and the write share the plan's write lock; the stored prompt is read again inside
    // it so two concurrent edits of different fields both land.
    await withWriteLock(ctx.db, planLockKey(brand.created_by), async (tx) => {
      const prompt = await findPrompt(tx, before.id);
      if (!prompt) throw promptNotFound(before.id);
      const providers = newProviders ?? prompt.providers;
      const locations = newLocations ?? prompt.locations;
      const cron = newCron ?? prompt.frequencyCron;
      const state = body.state ?? prompt.state;
      if (!onlyStops(body)) {
        const usage = await loadPlanUsage(tx, brand.created_by);
        assertPlanActive(usage, user.id);
        const starting = prompt.state !== 'active' && state === 'active';
        if (starting || newProviders || newCron) assertScheduleWithinPlan(usage, { providers, cron });
        assertCanStartOrRelocate(usage, {
          starting,
          addedLocations: locations.filter((code) => !usage.locations.has(code)),
        });
      }
      await tx.query(
        `UPDATE prompts SET frequency_cron = $1, providers = $2, locations = $3, state = $4, updated_at = CAST($5 AS TIMESTAMP)
          WHERE id = $6`,
        [cron, JSON.stringify(providers), JSON.stringify(locations), state, sqlTimestamp(ctx.now()), prompt.id],
      );
    });
    const updated = await findPrompt(ctx.db, before.id);
    if (!updated) throw promptNotFound(before.id);
    return promptDetail(ctx.db, updated);
  },
);

export const manageRoutes = [createPrompt, getPrompt, updatePrompt];
