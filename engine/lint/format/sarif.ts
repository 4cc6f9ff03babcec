import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import type { Diagnostic } from '../diagnostic';
import { RULES, BUILTIN_RULES } from '../rules/index';

// SARIF 2.1.0 for CI code-scanning UIs: one run, every rule described, results located by
// region (1-based lines and UTF-16 columns, SARIF's defaults).

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

export function toSarif(diagnostics: readonly Diagnostic[], cwd = process.cwd()): Record<string, unknown> {
  const rules = [...BUILTIN_RULES, ...RULES.map((r) => ({ id: r.id, description: r.description }))];
  const index = new Map(rules.map((r, i) => [r.id, i]));
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'lint-pages',
            informationUri: 'https://answerscope.local/docs/page-format',
            rules: rules.map((r) => ({ id: r.id, shortDescription: { text: r.description } })),
          },
        },
        originalUriBaseIds: { SRCROOT: { uri: pathToFileURL(resolve(cwd)).href + '/' } },
        results: diagnostics.map((d) => ({
          ruleId: d.rule,
          ...(index.has(d.rule) ? { ruleIndex: index.get(d.rule) } : {}),
          level: d.severity,
          message: { text: d.widget === '-' ? d.message : `${d.widget}: ${d.message}` },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: encodeURI(d.file.split('\\').join('/')), uriBaseId: 'SRCROOT' },
                region: { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: d.endColumn },
              },
              ...(d.pointer ? { logicalLocations: [{ fullyQualifiedName: d.pointer, kind: 'member' }] } : {}),
            },
          ],
        })),
      },
    ],
  };
}

export function formatSarif(diagnostics: readonly Diagnostic[], cwd?: string): string {
  return JSON.stringify(toSarif(diagnostics, cwd), null, 2);
}
