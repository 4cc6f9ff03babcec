import type { Db } from '../db/types';
import { readNotifications } from '../routes/account/settings';
import type { BrandRow } from '../routes/access';
import { isValidStatus, latestSubscriptions } from '../routes/account/plans';
import type { AlertKind } from './kinds';

/** A user who receives a brand's alerts: a member of the brand whose own subscription is live. */
export interface Recipient {
  userId: string;
  email: string;
  name: string;
  brand: BrandRow;
  /** The user's notification toggles, defaults applied. */
  preferences: Record<string, boolean>;
}

/**
 * Every (member, brand) pair whose member is an active account with an active or trialing
 * subscription (the same rule as the insight calls, so an email never shows what the dashboard
 * would refuse), optionally only for one user.
 */
export async function loadRecipients(db: Db, options: { userId?: string } = {}): Promise<Recipient[]> {
  const rows = await db.query<BrandRow & { user_id: string; email: string; user_name: string; notification_settings: unknown }>(
    `SELECT u.id AS user_id, u.email, u.name AS user_name, u.notification_settings,
            b.id, b.name, b.url, b.location, b.logo_url, b.aliases, b.created_by, b.finalized, b.created_at
       FROM users u
       JOIN brand_members m ON m.user_id = u.id
       JOIN brands b ON b.id = m.brand_id
      WHERE u.is_active AND b.finalized ${options.userId ? 'AND u.id = $1' : ''}
      ORDER BY u.id, b.created_at, b.id`,
    options.userId ? [options.userId] : [],
  );
  const subscriptions = await latestSubscriptions(
    db,
    rows.map((r) => r.user_id),
  );
  const live = rows.filter((r) => isValidStatus(subscriptions.get(r.user_id)?.status));
  return live.map(({ user_id, email, user_name, notification_settings, ...brand }) => ({
    userId: user_id,
    email,
    name: user_name,
    brand,
    preferences: readNotifications(notification_settings).preferences,
  }));
}

export function wants(recipient: Recipient, kind: AlertKind): boolean {
  return recipient.preferences[kind] === true;
}
