/**
 * One scheduled run: a prompt on one provider in one country for one slot (the scheduled instant,
 * or the request instant of a one-off run). Its key names it uniquely, so however many workers,
 * restarts and enqueues there are, a slot runs once.
 */
export interface SlotJob {
  promptId: string;
  provider: string;
  location: string;
  /** ISO-8601 UTC instant */
  slot: string;
}

/** `prompt:provider:location:slot`, the job's singleton key. */
export function slotKey(job: SlotJob): string {
  return `${job.promptId}:${job.provider}:${job.location}:${new Date(job.slot).toISOString()}`;
}

/** A job payload as stored, checked field by field: a malformed row never reaches a handler. */
export function readSlotJob(data: unknown): SlotJob | null {
  if (!data || typeof data !== 'object') return null;
  const { promptId, provider, location, slot } = data as Record<string, unknown>;
  if (typeof promptId !== 'string' || typeof provider !== 'string' || typeof location !== 'string') return null;
  if (typeof slot !== 'string' || Number.isNaN(Date.parse(slot))) return null;
  return { promptId, provider, location, slot: new Date(slot).toISOString() };
}
