import { isWriteConflict } from '../db/conflicts';
import type { Db } from '../db/types';
import { type EmailMessage, queueEmail } from '../email/index';
import type { AlertKind } from './kinds';

/** Who an alert or report goes to, about which brand, of which kind and for which period. */
export interface SendClaim {
  userId: string;
  brandId: string;
  kind: AlertKind;
  /** e.g. '2026-W48' */
  period: string;
  /** What the email names (e.g. the emerging brands), so a later alert can name only new ones. */
  subjects?: string[];
}

export function sendKey(claim: SendClaim): string {
  return [claim.kind, claim.userId, claim.brandId, claim.period].join(':');
}

class AlreadySent extends Error {}

/**
 * Queues `message` unless this user, brand, kind and period already has its email: the claim row
 * (primary key) and the outbox row are written in one transaction, so exactly one of any number of
 * concurrent jobs, instances or restarts queues it, and a crash leaves neither. Returns the email id,
 * or null when the period's email was already claimed.
 */
export async function sendOnce(db: Db, claim: SendClaim, message: EmailMessage, now: Date): Promise<string | null> {
  const key = sendKey(claim);
  try {
    return await db.transaction(async (tx) => {
      const emailId = await queueEmail(tx, message, now);
      // PostgreSQL waits for a concurrent claim of the same key to commit, then does nothing;
      // DuckDB reports it as a conflict (caught below).
      const claimed = await tx.query(
        `INSERT INTO alert_sends (send_key, user_id, brand_id, kind, period, subjects, email_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (send_key) DO NOTHING RETURNING send_key`,
        [
          key,
          claim.userId,
          claim.brandId,
          claim.kind,
          claim.period,
          claim.subjects ? JSON.stringify(claim.subjects) : null,
          emailId,
          now.toISOString(),
        ],
      );
      if (claimed.length === 0) throw new AlreadySent();
      return emailId;
    });
  } catch (err) {
    if (err instanceof AlreadySent || isWriteConflict(err)) return null;
    throw err;
  }
}

/** Whether this period's email of this kind was already claimed (saves rendering one that would not be sent). */
export async function alreadySent(db: Db, claim: SendClaim): Promise<boolean> {
  const rows = await db.query(`SELECT 1 AS one FROM alert_sends WHERE send_key = $1`, [sendKey(claim)]);
  return rows.length > 0;
}

/** Every subject named by this user's earlier emails of this kind about this brand since `since`. */
export async function subjectsSentSince(db: Db, userId: string, brandId: string, kind: AlertKind, since: Date): Promise<Set<string>> {
  const rows = await db.query<{ subjects: string | null }>(
    `SELECT subjects FROM alert_sends WHERE user_id = $1 AND brand_id = $2 AND kind = $3 AND created_at >= $4`,
    [userId, brandId, kind, since.toISOString()],
  );
  const seen = new Set<string>();
  for (const row of rows) for (const s of row.subjects ? (JSON.parse(row.subjects) as string[]) : []) seen.add(s);
  return seen;
}
