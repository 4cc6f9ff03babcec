import { withWriteLock } from '../../db/writeLock';
import type { Db } from '../../db/types';
import { defineCall } from '../../http/call';
import { HttpError } from '../../http/errors';
import { brandRoleOf, requireBrandAccess, type BrandRole } from '../access';
import { requireBrandOwner } from './brands';

// Brand sharing: an owner gives another account read access (viewer: the brand's insight screens)
// or write access (editor: also its prompts and competitors, whose cost stays on the plan of the
// owner who created the brand). The shared user sees the brand in their userBrands with
// planGovernance.userRole 'other'; their own plan usage counts only the brands they own.

export const SHARE_SUBSCRIPTION_MESSAGE = 'You need an active subscription to share a brand.';
export const unknownEmailMessage = (email: string) =>
  `No account uses ${email}. Ask them to sign up first, then share the brand again.`;
export const SELF_SHARE_MESSAGE = 'You already have access to this brand.';
export const alreadyMemberMessage = (email: string) => `${email} already has access to this brand.`;
export const CANNOT_REMOVE_OWNER_MESSAGE = 'An owner of the brand cannot be removed from it.';

export interface BrandMember {
  brandId: string;
  userId: string;
  name: string;
  email: string;
  role: BrandRole;
}

/** Serialises membership changes of one brand, so two shares of one email cannot both pass the check. */
const membersLockKey = (brandId: string) => `members:${brandId}`;

async function listMembers(db: Db, brandId: string): Promise<BrandMember[]> {
  const rows = await db.query<{ user_id: string; name: string; email: string; role: string }>(
    `SELECT m.user_id, u.name, u.email, m.role FROM brand_members m JOIN users u ON u.id = m.user_id
      WHERE m.brand_id = $1`,
    [brandId],
  );
  const rank = (r: BrandRole) => (r === 'owner' ? 0 : r === 'editor' ? 1 : 2);
  return rows
    .map((r) => ({ brandId, userId: r.user_id, name: r.name, email: r.email, role: brandRoleOf(r.role) }))
    .sort((a, b) => rank(a.role) - rank(b.role) || a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
}

export const listBrandMembers = defineCall<unknown, unknown, { id: string }>(
  'brands.members.list',
  async ({ params, user, ctx }) => {
    const brand = await requireBrandAccess(ctx, user, params.id);
    return listMembers(ctx.db, brand.id);
  },
);

export const shareBrand = defineCall<{ email: string; role: 'viewer' | 'editor' }, unknown, { id: string }>(
  'brands.share',
  async ({ body, params, user, ctx }) => {
    const brand = await requireBrandOwner(ctx, user, params.id, SHARE_SUBSCRIPTION_MESSAGE);
    const email = body.email.trim();
    return withWriteLock(ctx.db, membersLockKey(brand.id), async (tx) => {
      const found = await tx.query<{ id: string; name: string; email: string }>(
        `SELECT id, name, email FROM users WHERE lower(email) = lower($1) AND is_active`,
        [email],
      );
      const invitee = found[0];
      if (!invitee) throw new HttpError(404, 'USER_NOT_FOUND', unknownEmailMessage(email), { field: 'email' });
      if (invitee.id === user.id) throw new HttpError(409, 'ALREADY_MEMBER', SELF_SHARE_MESSAGE, { field: 'email' });
      const existing = await tx.query<{ role: string }>(
        `SELECT role FROM brand_members WHERE brand_id = $1 AND user_id = $2`,
        [brand.id, invitee.id],
      );
      if (existing.length > 0) throw new HttpError(409, 'ALREADY_MEMBER', alreadyMemberMessage(invitee.email), { field: 'email' });
      await tx.query(`INSERT INTO brand_members (brand_id, user_id, role) VALUES ($1, $2, $3)`, [brand.id, invitee.id, body.role]);
      return { brandId: brand.id, userId: invitee.id, name: invitee.name, email: invitee.email, role: body.role };
    });
  },
);

export const removeBrandMember = defineCall<unknown, unknown, { id: string; userId: string }>(
  'brands.members.remove',
  async ({ params, user, ctx }) => {
    const brand = await requireBrandOwner(ctx, user, params.id, SHARE_SUBSCRIPTION_MESSAGE);
    return withWriteLock(ctx.db, membersLockKey(brand.id), async (tx) => {
      const rows = await tx.query<{ role: string; name: string }>(
        `SELECT m.role, u.name FROM brand_members m JOIN users u ON u.id = m.user_id WHERE m.brand_id = $1 AND m.user_id = $2`,
        [brand.id, params.userId],
      );
      if (rows.length === 0) throw new HttpError(404, 'MEMBER_NOT_FOUND', 'This person has no access to the brand.');
      if (brandRoleOf(rows[0].role) === 'owner') throw new HttpError(409, 'CANNOT_REMOVE_OWNER', CANNOT_REMOVE_OWNER_MESSAGE);
      await tx.query(`DELETE FROM brand_members WHERE brand_id = $1 AND user_id = $2`, [brand.id, params.userId]);
      return { success: true, message: `${rows[0].name} no longer has access to ${brand.name}.` };
    });
  },
);

export const sharingRoutes = [listBrandMembers, shareBrand, removeBrandMember];
