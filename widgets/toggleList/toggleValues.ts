import { getPath } from '../../engine';

export interface ToggleItem {
  key: string;
  default?: boolean;
  locked?: boolean;
}

/** Each toggle's value: a stored boolean overrides the item's default (false when it has none);
 * a locked item is always on, whatever is stored. */
export function toggleValues(items: readonly ToggleItem[], data: unknown, storedField: string | undefined): Record<string, boolean> {
  const stored = getPath(data, storedField);
  const record = stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const out: Record<string, boolean> = {};
  for (const item of items) {
    const value = record[item.key];
    out[item.key] = item.locked ? true : typeof value === 'boolean' ? value : item.default ?? false;
  }
  return out;
}
