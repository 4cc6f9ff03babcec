import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Migration } from '../migrations/index';
import { createPageValidator } from '../schema/validator';
import { loadCatalogue, type Catalogue } from './catalogue';
import type { PageContext, Report } from './context';
import { compareDiagnostics, type Diagnostic, type Severity } from './diagnostic';
import { widgetOfPath } from './pageModel';
import { inCurrentFormat, OUTDATED_VERSION } from './pageVersion';
import { RULES } from './rules/index';
import { schemaReports } from './schemaErrors';
import { locate, parseSource, pointerOf, rangeLocation } from './source';

// lint:pages in one function: parse (syntax errors stop a file there), migrate an older page to the
// current format, validate against the composed page schema, run every semantic rule, then the
// cross-file rules. Every finding carries file:line:col; the result is sorted by file and position.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface LintOptions {
  /** schemas root (page.schema.json, defs/, widgets/); default <repo>/schemas */
  schemasDir?: string;
  /** widget kind schemas; default <schemasDir>/widgets */
  widgetsDir?: string;
  /** API catalogue root (calls/, entities.schema.json); default <schemasDir>/api */
  apiDir?: string;
  /** file names in diagnostics are relative to this; default process.cwd() */
  cwd?: string;
  /** page format migrations; default PAGE_MIGRATIONS (tests pass their own chain) */
  migrations?: readonly Migration[];
}

export interface PageInput {
  file: string;
  text: string;
}

const catalogues = new Map<string, Catalogue>();

function catalogueFor(apiDir: string): Catalogue {
  let c = catalogues.get(apiDir);
  if (!c) {
    c = loadCatalogue(apiDir);
    catalogues.set(apiDir, c);
  }
  return c;
}

export async function lintPages(inputs: readonly PageInput[], options: LintOptions = {}): Promise<Diagnostic[]> {
  const schemasDir = options.schemasDir ?? join(ROOT, 'schemas');
  const cwd = options.cwd ?? process.cwd();
  const validator = createPageValidator({ schemasDir, widgetsDir: options.widgetsDir });
  const catalogue = catalogueFor(options.apiDir ?? join(schemasDir, 'api'));
  const out: Diagnostic[] = [];
  const fileProblem = (path: string, rule: string, message: string, severity: Severity) =>
    out.push({ file: relative(cwd, path) || path, line: 1, column: 1, endLine: 1, endColumn: 1, rule, widget: '-', severity, message, pointer: '' });
  for (const p of validator.composed.problems) fileProblem(p.path, 'kind-schema', p.message, 'error');
  for (const p of catalogue.problems) fileProblem(p.path, 'api-catalogue', p.message, 'warning');

  const contexts: PageContext[] = [];
  const perFile: Diagnostic[][] = [];
  for (const input of inputs) {
    const src = parseSource(input.file, input.text);
    const { value, outdated } = inCurrentFormat(src.value, options.migrations);
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

/** Reads and lints files from disk; names in the output are relative to options.cwd. */
export async function lintFiles(paths: readonly string[], options: LintOptions = {}): Promise<Diagnostic[]> {
  const cwd = options.cwd ?? process.cwd();
  const inputs = paths.map((p) => ({ file: relative(cwd, resolve(cwd, p)) || p, text: readFileSync(resolve(cwd, p), 'utf8') }));
  return lintPages(inputs, options);
}
