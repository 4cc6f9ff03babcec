import type { Db, Dialect } from '../../../db/types';
import { urlGapsKeptOn } from '../../../rollups/urlGaps';
import { addDays, utcDay } from '../../../rollups/tables';
import { tailRollupOrRaw } from './factSource';
import { num } from './numbers';
import { SqlParams, inList, tsParam } from './params';
import { type InsightScope, scopeWhere } from './scope';

/**
 * Each domain's distinct cited URLs in the scope's current window, as domain → count (citations
 * with a domain only; of `domains` only, when given; a domain without URLs is absent).
 *
 * Read from rollup_url_gaps_daily, where the database keeps it (urlGapsKeptOn), when the window
 * starts at midnight and has no provider or location filter: over the window's whole days, the rows
 * whose previous citation day lies before the window count each URL once, on the day the window
 * first cites it (see migration 027); the start must lie after the NEVER_CITED mark. A last day cut
 * by the window's end counts whole when the brand has no run from the end to the next midnight (a
 * window that ends now); otherwise, and for any other window, the citations themselves are counted.
 */
export async function distinctUrlsPerDomain(db: Db, scope: InsightScope, domains?: string[]): Promise<Map<string, number>> {
  const current: InsightScope = { ...scope, previous: null };
  const p = new SqlParams();
  const rows = readsUrlGaps(current, db.dialect)
    ? await fromGaps(db, current, domains)
    : await db.query(rawCount(p, current, domains), p.values);
  return new Map(rows.map((r) => [String(r.domain), num(r.n)]));
}

/** Whether the window can be counted from the gap rollup (see distinctUrlsPerDomain). */
export function readsUrlGaps(scope: InsightScope, dialect: Dialect): boolean {
  const { start } = scope.current;
  return (
    urlGapsKeptOn(dialect) &&
    (scope.source ?? 'rollups') === 'rollups' &&
    scope.providers === null &&
    scope.locations === null &&
    utcDay(start).getTime() === start.getTime() &&
    start.getTime() > 0
  );
}

/** The raw count: each (domain, url) of the window's citations once, per domain. */
function rawCount(p: SqlParams, scope: InsightScope, domains?: string[]): string {
  const only = domains ? ` AND ${inList(p, 'c.domain', domains)}` : '';
  return `SELECT domain, COUNT(*) AS n
            FROM (SELECT c.domain, c.url FROM citations c WHERE ${scopeWhere(p, scope, 'c')} AND c.domain <> ''${only} GROUP BY c.domain, c.url) u
           GROUP BY domain`;
}

/** The gap rows of the days [start, dayHi) counted per domain (see distinctUrlsPerDomain). */
function gapCount(p: SqlParams, scope: InsightScope, dayHi: Date, domains?: string[]): string {
  const start = tsParam(p, scope.current.start);
  const only = domains ? ` AND ${inList(p, 'domain', domains)}` : '';
  return `SELECT domain, SUM(urls) AS n FROM rollup_url_gaps_daily
           WHERE brand_id = ${p.add(scope.brandId)} AND day >= ${start} AND day < ${tsParam(p, dayHi)} AND prev_day < ${start}${only}
           GROUP BY domain`;
}

async function fromGaps(db: Db, scope: InsightScope, domains?: string[]): Promise<Array<Record<string, unknown>>> {
  const { end } = scope.current;
  const endDay = utcDay(end);
  if (endDay.getTime() === end.getTime()) {
    const p = new SqlParams();
    return db.query(gapCount(p, scope, end, domains), p.values);
  }
  // One statement (one snapshot): PostgreSQL skips the branch its check rules out.
  const p = new SqlParams();
  const sql = tailRollupOrRaw(
    p,
    p.add(scope.brandId),
    end,
    () => gapCount(p, scope, addDays(endDay, 1), domains),
    () => rawCount(p, scope, domains),
  );
  return db.query(`SELECT domain, SUM(n) AS n FROM (${sql}) t GROUP BY domain`, p.values);
}
