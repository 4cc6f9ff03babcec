/**
 * CSV encoding for bulk loads (DuckDB COPY FROM file, PostgreSQL COPY FROM STDIN). Every
 * non-null value is quoted, so an empty string stays an empty string and NULL is the bare \N.
 */
export const CSV_NULL = '\\N';

export function csvField(value: unknown): string {
  if (value === null || value === undefined) return CSV_NULL;
  let text: string;
  if (value instanceof Date) text = sqlTimestamp(value);
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'boolean') text = value ? 'true' : 'false';
  else if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  else text = JSON.stringify(value);
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvLines(rows: unknown[][]): string {
  let out = '';
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      if (i > 0) out += ',';
      out += csvField(row[i]);
    }
    out += '\n';
  }
  return out;
}

/** "2026-11-21 10:00:00.000": a UTC wall-clock time both engines read into TIMESTAMP unchanged. */
export function sqlTimestamp(d: Date): string {
  return d.toISOString().replace('T', ' ').replace('Z', '');
}
