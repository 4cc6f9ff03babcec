import type { Db, Dialect } from '../db/types';
import { insertRows, type RunRows } from '../runs/rows';
import { applyIncrements, type Increment } from './increments';
import { DAY_OF, utcDay } from './tables';

/**
 * Whether a database keeps the URL gap rollups. PostgreSQL finds a run's URLs' days by index;
 * DuckDB has no index to find them by: a lookup scanned the brand's URL days (100-250 ms per stored
 * run at scale 100, against ~40 ms for the rest of storing it), while its column scan counts a
 * window's URLs from the citations in 26 ms at scale 10 and 89 ms at scale 100. On DuckDB the two
 * tables stay empty and the counts read the citations.
 */
export function urlGapsKeptOn(dialect: Dialect): boolean {
  return dialect === 'postgres';
}

/**
 * prev_day of a URL's first citation in rollup_url_gaps_daily (migration 027): earlier than any
 * window, so a window counts the URL on the day it is first cited.
 */
export const NEVER_CITED = new Date(0);

/** One change to rollup_url_gaps_daily: `urls` added to the row of (day, prevDay). */
export interface GapChange {
  day: Date;
  prevDay: Date;
  urls: number;
}

/**
 * What changes in a URL's gap rows when `day` joins its citation days (`days`, without `day`): the
 * new day counts the URL with the day before it (or NEVER_CITED); the first later day, if any, had
 * counted it with that same earlier day and now counts it with the new one.
 */
export function gapChanges(days: readonly Date[], day: Date): GapChange[] {
  const t = day.getTime();
  let before = NEVER_CITED;
  let after: Date | null = null;
  for (const d of days) {
    if (d.getTime() < t && d.getTime() > before.getTime()) before = d;
    if (d.getTime() > t && (after === null || d.getTime() < after.getTime())) after = d;
  }
  const changes: GapChange[] = [{ day, prevDay: before, urls: 1 }];
  if (after) changes.push({ day: after, prevDay: before, urls: -1 }, { day: after, prevDay: day, urls: 1 });
  return changes;
}

/**
 * Adds one just-ingested run's cited URLs to rollup_cited_url_days and rollup_url_gaps_daily, inside
 * the transaction that stores the run (after the brand's facts version moved: see applyIncrements,
 * so no other run of the brand changes a URL's days meanwhile). Reads the days of the run's URLs
 * only; a URL already cited that day changes nothing.
 */
export async function addRunToUrlGaps(tx: Db, rows: RunRows): Promise<void> {
  const [brandId, , , , , createdAt] = rows.run as [string, string, string, string, string, Date];
  const day = utcDay(new Date(createdAt));
  const pairs = new Map<string, { domain: string; url: string }>();
  for (const c of rows.citations) {
    const url = String(c[7]);
    const domain = String(c[8]);
    if (domain !== '') pairs.set(JSON.stringify([domain, url]), { domain, url });
  }
  if (pairs.size === 0) return;
  const urls = [...new Set([...pairs.values()].map((u) => u.url))];
  const found = await tx.query<{ domain: string; url: string; day: Date }>(
    `SELECT domain, url, day FROM rollup_cited_url_days WHERE brand_id = $1 AND url IN (${urls.map((_, i) => `$${i + 2}`).join(', ')})`,
    [brandId, ...urls],
  );
  const daysOf = new Map<string, Date[]>();
  for (const r of found) {
    const key = JSON.stringify([String(r.domain), String(r.url)]);
    const days = daysOf.get(key);
    if (days) days.push(new Date(r.day));
    else daysOf.set(key, [new Date(r.day)]);
  }
  const increments: Increment[] = [];
  const added: Array<{ domain: string; url: string }> = [];
  for (const [key, pair] of pairs) {
    const days = daysOf.get(key) ?? [];
    if (days.some((d) => d.getTime() === day.getTime())) continue;
    added.push(pair);
    for (const c of gapChanges(days, day)) {
      increments.push({
        table: 'rollup_url_gaps_daily',
        key: { brand_id: brandId, day: c.day, domain: pair.domain, prev_day: c.prevDay },
        add: { urls: c.urls },
      });
    }
  }
  if (added.length === 0) return;
  await applyIncrements(tx, increments);
  await insertRows(
    tx,
    'rollup_cited_url_days',
    ['brand_id', 'domain', 'url', 'day'],
    added.map(({ domain, url }) => [brandId, domain, url, day]),
  );
}

/**
 * The two tables rebuilt from the citations (of one brand, bound as `$1`, or of every brand): each
 * URL's days, then the gap rows from them (each day of a URL with the day before it). In order:
 * the second reads the first.
 */
export function urlGapsRebuildStatements(oneBrand: boolean): string[] {
  return [
    // in brand and URL order, so DuckDB skips to a URL's rows by its min/max zone maps
    `INSERT INTO rollup_cited_url_days (brand_id, domain, url, day)
     SELECT c.brand_id, c.domain, c.url, ${DAY_OF('c.created_at')}
       FROM citations c WHERE c.domain <> '' ${oneBrand ? 'AND c.brand_id = $1' : ''}
      GROUP BY 1, 2, 3, 4
      ORDER BY 1, 3`,
    // in day order, so DuckDB skips the days a window does not cover
    `INSERT INTO rollup_url_gaps_daily (brand_id, day, domain, prev_day, urls)
     SELECT g.brand_id, g.day, g.domain, COALESCE(g.prev_day, CAST('1970-01-01 00:00:00' AS TIMESTAMP)), COUNT(*)
       FROM (SELECT u.brand_id, u.domain, u.day,
                    LAG(u.day) OVER (PARTITION BY u.brand_id, u.domain, u.url ORDER BY u.day) AS prev_day
               FROM rollup_cited_url_days u ${oneBrand ? 'WHERE u.brand_id = $1' : ''}) g
      GROUP BY 1, 2, 3, 4
      ORDER BY 2, 1`,
  ];
}
