import { loadSessionSecret } from '../../auth/secret';
import { passwordResetUserId, verifyPasswordResetToken } from '../../auth/passwordReset';
import { revokeAllSessions } from '../../auth/sessions';
import { defineCall } from '../../http/call';
import type { ServerContext } from '../../http/context';
import { HttpError, badRequest } from '../../http/errors';
import { hashPassword } from '../../security/password';
import { escapeHtml, sendPage } from './html';

export const MIN_PASSWORD_LENGTH = 8;
export const INVALID_LINK_MESSAGE = 'This password change link is invalid or has expired. Please request a new one.';

/** The user a reset token is for, when its signature, expiry and password fingerprint hold. */
async function userForToken(ctx: ServerContext, token: string): Promise<{ id: string; email: string } | null> {
  const userId = passwordResetUserId(token);
  if (!userId) return null;
  const rows = await ctx.db.query<{ id: string; email: string; password_hash: string; is_active: boolean }>(
    `SELECT id, email, password_hash, is_active FROM users WHERE id = $1`,
    [userId],
  );
  const user = rows[0];
  if (!user || !user.is_active) return null;
  const ok = verifyPasswordResetToken(token, user.password_hash, loadSessionSecret(ctx.config), Math.floor(ctx.now().getTime() / 1000));
  return ok ? { id: user.id, email: user.email } : null;
}

/** Checks the two entries match and sets the password with the page's token. */
const RESET_SCRIPT = `
const { token } = JSON.parse(document.getElementById('page-data').textContent);
document.getElementById('f').addEventListener('submit', async (e) => {
  e.preventDefault();
  const p1 = document.getElementById('p1').value, p2 = document.getElementById('p2').value, err = document.getElementById('error');
  if (p1 !== p2) { err.textContent = 'The passwords do not match.'; return; }
  const res = await fetch('/api/auth/password-reset', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token, password: p1 }) });
  const body = await res.json();
  if (!res.ok) { err.textContent = body.message; return; }
  document.querySelector('main').innerHTML = '<h1>Password changed</h1><p>You can now <a href="/login">log in</a> with your new password.</p>';
});
`;

/** The page the emailed link opens: choose a new password. */
export const passwordResetPage = defineCall<unknown, { token: string }>(
  'auth.password-reset.get',
  async ({ query, ctx, reply }) => {
    const user = await userForToken(ctx, query.token);
    const body = user
      ? `<h1>Choose a new password</h1><p class="muted">For ${escapeHtml(user.email)}. At least ${MIN_PASSWORD_LENGTH} characters.</p>
<form id="f"><label>New password<input type="password" id="p1" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required></label>
<label>Repeat it<input type="password" id="p2" autocomplete="new-password" required></label><button>Change password</button></form>
<p class="error" id="error"></p>`
      : `<h1>Link expired</h1><p>${escapeHtml(INVALID_LINK_MESSAGE)}</p><p><a class="button" href="/login">Go to login</a></p>`;
    // The token is in this page's address: no Referer may carry it anywhere.
    reply.header('Referrer-Policy', 'no-referrer');
    return sendPage(reply, 'Change password', body, user ? { script: RESET_SCRIPT, data: { token: query.token } } : {});
  },
  { auth: false },
);

/** Sets the new password; every session ends, and the link stops working (its fingerprint changed). */
export const passwordReset = defineCall<{ token: string; password: string }>(
  'auth.password-reset.post',
  async ({ body, ctx }) => {
    const user = await userForToken(ctx, body.token);
    if (!user) throw new HttpError(400, 'INVALID_RESET_LINK', INVALID_LINK_MESSAGE);
    if (body.password.length < MIN_PASSWORD_LENGTH) {
      throw badRequest(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`, { field: 'password' });
    }
    await ctx.db.query(`UPDATE users SET password_hash = $1 WHERE id = $2`, [await hashPassword(body.password), user.id]);
    await revokeAllSessions(ctx.db, user.id);
    return { success: true, message: 'Your password has been changed. Please log in again.' };
  },
  { auth: false },
);

export const passwordResetRoutes = [passwordResetPage, passwordReset];
