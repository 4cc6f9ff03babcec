import { getPath } from '../../engine';

// Row selection of a table: a select-all checkbox, indeterminate while only some rows are selected.
// Keys are a row field (promptId); only rows of the current tab count as selected.
export type Row = Record<string, unknown>;
export type SelectAllState = 'none' | 'some' | 'all';

export function rowKey(row: Row, field: string): string {
  return String(getPath(row, field) ?? '');
}

export function selectedRows(rows: Row[], selected: ReadonlySet<string>, field: string): Row[] {
  return rows.filter((r) => selected.has(rowKey(r, field)));
}

export function selectAllState(rows: Row[], selected: ReadonlySet<string>, field: string): SelectAllState {
  const n = selectedRows(rows, selected, field).length;
  if (n === 0) return 'none';
  return n === rows.length ? 'all' : 'some';
}

/** Select-all: when every visible row is selected it clears them, otherwise selects them all. */
export function toggleAll(rows: Row[], selected: ReadonlySet<string>, field: string): Set<string> {
  const next = new Set(selected);
  const all = selectAllState(rows, selected, field) === 'all';
  for (const r of rows) {
    if (all) next.delete(rowKey(r, field));
    else next.add(rowKey(r, field));
  }
  return next;
}

export function toggleOne(selected: ReadonlySet<string>, key: string): Set<string> {
  const next = new Set(selected);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

/** The rows known by key, with `rows` added (or refreshed): a selection kept across pages acts on them. */
export function remember(known: ReadonlyMap<string, Row>, rows: Row[], field: string): Map<string, Row> {
  const next = new Map(known);
  for (const r of rows) next.set(rowKey(r, field), r);
  return next;
}
