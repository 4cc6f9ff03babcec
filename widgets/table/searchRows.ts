import { getPath } from '../../engine';

// Table search: a free-text box that keeps the rows where any of the configured fields contains
// the text (case- and accent-insensitive), so users can narrow long tables such as the Sources
// domains and URLs without a round trip. A field shown as a column is searched as it reads on
// screen (its formatted text: a rank of 1.6667 shows and matches as '1.7', a badge by its label),
// so what the user types from the table finds its row; other fields by their raw value.
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

/** The text a field shows in a row, or null when the field is not shown (searched raw then). */
export type DisplayText<T> = (row: T, field: string) => string | null;

function fieldText<T extends Record<string, unknown>>(row: T, field: string, display?: DisplayText<T>): string {
  const shown = display?.(row, field);
  if (shown === null || shown === undefined) return searchable(getPath(row, field));
  // '12,345' is also found by typing 12345
  return /\d,\d/.test(shown) ? `${shown} ${shown.replace(/(\d),(?=\d)/g, '$1')}` : shown;
}

export function searchRows<T extends Record<string, unknown>>(rows: T[], fields: string[], query: string, display?: DisplayText<T>): T[] {
  const needle = fold(query.trim());
  if (!needle) return rows;
  return rows.filter((row) => fields.some((f) => fold(fieldText(row, f, display)).includes(needle)));
}
