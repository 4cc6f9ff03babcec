import type { Db } from '../../../db/types';
import { SqlParams, num, round2 } from '../sql';
import type { PromptRecord } from '../promptRecord';
import type { Window } from '../windows';
import { DEFAULT_MIN_SAMPLE, rateChangeStats, rateStats, type ChangeStats, type EstimateStats } from '../../../stats';

/** One entity's share of voice in a prompt's answers (one provider or All), with its change against the previous window. */
export interface PromptShareOfVoiceRow {
  entityName: string;
  entityType: 'Brand' | 'Competitor' | 'other';
  provider: string;
  currentSov: number;
  currentMentions: number;
  deltaMentions: number;
  sovChange: number;
  mentionsChange: number | null;
  /** currentSov: n = mentions of tracked brands in the row's provider group. */
  currentSovStats: EstimateStats;
  /** sovChange (points). */
  sovChangeStats: ChangeStats;
}

export interface TrackedName {
  entity: string;
  name: string;
  isOwn: boolean;
}

/** Own brand first, then tracked competitors by key. */
export async function loadTrackedNames(db: Db, brand: { id: string; name: string }): Promise<TrackedName[]> {
  const own = { entity: brand.name.trim().toLowerCase(), name: brand.name, isOwn: true };
  const rows = await db.query('SELECT name, name_key FROM competitors WHERE brand_id = $1 ORDER BY name_key', [brand.id]);
  return [
    own,
    ...rows.filter((r) => r.name_key !== own.entity).map((r) => ({ entity: String(r.name_key), name: String(r.name), isOwn: false })),
  ];
}

interface Count {
  current: number;
  previous: number;
}

/**
 * Share of voice of the tracked brands (own + competitors) in the prompt's answers: an entity's
 * mentions ÷ mentions of all tracked brands, within each provider group. Groups: 'All' plus one per
 * provider when `provider` is null; only that provider's group otherwise. Each group's currentSov
 * sums to 100 (when it has mentions). Rows: own brand always, competitors with mentions in either
 * window; sorted by currentSov, then mentions, then name.
 */
export async function loadPromptShareOfVoice(
  db: Db,
  prompt: PromptRecord,
  tracked: TrackedName[],
  current: Window,
  delta: Window,
  locations: string[] | null,
  provider: string | null,
  minSample = DEFAULT_MIN_SAMPLE,
): Promise<PromptShareOfVoiceRow[]> {
  const p = new SqlParams();
  const brand = p.add(prompt.brandId);
  const id = p.add(prompt.id);
  const cs = p.time(current.start);
  const ce = p.time(current.end);
  const ps = p.time(delta.start);
  const pe = p.time(delta.end);
  // One covering range (zone-map pruning on DuckDB); the FILTERs split it into the windows.
  const from = p.time(new Date(Math.min(current.start.getTime(), delta.start.getTime())));
  const to = p.time(new Date(Math.max(current.end.getTime(), delta.end.getTime())));
  const entityFilter = p.in('m.entity', tracked.map((t) => t.entity));
  const locationFilter = p.in('m.location', locations);
  const providerFilter = p.in('m.provider', provider ? [provider] : null);
  const rows = await db.query(
    `SELECT m.entity, m.provider,
            COUNT(*) FILTER (WHERE m.created_at >= ${cs} AND m.created_at < ${ce}) AS current,
            COUNT(*) FILTER (WHERE m.created_at >= ${ps} AND m.created_at < ${pe}) AS previous
       FROM mentions m
      WHERE m.brand_id = ${brand} AND m.prompt_id = ${id}
        AND m.created_at >= ${from} AND m.created_at < ${to}
        AND ${entityFilter} AND ${locationFilter} AND ${providerFilter}
      GROUP BY m.entity, m.provider`,
    p.values,
  );
  // group -> entity -> counts
  const groups = new Map<string, Map<string, Count>>();
  const add = (group: string, entity: string, current: number, previous: number) => {
    const byEntity = groups.get(group) ?? new Map<string, Count>();
    const count = byEntity.get(entity) ?? { current: 0, previous: 0 };
    count.current += current;
    count.previous += previous;
    byEntity.set(entity, count);
    groups.set(group, byEntity);
  };
  if (!provider) groups.set('All', new Map());
  for (const row of rows) {
    const entity = String(row.entity);
    const current = num(row.current);
    const previous = num(row.previous);
    if (!provider) add('All', entity, current, previous);
    add(String(row.provider), entity, current, previous);
  }
  if (provider && !groups.has(provider)) groups.set(provider, new Map());

  const order = [...groups.keys()].sort((a, b) => (a === 'All' ? -1 : b === 'All' ? 1 : a.localeCompare(b)));
  const out: PromptShareOfVoiceRow[] = [];
  for (const group of order) {
    const byEntity = groups.get(group)!;
    let totalCurrent = 0;
    let totalPrevious = 0;
    for (const c of byEntity.values()) {
      totalCurrent += c.current;
      totalPrevious += c.previous;
    }
    const rowsOfGroup: PromptShareOfVoiceRow[] = [];
    for (const t of tracked) {
      const c = byEntity.get(t.entity) ?? { current: 0, previous: 0 };
      if (!t.isOwn && c.current === 0 && c.previous === 0) continue;
      const currentSov = totalCurrent > 0 ? (c.current / totalCurrent) * 100 : 0;
      const previousSov = totalPrevious > 0 ? (c.previous / totalPrevious) * 100 : 0;
      rowsOfGroup.push({
        entityName: t.name,
        entityType: t.isOwn ? 'Brand' : 'Competitor',
        provider: group,
        currentSov: round2(currentSov),
        currentMentions: c.current,
        deltaMentions: c.current - c.previous,
        sovChange: round2(currentSov - previousSov),
        mentionsChange: c.previous > 0 ? round2(((c.current - c.previous) / c.previous) * 100) : null,
        currentSovStats: rateStats(c.current, totalCurrent, minSample),
        sovChangeStats: rateChangeStats(c.current, totalCurrent, c.previous, totalPrevious, minSample),
      });
    }
    rowsOfGroup.sort(
      (a, b) => b.currentSov - a.currentSov || b.currentMentions - a.currentMentions || a.entityName.localeCompare(b.entityName),
    );
    out.push(...rowsOfGroup);
  }
  return out;
}
