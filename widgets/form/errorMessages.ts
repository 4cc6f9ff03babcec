import type { RJSFValidationError } from '@rjsf/utils';

/** Per field, validation keyword (required, pattern, format, minLength…) → the product's copy. */
export type ErrorMessages = Record<string, Record<string, string>>;

/** The field an rjsf error is about: '.name' → 'name' (required errors name the missing property). */
function fieldOf(error: RJSFValidationError): string {
  const missing = error.params && typeof error.params === 'object' ? (error.params as { missingProperty?: string }).missingProperty : undefined;
  const path = error.name === 'required' && missing ? missing : error.property ?? '';
  return path.replace(/^\./, '').replace(/^\['?|'?\]$/g, '');
}

/** Replaces Ajv's wording ("must have required property 'name'") with the configured copy. */
export function withMessages(errors: RJSFValidationError[], messages: ErrorMessages | undefined): RJSFValidationError[] {
  if (!messages) return errors;
  return errors.map((error) => {
    const copy = messages[fieldOf(error)]?.[error.name ?? ''];
    return copy ? { ...error, message: copy, stack: copy } : error;
  });
}
