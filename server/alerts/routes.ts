import { loadSessionSecret } from '../auth/secret';
import type { Db } from '../db/types';
import { defineCall, type CallRoute } from '../http/call';
import { HttpError } from '../http/errors';
import { escapeHtml, sendPage } from '../routes/account/html';
import { readNotifications } from '../routes/account/settings';
import { sendTestReports } from './jobs';
import { KIND_LABELS, type AlertKind } from './kinds';
import { verifyUnsubscribeToken } from './unsubscribe';

export const INVALID_UNSUBSCRIBE_MESSAGE =
  'This unsubscribe link is invalid. Open Settings → Notifications in Answerscope to choose your emails.';
export const NO_BRAND_MESSAGE = 'You have no brand with an active subscription to report on yet.';

/** Settings → Notifications: 'Send me a test report'. */
export const testReport = defineCall('users.me.test-report', async ({ user, ctx }) => {
  const sent = await sendTestReports(ctx, user.id);
  if (sent === 0) throw new HttpError(409, 'NO_BRAND_TO_REPORT', NO_BRAND_MESSAGE);
  return { success: true, message: `Test report sent to ${user.email}.`, sent };
});

/** The user the token names, when it is genuine and the account exists. */
async function tokenUser(db: Db, token: string, secret: Buffer): Promise<{ id: string; email: string; kind: AlertKind } | null> {
  const claim = verifyUnsubscribeToken(token, secret);
  if (!claim) return null;
  const rows = await db.query<{ id: string; email: string }>(`SELECT id, email FROM users WHERE id = $1`, [claim.userId]);
  return rows[0] ? { ...rows[0], kind: claim.kind } : null;
}

const invalidPage = `<h1>Invalid link</h1><p>${escapeHtml(INVALID_UNSUBSCRIBE_MESSAGE)}</p><p><a class="button" href="/app/settings?tab=notifications">Notification settings</a></p>`;

/** GET: asks to confirm; nothing changes until the button posts (mail scanners open links). */
export const unsubscribePage = defineCall<unknown, { token: string }>(
  'email.unsubscribe.get',
  async ({ query, ctx, reply }) => {
    const user = await tokenUser(ctx.db, query.token, loadSessionSecret(ctx.config));
    reply.header('Referrer-Policy', 'no-referrer');
    if (!user) return sendPage(reply.code(400), 'Invalid link', invalidPage);
    const label = KIND_LABELS[user.kind];
    const action = `/api/email/unsubscribe?token=${encodeURIComponent(query.token)}`;
    return sendPage(
      reply,
      'Unsubscribe',
      `<h1>Unsubscribe from ${escapeHtml(label.toLowerCase())}?</h1>
<p class="muted">${escapeHtml(user.email)} will no longer receive “${escapeHtml(label)}” emails. You can turn them back on in Settings → Notifications.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button>Unsubscribe</button></form>`,
    );
  },
  { auth: false },
);

/** POST: one click from a mail client (List-Unsubscribe-Post) or the confirmation page's button. */
export const unsubscribe = defineCall<unknown, { token: string }>(
  'email.unsubscribe.post',
  async ({ query, ctx, reply }) => {
    const user = await tokenUser(ctx.db, query.token, loadSessionSecret(ctx.config));
    reply.header('Referrer-Policy', 'no-referrer');
    if (!user) return sendPage(reply.code(400), 'Invalid link', invalidPage);
    await turnOff(ctx.db, user.id, user.kind);
    const label = KIND_LABELS[user.kind];
    return sendPage(
      reply,
      'Unsubscribed',
      `<h1>You are unsubscribed</h1>
<p>${escapeHtml(user.email)} will no longer receive “${escapeHtml(label)}” emails.</p>
<p><a class="button secondary" href="/app/settings?tab=notifications">Notification settings</a></p>`,
    );
  },
  { auth: false },
);

/** Sets one toggle off, keeping the others as stored (security alerts stay on whatever happens). */
async function turnOff(db: Db, userId: string, kind: AlertKind): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.query<{ notification_settings: unknown }>(`SELECT notification_settings FROM users WHERE id = $1`, [userId]);
    const stored = readNotifications(rows[0]?.notification_settings);
    const next = readNotifications(JSON.stringify({ preferences: { ...stored.preferences, [kind]: false } }));
    await tx.query(`UPDATE users SET notification_settings = $1 WHERE id = $2`, [JSON.stringify(next), userId]);
  });
}

export const alertRoutes: CallRoute[] = [testReport, unsubscribePage, unsubscribe];
