import type { Db } from '../db/types';
import { slotFailureId, slotRunId } from '../runs/runSlot';
import type { JobQueue } from './queue';
import type { SlotJob } from './slotJob';

function parseList(text: unknown): string[] {
  try {
    const v = JSON.parse(String(text));
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

/** The slot jobs of one prompt: one per provider and country it runs on. */
export async function promptSlotJobs(db: Db, promptId: string, slot: Date): Promise<SlotJob[]> {
  const [prompt] = await db.query<{ providers: string; locations: string }>('SELECT providers, locations FROM prompts WHERE id = $1', [promptId]);
  if (!prompt) return [];
  const at = slot.toISOString();
  return parseList(prompt.providers).flatMap((provider) =>
    parseList(prompt.locations).map((location) => ({ promptId, provider, location, slot: at })),
  );
}

/**
 * The jobs whose slot has neither a stored run nor a stored failure: a scheduler that looks again
 * (every tick until the prompt has run) does not enqueue a slot that already ended, even where the
 * queue no longer holds its job.
 */
async function unfinished(db: Db, promptId: string, jobs: SlotJob[]): Promise<SlotJob[]> {
  if (jobs.length === 0) return jobs;
  const [prompt] = await db.query<{ brand_id: string }>('SELECT brand_id FROM prompts WHERE id = $1', [promptId]);
  if (!prompt) return [];
  const runIds = jobs.map(slotRunId);
  const failureIds = jobs.map(slotFailureId);
  const marks = (ids: string[]) => ids.map((_, i) => `$${i + 2}`).join(', ');
  const done = new Set(
    [
      ...(await db.query<{ id: string }>(`SELECT id FROM runs WHERE brand_id = $1 AND id IN (${marks(runIds)})`, [prompt.brand_id, ...runIds])),
      ...(await db.query<{ id: string }>(`SELECT id FROM failed_runs WHERE brand_id = $1 AND id IN (${marks(failureIds)})`, [prompt.brand_id, ...failureIds])),
    ].map((r) => r.id),
  );
  return jobs.filter((_, i) => !done.has(runIds[i]) && !done.has(failureIds[i]));
}

/** Enqueues a prompt's runs for one slot that have not ended yet; resolves with how many jobs were new. */
export async function enqueuePrompt(db: Db, queue: JobQueue, promptId: string, slot: Date): Promise<number> {
  return queue.enqueue(await unfinished(db, promptId, await promptSlotJobs(db, promptId, slot)));
}
