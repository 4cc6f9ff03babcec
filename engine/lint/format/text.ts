import type { Diagnostic } from '../diagnostic';

/** `file:line:col  rule-id  widget-id  message`, one per line, like a compiler. */
export function formatText(diagnostics: readonly Diagnostic[]): string {
  return diagnostics
    .map((d) => `${d.file}:${d.line}:${d.column}  ${d.rule}  ${d.widget}  ${d.severity === 'warning' ? 'warning: ' : ''}${d.message}`)
    .join('\n');
}

export function summary(diagnostics: readonly Diagnostic[], files: number): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  return `${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${plural(files, 'file')}`;
}
