import { sqlTimestamp } from '../../db/csv';

/**
 * Builds positional parameters ($1, $2, …) for the SQL subset DuckDB and PostgreSQL share.
 * Lists are expanded into `IN ($n, …)` because array parameters bind differently per driver.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** A UTC instant as TIMESTAMP (the columns are TIMESTAMP without zone, holding UTC). */
  time(value: Date): string {
    return `CAST(${this.add(sqlTimestamp(value))} AS TIMESTAMP)`;
  }

  /** `column IN (...)`, or TRUE when the list is null/empty (= no filter). */
  in(column: string, list: readonly string[] | null | undefined): string {
    if (!list || list.length === 0) return 'TRUE';
    return `${column} IN (${list.map((v) => this.add(v)).join(', ')})`;
  }
}

/** Percentages and means leave the server rounded to 2 decimals (schemas/api/README.md). */
export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

export function round2OrNull(value: number | null | undefined): number | null {
  return value === null || value === undefined || Number.isNaN(value) ? null : round2(value);
}

/** Mention rate in percent, null when there were no runs (no made-up zero). */
export function rate(mentioned: number, runs: number): number | null {
  return runs > 0 ? (mentioned / runs) * 100 : null;
}

export function num(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}

export function numOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** Location codes are stored upper-case; clients may send lower-case (the ranking call does). */
export function normalizeLocations(list: readonly string[] | null | undefined): string[] | null {
  if (!list || list.length === 0) return null;
  return [...new Set(list.map((code) => code.trim().toUpperCase()))];
}

export function normalizeProviders(list: readonly string[] | null | undefined): string[] | null {
  if (!list || list.length === 0) return null;
  return [...new Set(list)];
}

/** Parses the JSON-text list columns of `prompts` (providers, locations). */
export function parseList(text: unknown): string[] {
  if (typeof text !== 'string' || text === '') return [];
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/** ISO strings from the drivers; Date objects tolerated so a driver change cannot break output. */
export function iso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return new Date(String(value)).toISOString();
}

/** Code-point string order: the same on every engine (SQL ORDER BY on text follows the collation). */
export function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The display name per entity from (entity, name, count) rows: the most frequent spelling, ties
 * by code point. Done here rather than with MIN(entity_name), whose answer depends on the
 * database's collation.
 */
export function displayNames(rows: Array<Record<string, unknown>>): Map<string, string> {
  const best = new Map<string, { name: string; n: number }>();
  for (const row of rows) {
    const entity = String(row.entity);
    const name = String(row.entity_name);
    const n = num(row.n);
    const current = best.get(entity);
    if (!current || n > current.n || (n === current.n && byCodePoint(name, current.name) < 0)) best.set(entity, { name, n });
  }
  return new Map([...best].map(([entity, v]) => [entity, v.name]));
}
