import { bundle } from '../../schema/bundle';
import { composeSchemaSources, type JsonSchema, type SchemaSource } from '../../schema/composeFiles';
import { compilePageValidator, type PageValidator } from '../../schema/pageValidator';
import { catalogueFromSources, type Catalogue, type CatalogueSource } from '../catalogue';
import type { Diagnostic } from '../diagnostic';
import { lintSources } from '../lintCore';

// The page lint for an editor in the browser: the same rules as lint:pages, over schema and
// catalogue documents the caller hands in (keyed by their path under schemas/), since there is no
// file system to read. The host bundles schemas/ and passes it; the engine imports nothing of it.

/** Documents by path relative to schemas/: 'page.schema.json', 'defs/…', 'widgets/…', 'api/…', 'api/calls/…'. */
export type SchemaDocuments = Record<string, unknown>;

export interface PageLinter {
  /** Lints one page text; diagnostics name it `file`. */
  lint(file: string, text: string): Promise<Diagnostic[]>;
  /** The composed page schema as one document with local refs only (for editor completion and hover). */
  schema: JsonSchema;
  /** Schema or catalogue files that could not be used. */
  problems: { path: string; message: string }[];
}

function folder(docs: SchemaDocuments, prefix: string, suffix: string): [string, unknown][] {
  return Object.entries(docs)
    .filter(([rel]) => rel.startsWith(prefix) && !rel.slice(prefix.length).includes('/') && rel.endsWith(suffix))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

const schemaSource = ([rel, schema]: [string, unknown]): SchemaSource => ({ name: rel.slice(rel.lastIndexOf('/') + 1), path: `schemas/${rel}`, schema });
const catalogueSource = ([rel, value]: [string, unknown]): CatalogueSource => ({ name: rel.slice(rel.lastIndexOf('/') + 1), path: `schemas/${rel}`, value });

export function createPageLinter(docs: SchemaDocuments): PageLinter {
  const composed = composeSchemaSources({
    defs: folder(docs, 'defs/', '.schema.json').map(schemaSource),
    widgets: folder(docs, 'widgets/', '.schema.json').map(schemaSource),
    page: schemaSource(['page.schema.json', docs['page.schema.json']]),
  });
  const validator: PageValidator = compilePageValidator(composed);
  const catalogue: Catalogue = catalogueFromSources(folder(docs, 'api/', '.json').map(catalogueSource), folder(docs, 'api/calls/', '.json').map(catalogueSource));
  return {
    schema: bundle(composed),
    problems: [...composed.problems, ...catalogue.problems],
    async lint(file, text) {
      const found = await lintSources([{ file, text }], { validator, catalogue });
      // whole-file problems of the schemas are the same for every page: `problems` carries them
      return found.filter((d) => d.file === file);
    },
  };
}
