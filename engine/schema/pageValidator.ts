import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { widgetUnion, SCHEMA_BASE_URI, type ComposedSchema, type SchemaFile, type WidgetKind } from './composeFiles';

// One Ajv instance per schema set: all errors at once, verbose so error mapping can read the
// failing schema (allowed properties, enum values) for "did you mean" hints. A kind schema that
// does not compile (bad $ref, invalid keyword) is left out and reported as a problem, so one broken
// kind file cannot stop lint for every page. No file system: runs in Node and in the browser.

export interface PageValidator {
  composed: ComposedSchema;
  validate: ValidateFunction;
}

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

/** Compiles a composed page schema (the composition's problems gain the kinds that do not compile). */
export function compilePageValidator(composed: ComposedSchema): PageValidator {
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
  return { composed, validate };
}
