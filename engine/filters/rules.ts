// Multi-select rules of list filters: the catch-all value (e.g. 'all') chosen alongside others
// collapses to the catch-all, and the catch-all or an empty selection is sent as null.

/**
 * Applies a user's new selection. When the catch-all is newly picked it wins; when another value is
 * picked while the catch-all was selected, the catch-all is dropped; nothing left → catch-all.
 */
export function applySelection(previous: string[], next: string[], catchAll: string): string[] {
  const unique = [...new Set(next)];
  if (unique.length === 0) return [catchAll];
  const hadCatchAll = previous.includes(catchAll);
  const hasCatchAll = unique.includes(catchAll);
  if (hasCatchAll && !hadCatchAll) return [catchAll];
  if (hasCatchAll && unique.length > 1) return unique.filter((v) => v !== catchAll);
  return unique;
}

/** Normalises a stored value: 'all' alongside others collapses to 'all'. */
export function collapseSelection(values: unknown, catchAll: string): string[] {
  const list = Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : [];
  if (list.length === 0 || list.includes(catchAll)) return [catchAll];
  return [...new Set(list)];
}

/** The value a request carries: null for the catch-all or nothing, else the list. */
export function requestValue(values: unknown, catchAll: string): string[] | null {
  const list = collapseSelection(values, catchAll);
  return list.length === 1 && list[0] === catchAll ? null : list;
}
