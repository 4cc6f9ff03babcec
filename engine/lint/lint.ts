import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Migration } from '../migrations/index';
import { createPageValidator } from '../schema/validator';
import type { Catalogue } from './catalogue';
import { loadCatalogue } from './catalogueFiles';
import type { Diagnostic } from './diagnostic';
import { lintSources, type PageInput } from './lintCore';

// lint:pages over the schemas and API catalogue on disk; the lint itself is lintCore.ts.

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

export type { PageInput };

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
  return lintSources(inputs, {
    validator: createPageValidator({ schemasDir, widgetsDir: options.widgetsDir }),
    catalogue: catalogueFor(options.apiDir ?? join(schemasDir, 'api')),
    migrations: options.migrations,
    displayPath: (path) => relative(cwd, path) || path,
  });
}

/** Reads and lints files from disk; names in the output are relative to options.cwd. */
export async function lintFiles(paths: readonly string[], options: LintOptions = {}): Promise<Diagnostic[]> {
  const cwd = options.cwd ?? process.cwd();
  const inputs = paths.map((p) => ({ file: relative(cwd, resolve(cwd, p)) || p, text: readFileSync(resolve(cwd, p), 'utf8') }));
  return lintPages(inputs, options);
}
