import type { ErrorReporter } from '../host/types';
import { EXPORT_MESSAGES, ExportError, guardExport } from './errors';
import { downloadBlob, safeFilename } from './download';
import { toExportRows, type ExportColumn } from './tabular';

export const EXCEL_SHEET_NAME = 'Sheet1';

/** Column widths sized to the longest value (header included), in characters. */
export function columnWidths(header: string[], rows: Array<Array<string | number>>): Array<{ wch: number }> {
  return header.map((h, i) => ({ wch: Math.max(h.length, ...rows.map((r) => String(r[i] ?? '').length)) + 2 }));
}

export async function buildWorkbook(rows: Array<Record<string, unknown>>, columns: ExportColumn[]) {
  const XLSX = await import('xlsx');
  const header = columns.map((c) => c.header);
  const body = toExportRows(rows, columns);
  const sheet = XLSX.utils.aoa_to_sheet([header, ...body]);
  sheet['!cols'] = columnWidths(header, body);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, EXCEL_SHEET_NAME);
  return { XLSX, book };
}

export async function exportExcel(rows: Array<Record<string, unknown>>, columns: ExportColumn[], filename: string, report: ErrorReporter): Promise<void> {
  await guardExport(EXPORT_MESSAGES.excel, { format: 'excel', filename }, report, async () => {
    if (rows.length === 0) throw new ExportError(EXPORT_MESSAGES.empty);
    const { XLSX, book } = await buildWorkbook(rows, columns);
    const out = XLSX.write(book, { bookType: 'xlsx', type: 'array' }) as ArrayBuffer;
    downloadBlob(new Blob([out], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), `${safeFilename(filename)}.xlsx`);
  });
}
