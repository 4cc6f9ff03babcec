import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_CODE = 'CROSS_SITE_REQUEST';
export const CROSS_SITE_MESSAGE = 'This request came from another site and was refused.';

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function originOf(value: string): string | null {
  try {
    const { origin } = new URL(value);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether a request was sent by a page of another site. Browsers mark every request with
 * Sec-Fetch-Site (accepted: same-origin, or none for one the user started), and older ones send
 * Origin on every cross-origin POST (accepted: the public origin or the origin the request was
 * addressed to, whose Host a page cannot forge). A request with neither header comes from no
 * browser, so it cannot carry a victim's cookies, and passes.
 */
export function isCrossSite(request: FastifyRequest, publicOrigin: string | null): boolean {
  const site = single(request.headers['sec-fetch-site']);
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = single(request.headers.origin);
  if (origin === undefined) return false;
  const own = originOf(`${request.protocol}://${request.host}`);
  return origin !== publicOrigin && origin !== own;
}

/**
 * CSRF defence for cookie sessions: every state-changing call (POST, PUT, PATCH, DELETE, on any
 * path, login and logout included) sent by another site's page is refused with 403 before
 * authentication and body parsing. SameSite=Lax alone lets a top-level cross-site form POST through
 * in some browsers and does nothing for login CSRF.
 */
export function registerCrossSiteGuard(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = originOf(publicUrl);
  app.addHook('onRequest', async (request) => {
    if (STATE_CHANGING.has(request.method) && isCrossSite(request, publicOrigin)) {
      throw new HttpError(403, CROSS_SITE_CODE, CROSS_SITE_MESSAGE);
    }
  });
}
