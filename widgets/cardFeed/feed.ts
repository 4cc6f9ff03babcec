import { formatValue, getPath, labelIn, type FormatSpec, type Vocabulary } from '../../engine';

// Pure helpers of the card feed (no React): tabs from a keyed object, day groups newest first,
// field display with code labels, text cuts and chip lists with '+N more'.
export type Row = Record<string, unknown>;
/** A vocabulary of the host that names coded values (e.g. 'countries'). */
export type Labels = string;
type Vocabularies = Record<string, Vocabulary>;

export interface FeedField {
  field: string;
  label?: string;
  format?: FormatSpec;
  labels?: Labels;
  /** value → copy (e.g. true → 'Yes'); values not listed are formatted as usual */
  map?: Record<string, string>;
}

export interface FeedTab {
  key: string;
  label: string;
  rows: Row[];
}

export interface FeedGroup {
  key: string;
  label: string;
  rows: Row[];
}

export function labelOf(value: unknown, labels: Labels | undefined, vocabularies: Vocabularies): string {
  if (value === null || value === undefined || value === '') return '';
  return labels ? labelIn({ vocabularies }, labels, String(value)) : String(value);
}

/** A keyed object of lists becomes one tab per key (in the answer's order, empty ones kept); a
 * plain list is a single tab. */
export function feedTabs(data: unknown, labels: Labels | undefined, vocabularies: Vocabularies): FeedTab[] {
  if (Array.isArray(data)) return [{ key: '', label: '', rows: data as Row[] }];
  if (!data || typeof data !== 'object') return [];
  return Object.entries(data as Record<string, unknown>).map(([key, rows]) => ({
    key,
    label: labelOf(key, labels, vocabularies) || key,
    rows: Array.isArray(rows) ? (rows as Row[]) : [],
  }));
}

/** UTC day (yyyy-mm-dd) of a date value, or '' when it is not a date. */
export function utcDay(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const d = new Date(typeof value === 'number' ? value : String(value));
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10);
}

function time(value: unknown): number {
  const t = new Date(String(value ?? '')).getTime();
  return Number.isNaN(t) ? -Infinity : t;
}

/** Rows grouped by the UTC day of `field`: newest day first, newest row first within a day. */
export function groupByDay(rows: Row[], field: string): FeedGroup[] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = utcDay(getPath(row, field));
    const list = groups.get(key) ?? [];
    list.push(row);
    groups.set(key, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([key, list]) => ({
      key,
      label: key ? formatValue(`${key}T00:00:00.000Z`, 'date') : 'Unknown date',
      rows: [...list].sort((x, y) => time(getPath(y, field)) - time(getPath(x, field))),
    }));
}

export function fieldText(row: Row, spec: FeedField, vocabularies: Vocabularies): string {
  const value = getPath(row, spec.field);
  if (spec.map && value !== null && value !== undefined && Object.hasOwn(spec.map, String(value))) return spec.map[String(value)];
  if (spec.labels) return labelOf(value, spec.labels, vocabularies) || formatValue(null, undefined);
  return formatValue(value, spec.format);
}

export function cut(text: string, max?: number): string {
  return max && text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Chip labels of a nested list: the first `max`, then how many are left. */
export function chipsOf(row: Row, spec: { field: string; label?: string; max?: number }): { shown: string[]; rest: number } {
  const list = getPath(row, spec.field);
  const items = Array.isArray(list) ? list : [];
  const labels = items.map((item) => (spec.label && item && typeof item === 'object' ? getPath(item, spec.label) : item)).map((v) => (v === null || v === undefined ? '' : String(v)));
  const max = spec.max ?? labels.length;
  return { shown: labels.slice(0, max), rest: Math.max(0, labels.length - max) };
}

/** The row as copy sees it: fields with `labels` read as their names (provider 'openai' → 'Chat GPT'). */
export function displayRow(row: Row, fields: FeedField[], vocabularies: Vocabularies): Row {
  const out: Row = { ...row };
  for (const f of fields) if (f.labels) out[f.field] = labelOf(getPath(row, f.field), f.labels, vocabularies);
  return out;
}
