import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Composes the page envelope (schemas/page.schema.json), the shared definitions (schemas/defs/) and
// one schema per widget kind (schemas/widgets/<kind>.schema.json) into one page schema. Registering
// a kind is adding its file: the composed `definitions.widget` becomes a `type`-discriminated
// if/then chain over every kind found, so Ajv reports errors from the matching kind's schema only.

export const SCHEMA_BASE_URI = 'https://answerscope.local/schemas/';
export const DEFAULT_SCHEMAS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../schemas');

export type JsonSchema = Record<string, unknown>;

export interface SchemaFile {
  /** path relative to the schemas root, '/'-separated: 'page.schema.json', 'defs/layout.schema.json' */
  rel: string;
  /** absolute path on disk */
  path: string;
  schema: JsonSchema;
}

export interface WidgetKind extends SchemaFile {
  kind: string;
}

export interface ComposeOptions {
  /** the schemas root holding page.schema.json and defs/ */
  schemasDir?: string;
  /** where kind schemas live; default <schemasDir>/widgets. Tests point this at fixture kinds. */
  widgetsDir?: string;
}

export interface ComposeProblem {
  path: string;
  message: string;
}

export interface ComposedSchema {
  /** the page schema with definitions.widget replaced by the kind chain */
  page: JsonSchema;
  /** every schema file, page last; `rel` doubles as its id relative to SCHEMA_BASE_URI */
  files: SchemaFile[];
  kinds: WidgetKind[];
  problems: ComposeProblem[];
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

function listJson(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.schema.json')).sort();
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The kind a widget schema declares through properties.type.const, or null. */
export function kindOf(schema: unknown): string | null {
  if (!isObject(schema) || !isObject(schema.properties)) return null;
  const type = schema.properties.type;
  return isObject(type) && typeof type.const === 'string' ? type.const : null;
}

/** The discriminated chain over the kinds; with no kinds, the common widget base. */
export function widgetUnion(kinds: readonly { kind: string; rel: string }[]): JsonSchema {
  if (kinds.length === 0) return { $ref: 'defs/widget-common.schema.json#/definitions/widget' };
  return {
    title: 'Widget',
    type: 'object',
    required: ['type'],
    properties: { type: { enum: kinds.map((k) => k.kind) } },
    allOf: kinds.map((k) => ({
      if: { required: ['type'], properties: { type: { const: k.kind } } },
      then: { $ref: k.rel },
    })),
  };
}

export function composePageSchema(options: ComposeOptions = {}): ComposedSchema {
  const schemasDir = options.schemasDir ?? DEFAULT_SCHEMAS_DIR;
  const widgetsDir = options.widgetsDir ?? join(schemasDir, 'widgets');
  const problems: ComposeProblem[] = [];
  const files: SchemaFile[] = [];

  for (const name of listJson(join(schemasDir, 'defs'))) {
    const path = join(schemasDir, 'defs', name);
    files.push({ rel: `defs/${name}`, path, schema: readJson(path) as JsonSchema });
  }

  const kinds: WidgetKind[] = [];
  for (const name of listJson(widgetsDir)) {
    const path = join(widgetsDir, name);
    let schema: unknown;
    try {
      schema = readJson(path);
    } catch (e) {
      problems.push({ path, message: `not valid JSON: ${(e as Error).message}` });
      continue;
    }
    const kind = kindOf(schema);
    const expected = name.replace(/\.schema\.json$/, '');
    if (!kind) {
      problems.push({ path, message: 'a widget kind schema must set properties.type.const to its kind' });
      continue;
    }
    if (kind !== expected) {
      problems.push({ path, message: `declares kind '${kind}' but its file is named for '${expected}'` });
      continue;
    }
    // Kind schemas are addressed as widgets/<kind>.schema.json wherever they live on disk, so their
    // "../defs/..." references resolve to the shared definitions.
    kinds.push({ rel: `widgets/${name}`, path, schema: schema as JsonSchema, kind });
  }

  const pagePath = join(schemasDir, 'page.schema.json');
  const page = structuredClone(readJson(pagePath)) as JsonSchema;
  const definitions = { ...(isObject(page.definitions) ? page.definitions : {}) };
  definitions.widget = widgetUnion(kinds);
  page.definitions = definitions;

  files.push(...kinds);
  files.push({ rel: 'page.schema.json', path: pagePath, schema: page });
  return { page, files, kinds, problems };
}
