import { formatValue, getPath, type ExportColumn, type FormatSpec } from '../../engine';

// Columns shared by tables and lists: a field, its header, a format and an optional badge mapping
// (value → label and colour).
export interface BadgeSpec {
  map: Record<string, { label: string; color?: 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning' }>;
  default?: { label: string; color?: BadgeSpec['map'][string]['color'] };
}

export interface ColumnSpec {
  field: string;
  header: string;
  format?: FormatSpec;
  badge?: BadgeSpec;
  sortable?: boolean;
  align?: 'start' | 'end';
  width?: string;
  maxLength?: number;
}

export function badgeFor(spec: BadgeSpec, value: unknown) {
  return spec.map[String(value)] ?? spec.default ?? { label: value === null || value === undefined ? '' : String(value) };
}

export function cellText(column: ColumnSpec, row: Record<string, unknown>): string {
  const value = getPath(row, column.field);
  if (column.badge) return badgeFor(column.badge, value).label;
  const text = formatValue(value, column.format);
  return column.maxLength && text.length > column.maxLength ? `${text.slice(0, column.maxLength)}…` : text;
}

/** Export columns: numbers stay numbers (rounded as shown), badges export their label. */
export function exportColumns(columns: ColumnSpec[]): ExportColumn[] {
  return columns.map((c) => ({
    header: c.header,
    value: (row) => {
      const v = getPath(row, c.field);
      if (c.badge) return badgeFor(c.badge, v).label;
      if (v === null || v === undefined) return '';
      if (typeof v === 'number') {
        const text = formatValue(v, c.format);
        if (!c.format || c.format === 'text' || text === '—') return v;
        return text;
      }
      return String(v);
    },
  }));
}
