import type { Db } from '../../../db/types';
import type { BrandRow } from '../../access';

/** A brand the user tracks, as mentions name it: entity is the lower-case key stored in mentions.entity. */
export interface TrackedEntity {
  entity: string;
  name: string;
  isOwn: boolean;
}

/** The own brand's key in mentions.entity. */
export function ownEntityKey(brand: Pick<BrandRow, 'name'>): string {
  return brand.name.trim().toLowerCase();
}

export interface CompetitorNameRow {
  name: string;
  name_key: string;
}

export function loadCompetitorNames(db: Db, brandId: string): Promise<CompetitorNameRow[]> {
  return db.query<CompetitorNameRow>('SELECT name, name_key FROM competitors WHERE brand_id = $1 ORDER BY name_key', [brandId]);
}

/**
 * Own brand first, then competitors by name. Resolved at query time (never stored on facts), so a
 * newly tracked competitor shows its whole history. A competitor with the own brand's key is skipped.
 */
export function trackedFrom(brand: BrandRow, competitors: CompetitorNameRow[]): TrackedEntity[] {
  const own: TrackedEntity = { entity: ownEntityKey(brand), name: brand.name, isOwn: true };
  return [
    own,
    ...competitors.filter((r) => r.name_key !== own.entity).map((r) => ({ entity: r.name_key, name: r.name, isOwn: false })),
  ];
}

export async function loadTracked(db: Db, brand: BrandRow): Promise<TrackedEntity[]> {
  return trackedFrom(brand, await loadCompetitorNames(db, brand.id));
}
