import type { ServerContext } from '../../../http/context';
import { runPromptNow } from '../../../scheduler/index';

/**
 * Starts the prompt's first runs (every provider × location) in the background: real providers
 * can take many seconds per answer, so the create call answers at once and the runs land as they
 * finish. Failures are logged; the schedule runs the prompt again anyway.
 */
export async function startPromptRunNow(ctx: ServerContext, promptId: string): Promise<void> {
  try {
    const results = await runPromptNow(ctx, promptId);
    const failed = results.filter((r) => r.error);
    if (failed.length > 0) console.error(`Immediate run of prompt ${promptId}: ${failed.length} of ${results.length} runs failed`);
  } catch (error) {
    console.error(`Immediate run of prompt ${promptId} failed`, error);
  }
}
