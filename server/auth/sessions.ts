import type { Db } from '../db/types';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from './constants';
import { newRefreshToken, randomId, sessionIdOfRefreshToken, sha256, signAccessToken } from './tokens';

export interface IssuedTokens {
  sessionId: string;
  userId: string;
  accessToken: string;
  refreshToken: string;
}

/** Opens a session for a user who just proved their password. */
export async function openSession(db: Db, userId: string, now: Date, secret: Buffer): Promise<IssuedTokens> {
  const sessionId = randomId('ses');
  const refreshToken = newRefreshToken(sessionId);
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  await db.query(
    `INSERT INTO auth_sessions (id, user_id, refresh_hash, created_at, refreshed_at, expires_at, revoked)
     VALUES ($1, $2, $3, $4, $4, $5, false)`,
    [sessionId, userId, sha256(refreshToken), now.toISOString(), expiresAt.toISOString()],
  );
  return { sessionId, userId, refreshToken, accessToken: accessFor(sessionId, now, secret) };
}

export type RotateResult =
  | { ok: true; tokens: IssuedTokens }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'reused' | 'inactive' };

/**
 * Swaps a refresh token for a new pair. A token that was already swapped (its hash no longer
 * matches) means someone replayed an old token: the whole session is revoked, so a thief and the
 * victim are both signed out rather than the thief staying in.
 */
export async function rotateSession(db: Db, refreshToken: string, now: Date, secret: Buffer): Promise<RotateResult> {
  const sessionId = sessionIdOfRefreshToken(refreshToken);
  if (!sessionId) return { ok: false, reason: 'unknown' };
  const rows = await db.query<{ user_id: string; refresh_hash: string; expires_at: string; revoked: boolean; is_active: boolean }>(
    `SELECT s.user_id, s.refresh_hash, s.expires_at, s.revoked, u.is_active
       FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
    [sessionId],
  );
  const session = rows[0];
  if (!session) return { ok: false, reason: 'unknown' };
  if (session.revoked) return { ok: false, reason: 'revoked' };
  if (session.refresh_hash !== sha256(refreshToken)) {
    await revokeSession(db, sessionId);
    return { ok: false, reason: 'reused' };
  }
  if (Date.parse(session.expires_at) <= now.getTime()) return { ok: false, reason: 'expired' };
  if (!session.is_active) return { ok: false, reason: 'inactive' };

  const next = newRefreshToken(sessionId);
  // The hash condition makes two concurrent refreshes with the same token race safely: one wins.
  const updated = await db.query<{ id: string }>(
    `UPDATE auth_sessions SET refresh_hash = $1, refreshed_at = $2
      WHERE id = $3 AND refresh_hash = $4 AND revoked = false RETURNING id`,
    [sha256(next), now.toISOString(), sessionId, session.refresh_hash],
  );
  if (updated.length === 0) return { ok: false, reason: 'reused' };
  return { ok: true, tokens: { sessionId, userId: session.user_id, refreshToken: next, accessToken: accessFor(sessionId, now, secret) } };
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.query(`UPDATE auth_sessions SET revoked = true WHERE id = $1`, [sessionId]);
}

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db.query(`UPDATE auth_sessions SET revoked = true WHERE user_id = $1`, [userId]);
}

function accessFor(sessionId: string, now: Date, secret: Buffer): string {
  return signAccessToken(sessionId, Math.floor(now.getTime() / 1000) + ACCESS_TOKEN_TTL_SECONDS, secret);
}
