import type { FastifyReply, FastifyRequest } from 'fastify';
import { accessSessionId } from '../../auth/authenticate';
import { REFRESH_COOKIE } from '../../auth/constants';
import { clearSessionCookies, setSessionCookies } from '../../auth/cookies';
import { inLoginQueue } from '../../auth/loginQueue';
import { beginLoginAttempt, tooManyLoginAttempts } from '../../auth/loginThrottle';
import { loadSessionSecret } from '../../auth/secret';
import { openSession, revokeSession, rotateSession } from '../../auth/sessions';
import { sessionIdOfRefreshToken, sha256 } from '../../auth/tokens';
import { hashPassword, verifyPassword } from '../../security/password';
import { defineCall } from '../../http/call';
import type { ServerContext } from '../../http/context';
import { HttpError, methodNotAllowed } from '../../http/errors';
import { clientAddressKey } from '../../http/rateLimitClientAddress';
import { safeRedirect } from './redirects';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const DEACTIVATED_MESSAGE = 'Your account has been deactivated. Please contact support to reactivate your account.';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

interface LoginBody {
  email: string;
  password: string;
  redirectUrl?: string;
}

/** Checked against when the email is unknown, so a miss costs the same time as a wrong password. */
let dummyHash: Promise<string> | null = null;

/** A plain HTML form post (no script) gets redirects both ways instead of JSON. */
function isFormPost(request: FastifyRequest): boolean {
  return String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

export const login = defineCall<LoginBody, { redirectUrl?: string }>(
  'auth.login',
  async ({ body, query, ctx, request, reply }) => {
    const redirectUrl = body.redirectUrl ?? query.redirectUrl;
    try {
      const user = await inLoginQueue(
        () => checkCredentials(ctx, body, request, reply),
        (retryAfter) => reply.header('Retry-After', String(retryAfter)),
      );
      // A session whose cookies came with the sign-in (planted by someone else, or an earlier
      // sign-in on this browser) ends here: only the session opened now is valid afterwards.
      await revokePresentedSession(ctx, request);
      const tokens = await openSession(ctx.db, user.id, ctx.now(), loadSessionSecret(ctx.config));
      setSessionCookies(reply, ctx.config, tokens);
      if (redirectUrl || isFormPost(request)) {
        return reply.redirect(safeRedirect(redirectUrl, request, ctx.config.publicUrl, '/app/home'), 303);
      }
      return { user: { id: user.id, name: user.name, email: user.email, isOnboarded: user.is_onboarded } };
    } catch (err) {
      if (!(err instanceof HttpError) || !isFormPost(request)) throw err;
      // Back to the login page with the message, keeping where the user was going.
      const params = new URLSearchParams({ error: err.message });
      if (redirectUrl) params.set('redirectUrl', redirectUrl);
      return reply.redirect(`/login?${params}`, 303);
    }
  },
  { auth: false },
);

async function checkCredentials(ctx: ServerContext, body: LoginBody, request: FastifyRequest, reply: FastifyReply) {
  const email = body.email.trim().toLowerCase();
  // The throttle's slots are taken before any password is hashed: a refused attempt costs one
  // small query, never a scrypt run.
  const attempt = await beginLoginAttempt(ctx.db, email, clientAddressKey(request.ip), ctx.now());
  if (!attempt.allowed) {
    reply.header('Retry-After', String(attempt.retryAfterSeconds));
    throw tooManyLoginAttempts(attempt.retryAfterSeconds);
  }
  const rows = await ctx.db.query<{ id: string; name: string; email: string; password_hash: string; is_active: boolean; is_onboarded: boolean }>(
    `SELECT id, name, email, password_hash, is_active, is_onboarded FROM users WHERE lower(email) = $1`,
    [email],
  );
  const user = rows[0];
  dummyHash ??= hashPassword('not-a-real-password');
  const ok = await verifyPassword(body.password, user ? user.password_hash : await dummyHash);
  // A failed attempt keeps the slots it took.
  if (!user || !ok) throw new HttpError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  await attempt.succeeded();
  // Only after the password matched, so deactivation tells a guesser nothing.
  if (!user.is_active) throw new HttpError(400, 'ACCOUNT_DEACTIVATED', DEACTIVATED_MESSAGE);
  return user;
}

export const refresh = defineCall(
  'auth.refresh',
  async ({ ctx, request, reply }) => {
    const token = request.cookies?.[REFRESH_COOKIE];
    const result = token ? await rotateSession(ctx.db, token, ctx.now(), loadSessionSecret(ctx.config)) : null;
    if (!result || !result.ok) {
      clearSessionCookies(reply, ctx.config);
      // The client shows the Account Deactivated page for a 400 whose message says "deactivated".
      if (result?.reason === 'inactive') throw new HttpError(400, 'ACCOUNT_DEACTIVATED', DEACTIVATED_MESSAGE);
      const code = result?.reason === 'reused' || result?.reason === 'unknown' ? 'INVALID_TOKEN' : 'SESSION_EXPIRED';
      throw new HttpError(401, code, SESSION_EXPIRED_MESSAGE);
    }
    setSessionCookies(reply, ctx.config, result.tokens);
    return { success: true };
  },
  { auth: false },
);

/** Revokes the session behind either cookie the request carries (the access one may have expired already). */
async function revokePresentedSession(ctx: ServerContext, request: FastifyRequest): Promise<void> {
  const secret = loadSessionSecret(ctx.config);
  const fromAccess = accessSessionId(request, secret, ctx.now());
  if (fromAccess) await revokeSession(ctx.db, fromAccess);
  const refreshToken = request.cookies?.[REFRESH_COOKIE];
  const fromRefresh = refreshToken ? sessionIdOfRefreshToken(refreshToken) : null;
  if (fromRefresh && refreshToken) {
    // Only the holder of the current refresh token may end the session this way.
    await ctx.db.query(`UPDATE auth_sessions SET revoked = true WHERE id = $1 AND refresh_hash = $2`, [
      fromRefresh,
      sha256(refreshToken),
    ]);
  }
}

async function endSession(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await revokePresentedSession(ctx, request);
  clearSessionCookies(reply, ctx.config);
}

export const logoutPost = defineCall<unknown, { redirectUrl?: string }>(
  'auth.logout.post',
  async ({ query, ctx, request, reply }) => {
    await endSession(ctx, request, reply);
    if (query.redirectUrl) return reply.redirect(safeRedirect(query.redirectUrl, request, ctx.config.publicUrl, '/login'), 303);
    return { success: true };
  },
  { auth: false },
);

/**
 * Logout changes state, so it is a POST only (the app submits a form): a GET could be fired by any
 * other site's <img> or link. GET answers 405 and leaves the session alone.
 */
export const logoutGet = defineCall(
  'auth.logout.get',
  async ({ reply }) => {
    reply.header('Allow', 'POST');
    throw methodNotAllowed(['POST']);
  },
  { auth: false },
);

export const authRoutes = [login, refresh, logoutPost, logoutGet];
