import nodemailer from 'nodemailer';
import type { ServerContext } from '../http/context';

/** What the relay needs from a mail transport (nodemailer's, or a fake in tests). */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string; headers?: Record<string, string> }): Promise<unknown>;
}

export interface EmailRelay {
  /** Sends every queued email not delivered yet; resolves with what happened. */
  flush(): Promise<{ sent: number; failed: number }>;
  stop(): void;
}

export interface EmailRelayOptions {
  /** e.g. smtp://user:pass@smtp.example.com:587; default env SMTP_URL. */
  smtpUrl?: string;
  from?: string;
  intervalMs?: number;
  /** Give up on an email after this many failed attempts. */
  maxAttempts?: number;
  /** Wait at least this long before retrying a failed email (default 60 s). */
  retryDelayMs?: number;
  transport?: MailTransport;
  log?: (message: string, extra?: unknown) => void;
}

/**
 * Delivers the email outbox over SMTP when SMTP_URL is set (returns null otherwise: the outbox
 * alone is the local default). Each email is claimed by a row in email_deliveries before it is
 * sent, so several API instances never send the same email twice.
 */
export function startEmailRelay(ctx: ServerContext, options: EmailRelayOptions = {}): EmailRelay | null {
  const smtpUrl = options.smtpUrl ?? process.env.SMTP_URL;
  if (!options.transport && !smtpUrl) return null;
  const transport: MailTransport = options.transport ?? (nodemailer.createTransport(smtpUrl!) as unknown as MailTransport);
  const from = options.from ?? process.env.EMAIL_FROM ?? 'Answerscope <no-reply@answerscope.app>';
  const maxAttempts = options.maxAttempts ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 60_000;
  const retryBefore = () => new Date(ctx.now().getTime() - retryDelayMs).toISOString();
  const log = options.log ?? (() => undefined);
  const db = ctx.db;

  async function claim(id: string): Promise<boolean> {
    const now = ctx.now().toISOString();
    try {
      const fresh = await db.query(
        `INSERT INTO email_deliveries (email_id, status, attempts, updated_at) VALUES ($1, 'sending', 1, $2)
         ON CONFLICT (email_id) DO NOTHING RETURNING email_id`,
        [id, now],
      );
      if (fresh.length) return true;
    } catch (err) {
      // DuckDB reports a concurrent claim as a commit conflict rather than doing nothing.
      if (/PRIMARY KEY|UNIQUE|conflict|duplicate/i.test(String((err as Error)?.message))) return false;
      throw err;
    }
    const retry = await db.query(
      `UPDATE email_deliveries SET status = 'sending', attempts = attempts + 1, updated_at = $2
        WHERE email_id = $1 AND status = 'failed' AND attempts < $3 AND updated_at <= $4 RETURNING email_id`,
      [id, now, maxAttempts, retryBefore()],
    );
    return retry.length > 0;
  }

  async function flush() {
    const pending = await db.query<{ id: string; to_address: string; subject: string; body: string; html: string | null; headers: string | null }>(
      `SELECT o.id, o.to_address, o.subject, o.body, o.html, o.headers FROM email_outbox o
         LEFT JOIN email_deliveries d ON d.email_id = o.id
        WHERE d.email_id IS NULL OR (d.status = 'failed' AND d.attempts < $1 AND d.updated_at <= $2)
        ORDER BY o.created_at LIMIT 100`,
      [maxAttempts, retryBefore()],
    );
    let sent = 0;
    let failed = 0;
    for (const mail of pending) {
      if (!(await claim(mail.id))) continue;
      try {
        await transport.sendMail({
          from,
          to: mail.to_address,
          subject: mail.subject,
          text: mail.body,
          ...(mail.html ? { html: mail.html } : {}),
          ...(mail.headers ? { headers: JSON.parse(mail.headers) as Record<string, string> } : {}),
        });
        await db.query(`UPDATE email_deliveries SET status = 'sent', updated_at = $2, last_error = NULL WHERE email_id = $1`, [
          mail.id,
          ctx.now().toISOString(),
        ]);
        sent++;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        await db.query(`UPDATE email_deliveries SET status = 'failed', updated_at = $2, last_error = $3 WHERE email_id = $1`, [
          mail.id,
          ctx.now().toISOString(),
          message.slice(0, 500),
        ]);
        log(`email ${mail.id} to ${mail.to_address} failed`, message);
        failed++;
      }
    }
    return { sent, failed };
  }

  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(flush).catch((err) => log('email relay failed', err));
  }, options.intervalMs ?? 15_000);
  timer.unref();

  return {
    flush: () => {
      const next = running.then(flush);
      running = next.catch(() => undefined);
      return next;
    },
    stop: () => clearInterval(timer),
  };
}
