import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { LOGIN_MAX_ATTEMPTS, LOGIN_MAX_ATTEMPTS_PER_ADDRESS, LOGIN_WINDOW_SECONDS } from './constants';
import { withKeyLock } from './keyedLock';

/**
 * Login throttle over the login_throttle table (in the database, so it holds across API
 * instances). An attempt first takes a slot for its email and one for its client address, before
 * any password is hashed; a failed attempt keeps its slots, a successful one clears the email's
 * count and gives the address's slot back. Taking a slot is one conditional upsert of the key's row,
 * so however many attempts arrive at once, at most the limit get through.
 */

export type LoginAttempt = { allowed: true; succeeded(): Promise<void> } | { allowed: false; retryAfterSeconds: number };

export async function beginLoginAttempt(db: Db, email: string, address: string, now: Date): Promise<LoginAttempt> {
  await pruneNowAndThen(db, now);
  const emailKey = `email:${email.trim().toLowerCase()}`;
  const addressKey = `address:${address}`;
  const emailWait = await takeSlot(db, emailKey, LOGIN_MAX_ATTEMPTS, now);
  if (emailWait > 0) return { allowed: false, retryAfterSeconds: emailWait };
  const addressWait = await takeSlot(db, addressKey, LOGIN_MAX_ATTEMPTS_PER_ADDRESS, now);
  if (addressWait > 0) {
    await giveSlotBack(db, emailKey);
    return { allowed: false, retryAfterSeconds: addressWait };
  }
  return {
    allowed: true,
    // A successful login forgives the email's earlier typos; the address keeps its other failures,
    // so signing in to one's own account between guesses does not reset a sprayer's count.
    succeeded: async () => {
      await withKeyLock(lockKey(emailKey), () =>
        db.query(`UPDATE login_throttle SET attempts = 0 WHERE throttle_key = $1`, [emailKey]),
      );
      await giveSlotBack(db, addressKey);
    },
  };
}

/** The answer to a throttled login; the message names whole minutes, Retry-After the exact seconds. */
export function tooManyLoginAttempts(retryAfterSeconds: number): HttpError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const message = `Too many login attempts. Please try again in ${minutes} minute${minutes > 1 ? 's' : ''}.`;
  return new HttpError(429, 'TOO_MANY_ATTEMPTS', message, { retryAfterSeconds });
}

/** Takes one slot of the key's window: 0 when taken, else the seconds until the window frees one. */
async function takeSlot(db: Db, key: string, limit: number, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_SECONDS * 1000).toISOString();
  // One statement: a new key starts its window at this attempt, an expired window starts over,
  // a live one counts up to the limit and no further (no row comes back then).
  const taken = await withKeyLock(lockKey(key), () =>
    db.query(
      `INSERT INTO login_throttle (throttle_key, window_started_at, attempts) VALUES ($1, CAST($3 AS TIMESTAMP), 1)
       ON CONFLICT (throttle_key) DO UPDATE SET
         attempts = CASE WHEN login_throttle.window_started_at <= CAST($2 AS TIMESTAMP) THEN 1 ELSE login_throttle.attempts + 1 END,
         window_started_at = CASE WHEN login_throttle.window_started_at <= CAST($2 AS TIMESTAMP) THEN CAST($3 AS TIMESTAMP)
                                  ELSE login_throttle.window_started_at END
       WHERE login_throttle.window_started_at <= CAST($2 AS TIMESTAMP) OR login_throttle.attempts < $4
       RETURNING attempts`,
      [key, windowStart, now.toISOString(), limit],
    ),
  );
  if (taken.length > 0) return 0;
  const rows = await db.query<{ window_started_at: string }>(
    `SELECT window_started_at FROM login_throttle WHERE throttle_key = $1`,
    [key],
  );
  const freeAt = Date.parse(rows[0]?.window_started_at ?? now.toISOString()) + LOGIN_WINDOW_SECONDS * 1000;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
}

async function giveSlotBack(db: Db, key: string): Promise<void> {
  await withKeyLock(lockKey(key), () =>
    db.query(`UPDATE login_throttle SET attempts = attempts - 1 WHERE throttle_key = $1 AND attempts > 0`, [key]),
  );
}

const lockKey = (key: string) => `login-throttle:${key}`;

const PRUNE_EVERY_MS = 60 * 60 * 1000;
const PRUNE_IDLE_MS = 24 * 60 * 60 * 1000;
let lastPrunedAt = 0;

/**
 * Drops counters idle for a day, at most hourly, so sprayed emails do not pile up. Best effort: a
 * row that old is not being updated, and a failed prune only waits for the next one.
 */
async function pruneNowAndThen(db: Db, now: Date): Promise<void> {
  if (Math.abs(now.getTime() - lastPrunedAt) < PRUNE_EVERY_MS) return;
  lastPrunedAt = now.getTime();
  const before = new Date(now.getTime() - PRUNE_IDLE_MS).toISOString();
  await db.query(`DELETE FROM login_throttle WHERE window_started_at < $1`, [before]).catch(() => undefined);
}
