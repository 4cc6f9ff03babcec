import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters that carry a credential: the emailed password-reset link's token. */
const SECRET_QUERY_PARAMS = new Set(['token']);
export const REDACTED = '[redacted]';

/** The URL with the value of every credential-bearing query parameter replaced by [redacted]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      // The name as the query parser reads it: %74oken and Token are still the token.
      return SECRET_QUERY_PARAMS.has(decodeName(rawName).toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q + 1)}${pairs.join('&')}`;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** Fastify's own request serializer (method, url, host, addresses), with the URL redacted. */
function redactedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version'] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The logger settings with serializers that keep reset tokens out of the log: Fastify logs every
 * request's URL ("incoming request"), and the reset link carries its token in the query; error
 * logs name the URL under `url`.
 */
export function withLogRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: redactedRequest, url: redactUrl } };
}
