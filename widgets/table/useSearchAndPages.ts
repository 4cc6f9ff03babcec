import { useEffect, useMemo, useRef, useState } from 'react';
import { clampPage, pageCount, pageRows, type PaginationSpec } from './paginate';
import { searchRows, type DisplayText, type SearchSpec } from './searchRows';

// Search and pagination state of one table: `matched` are the rows the search keeps (what an
// export writes), `visible` the current page of them. A new search, new data, a new sort order or
// another tab returns to page 1.
// `display` gives a field's text as shown, so the search matches what the user reads.
export function useSearchAndPages<T extends Record<string, unknown>>(rows: T[], search?: SearchSpec, pagination?: PaginationSpec, display?: DisplayText<T>) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const version = useContentVersion(rows);
  const matched = useMemo(() => (search ? searchRows(rows, search.fields, query, display) : rows), [rows, search, query, display]);
  // Only a change returns to page 1: resetting on mount too could undo a page picked before the
  // mount's effects ran.
  const resetKey = JSON.stringify([version, query]);
  const lastReset = useRef(resetKey);
  useEffect(() => {
    if (lastReset.current === resetKey) return;
    lastReset.current = resetKey;
    setPage(1);
  }, [resetKey]);
  const pages = pagination ? pageCount(matched.length, pagination.pageSize) : 1;
  const current = clampPage(page, pages);
  const visible = useMemo(() => (pagination ? pageRows(matched, current, pagination.pageSize) : matched), [matched, current, pagination]);
  return { query, setQuery, page: current, setPage, matched, visible };
}

/**
 * A number that changes only when the rows themselves change (other rows or another order), not
 * when an upstream step merely rebuilds the array — so re-renders never throw the user back to page 1.
 */
export function useContentVersion<T>(rows: T[]): number {
  const seen = useRef<{ rows: T[]; key: string | null; version: number }>({ rows, key: null, version: 0 });
  const prev = seen.current;
  if (prev.rows !== rows) {
    // Compared by value: a refetch or a transform that rebuilds equal rows is not new data.
    const key = JSON.stringify(rows);
    prev.key ??= JSON.stringify(prev.rows);
    seen.current = { rows, key, version: key === prev.key ? prev.version : prev.version + 1 };
  }
  return seen.current.version;
}
