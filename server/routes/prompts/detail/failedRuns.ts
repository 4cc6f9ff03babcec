import type { Db } from '../../../db/types';
import type { PromptRecord } from '../promptRecord';
import { SqlParams, iso } from '../sql';

/** A slot of the prompt that failed after its last try: nothing was stored for it but this. */
export interface FailedPromptRun {
  id: string;
  provider: string;
  runLocation: string;
  /** the slot the run belonged to */
  slot: string;
  errorClass: string;
  message: string;
  attempts: number;
  /** when the failure was recorded */
  createdAt: string;
}

/** The prompt's failed runs in the given locations, newest first, at most `limit`. */
export async function loadFailedRuns(db: Db, prompt: PromptRecord, locations: string[] | null, limit: number): Promise<FailedPromptRun[]> {
  const p = new SqlParams();
  const rows = await db.query(
    `SELECT f.id, f.provider, f.location, f.slot, f.error_class, f.message, f.attempts, f.created_at
       FROM failed_runs f
      WHERE f.brand_id = ${p.add(prompt.brandId)} AND f.prompt_id = ${p.add(prompt.id)} AND ${p.in('f.location', locations)}
      ORDER BY f.created_at DESC, f.id DESC
      LIMIT ${p.add(limit)}`,
    p.values,
  );
  return rows.map((r) => ({
    id: String(r.id),
    provider: String(r.provider),
    runLocation: String(r.location),
    slot: iso(r.slot),
    errorClass: String(r.error_class),
    message: String(r.message),
    attempts: Number(r.attempts),
    createdAt: iso(r.created_at),
  }));
}
