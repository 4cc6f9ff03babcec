import type { Diagnostic as CmDiagnostic } from '@codemirror/lint';
import type { Text } from '@codemirror/state';
import type { Diagnostic } from '../../../engine/studio';

// Page lint findings (1-based line:column, UTF-16 columns) as editor diagnostics (document offsets),
// each marking the offending key or value; a finding without an extent marks one character.

function offset(doc: Text, line: number, column: number): number {
  const l = doc.line(Math.min(Math.max(1, line), doc.lines));
  return Math.min(l.from + Math.max(0, column - 1), l.to);
}

export function toEditorDiagnostics(doc: Text, found: readonly Diagnostic[]): CmDiagnostic[] {
  return found.map((d) => {
    const from = offset(doc, d.line, d.column);
    let to = offset(doc, d.endLine, d.endColumn);
    if (to <= from) to = Math.min(from + 1, doc.length);
    return {
      from,
      to,
      severity: d.severity,
      source: d.widget !== '-' ? `${d.rule} · ${d.widget}` : d.rule,
      message: d.message,
    };
  });
}

export interface LintSummary {
  errors: number;
  warnings: number;
}

export function summarize(found: readonly Diagnostic[]): LintSummary {
  const errors = found.filter((d) => d.severity === 'error').length;
  return { errors, warnings: found.length - errors };
}

export function summaryText({ errors, warnings }: LintSummary): string {
  if (!errors && !warnings) return 'No problems';
  const parts = [];
  if (errors) parts.push(`${errors} ${errors === 1 ? 'error' : 'errors'}`);
  if (warnings) parts.push(`${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`);
  return parts.join(', ');
}
