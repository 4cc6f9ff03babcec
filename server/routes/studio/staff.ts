import type { AuthUser } from '../../http/call';
import type { ServerContext } from '../../http/context';
import { HttpError } from '../../http/errors';

/** The role that opens the page studio (users.role). */
export const STAFF_ROLE = 'staff';
export const STAFF_ONLY_CODE = 'STAFF_ONLY';
export const STAFF_ONLY_MESSAGE = 'The page studio is for product staff only.';

/**
 * 403 STAFF_ONLY (with `message`, naming the staff tool) unless the caller's stored role is staff;
 * read per call, so a revoked role counts at once.
 */
export async function requireStaff(ctx: ServerContext, user: Pick<AuthUser, 'id'>, message = STAFF_ONLY_MESSAGE): Promise<void> {
  const rows = await ctx.db.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [user.id]);
  if (rows[0]?.role !== STAFF_ROLE) throw new HttpError(403, STAFF_ONLY_CODE, message);
}
