import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../http/call';
import type { ServerContext } from '../http/context';
import { ACCESS_COOKIE } from './constants';
import { loadSessionSecret } from './secret';
import { verifyAccessToken } from './tokens';

/**
 * The auth hook buildApp runs before every call that is not `auth: false`: reads the access
 * cookie, checks its signature and expiry, then that the session is not revoked and the user is
 * still active. Null means "answer 401", which makes the client refresh once and retry.
 */
export function createAuthenticate(ctx: ServerContext): (request: FastifyRequest) => Promise<AuthUser | null> {
  const secret = loadSessionSecret(ctx.config);
  return async (request) => {
    const sessionId = accessSessionId(request, secret, ctx.now());
    if (!sessionId) return null;
    // Sessions end 30 days after login whatever the refreshes (absolute lifetime).
    const rows = await ctx.db.query<AuthUser>(
      `SELECT u.id, u.email, u.name FROM auth_sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = $1 AND s.revoked = false AND s.expires_at > $2 AND u.is_active = true`,
      [sessionId, ctx.now().toISOString()],
    );
    return rows[0] ? { id: rows[0].id, email: rows[0].email, name: rows[0].name } : null;
  };
}

/** The session id carried by a valid access cookie, or null. */
export function accessSessionId(request: FastifyRequest, secret: Buffer, now: Date): string | null {
  const token = request.cookies?.[ACCESS_COOKIE];
  if (!token) return null;
  return verifyAccessToken(token, secret, Math.floor(now.getTime() / 1000));
}
