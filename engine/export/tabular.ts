// The rows an export writes: one object per row keyed by column header, in column order.
export interface ExportColumn {
  header: string;
  value: (row: Record<string, unknown>) => string | number | null | undefined;
}

export function toExportRows(rows: Array<Record<string, unknown>>, columns: ExportColumn[]): Array<Array<string | number>> {
  return rows.map((row) =>
    columns.map((c) => {
      const v = c.value(row);
      return v === null || v === undefined ? '' : v;
    }),
  );
}
