import { isNumericFormat } from '../../engine';
import type { TableConfig } from './config.generated';

// Which columns a table shows at its current width. Columns are taken in order of priority (1
// first; the first column defaults to 1, the others to 2; equal priorities keep their order)
// while their minimum widths fit; priority 1 always shows (a table whose shown columns need more
// than its width scrolls sideways rather than letting text overlap). A column left out goes to a
// second line under the first column, or into the row's details.

export type Column = TableConfig['columns'][number];


export function columnPriority(c: Column, index: number): number {
  return c.priority ?? (index === 0 ? 1 : 2);
}

export function columnMinWidth(c: Column, index: number): number {
  if (c.minWidth) return c.minWidth;
  if (index === 0) return 160;
  if (c.badge) return 96;
  if (c.align === 'end' || isNumericFormat(c.format) || c.position) return 80;
  return 120;
}

export interface ColumnLayout {
  /** indexes of the columns shown as columns, in the table's order */
  shown: number[];
  /** indexes shown under the first shown column's value */
  secondLine: number[];
  /** indexes shown in the row's details */
  details: number[];
}

/** Room a row's details button takes at the row's end. */
export const DETAILS_BUTTON_WIDTH = 44;

/**
 * `available`: the table's width in px (null or 0: not measured, every column shows);
 * `reserved`: what the selection and row-action columns take.
 */
export function layoutColumns(columns: Column[], available: number | null, reserved = 0): ColumnLayout {
  const all = columns.map((_, i) => i);
  if (!available) return { shown: all, secondLine: [], details: [] };
  const order = [...all].sort((a, b) => columnPriority(columns[a], a) - columnPriority(columns[b], b) || a - b);
  const shown = new Set<number>();
  let used = reserved;
  let room = true;
  for (const i of order) {
    const need = columnMinWidth(columns[i], i);
    const essential = columnPriority(columns[i], i) === 1;
    // once a column does not fit, the lower-priority ones stay out too (no gaps in priority)
    if (essential || (room && used + need <= available)) {
      shown.add(i);
      used += need;
    } else room = false;
  }
  const hidden = all.filter((i) => !shown.has(i));
  // the details button takes room too: give back the last-added optional column if needed
  const details = hidden.filter((i) => (columns[i].collapse ?? 'details') === 'details');
  if (details.length && used + DETAILS_BUTTON_WIDTH > available) {
    const optional = [...shown].filter((i) => columnPriority(columns[i], i) !== 1);
    const last = optional.sort((a, b) => columnPriority(columns[b], b) - columnPriority(columns[a], a) || b - a)[0];
    if (last !== undefined) {
      shown.delete(last);
      hidden.push(last);
      hidden.sort((a, b) => a - b);
    }
  }
  return {
    shown: all.filter((i) => shown.has(i)),
    secondLine: hidden.filter((i) => columns[i].collapse === 'secondLine'),
    details: hidden.filter((i) => (columns[i].collapse ?? 'details') === 'details'),
  };
}
