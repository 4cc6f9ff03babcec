import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { composePageSchema, widgetUnion, SCHEMA_BASE_URI, type ComposeOptions, type ComposedSchema, type SchemaFile, type WidgetKind } from './compose';

// One Ajv instance per schema set: all errors at once, verbose so error mapping can read the
// failing schema (allowed properties, enum values) for "did you mean" hints. A kind schema that
// does not compile (bad $ref, invalid keyword) is left out and reported as a problem, so one broken
// kind file cannot stop lint for every page.

export interface PageValidator {
  composed: ComposedSchema;
  validate: ValidateFunction;
}

const cache = new Map<string, PageValidator>();

function build(files: SchemaFile[], kinds: WidgetKind[], page: Record<string, unknown>): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, allowUnionTypes: true });
  addFormats(ajv);
  const add = (schema: Record<string, unknown>, rel: string) => {
    const copy = { ...schema };
    delete copy.$id;
    delete copy.$schema;
    ajv.addSchema(copy, SCHEMA_BASE_URI + rel);
  };
  for (const f of files) if (f.rel.startsWith('defs/')) add(f.schema, f.rel);
  for (const k of kinds) add(k.schema, k.rel);
  const definitions = { ...(page.definitions as Record<string, unknown>), widget: widgetUnion(kinds) };
  add({ ...page, definitions }, 'page.schema.json');
  return ajv;
}

export function createPageValidator(options: ComposeOptions = {}): PageValidator {
  const key = JSON.stringify([options.schemasDir ?? '', options.widgetsDir ?? '']);
  const hit = cache.get(key);
  if (hit) return hit;
  const composed = composePageSchema(options);
  let kinds = composed.kinds;
  let ajv = build(composed.files, kinds, composed.page);
  const broken = new Set<string>();
  for (const k of kinds) {
    try {
      ajv.getSchema(SCHEMA_BASE_URI + k.rel);
    } catch (e) {
      broken.add(k.kind);
      composed.problems.push({ path: k.path, message: `does not compile, so '${k.kind}' widgets are unchecked: ${(e as Error).message}` });
    }
  }
  if (broken.size) {
    kinds = kinds.filter((k) => !broken.has(k.kind));
    ajv = build(composed.files, kinds, composed.page);
  }
  const validate = ajv.getSchema(SCHEMA_BASE_URI + 'page.schema.json');
  if (!validate) throw new Error('page schema did not compile');
  const validator = { composed, validate };
  cache.set(key, validator);
  return validator;
}

export type { ErrorObject };

export interface WidgetCheck {
  valid: boolean;
  /** "<json pointer> <message>" per problem, for test output */
  errors: string[];
}

/**
 * Validates one widget config (a kind's valid/invalid fixture) against the composed widget
 * schema: the same check a page's widgets get, without a page around it.
 */
export function validateWidgetConfig(config: unknown, options: ComposeOptions = {}): WidgetCheck {
  const { validate } = createPageValidator(options);
  const page = { version: 1, id: 'fixture', route: '/fixture', title: 'Fixture', widgets: { w: config }, layout: [] };
  const valid = validate(page) as boolean;
  const errors = (validate.errors ?? [])
    .filter((e) => e.keyword !== 'if')
    .map((e) => `${e.instancePath.replace(/^\/widgets\/w/, '') || '/'} ${e.message ?? e.keyword}${e.keyword === 'additionalProperties' ? ` '${String((e.params as Record<string, unknown>).additionalProperty)}'` : ''}`);
  return { valid, errors };
}
