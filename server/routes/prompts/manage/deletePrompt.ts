import type { Db } from '../../../db/types';
import { rebuildBrandRollups } from '../../../rollups/rebuild';
import { planLockKey, withWriteLock } from '../../../db/writeLock';
import { defineCall } from '../../../http/call';
import { requireBrandEditAccess } from '../../access';
import { loadAccessiblePrompt } from '../promptRecord';

/** Removes a prompt and every fact recorded for it, in `db`'s transaction or a new one. */
export async function deletePromptData(db: Db, promptId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [owner] = await tx.query<{ brand_id: string }>('SELECT brand_id FROM prompts WHERE id = $1', [promptId]);
    // Facts are found by their brand too: on Citus that keeps each delete on the brand's shard.
    if (owner) {
      for (const table of ['citations', 'mentions', 'runs', 'failed_runs']) {
        await tx.query(`DELETE FROM ${table} WHERE brand_id = $1 AND prompt_id = $2`, [owner.brand_id, promptId]);
      }
    }
    await tx.query(`DELETE FROM prompts WHERE id = $1`, [promptId]);
    if (owner) await rebuildBrandRollups(tx, owner.brand_id);
  });
}

/**
 * Deleting frees the prompt's slot in the governing plan, which is what the plan-limit copy tells
 * users to do; it runs under the plan's write lock so a concurrent creation sees the freed slot or not
 * at all, never half of it.
 */
export const deletePrompt = defineCall<unknown, unknown, { id: string }>('prompts.delete', async ({ params, user, ctx }) => {
  const { prompt, brand } = await loadAccessiblePrompt(ctx, user, params.id);
  // A viewer of a shared brand reads it only: 403 like every other prompt write.
  await requireBrandEditAccess(ctx, user, brand.id);
  await withWriteLock(ctx.db, planLockKey(brand.created_by), (tx) => deletePromptData(tx, prompt.id));
  return { success: true, message: 'Prompt deleted.', id: prompt.id };
});
