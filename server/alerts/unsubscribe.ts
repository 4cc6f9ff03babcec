import { createHmac, timingSafeEqual } from 'node:crypto';
import { type AlertKind, isAlertKind } from './kinds';

/**
 * One-click unsubscribe token `<userId>.<kind>.<mac>` (user id base64url): an HMAC with the session
 * secret over the user and the kind, so a link turns off exactly one toggle of one user and cannot be
 * edited into another. It does not expire: an unsubscribe link in an old email must still work.
 */
export function signUnsubscribeToken(userId: string, kind: AlertKind, secret: Buffer): string {
  const payload = `${Buffer.from(userId).toString('base64url')}.${kind}`;
  return `${payload}.${mac(payload, secret)}`;
}

/** The user and kind a token stands for, or null when it is malformed or its MAC does not match. */
export function verifyUnsubscribeToken(token: string, secret: Buffer): { userId: string; kind: AlertKind } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [id, kind, given] = parts;
  if (!isAlertKind(kind)) return null;
  const expected = Buffer.from(mac(`${id}.${kind}`, secret));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  const userId = Buffer.from(id, 'base64url').toString('utf8');
  return userId ? { userId, kind } : null;
}

function mac(payload: string, secret: Buffer): string {
  return createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');
}

/** The unsubscribe address (GET: a confirmation page; POST: one-click, RFC 8058). */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/email/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The headers that let mail clients offer their own one-click unsubscribe button. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
