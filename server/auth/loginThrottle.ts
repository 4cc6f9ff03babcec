import type { Db } from '../db/types';
import { LOGIN_MAX_ATTEMPTS, LOGIN_WINDOW_SECONDS } from './constants';

/**
 * Login attempts live in the database, not in process memory, so the limit holds across several
 * API instances behind a load balancer (table from migration 003).
 */

export function attemptKey(email: string, ip: string): string {
  return `${email.trim().toLowerCase()}|${ip}`;
}

/** Seconds until another attempt is allowed, or 0 when the caller may try now. */
export async function loginRetryAfter(db: Db, key: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_SECONDS * 1000);
  const rows = await db.query<{ n: number; oldest: string | null }>(
    `SELECT COUNT(*) AS n, MIN(attempted_at) AS oldest FROM login_attempts WHERE attempt_key = $1 AND attempted_at > $2`,
    [key, since.toISOString()],
  );
  const { n, oldest } = rows[0] ?? { n: 0, oldest: null };
  if (Number(n) < LOGIN_MAX_ATTEMPTS || !oldest) return 0;
  const freeAt = Date.parse(oldest) + LOGIN_WINDOW_SECONDS * 1000;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
}

/** Records a failed attempt; old rows are pruned on the way so the table stays small. */
export async function recordFailedLogin(db: Db, key: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_SECONDS * 1000);
  await db.query(`DELETE FROM login_attempts WHERE attempted_at <= $1`, [since.toISOString()]);
  await db.query(`INSERT INTO login_attempts (attempt_key, attempted_at) VALUES ($1, $2)`, [key, now.toISOString()]);
}

/** A successful login forgives earlier typos. */
export async function clearFailedLogins(db: Db, key: string): Promise<void> {
  await db.query(`DELETE FROM login_attempts WHERE attempt_key = $1`, [key]);
}
