/** An error the API answers with its own status and the shape {message, code, details}. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
  ) {
    super(message);
  }
}

export const notFound = (what: string, code = 'NOT_FOUND') => new HttpError(404, code, `${what} not found`);
export const badRequest = (message: string, details: unknown = null) =>
  new HttpError(400, 'BAD_REQUEST', message, details);
export const unauthenticated = () => new HttpError(401, 'UNAUTHENTICATED', 'Please log in to continue');
export const methodNotAllowed = (allowed: string[]) =>
  new HttpError(405, 'METHOD_NOT_ALLOWED', `This address only answers ${allowed.join(', ')}`, { allow: allowed });
