import type { Db } from '../db/types';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_GRACE_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from './constants';
import { withKeyLock } from './keyedLock';
import { newRefreshToken, randomId, sessionIdOfRefreshToken, sha256, signAccessToken, successorRefreshToken } from './tokens';

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
 * Swaps a refresh token for a new pair. The token it was swapped for is derived from it, so a
 * second request with the same token inside the grace window (two tabs, a retried request) gets
 * that same pair back instead of failing. Any other stale token means someone replayed an old one:
 * the whole session is revoked, so a thief and the victim are both signed out rather than the thief
 * staying in.
 */
export async function rotateSession(db: Db, refreshToken: string, now: Date, secret: Buffer): Promise<RotateResult> {
  const sessionId = sessionIdOfRefreshToken(refreshToken);
  const successor = successorRefreshToken(refreshToken, secret);
  if (!sessionId || !successor) return { ok: false, reason: 'unknown' };
  // Queued per session so overlapping refreshes never update the row at once (a DuckDB conflict).
  return withKeyLock(`session:${sessionId}`, async () => {
    // Twice at most: on PostgreSQL another API instance may rotate between our read and our update.
    for (let attempt = 0; attempt < 2; attempt++) {
      const rows = await db.query<SessionRow>(
        `SELECT s.user_id, s.refresh_hash, s.refreshed_at, s.expires_at, s.revoked, u.is_active
           FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
        [sessionId],
      );
      const session = rows[0];
      if (!session) return { ok: false, reason: 'unknown' };
      if (session.revoked) return { ok: false, reason: 'revoked' };
      const isCurrent = session.refresh_hash === sha256(refreshToken);
      if (!isCurrent && !justRotatedFrom(session, successor, now)) {
        await revokeSession(db, sessionId);
        return { ok: false, reason: 'reused' };
      }
      if (Date.parse(session.expires_at) <= now.getTime()) return { ok: false, reason: 'expired' };
      if (!session.is_active) return { ok: false, reason: 'inactive' };
      const issued = { sessionId, userId: session.user_id, refreshToken: successor, accessToken: accessFor(sessionId, now, secret) };
      if (!isCurrent) return { ok: true, tokens: issued };

      const updated = await db.query<{ id: string }>(
        `UPDATE auth_sessions SET refresh_hash = $1, refreshed_at = $2
          WHERE id = $3 AND refresh_hash = $4 AND revoked = false RETURNING id`,
        [sha256(successor), now.toISOString(), sessionId, session.refresh_hash],
      );
      if (updated.length > 0) return { ok: true, tokens: issued };
    }
    return { ok: false, reason: 'reused' };
  });
}

interface SessionRow {
  user_id: string;
  refresh_hash: string;
  refreshed_at: string;
  expires_at: string;
  revoked: boolean;
  is_active: boolean;
}

/** The presented token is the one the session was last rotated from, and that was moments ago. */
function justRotatedFrom(session: SessionRow, successor: string, now: Date): boolean {
  const sinceRotation = now.getTime() - Date.parse(session.refreshed_at);
  return session.refresh_hash === sha256(successor) && sinceRotation <= REFRESH_GRACE_SECONDS * 1000;
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
