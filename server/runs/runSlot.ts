import { createHash } from 'node:crypto';
import type { ServerContext } from '../http/context';
import { notFound } from '../http/errors';
import { ProviderError, toProviderError } from '../providers/errors';
import type { RunProvenance } from '../providers/provider';
import { getProvider as environmentLookup, registryFor, type ProviderLookup } from '../providers/registry';
import { ingestRun, type IngestedRun } from './ingestRun';
import { loadTrackedEntities } from './tracked';

/** One unit of collection work: one prompt on one provider from one country, for one slot. */
export interface RunSlot {
  promptId: string;
  provider: string;
  location: string;
  /** ISO instant the run belongs to: the scheduled slot, or the request time for a one-off run. */
  slot: string;
}

export interface RunSlotResult extends IngestedRun {
  provenance: RunProvenance;
  /** true when this slot had already been stored (a repeated job): nothing was asked or written. */
  alreadyStored: boolean;
}

export interface RunSlotDeps {
  /** Defaults to the provider registry (real adapters when keyed, simulated otherwise). */
  getProvider?: ProviderLookup;
  signal?: AbortSignal;
}

/**
 * The id a slot's run is stored under: the same slot always maps to the same id, so a job that
 * runs twice (a worker killed after storing, a duplicate delivery) stores one run, not two.
 */
export function slotRunId(slot: RunSlot): string {
  const key = [slot.promptId, slot.provider, slot.location.toUpperCase(), new Date(slot.slot).toISOString()].join('|');
  return `run_${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
}

/** The id a slot's failure is stored under; one row per slot however often it is recorded. */
export function slotFailureId(slot: RunSlot): string {
  return `frn_${slotRunId(slot).slice('run_'.length)}`;
}

interface PromptRow {
  id: string;
  brand_id: string;
  text: string;
}

async function loadPrompt(ctx: ServerContext, promptId: string): Promise<PromptRow> {
  const [prompt] = await ctx.db.query<PromptRow>('SELECT id, brand_id, text FROM prompts WHERE id = $1', [promptId]);
  if (!prompt) throw notFound('Prompt');
  return prompt;
}

interface StoredRunRow {
  id: string;
  named_count: number;
  model: string | null;
  is_real: boolean | null;
  web_search: boolean | null;
  requested_country: string | null;
  location: string;
  latency_ms: number | null;
  input_tokens: number | null;
  output_tokens: number | null;
  cost_usd: number | null;
}

async function storedRun(ctx: ServerContext, brandId: string, runId: string): Promise<RunSlotResult | null> {
  const [run] = await ctx.db.query<StoredRunRow>(
    `SELECT id, named_count, model, is_real, web_search, requested_country, location, latency_ms, input_tokens, output_tokens, cost_usd
     FROM runs WHERE brand_id = $1 AND id = $2`,
    [brandId, runId],
  );
  if (!run) return null;
  const [counts] = await ctx.db.query<{ mentions: number; citations: number }>(
    `SELECT (SELECT count(*) FROM mentions WHERE brand_id = $1 AND run_id = $2) AS mentions,
            (SELECT count(*) FROM citations WHERE brand_id = $1 AND run_id = $2) AS citations`,
    [brandId, runId],
  );
  return {
    runId,
    mentions: Number(counts.mentions),
    citations: Number(counts.citations),
    namedCount: Number(run.named_count),
    provenance: {
      model: run.model,
      real: Boolean(run.is_real),
      webSearch: Boolean(run.web_search),
      requestedCountry: run.requested_country ?? run.location,
      latencyMs: Number(run.latency_ms ?? 0),
      inputTokens: run.input_tokens == null ? null : Number(run.input_tokens),
      outputTokens: run.output_tokens == null ? null : Number(run.output_tokens),
      costUsd: run.cost_usd == null ? null : Number(run.cost_usd),
    },
    alreadyStored: true,
  };
}

/**
 * Asks the provider for one slot and stores the answer with its provenance through ingestion
 * (mentions, citations, rollups in one transaction). A provider failure throws a ProviderError and
 * stores nothing; the caller decides whether to retry and records the failure after its last try
 * (recordFailedRun). A prompt that no longer exists throws a 404 HttpError (not worth retrying).
 * Database errors propagate as they are.
 */
export async function runSlot(ctx: ServerContext, slot: RunSlot, deps: RunSlotDeps = {}): Promise<RunSlotResult> {
  const prompt = await loadPrompt(ctx, slot.promptId);
  const runId = slotRunId(slot);
  const existing = await storedRun(ctx, prompt.brand_id, runId);
  if (existing) return existing;

  const lookup = deps.getProvider ?? (ctx.config.providers ? registryFor(ctx.config.providers) : environmentLookup);
  const tracked = await loadTrackedEntities(ctx.db, prompt.brand_id);
  const [brand, ...competitors] = tracked;
  const context = brand ? { brandName: brand.name, competitors: competitors.map((c) => c.name) } : undefined;
  const at = ctx.now();
  let answer;
  try {
    const provider = lookup(slot.provider);
    answer = await provider.answer({ promptText: prompt.text, provider: slot.provider, location: slot.location, at, context, signal: deps.signal });
  } catch (err) {
    throw toProviderError(err, slot.provider);
  }
  try {
    const stored = await ingestRun(
      ctx.db,
      { id: runId, brandId: prompt.brand_id, promptId: prompt.id, provider: slot.provider, location: slot.location, createdAt: at, answer },
      tracked,
    );
    return { ...stored, provenance: answer.provenance, alreadyStored: false };
  } catch (err) {
    // Another worker stored the same slot meanwhile: its run stands, this answer is dropped.
    const raced = await storedRun(ctx, prompt.brand_id, runId);
    if (raced) return raced;
    throw err;
  }
}

/**
 * Stores a slot that failed after its last try, so the failure shows on Prompt detail. Recording
 * the same slot again updates its row (latest error, attempts) rather than adding another.
 */
export async function recordFailedRun(ctx: ServerContext, slot: RunSlot, err: ProviderError, attempts: number): Promise<void> {
  const prompt = await loadPrompt(ctx, slot.promptId);
  const id = slotFailureId(slot);
  const error = err instanceof ProviderError ? err : toProviderError(err, slot.provider);
  await ctx.db.transaction(async (tx) => {
    await tx.query('DELETE FROM failed_runs WHERE brand_id = $1 AND id = $2', [prompt.brand_id, id]);
    await tx.query(
      `INSERT INTO failed_runs (brand_id, id, prompt_id, provider, location, slot, error_class, message, attempts, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [prompt.brand_id, id, prompt.id, slot.provider, slot.location, new Date(slot.slot), error.errorClass, error.message.slice(0, 1000), attempts, ctx.now()],
    );
  });
}
