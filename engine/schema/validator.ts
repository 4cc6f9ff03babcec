import type { ErrorObject } from 'ajv';
import { composePageSchema, type ComposeOptions } from './compose';
import { compilePageValidator, type PageValidator } from './pageValidator';

// The page validator of the schemas on disk, one per schema set (compiling takes a while).

export type { PageValidator };

const cache = new Map<string, PageValidator>();

export function createPageValidator(options: ComposeOptions = {}): PageValidator {
  const key = JSON.stringify([options.schemasDir ?? '', options.widgetsDir ?? '']);
  const hit = cache.get(key);
  if (hit) return hit;
  const validator = compilePageValidator(composePageSchema(options));
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
