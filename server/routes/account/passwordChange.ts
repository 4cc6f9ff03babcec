import { loadSessionSecret } from '../../auth/secret';
import { PASSWORD_RESET_TTL_SECONDS, signPasswordResetToken } from '../../auth/passwordReset';
import { lastEmailAt, queueEmail } from '../../email/index';
import { defineCall } from '../../http/call';
import { HttpError } from '../../http/errors';

/** A password change email can be re-requested after 120 s; enforced here too, not only in the browser. */
export const PASSWORD_CHANGE_COOLDOWN_SECONDS = 120;
export const PASSWORD_CHANGE_SUBJECT = 'Change your Answerscope password';

export const requestPasswordChange = defineCall('users.me.request-password-change', async ({ user, ctx }) => {
  const now = ctx.now();
  const rows = await ctx.db.query<{ email: string; name: string; password_hash: string }>(
    `SELECT email, name, password_hash FROM users WHERE id = $1`,
    [user.id],
  );
  const row = rows[0];
  if (!row) throw new HttpError(404, 'USER_NOT_FOUND', 'User not found');
  const last = await lastEmailAt(ctx.db, row.email, PASSWORD_CHANGE_SUBJECT);
  if (last) {
    const wait = Math.ceil((last.getTime() + PASSWORD_CHANGE_COOLDOWN_SECONDS * 1000 - now.getTime()) / 1000);
    if (wait > 0) {
      throw new HttpError(
        429,
        'PASSWORD_CHANGE_COOLDOWN',
        `A password change email was sent recently. Please try again in ${wait} seconds.`,
        { retryAfterSeconds: wait },
      );
    }
  }
  const expires = Math.floor(now.getTime() / 1000) + PASSWORD_RESET_TTL_SECONDS;
  const token = signPasswordResetToken(user.id, row.password_hash, expires, loadSessionSecret(ctx.config));
  const link = `${ctx.config.publicUrl}/api/auth/password-reset?token=${encodeURIComponent(token)}`;
  await queueEmail(
    ctx.db,
    {
      to: row.email,
      subject: PASSWORD_CHANGE_SUBJECT,
      body: [
        `Hi ${row.name},`,
        '',
        'We received a request to change the password of your Answerscope account.',
        `Follow this secure link within the next hour to choose a new password:`,
        link,
        '',
        'If you did not ask for this, you can ignore this email; your password stays the same.',
      ].join('\n'),
    },
    now,
  );
  return {
    success: true,
    message: 'Password change email sent successfully!',
    email: row.email,
    cooldownSeconds: PASSWORD_CHANGE_COOLDOWN_SECONDS,
  };
});
