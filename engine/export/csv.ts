import type { ErrorReporter } from '../host/types';
import { EXPORT_MESSAGES, ExportError, guardExport } from './errors';
import { downloadBlob, safeFilename } from './download';
import { toExportRows, type ExportColumn } from './tabular';

/** CSV text for rows (papaparse quotes commas, quotes and newlines). */
export async function buildCsv(rows: Array<Record<string, unknown>>, columns: ExportColumn[]): Promise<string> {
  const { unparse } = await import('papaparse');
  return unparse({ fields: columns.map((c) => c.header), data: toExportRows(rows, columns) }, { newline: '\n' });
}

export async function exportCsv(rows: Array<Record<string, unknown>>, columns: ExportColumn[], filename: string, report: ErrorReporter): Promise<void> {
  await guardExport(EXPORT_MESSAGES.csv, { format: 'csv', filename }, report, async () => {
    if (rows.length === 0) throw new ExportError(EXPORT_MESSAGES.empty);
    const text = await buildCsv(rows, columns);
    downloadBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), `${safeFilename(filename)}.csv`);
  });
}
