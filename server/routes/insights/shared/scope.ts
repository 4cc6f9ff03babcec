import { badRequest } from '../../../http/errors';
import { DEFAULT_MIN_SAMPLE } from '../../../stats';
import { SqlParams, inList, tsParam } from './params';
import type { Dialect } from '../../../db/types';

/**
 * Where a window aggregate reads its facts: `rollups` = the daily rollups for every whole UTC day
 * of the span and the raw facts for the partial days at the windows' edges; `raw` = the raw facts
 * only (the reference the rollups are proven against).
 */
export type FactSource = 'rollups' | 'raw';

/**
 * Whether a database reads a span's cut last day from its rollup row (InsightScope.tailFromRollup):
 * PostgreSQL skips the branch the in-statement check rules out; DuckDB reads both and was slower for
 * it, so it reads the day's facts.
 */
export function tailFromRollupOn(dialect: Dialect): boolean {
  return dialect === 'postgres';
}

/** A half-open time window [start, end). */
export interface TimeWindow {
  start: Date;
  end: Date;
}

/** Which facts an insight call looks at: one brand, optional provider and location filters, the windows. */
export interface InsightScope {
  brandId: string;
  /** null = every provider */
  providers: string[] | null;
  /** null = global (every location) */
  locations: string[] | null;
  current: TimeWindow;
  /** The delta window, when the call has one. */
  previous: TimeWindow | null;
  /** Whether window aggregates read the daily rollups (with raw facts for partial days) or raw facts only. */
  source: FactSource;
  /**
   * Whether the span's last day, when only the span's end cuts it, may be read from its rollup row
   * (factRows checks in the statement that no fact of the brand lies after the end that day); set
   * by tailFromRollupOn.
   */
  tailFromRollup?: boolean;
  /** Fewest answers for a change to be stated (ServerConfig.minSample); unset = DEFAULT_MIN_SAMPLE. */
  minSample?: number;
}

/** The scope's minimum sample (see server/stats). */
export function minSampleOf(scope: Pick<InsightScope, 'minSample'>): number {
  return scope.minSample ?? DEFAULT_MIN_SAMPLE;
}

/** The request fields the windowed insight calls share: brand, window, delta window, providers and location. */
export interface WindowedBody {
  brandId: string;
  startTime: string;
  endTime?: string;
  deltaStartTime?: string;
  deltaEndTime?: string;
  providers?: string[] | null;
  location?: string | string[] | null;
}

function parseTime(value: string, field: string): Date {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw badRequest(`${field} must be an ISO-8601 date-time`, { field });
  return d;
}

/** 'all' (alone or among others) or an empty list means every provider. */
export function normalizeProviders(providers: string[] | null | undefined): string[] | null {
  if (!providers || providers.length === 0) return null;
  const list = [...new Set(providers.map((p) => p.trim().toLowerCase()).filter((p) => p !== ''))];
  return list.length === 0 || list.includes('all') ? null : list;
}

/**
 * 'global' or an empty list means every location. Run locations are stored as
 * upper-case country codes; clients may send lower case (the prompt ranking list does).
 */
export function normalizeLocations(location: string | string[] | null | undefined): string[] | null {
  if (location === null || location === undefined) return null;
  const raw = Array.isArray(location) ? location : [location];
  const list = [...new Set(raw.map((l) => l.trim().toUpperCase()).filter((l) => l !== ''))];
  return list.length === 0 || list.includes('GLOBAL') ? null : list;
}

/**
 * Builds the scope of a windowed call. Current window = [startTime, endTime ?? now); delta window =
 * [deltaStartTime, deltaEndTime) when given. Reversed windows are a 400, never an empty answer.
 */
export function scopeFromBody(body: WindowedBody, now: Date, source: FactSource = 'rollups'): InsightScope {
  const start = parseTime(body.startTime, 'startTime');
  const end = body.endTime ? parseTime(body.endTime, 'endTime') : now;
  if (start.getTime() >= end.getTime()) throw badRequest('startTime must be before endTime (or before now)');
  let previous: TimeWindow | null = null;
  if (body.deltaStartTime !== undefined || body.deltaEndTime !== undefined) {
    if (body.deltaStartTime === undefined || body.deltaEndTime === undefined) {
      throw badRequest('deltaStartTime and deltaEndTime go together');
    }
    previous = { start: parseTime(body.deltaStartTime, 'deltaStartTime'), end: parseTime(body.deltaEndTime, 'deltaEndTime') };
    if (previous.start.getTime() >= previous.end.getTime()) throw badRequest('deltaStartTime must be before deltaEndTime');
  }
  return {
    brandId: body.brandId,
    providers: normalizeProviders(body.providers),
    locations: normalizeLocations(body.location),
    current: { start, end },
    previous,
    source,
  };
}

/**
 * WHERE conditions for one fact table (runs, mentions or citations) in the scope: brand first and
 * the time span covering both windows, so both engines prune by (brand_id, created_at).
 */
export function scopeWhere(p: SqlParams, scope: InsightScope, alias = ''): string {
  const col = (c: string) => (alias ? `${alias}.${c}` : c);
  const windows = scope.previous ? [scope.current, scope.previous] : [scope.current];
  const lo = new Date(Math.min(...windows.map((w) => w.start.getTime())));
  const hi = new Date(Math.max(...windows.map((w) => w.end.getTime())));
  const parts = [
    `${col('brand_id')} = ${p.add(scope.brandId)}`,
    `${col('created_at')} >= ${tsParam(p, lo)}`,
    `${col('created_at')} < ${tsParam(p, hi)}`,
  ];
  if (scope.providers) parts.push(inList(p, col('provider'), scope.providers));
  if (scope.locations) parts.push(inList(p, col('location'), scope.locations));
  return parts.join(' AND ');
}

/** A boolean SQL expression "created_at is inside window w", for FILTER clauses. */
export function inWindow(p: SqlParams, w: TimeWindow, alias = ''): string {
  const col = alias ? `${alias}.created_at` : 'created_at';
  return `(${col} >= ${tsParam(p, w.start)} AND ${col} < ${tsParam(p, w.end)})`;
}

/** The delta window, or an empty window when the call has none (so FILTERs count nothing). */
export function previousOrEmpty(scope: InsightScope): TimeWindow {
  return scope.previous ?? { start: scope.current.start, end: scope.current.start };
}
