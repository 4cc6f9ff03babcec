import type { Db } from '../db/types';
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

/** Enqueues a prompt's runs for one slot; resolves with how many jobs were new (0 when all were queued or done). */
export async function enqueuePrompt(db: Db, queue: JobQueue, promptId: string, slot: Date): Promise<number> {
  return queue.enqueue(await promptSlotJobs(db, promptId, slot));
}
