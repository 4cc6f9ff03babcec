import { createHmac, timingSafeEqual } from 'node:crypto';
import { sha256 } from './tokens';

/** A reset link works for one hour. */
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;

/**
 * Reset token `<userId>.<exp>.<mac>`: the MAC also covers a fingerprint of the current password
 * hash, so the link dies as soon as the password changes (single use) without a token table.
 */
export function signPasswordResetToken(userId: string, passwordHash: string, expiresAtSeconds: number, secret: Buffer): string {
  const payload = `${Buffer.from(userId).toString('base64url')}.${expiresAtSeconds}`;
  return `${payload}.${mac(payload, passwordHash, secret)}`;
}

/** The user id inside a token, before its MAC is checked (needed to look up the password hash). */
export function passwordResetUserId(token: string): string | null {
  const [id] = token.split('.');
  if (!id) return null;
  try {
    return Buffer.from(id, 'base64url').toString('utf8') || null;
  } catch {
    return null;
  }
}

export function verifyPasswordResetToken(token: string, passwordHash: string, secret: Buffer, nowSeconds: number): boolean {
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  const expected = Buffer.from(mac(`${parts[0]}.${parts[1]}`, passwordHash, secret));
  const given = Buffer.from(parts[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const exp = Number(parts[1]);
  return Number.isInteger(exp) && exp > nowSeconds;
}

function mac(payload: string, passwordHash: string, secret: Buffer): string {
  return createHmac('sha256', secret).update(`reset:${payload}:${sha256(passwordHash)}`).digest('base64url');
}
