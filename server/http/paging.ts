import { HttpError } from './errors';

/**
 * One page of a list a call answers (the `PageRequest` of schemas/api/entities.schema.json): up to
 * `limit` rows from `offset`, after keeping the rows whose searchable fields contain `search` and
 * ordering them by `sort`. A call that accepts it answers the page and `total`, the number of rows
 * the search keeps, so a table can show its pages and counts without receiving every row.
 */
export interface PageRequest {
  limit: number;
  offset?: number;
  sort?: string;
  order?: 'asc' | 'desc';
  search?: string;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/** Rows per page a call gives at most: a page of the largest lists stays well under 300 kB. */
export const MAX_PAGE_LIMIT = 200;

/**
 * What a list lets callers page by: each sortable key reads a value of the row, `search` the texts
 * a search compares with. `tieBreak` orders rows with equal sort values so pages never overlap.
 */
export interface PagingSpec<T> {
  sortKeys: Record<string, (row: T) => string | number | boolean | null | undefined>;
  search: Array<(row: T) => string | null | undefined>;
  tieBreak: (a: T, b: T) => number;
}

/** Checks a page request against a list's spec: a 400 BAD_PAGE names what is wrong. */
export function validatePage<T>(page: PageRequest, spec: PagingSpec<T>, param = 'page'): void {
  const bad = (message: string, details: unknown = null) => {
    throw new HttpError(400, 'BAD_PAGE', `${param}: ${message}`, details);
  };
  if (!Number.isInteger(page.limit) || page.limit < 0 || page.limit > MAX_PAGE_LIMIT) bad(`limit must be an integer from 0 to ${MAX_PAGE_LIMIT}`);
  if (page.offset !== undefined && (!Number.isInteger(page.offset) || page.offset < 0)) bad('offset must be a whole number');
  if (page.order !== undefined && page.order !== 'asc' && page.order !== 'desc') bad("order must be 'asc' or 'desc'");
  if (page.sort !== undefined && !Object.hasOwn(spec.sortKeys, page.sort)) {
    bad(`unknown sort key '${page.sort}'`, { sortKeys: Object.keys(spec.sortKeys) });
  }
}

/** Case- and accent-insensitive text, as the table's own search compares. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function compareValues(a: unknown, b: unknown): number {
  // nulls last whatever the order is left to the caller; here null sorts after every value
  const an = a === null || a === undefined;
  const bn = b === null || b === undefined;
  if (an || bn) return an === bn ? 0 : an ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b));
}

/**
 * The page of `rows` a request asks for (validated first), with the total the search keeps.
 * Sorting keeps rows with no value last in both orders, then the list's tie break.
 */
export function pageOf<T>(rows: readonly T[], page: PageRequest, spec: PagingSpec<T>, param = 'page'): Page<T> {
  validatePage(page, spec, param);
  const needle = page.search ? foldText(page.search.trim()) : '';
  const kept = needle ? rows.filter((row) => spec.search.some((read) => foldText(String(read(row) ?? '')).includes(needle))) : [...rows];
  if (page.sort) {
    const read = spec.sortKeys[page.sort];
    const sign = page.order === 'desc' ? -1 : 1;
    kept.sort((x, y) => {
      const a = read(x);
      const b = read(y);
      const missing = Number(a === null || a === undefined) - Number(b === null || b === undefined);
      if (missing !== 0) return missing;
      return sign * compareValues(a, b) || spec.tieBreak(x, y);
    });
  }
  const offset = page.offset ?? 0;
  return { rows: kept.slice(offset, offset + page.limit), total: kept.length };
}

/**
 * pageOf for a list whose own order breaks ties: rows with equal sort values keep their places in
 * `rows`. The rows are not copied with their positions: a copy of a wide row with one more field
 * (`{ ...row, position }`) costs V8 more than sorting and paging thousands of them.
 */
export function pageInListOrder<T extends object>(
  rows: readonly T[],
  page: PageRequest,
  spec: Omit<PagingSpec<T>, 'tieBreak'>,
  param = 'page',
): Page<T> {
  let position: Map<T, number> | undefined;
  const tieBreak = (a: T, b: T) => {
    position ??= new Map(rows.map((row, i) => [row, i]));
    return position.get(a)! - position.get(b)!;
  };
  return pageOf(rows, page, { ...spec, tieBreak }, param);
}

/** Body fields that ask for a page (not part of what a call computes): pages share one answer. */
export const PAGING_FIELDS = ['page', 'urlPage'] as const;

export function withoutPaging<T extends object>(body: T): Omit<T, (typeof PAGING_FIELDS)[number]> {
  const out = { ...body } as Record<string, unknown>;
  for (const f of PAGING_FIELDS) delete out[f];
  return out as Omit<T, (typeof PAGING_FIELDS)[number]>;
}
