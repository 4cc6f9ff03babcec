import type { Dialect } from '../../../db/types';

/**
 * A text expression that sorts and groups by code point (byte order of UTF-8) on both engines:
 * DuckDB always does; PostgreSQL is told so with COLLATE "C", which on a database whose collation
 * is C or C.UTF-8 gives the same order as the default, only without the locale library's
 * comparison (several times faster when tens of thousands of URLs are sorted).
 */
export function codePointOrder(dialect: Dialect, expr: string): string {
  return dialect === 'postgres' ? `${expr} COLLATE "C"` : expr;
}
