import { getPath } from '../../engine';

// Table search: a free-text box that keeps the rows where any of the configured fields contains
// the text (case- and accent-insensitive), so users can narrow long tables such as the Sources
// domains and URLs without a round trip.
export interface SearchSpec {
  fields: string[];
  placeholder?: string;
}

export const DEFAULT_SEARCH_PLACEHOLDER = 'Search';

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function searchable(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(searchable).join(' ');
  if (typeof value === 'object') return '';
  return String(value);
}

export function searchRows<T extends Record<string, unknown>>(rows: T[], fields: string[], query: string): T[] {
  const needle = fold(query.trim());
  if (!needle) return rows;
  return rows.filter((row) => fields.some((f) => fold(searchable(getPath(row, f))).includes(needle)));
}
