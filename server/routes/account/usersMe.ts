import { revokeAllSessions } from '../../auth/sessions';
import { clearSessionCookies } from '../../auth/cookies';
import { defineCall } from '../../http/call';
import { HttpError, badRequest } from '../../http/errors';
import { readNotifications, readPrivacy, type PrivacySettings } from './settings';
import { loadUserEntity, loadUserRow } from './userView';

export const getMe = defineCall('users.me.get', async ({ user, ctx }) => loadUserEntity(ctx.db, user.id));

/** Editable profile fields and their columns; email is deliberately absent (not editable). */
const PROFILE_COLUMNS: Record<string, string> = {
  name: 'name',
  username: 'username',
  phone: 'phone',
  address: 'address',
  city: 'city',
  state: 'state',
  country: 'country',
  postalCode: 'postal_code',
};

export const updateMe = defineCall<Record<string, unknown>>('users.me.update', async ({ body, user, ctx }) => {
  const current = await loadUserRow(ctx.db, user.id);
  // The profile form posts every field, email included: accept it unchanged, refuse a change.
  if (body.email !== undefined && String(body.email).trim().toLowerCase() !== current.email.toLowerCase()) {
    throw new HttpError(400, 'EMAIL_NOT_EDITABLE', 'Email cannot be changed', { field: 'email' });
  }
  const sets: string[] = [];
  const values: unknown[] = [];
  for (const [field, column] of Object.entries(PROFILE_COLUMNS)) {
    if (!(field in body)) continue;
    let value = body[field] as string | null;
    if (typeof value === 'string') value = value.trim();
    if (field === 'name') {
      if (!value) throw badRequest('Name is required', { field: 'name' });
    } else if (value === '') value = null;
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  }
  if (sets.length > 0) {
    values.push(user.id);
    await ctx.db.query(`UPDATE users SET ${sets.join(', ')} WHERE id = $${values.length}`, values);
  }
  return loadUserEntity(ctx.db, user.id);
});

export const updatePrivacy = defineCall<Partial<PrivacySettings>>('users.me.privacy-settings', async ({ body, user, ctx }) => {
  const current = readPrivacy((await loadUserRow(ctx.db, user.id)).privacy_settings);
  const next: PrivacySettings = { ...current, ...body };
  await ctx.db.query(`UPDATE users SET privacy_settings = $1 WHERE id = $2`, [JSON.stringify(next), user.id]);
  return { data: next };
});

export const updateNotifications = defineCall<{ preferences: Record<string, boolean> }>(
  'users.me.notification-settings',
  async ({ body, user, ctx }) => {
    const stored = readNotifications((await loadUserRow(ctx.db, user.id)).notification_settings);
    const merged = readNotifications(JSON.stringify({ preferences: { ...stored.preferences, ...body.preferences } }));
    await ctx.db.query(`UPDATE users SET notification_settings = $1 WHERE id = $2`, [JSON.stringify(merged), user.id]);
    return { data: merged };
  },
);

/** Account deletion from settings: the account is switched off and every session ends now. */
export const deactivate = defineCall('users.me.deactivate', async ({ user, ctx, reply }) => {
  await ctx.db.query(`UPDATE users SET is_active = false WHERE id = $1`, [user.id]);
  await revokeAllSessions(ctx.db, user.id);
  clearSessionCookies(reply, ctx.config);
  return { success: true, message: 'Your account has been deactivated.' };
});
