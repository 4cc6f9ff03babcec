import type { ServerContext } from '../http/context';
import { toProviderError } from '../providers/errors';
import { registryFor, type ProviderLookup } from '../providers/registry';
import { recordFailedRun, runSlot } from '../runs/runSlot';
import type { SlotRunner } from './slotHandler';

/**
 * The production runner: a slot's run goes through runSlot, which stores it under an id derived
 * from the slot, so a job that runs again after a worker died mid-way stores nothing twice.
 */
export function storingSlotRunner(ctx: ServerContext, deps: { getProvider?: ProviderLookup } = {}): SlotRunner {
  // The server's configured providers; runSlot falls back to the environment's.
  const getProvider = deps.getProvider ?? (ctx.config.providers ? registryFor(ctx.config.providers) : undefined);
  return {
    async brandOf(promptId) {
      const [row] = await ctx.db.query<{ brand_id: string }>('SELECT brand_id FROM prompts WHERE id = $1', [promptId]);
      return row?.brand_id ?? null;
    },
    async run(job, signal) {
      const result = await runSlot(ctx, job, { getProvider, signal });
      const { inputTokens, outputTokens } = result.provenance;
      return { runId: result.runId, tokens: inputTokens == null && outputTokens == null ? null : (inputTokens ?? 0) + (outputTokens ?? 0) };
    },
    async recordFailure(job, err, attempts) {
      await recordFailedRun(ctx, job, toProviderError(err, job.provider), attempts);
    },
  };
}
