import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composeSchemaSources, type ComposedSchema, type SchemaSource } from './composeFiles';

// Composes the page envelope (schemas/page.schema.json), the shared definitions (schemas/defs/) and
// one schema per widget kind (schemas/widgets/<kind>.schema.json) into one page schema, reading
// them from disk; the composition itself is composeFiles.ts (also used in the browser).

export { SCHEMA_BASE_URI, kindOf, widgetUnion } from './composeFiles';
export type { ComposeProblem, ComposedSchema, JsonSchema, SchemaFile, WidgetKind } from './composeFiles';
export const DEFAULT_SCHEMAS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../schemas');

export interface ComposeOptions {
  /** the schemas root holding page.schema.json and defs/ */
  schemasDir?: string;
  /** where kind schemas live; default <schemasDir>/widgets. Tests point this at fixture kinds. */
  widgetsDir?: string;
}

function read(dir: string, name: string): SchemaSource {
  const path = join(dir, name);
  try {
    return { name, path, schema: JSON.parse(readFileSync(path, 'utf8')) };
  } catch (e) {
    return { name, path, error: (e as Error).message };
  }
}

function listJson(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.schema.json')).sort();
}

export function composePageSchema(options: ComposeOptions = {}): ComposedSchema {
  const schemasDir = options.schemasDir ?? DEFAULT_SCHEMAS_DIR;
  const widgetsDir = options.widgetsDir ?? join(schemasDir, 'widgets');
  const defsDir = join(schemasDir, 'defs');
  return composeSchemaSources({
    defs: listJson(defsDir).map((name) => read(defsDir, name)),
    widgets: listJson(widgetsDir).map((name) => read(widgetsDir, name)),
    page: read(schemasDir, 'page.schema.json'),
  });
}
