import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Access token: `<sessionId>.<expiresAtSeconds>.<hmac>`; the session row is still checked per request,
 * so logout and deactivation take effect at once, while a forged or expired token costs no query. */
export function signAccessToken(sessionId: string, expiresAtSeconds: number, secret: Buffer): string {
  const payload = `${sessionId}.${expiresAtSeconds}`;
  return `${payload}.${mac(payload, secret)}`;
}

export function verifyAccessToken(token: string, secret: Buffer, nowSeconds: number): string | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [sessionId, exp, sig] = parts;
  const expected = Buffer.from(mac(`${sessionId}.${exp}`, secret));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expiresAt = Number(exp);
  if (!Number.isInteger(expiresAt) || expiresAt <= nowSeconds) return null;
  return sessionId;
}

/** Refresh token: `<sessionId>.<random>`; only its sha256 is stored, and it changes on every refresh. */
export function newRefreshToken(sessionId: string): string {
  return `${sessionId}.${randomBytes(32).toString('base64url')}`;
}

/**
 * The token a refresh token is swapped for: derived from it with the server key rather than drawn
 * at random, so a second refresh racing with the same token can be answered with the very pair the
 * first one got (nothing secret is stored for that), while nobody without the key can compute it.
 */
export function successorRefreshToken(token: string, secret: Buffer): string | null {
  const sessionId = sessionIdOfRefreshToken(token);
  if (!sessionId) return null;
  return `${sessionId}.${createHmac('sha256', secret).update(`refresh-successor:${token}`).digest('base64url')}`;
}

export function sessionIdOfRefreshToken(token: string): string | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  return token.slice(0, dot);
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

function mac(payload: string, secret: Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}
