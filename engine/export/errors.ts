import type { ErrorReporter } from '../host/types';

// What a person reads when an export fails. Unexpected failures are reported through the host's
// error reporter, then rethrown so the caller shows the message.
export const EXPORT_MESSAGES = {
  csv: 'Failed to export CSV',
  excel: 'Failed to export Excel',
  png: 'Failed to export chart as PNG',
  svg: 'Failed to export chart as SVG',
  pngTimeout: 'PNG export timed out after 10 seconds',
  blob: 'Failed to create image blob',
  empty: 'No data to export',
  invalidChart: 'Invalid chart element',
  noSvg: 'No SVG element found in chart',
} as const;

export class ExportError extends Error {
  constructor(message: string, readonly cause?: unknown) {
    super(message);
    this.name = 'ExportError';
  }
}

/** Reports the failure through the host's reporter. */
export function reportExportFailure(report: ErrorReporter, error: unknown, context: Record<string, unknown>): void {
  try {
    report(error, { area: 'export', ...context });
  } catch {
    // Reporting must never hide the original failure.
  }
}

/** Runs an export; known failures keep their message, others get the format's failure copy. */
export async function guardExport<T>(fallbackMessage: string, context: Record<string, unknown>, report: ErrorReporter, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const wrapped = error instanceof ExportError ? error : new ExportError(fallbackMessage, error);
    if (wrapped.message !== EXPORT_MESSAGES.empty) reportExportFailure(report, error, context);
    throw wrapped;
  }
}
