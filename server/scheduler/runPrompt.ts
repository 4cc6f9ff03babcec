import type { ServerContext } from '../http/context';
import { notFound } from '../http/errors';
import type { ProviderLookup } from '../providers/registry';
import { parseList } from '../routes/prompts/sql';
import type { IngestedRun } from '../runs/ingestRun';
import { runSlot, type RunSlotResult } from '../runs/runSlot';

export type { ProviderLookup } from '../providers/registry';

export interface RunPromptDeps {
  /** Defaults to the provider registry (simulated unless API keys are configured). */
  getProvider?: ProviderLookup;
}

export interface PromptRunResult extends Partial<IngestedRun> {
  provider: string;
  location: string;
  provenance?: RunSlotResult['provenance'];
  /** Set when this provider/location failed; the others still ran. */
  error?: string;
}

/**
 * Runs one prompt now on each of its providers in each of its locations and stores the answers
 * (used by the daily schedule and by "start immediately"), one runSlot per provider/location for
 * the slot of this call. One failing provider does not stop the others; its error is reported in
 * the result.
 */
export async function runPromptNow(ctx: ServerContext, promptId: string, deps: RunPromptDeps = {}): Promise<PromptRunResult[]> {
  const [prompt] = await ctx.db.query<{ id: string; providers: string; locations: string }>(
    'SELECT id, providers, locations FROM prompts WHERE id = $1',
    [promptId],
  );
  if (!prompt) throw notFound('Prompt');
  const slot = ctx.now().toISOString();
  const results: PromptRunResult[] = [];
  for (const provider of parseList(prompt.providers)) {
    for (const location of parseList(prompt.locations)) {
      try {
        const { alreadyStored: _, ...stored } = await runSlot(ctx, { promptId, provider, location, slot }, deps);
        results.push({ provider, location, ...stored });
      } catch (err) {
        results.push({ provider, location, error: err instanceof Error ? err.message : String(err) });
      }
    }
  }
  return results;
}
