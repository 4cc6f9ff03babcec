import type { Db } from '../../../db/types';
import { competitorsLockKey, withWriteLock } from '../../../db/writeLock';
import { HttpError, badRequest } from '../../../http/errors';
import type { BrandRow } from '../../access';
import { ownEntityKey } from '../shared/tracked';

/** A tracked competitor as the create/update/delete calls answer it. */
export interface CompetitorRecord {
  brandId: string;
  competitorName: string;
  createdAt: string;
}

/**
 * Competitors one brand may track. Every answer is matched against each tracked name, and the
 * competitor table and comparison pick-lists list them all, so the list is bounded (the Add Brand
 * wizard's finalize call accepts at most this many names too).
 */
export const MAX_COMPETITORS_PER_BRAND = 50;

export const competitorLimitMessage = () =>
  `A brand can track at most ${MAX_COMPETITORS_PER_BRAND} competitors. Remove one before adding another.`;

/** Names are compared trimmed and case-insensitively (competitors.name_key = lower(name)). */
export function competitorKey(name: string): string {
  return name.trim().toLowerCase();
}

function cleanName(name: string, field: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed === '') throw badRequest('A competitor name is required', { field });
  if (trimmed.length > 200) throw badRequest('A competitor name is at most 200 characters', { field });
  return trimmed;
}

const alreadyTracked = (name: string) =>
  new HttpError(409, 'COMPETITOR_EXISTS', `${name} is already tracked as a competitor`);
const isOwnBrand = (name: string) =>
  new HttpError(409, 'COMPETITOR_IS_OWN_BRAND', `${name} is your own brand and cannot be tracked as a competitor`);
const unknownCompetitor = (name: string) =>
  new HttpError(404, 'COMPETITOR_NOT_FOUND', `Competitor ${name} not found`);

async function findCompetitor(db: Db, brandId: string, key: string) {
  const rows = await db.query<{ name: string; created_at: string }>(
    'SELECT name, created_at FROM competitors WHERE brand_id = $1 AND name_key = $2',
    [brandId, key],
  );
  return rows[0] ?? null;
}

export async function createCompetitor(db: Db, brand: BrandRow, rawName: string, now: Date): Promise<CompetitorRecord> {
  const name = cleanName(rawName, 'competitorName');
  const key = competitorKey(name);
  if (key === ownEntityKey(brand)) throw isOwnBrand(name);
  // The count check and the insert share the brand's competitor lock, so racing adds cannot pass the bound.
  return withWriteLock(db, competitorsLockKey(brand.id), async (tx) => {
    const existing = await findCompetitor(tx, brand.id, key);
    if (existing) throw alreadyTracked(existing.name);
    const [{ n }] = await tx.query<{ n: number }>('SELECT COUNT(*) AS n FROM competitors WHERE brand_id = $1', [brand.id]);
    if (Number(n) >= MAX_COMPETITORS_PER_BRAND) {
      throw new HttpError(409, 'COMPETITOR_LIMIT', competitorLimitMessage(), { maxCompetitors: MAX_COMPETITORS_PER_BRAND });
    }
    await tx.query(
      'INSERT INTO competitors (brand_id, name, name_key, aliases, created_at) VALUES ($1, $2, $3, NULL, $4)',
      [brand.id, name, key, now],
    );
    return { brandId: brand.id, competitorName: name, createdAt: now.toISOString() };
  });
}

/** Renames in place (a change of letter case only is allowed); the history follows the new name's key. */
export async function renameCompetitor(
  db: Db,
  brand: BrandRow,
  rawOld: string,
  rawNew: string,
): Promise<CompetitorRecord> {
  const oldKey = competitorKey(rawOld);
  const name = cleanName(rawNew, 'newCompetitorName');
  const newKey = competitorKey(name);
  if (newKey === ownEntityKey(brand)) throw isOwnBrand(name);
  return withWriteLock(db, competitorsLockKey(brand.id), async (tx) => {
    // The new name taken answers first: a rename another request just made (old gone, new there) is a 409.
    if (newKey !== oldKey) {
      const clash = await findCompetitor(tx, brand.id, newKey);
      if (clash) throw alreadyTracked(clash.name);
    }
    const existing = await findCompetitor(tx, brand.id, oldKey);
    if (!existing) throw unknownCompetitor(rawOld.trim());
    if (newKey === oldKey) {
      await tx.query('UPDATE competitors SET name = $1 WHERE brand_id = $2 AND name_key = $3', [name, brand.id, oldKey]);
    } else {
      // Delete + insert rather than updating the key column: DuckDB rewrites key updates that way anyway.
      await tx.query(
        `INSERT INTO competitors (brand_id, name, name_key, aliases, created_at)
         SELECT brand_id, $1, $2, aliases, created_at FROM competitors WHERE brand_id = $3 AND name_key = $4`,
        [name, newKey, brand.id, oldKey],
      );
      await tx.query('DELETE FROM competitors WHERE brand_id = $1 AND name_key = $2', [brand.id, oldKey]);
    }
    return { brandId: brand.id, competitorName: name, createdAt: new Date(existing.created_at).toISOString() };
  });
}

export async function deleteCompetitor(db: Db, brand: BrandRow, rawName: string): Promise<CompetitorRecord> {
  const key = competitorKey(rawName);
  return withWriteLock(db, competitorsLockKey(brand.id), async (tx) => {
    const existing = await findCompetitor(tx, brand.id, key);
    if (!existing) throw unknownCompetitor(rawName.trim());
    await tx.query('DELETE FROM competitors WHERE brand_id = $1 AND name_key = $2', [brand.id, key]);
    return { brandId: brand.id, competitorName: existing.name, createdAt: new Date(existing.created_at).toISOString() };
  });
}
