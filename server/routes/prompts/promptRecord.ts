import type { Db } from '../../db/types';
import type { AuthUser } from '../../http/call';
import type { ServerContext } from '../../http/context';
import { HttpError } from '../../http/errors';
import { requirePromptAccess, type BrandRow } from '../access';
import { iso, parseList } from './sql';

/** A row of `prompts`, lists parsed. */
export interface PromptRecord {
  id: string;
  brandId: string;
  text: string;
  frequencyCron: string;
  providers: string[];
  locations: string[];
  state: 'active' | 'inactive';
  createdAt: string;
  updatedAt: string;
}

export const promptNotFound = (id: string) =>
  new HttpError(404, 'PROMPT_NOT_FOUND', `No prompt found with ID: ${id}`);

export async function findPrompt(db: Db, id: string): Promise<PromptRecord | null> {
  const rows = await db.query(
    `SELECT id, brand_id, text, frequency_cron, providers, locations, state, created_at, updated_at
       FROM prompts WHERE id = $1`,
    [id],
  );
  return rows[0] ? toPromptRecord(rows[0]) : null;
}

export function toPromptRecord(row: Record<string, unknown>): PromptRecord {
  return {
    id: String(row.id),
    brandId: String(row.brand_id),
    text: String(row.text),
    frequencyCron: String(row.frequency_cron),
    providers: parseList(row.providers),
    locations: parseList(row.locations),
    state: row.state === 'active' ? 'active' : 'inactive',
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** A prompt as its detail page shows it (text, state, schedule, locations) plus the ids and providers the edit dialog needs. */
export interface PromptDetail {
  id: string;
  brandId: string;
  prompt: string;
  state: 'active' | 'inactive';
  providers: string[];
  monitoringCount: number;
  updatedAt: string;
  frequencyCron: string;
  runLocation: string[];
}

export async function promptDetail(db: Db, prompt: PromptRecord): Promise<PromptDetail> {
  const rows = await db.query<{ n: number }>(
    'SELECT COUNT(*) AS n FROM runs WHERE brand_id = $1 AND prompt_id = $2',
    [prompt.brandId, prompt.id],
  );
  return {
    id: prompt.id,
    brandId: prompt.brandId,
    prompt: prompt.text,
    state: prompt.state,
    providers: prompt.providers,
    monitoringCount: Number(rows[0]?.n ?? 0),
    updatedAt: prompt.updatedAt,
    frequencyCron: prompt.frequencyCron,
    runLocation: prompt.locations,
  };
}

/** The brand's own entity key in `mentions` (lower-case name). */
export async function brandEntity(db: Db, brandId: string): Promise<{ name: string; entity: string }> {
  const rows = await db.query<{ name: string }>('SELECT name FROM brands WHERE id = $1', [brandId]);
  const name = String(rows[0]?.name ?? '');
  return { name, entity: name.toLowerCase() };
}

/** The prompt (404 PROMPT_NOT_FOUND unless the user is a member of its brand) and its brand. */
export async function loadAccessiblePrompt(
  ctx: ServerContext,
  user: AuthUser,
  promptId: string,
): Promise<{ prompt: PromptRecord; brand: BrandRow }> {
  const row = await requirePromptAccess(ctx, user, promptId);
  return { prompt: toPromptRecord(row as unknown as Record<string, unknown>), brand: row.brand };
}
