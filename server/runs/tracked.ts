import type { Db } from '../db/types';
import type { TrackedEntity } from '../ingest/index';

function parseAliases(text: unknown): string[] {
  if (typeof text !== 'string' || !text) return [];
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The names an answer is matched against for a brand: the brand itself first, then its competitors. */
export async function loadTrackedEntities(db: Db, brandId: string): Promise<TrackedEntity[]> {
  const brands = await db.query<{ name: string; aliases: string | null }>('SELECT name, aliases FROM brands WHERE id = $1', [brandId]);
  if (brands.length === 0) return [];
  const competitors = await db.query<{ name: string; aliases: string | null }>(
    'SELECT name, aliases FROM competitors WHERE brand_id = $1 ORDER BY created_at, name_key',
    [brandId],
  );
  return [brands[0], ...competitors].map((r) => ({ name: r.name, aliases: parseAliases(r.aliases) }));
}
