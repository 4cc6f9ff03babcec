import type { Db } from '../../../db/types';
import { SqlParams, inList } from '../shared/params';
import { num, percent } from '../shared/numbers';
import { factRows } from '../shared/factSource';
import { type InsightScope, minSampleOf } from '../shared/scope';
import { rateStats, type EstimateStats } from '../../../stats';
import type { TrackedEntity } from '../shared/tracked';

export type Interval = 'hour' | 'day' | 'week' | 'month';
export const INTERVALS: readonly Interval[] = ['hour', 'day', 'week', 'month'];

/** One point of the overview's mention-rate series. totalPrompts = runs in the bucket (the rate's denominator). */
export interface OverviewTimeSeriesPoint {
  formattedPeriod: string;
  timePeriod: string;
  timestampEpoch: number;
  totalPrompts: number;
  brandName: string;
  mentionRate: number;
  mentionRateStats: EstimateStats;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Bucket labels in UTC: "Nov 21, 14:00" (hour), "Nov 21" (day), "Week of Nov 16" (week), "Nov 2026" (month). */
export function formatPeriod(bucket: Date, interval: Interval): string {
  const day = `${MONTHS[bucket.getUTCMonth()]} ${bucket.getUTCDate()}`;
  switch (interval) {
    case 'hour':
      return `${day}, ${String(bucket.getUTCHours()).padStart(2, '0')}:00`;
    case 'day':
      return day;
    case 'week':
      return `Week of ${day}`;
    case 'month':
      return `${MONTHS[bucket.getUTCMonth()]} ${bucket.getUTCFullYear()}`;
  }
}

/**
 * One series per tracked brand (own brand first) over the same buckets: every bucket that has
 * runs in the window (UTC date_trunc; weeks start on Monday), so summing totalPrompts over a
 * series gives the window's runs. Brands keyed by display name.
 */
export async function mentionRateTimeseries(
  db: Db,
  scope: InsightScope,
  tracked: TrackedEntity[],
  interval: Interval,
): Promise<Record<string, OverviewTimeSeriesPoint[]>> {
  if (!INTERVALS.includes(interval)) throw new Error(`unknown interval ${interval}`);
  const bucket = `CAST(date_trunc('${interval}', created_at) AS TIMESTAMP)`;
  // Daily rollups cannot split a day into hours: hourly buckets read the raw facts.
  const source: InsightScope = interval === 'hour' ? { ...scope, source: 'raw' } : scope;
  // One statement: runs per bucket, left-joined with the tracked brands' mentions per bucket.
  const p = new SqlParams();
  const runFacts = factRows(p, source, 'runs', 'fr');
  const mentionFacts = factRows(p, source, 'mentions', 'fm', { filter: (col) => inList(p, col('entity'), tracked.map((t) => t.entity)) });
  const rows = await db.query(
    `WITH r AS (
       SELECT ${bucket} AS bucket, SUM(n) AS runs FROM ${runFacts} GROUP BY 1
     ),
     m AS (
       SELECT ${bucket} AS bucket, entity, SUM(n) AS mentions FROM ${mentionFacts}
        GROUP BY 1, 2
     )
     SELECT r.bucket, r.runs, m.entity, m.mentions FROM r LEFT JOIN m ON m.bucket = r.bucket
      ORDER BY r.bucket`,
    p.values,
  );
  const runRows: Array<{ bucket: string; runs: number }> = [];
  const mentions = new Map<string, number>();
  for (const r of rows) {
    const b = String(r.bucket);
    if (runRows.length === 0 || runRows[runRows.length - 1].bucket !== b) runRows.push({ bucket: b, runs: num(r.runs) });
    if (r.entity !== null && r.entity !== undefined) mentions.set(`${b}|${String(r.entity)}`, num(r.mentions));
  }
  const data: Record<string, OverviewTimeSeriesPoint[]> = {};
  const min = minSampleOf(scope);
  for (const t of tracked) {
    data[t.name] = runRows.map((r) => {
      const at = new Date(r.bucket);
      const runs = r.runs;
      const mentioned = mentions.get(`${r.bucket}|${t.entity}`) ?? 0;
      return {
        formattedPeriod: formatPeriod(at, interval),
        timePeriod: at.toISOString(),
        timestampEpoch: at.getTime(),
        totalPrompts: runs,
        brandName: t.name,
        mentionRate: percent(mentioned, runs),
        mentionRateStats: rateStats(mentioned, runs, min),
      };
    });
  }
  return data;
}
