import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { JsonSchema } from '../catalogue/load';

/**
 * Request validation. Bodies are checked strictly (no coercion: a "5" is not a number, and extra
 * fields are a 400, never silently dropped); query strings and path params arrive as text, so
 * only they are coerced. All errors are reported at once.
 */
export function createValidatorCompiler(shared: JsonSchema[]): FastifySchemaCompiler<JsonSchema> {
  const make = (coerceTypes: false | 'array') => {
    const ajv = new Ajv({ removeAdditional: false, coerceTypes, allErrors: true, useDefaults: true, strict: false });
    addFormats(ajv);
    for (const s of shared) ajv.addSchema(s);
    return ajv;
  };
  const strict = make(false);
  const coercing = make('array');
  return ({ schema, httpPart }) => {
    const ajv = httpPart === 'querystring' || httpPart === 'params' ? coercing : strict;
    return ajv.compile(schema) as ReturnType<FastifySchemaCompiler<JsonSchema>>;
  };
}
