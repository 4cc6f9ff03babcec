import type { AuthUser } from '../http/call';
import type { ServerContext } from '../http/context';
import { HttpError } from '../http/errors';

/** A brand as stored; routes read name/url to find the own brand's mentions and domain. */
export interface BrandRow {
  id: string;
  name: string;
  url: string;
  location: string;
  logo_url: string | null;
  aliases: string | null;
  created_by: string;
  finalized: boolean;
  created_at: string;
}

export interface PromptRow {
  id: string;
  brand_id: string;
  text: string;
  frequency_cron: string;
  providers: string;
  locations: string;
  state: string;
  created_at: string;
  updated_at: string;
}

/**
 * The brand if the user is one of its members. A brand the user may not see answers exactly like
 * a brand that does not exist (404 BRAND_NOT_FOUND), so ids of other tenants' brands leak nothing.
 */
export async function requireBrandAccess(ctx: ServerContext, user: AuthUser, brandId: string): Promise<BrandRow> {
  const rows = await ctx.db.query<BrandRow>(
    `SELECT b.id, b.name, b.url, b.location, b.logo_url, b.aliases, b.created_by, b.finalized, b.created_at
       FROM brands b JOIN brand_members m ON m.brand_id = b.id
      WHERE b.id = $1 AND m.user_id = $2`,
    [brandId, user.id],
  );
  if (rows.length === 0) throw new HttpError(404, 'BRAND_NOT_FOUND', 'Brand not found');
  return rows[0];
}

/** The prompt and its brand if the user is a member of the prompt's brand; 404 PROMPT_NOT_FOUND otherwise. */
export async function requirePromptAccess(
  ctx: ServerContext,
  user: AuthUser,
  promptId: string,
): Promise<PromptRow & { brand: BrandRow }> {
  const rows = await ctx.db.query<PromptRow>(
    `SELECT p.id, p.brand_id, p.text, p.frequency_cron, p.providers, p.locations, p.state, p.created_at, p.updated_at
       FROM prompts p JOIN brand_members m ON m.brand_id = p.brand_id
      WHERE p.id = $1 AND m.user_id = $2`,
    [promptId, user.id],
  );
  if (rows.length === 0) throw new HttpError(404, 'PROMPT_NOT_FOUND', 'Prompt not found');
  const brand = await requireBrandAccess(ctx, user, rows[0].brand_id);
  return { ...rows[0], brand };
}
