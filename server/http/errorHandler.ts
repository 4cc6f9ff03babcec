import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CONFLICT_MESSAGE, isWriteConflict } from '../db/conflicts';
import { HttpError } from './errors';

/** The body of every error answer (schemas/api/error.schema.json). */
export interface ErrorBody {
  message: string;
  code: string;
  details: unknown;
}

export const SERVER_ERROR_MESSAGE = 'Server error occurred. Please try again.';

/** Fastify's own request errors that are the client's fault, with the code the API answers. */
const CLIENT_ERROR_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_TYPE: 'BAD_REQUEST',
};

/** Maps any thrown error to {message, code, details}: the request's fault is a 4xx, ours a logged 500. */
export function toErrorReply(error: unknown): { status: number; body: ErrorBody; log: boolean } {
  if (error instanceof HttpError) {
    return { status: error.statusCode, body: { message: error.message, code: error.code, details: error.details ?? null }, log: false };
  }
  const e = error as FastifyError & { validationContext?: string };
  if (e && Array.isArray(e.validation)) {
    return { status: 400, body: { message: e.message, code: 'VALIDATION_ERROR', details: e.validation }, log: false };
  }
  if (e && typeof e.code === 'string' && CLIENT_ERROR_CODES[e.code]) {
    const code = CLIENT_ERROR_CODES[e.code];
    const message = code === 'INVALID_JSON' ? 'The request body is not valid JSON' : e.message;
    return { status: e.statusCode ?? 400, body: { message, code, details: null }, log: false };
  }
  // JSON.parse failures in the default parser surface as SyntaxError with a 400 status.
  if (e instanceof SyntaxError && (e as FastifyError).statusCode === 400) {
    return { status: 400, body: { message: 'The request body is not valid JSON', code: 'INVALID_JSON', details: null }, log: false };
  }
  if (e && typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    // Other framework-level client errors (multipart limits, etc.): keep their status.
    return { status: e.statusCode, body: { message: e.message, code: clientCode(e.statusCode), details: null }, log: false };
  }
  // A write that lost a race with another request (where a route did not retry it): 409, never a 500.
  if (isWriteConflict(error)) return { status: 409, body: { message: CONFLICT_MESSAGE, code: 'CONFLICT', details: null }, log: false };
  return { status: 500, body: { message: SERVER_ERROR_MESSAGE, code: 'INTERNAL', details: null }, log: true };
}

function clientCode(status: number): string {
  switch (status) {
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 414:
      return 'URI_TOO_LONG';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 431:
      return 'HEADERS_TOO_LARGE';
    default:
      return 'BAD_REQUEST';
  }
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body, log } = toErrorReply(error);
  if (log) request.log.error({ err: error, url: request.url, method: request.method }, 'request failed');
  void reply.code(status).type('application/json; charset=utf-8').send(body);
}
