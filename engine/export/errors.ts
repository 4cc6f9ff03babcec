import { reportError } from '../../src/monitoring/sentry';

// Export failure copy (account-and-shell §8). Failures are logged, reported to Sentry when it is
// configured, then rethrown so the caller shows the message.
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

/** Logs the failure and reports it to Sentry when a DSN is configured (the shell loads Sentry lazily). */
export function reportExportFailure(error: unknown, context: Record<string, unknown>): void {
  try {
    reportError(error, { area: 'export', ...context });
  } catch {
    // Reporting must never hide the original failure.
  }
}

/** Runs an export; known failures keep their message, others get the format's failure copy. */
export async function guardExport<T>(fallbackMessage: string, context: Record<string, unknown>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const wrapped = error instanceof ExportError ? error : new ExportError(fallbackMessage, error);
    if (wrapped.message !== EXPORT_MESSAGES.empty) reportExportFailure(error, context);
    throw wrapped;
  }
}
