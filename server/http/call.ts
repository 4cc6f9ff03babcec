import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from './context';

/** The signed-in user as routes see it (loaded by the auth hook from the access cookie). */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
}

export interface CallInput<Body = any, Query = any, Params = any> {
  body: Body;
  query: Query;
  params: Params;
  /** Null only on calls declared with `auth: false`. */
  user: AuthUser;
  ctx: ServerContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * One API call: its id names a file schemas/api/calls/<id>.json that holds method, path and the
 * request/response JSON Schemas. The server registers the route from that file, so the path,
 * validation and serialisation can never drift from the catalogue the engine and lint read.
 */
export interface CallRoute {
  id: string;
  /** Default true: the auth hook answers 401 before the handler runs. */
  auth?: boolean;
  /** Keep the exact body bytes in request.rawBody (a body signed by its sender, e.g. a webhook). */
  rawBody?: boolean;
  /** Returns the response body (serialised with the response schema) or sends the reply itself. */
  handler: (input: CallInput) => Promise<unknown>;
}

export function defineCall<Body = any, Query = any, Params = any>(
  id: string,
  handler: (input: CallInput<Body, Query, Params>) => Promise<unknown>,
  options: { auth?: boolean; rawBody?: boolean } = {},
): CallRoute {
  return { id, handler: handler as CallRoute['handler'], ...options };
}
