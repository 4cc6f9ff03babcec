import { MissingBindingsError } from './runAction';
import type { ActionSpec } from './types';

/** The copy for a failed action: for a request missing a value, the spec's missing copy; else the
 * spec's copy for the HTTP status, else its default, else the error's own message, else its
 * fallback ("the error message, or 'Failed to …'"). */
export function errorCopy(spec: Pick<ActionSpec, 'errors'>, error: unknown, fallback = 'Something went wrong'): string {
  const status = typeof error === 'object' && error !== null && 'status' in error ? String((error as { status: unknown }).status) : undefined;
  const errors = spec.errors ?? {};
  if (error instanceof MissingBindingsError && errors.missing) return errors.missing;
  if (status && errors[status]) return errors[status];
  if (errors.default) return errors.default;
  if (error instanceof Error && error.message) return error.message;
  return errors.fallback ?? fallback;
}
