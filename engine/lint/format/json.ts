import type { Diagnostic } from '../diagnostic';

/** Machine-readable output: the diagnostics plus counts. */
export function formatJson(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  return JSON.stringify({ errors, warnings: diagnostics.length - errors, diagnostics }, null, 2);
}
