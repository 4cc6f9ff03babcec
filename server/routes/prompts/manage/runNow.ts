import type { ServerContext } from '../../../http/context';
import { enqueuePrompt } from '../../../jobs/enqueue';
import { runPromptNow } from '../../../scheduler/index';

/**
 * Starts the prompt's first runs (every provider × location): one-off jobs on the job queue (slot
 * = now), which workers run within the providers' limits, retrying failures; without a queue
 * (tests, tools) in the background here. Either way the create call answers at once.
 */
export async function startPromptRunNow(ctx: ServerContext, promptId: string): Promise<void> {
  try {
    if (ctx.jobs) {
      await enqueuePrompt(ctx.db, ctx.jobs, promptId, ctx.now());
      return;
    }
    const results = await runPromptNow(ctx, promptId);
    const failed = results.filter((r) => r.error);
    if (failed.length > 0) console.error(`Immediate run of prompt ${promptId}: ${failed.length} of ${results.length} runs failed`);
  } catch (error) {
    console.error(`Immediate run of prompt ${promptId} failed`, error);
  }
}
