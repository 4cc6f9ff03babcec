import { compareBy } from '../../engine';

export type SortOrder = 'asc' | 'desc';
export interface SortState {
  field: string;
  order: SortOrder;
}

/** Clicking a column sorts it ascending; clicking it again toggles the order. */
export function nextSort(current: SortState | null, field: string): SortState {
  if (current?.field === field) return { field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { field, order: 'asc' };
}

export function sortRows<T extends Record<string, unknown>>(rows: T[], sort: SortState | null): T[] {
  if (!sort) return rows;
  return [...rows].sort((a, b) => compareBy(a, b, { field: sort.field, order: sort.order }));
}
