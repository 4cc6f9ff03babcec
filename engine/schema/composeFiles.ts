// The composition of the page schema from schema documents already in memory, with no file system:
// the lint CLI reads them from disk (compose.ts), the page studio gets them from its bundle. One
// widget kind per file: the composed `definitions.widget` becomes a `type`-discriminated if/then
// chain over every kind found, so Ajv reports errors from the matching kind's schema only.

export const SCHEMA_BASE_URI = 'https://answerscope.local/schemas/';

export type JsonSchema = Record<string, unknown>;

export interface SchemaFile {
  /** path relative to the schemas root, '/'-separated: 'page.schema.json', 'defs/layout.schema.json' */
  rel: string;
  /** where it was read from (a path on disk, or the name it was bundled under) */
  path: string;
  schema: JsonSchema;
}

export interface WidgetKind extends SchemaFile {
  kind: string;
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

/** A schema document as read: its file name, where it came from, and its JSON (or why it has none). */
export interface SchemaSource {
  name: string;
  path: string;
  /** the parsed document; a thrown parse error goes in `error` instead */
  schema?: unknown;
  error?: string;
}

export interface SchemaSources {
  /** schemas/defs/*.schema.json */
  defs: SchemaSource[];
  /** one per widget kind, schemas/widgets/<kind>.schema.json */
  widgets: SchemaSource[];
  page: SchemaSource;
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

const byName = (a: SchemaSource, b: SchemaSource) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export function composeSchemaSources(sources: SchemaSources): ComposedSchema {
  const problems: ComposeProblem[] = [];
  const files: SchemaFile[] = [];

  for (const d of [...sources.defs].sort(byName)) {
    if (d.error !== undefined) throw new Error(`${d.path}: ${d.error}`);
    files.push({ rel: `defs/${d.name}`, path: d.path, schema: d.schema as JsonSchema });
  }

  const kinds: WidgetKind[] = [];
  for (const w of [...sources.widgets].sort(byName)) {
    if (w.error !== undefined) {
      problems.push({ path: w.path, message: `not valid JSON: ${w.error}` });
      continue;
    }
    const kind = kindOf(w.schema);
    const expected = w.name.replace(/\.schema\.json$/, '');
    if (!kind) {
      problems.push({ path: w.path, message: 'a widget kind schema must set properties.type.const to its kind' });
      continue;
    }
    if (kind !== expected) {
      problems.push({ path: w.path, message: `declares kind '${kind}' but its file is named for '${expected}'` });
      continue;
    }
    // Kind schemas are addressed as widgets/<kind>.schema.json wherever they come from, so their
    // "../defs/..." references resolve to the shared definitions.
    kinds.push({ rel: `widgets/${w.name}`, path: w.path, schema: w.schema as JsonSchema, kind });
  }

  if (sources.page.error !== undefined) throw new Error(`${sources.page.path}: ${sources.page.error}`);
  const page = structuredClone(sources.page.schema) as JsonSchema;
  const definitions = { ...(isObject(page.definitions) ? page.definitions : {}) };
  definitions.widget = widgetUnion(kinds);
  page.definitions = definitions;

  files.push(...kinds);
  files.push({ rel: 'page.schema.json', path: sources.page.path, schema: page });
  return { page, files, kinds, problems };
}
