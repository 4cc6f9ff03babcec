import { randomBytes } from 'node:crypto';
import type { Db } from '../db/types';

export interface EmailMessage {
  to: string;
  subject: string;
  /** The plain-text part (every email has one). */
  body: string;
  /** An HTML alternative to the plain text, when the email has one. */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

/**
 * Every email is written to the email_outbox table first (transactional outbox). This is the
 * local default and the source of truth: a relay that delivers the rows over SMTP can be added
 * when SMTP is configured, without changing any caller.
 */
export async function queueEmail(db: Db, message: EmailMessage, now: Date): Promise<string> {
  const id = `eml_${randomBytes(12).toString('base64url')}`;
  await db.query(
    `INSERT INTO email_outbox (id, to_address, subject, body, html, headers, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, message.to, message.subject, message.body, message.html ?? null, message.headers ? JSON.stringify(message.headers) : null, now.toISOString()],
  );
  return id;
}

/** When an email with this subject last went to this address (cooldowns read the outbox). */
export async function lastEmailAt(db: Db, to: string, subject: string): Promise<Date | null> {
  const rows = await db.query<{ last: string | null }>(
    `SELECT MAX(created_at) AS last FROM email_outbox WHERE to_address = $1 AND subject = $2`,
    [to, subject],
  );
  return rows[0]?.last ? new Date(rows[0].last) : null;
}
