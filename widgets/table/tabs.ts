import { matches, resolveValue, type BindingContext, type Condition } from '../../engine';
import type { Row } from './selection';

// Tabs over a table's rows (Active / Stopped / All): each tab keeps the rows matching all of its
// conditions and shows how many there are.
export interface TableTab {
  label: string;
  where?: Condition[];
}

export function rowsForTab(rows: Row[], tab: TableTab | undefined, ctx: BindingContext): Row[] {
  if (!tab?.where?.length) return rows;
  const where = tab.where.map((c) => ({ ...c, value: resolveValue(c.value, ctx) }));
  return rows.filter((r) => where.every((c) => matches(r, c)));
}

export function tabCounts(rows: Row[], tabs: TableTab[], ctx: BindingContext): number[] {
  return tabs.map((t) => rowsForTab(rows, t, ctx).length);
}
