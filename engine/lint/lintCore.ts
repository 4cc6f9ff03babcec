import type { Migration } from '../migrations/index';
import type { PageValidator } from '../schema/pageValidator';
import type { Catalogue } from './catalogue';
import type { PageContext, Report } from './context';
import { compareDiagnostics, type Diagnostic, type Severity } from './diagnostic';
import { widgetOfPath } from './pageModel';
import { inCurrentFormat, OUTDATED_VERSION } from './pageVersion';
import { RULES } from './rules/index';
import { schemaReports } from './schemaErrors';
import { locate, parseSource, pointerOf, rangeLocation } from './source';

// The page lint itself, on texts in memory: parse (syntax errors stop a file there), migrate an
// older page to the current format, validate against the composed page schema, run every semantic
// rule, then the cross-file rules. Every finding carries line:col; the result is sorted by file and
// position. No file system: lint.ts feeds it files from disk, the page studio the text being edited.

export interface PageInput {
  file: string;
  text: string;
}

export interface LintSetup {
  validator: PageValidator;
  catalogue: Catalogue;
  /** page format migrations; default PAGE_MIGRATIONS (tests pass their own chain) */
  migrations?: readonly Migration[];
  /** how a schema or catalogue file is named in a whole-file problem; default as given */
  displayPath?: (path: string) => string;
}

export async function lintSources(inputs: readonly PageInput[], setup: LintSetup): Promise<Diagnostic[]> {
  const { validator, catalogue } = setup;
  const displayPath = setup.displayPath ?? ((path: string) => path);
  const out: Diagnostic[] = [];
  const fileProblem = (path: string, rule: string, message: string, severity: Severity) =>
    out.push({ file: displayPath(path), line: 1, column: 1, endLine: 1, endColumn: 1, rule, widget: '-', severity, message, pointer: '' });
  for (const p of validator.composed.problems) fileProblem(p.path, 'kind-schema', p.message, 'error');
  for (const p of catalogue.problems) fileProblem(p.path, 'api-catalogue', p.message, 'warning');

  const contexts: PageContext[] = [];
  const perFile: Diagnostic[][] = [];
  for (const input of inputs) {
    const src = parseSource(input.file, input.text);
    const { value, outdated } = inCurrentFormat(src.value, setup.migrations);
    const diagnostics: Diagnostic[] = [];
    perFile.push(diagnostics);
    const schemaPointers = new Set<string>();
    const deferring = new Set(RULES.filter((r) => r.scope === 'page' && r.defersToSchema).map((r) => r.id));
    const add = (rule: string, r: Report) => {
      const loc = r.range ? rangeLocation(src, r.range.offset, r.range.length) : locate(src, r.path, r.key);
      const pointer = pointerOf(r.path);
      if (deferring.has(rule) && schemaPointers.has(pointer)) return; // the schema already said it here
      if (rule === 'schema') schemaPointers.add(pointer);
      diagnostics.push({ file: input.file, ...loc, rule, widget: r.widget ?? widgetOfPath(r.path, value), severity: r.severity ?? 'error', message: r.message, pointer });
    };

    if (src.syntaxErrors.length || src.root === undefined) {
      const offsets = new Set<number>();
      // one error per position: a stray token often yields two codes at the same offset
      for (const e of src.syntaxErrors) if (!offsets.has(e.offset) && offsets.add(e.offset)) diagnostics.push({ file: input.file, ...rangeLocation(src, e.offset, e.length), rule: 'json-syntax', widget: '-', severity: 'error', message: e.message, pointer: '' });
      if (!src.syntaxErrors.length) diagnostics.push({ file: input.file, line: 1, column: 1, endLine: 1, endColumn: 1, rule: 'json-syntax', widget: '-', severity: 'error', message: 'empty file', pointer: '' });
      continue;
    }
    const page = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
    if (outdated) add(OUTDATED_VERSION, outdated);
    validator.validate(value);
    for (const r of schemaReports(validator.validate.errors)) {
      if (outdated && pointerOf(r.path) === '/version') continue; // an unmigratable version is said once
      add('schema', r);
    }

    const ctx: PageContext = { src, page, catalogue, report: add };
    for (const rule of RULES) {
      if (rule.scope !== 'page') continue;
      try {
        await rule.check(ctx);
      } catch (e) {
        add('internal', { path: [], message: `rule '${rule.id}' failed: ${(e as Error)?.message ?? String(e)}` });
      }
    }
    contexts.push(ctx);
  }
  for (const rule of RULES) {
    if (rule.scope !== 'project') continue;
    try {
      rule.check(contexts);
    } catch (e) {
      out.push({ file: '-', line: 1, column: 1, endLine: 1, endColumn: 1, rule: 'internal', widget: '-', severity: 'error', message: `rule '${rule.id}' failed: ${(e as Error)?.message}`, pointer: '' });
    }
  }
  for (const d of perFile) out.push(...d);
  return out.sort(compareDiagnostics);
}

