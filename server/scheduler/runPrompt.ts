import type { ServerContext } from '../http/context';
import { notFound } from '../http/errors';
import type { AnswerProvider } from '../providers/provider';
import { getProvider as registryLookup } from '../providers/registry';
import { ingestRun, type IngestedRun } from '../runs/ingestRun';
import { loadTrackedEntities } from '../runs/tracked';

export type ProviderLookup = (id: string) => AnswerProvider;

export interface RunPromptDeps {
  /** Defaults to the provider registry (simulated unless API keys are configured). */
  getProvider?: ProviderLookup;
}

export interface PromptRunResult extends Partial<IngestedRun> {
  provider: string;
  location: string;
  /** Set when this provider/location failed; the others still ran. */
  error?: string;
}

function parseList(text: unknown): string[] {
  try {
    const v = JSON.parse(String(text));
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

/**
 * Runs one prompt now on each of its providers in each of its locations and stores the answers
 * (used by the daily schedule and by "start immediately"). One failing provider does not stop
 * the others; its error is reported in the result.
 */
export async function runPromptNow(ctx: ServerContext, promptId: string, deps: RunPromptDeps = {}): Promise<PromptRunResult[]> {
  const [prompt] = await ctx.db.query<{ id: string; brand_id: string; text: string; providers: string; locations: string }>(
    'SELECT id, brand_id, text, providers, locations FROM prompts WHERE id = $1',
    [promptId],
  );
  if (!prompt) throw notFound('Prompt');
  const getProvider = deps.getProvider ?? registryLookup;
  const tracked = await loadTrackedEntities(ctx.db, prompt.brand_id);
  const [brand, ...competitors] = tracked;
  const context = brand ? { brandName: brand.name, competitors: competitors.map((c) => c.name) } : undefined;
  const results: PromptRunResult[] = [];
  for (const provider of parseList(prompt.providers)) {
    for (const location of parseList(prompt.locations)) {
      try {
        const at = ctx.now();
        const answer = await getProvider(provider).answer({ promptText: prompt.text, provider, location, at, context });
        const stored = await ingestRun(
          ctx.db,
          { brandId: prompt.brand_id, promptId: prompt.id, provider, location, createdAt: at, answer },
          tracked,
        );
        results.push({ provider, location, ...stored });
      } catch (err) {
        results.push({ provider, location, error: err instanceof Error ? err.message : String(err) });
      }
    }
  }
  return results;
}
