import { type CallRoute, defineCall } from '../../../http/call';
import { requireBrandEditAccess } from '../../access';
import type { WindowedBody } from '../shared/scope';
import { brandRequest } from '../shared/request';
import { competitorInsights } from './insights';
import { createCompetitor, deleteCompetitor, renameCompetitor } from './manage';

/** /api/competitors: track, rename, untrack (owners and editors of the brand), and the competitors table. */
export const competitorRoutes: CallRoute[] = [
  defineCall<{ brandId: string; competitorName: string }>('competitors.create', async ({ body, user, ctx, reply }) => {
    const brand = await requireBrandEditAccess(ctx, user, body.brandId);
    const created = await createCompetitor(ctx.db, brand, body.competitorName, ctx.now());
    reply.code(201);
    return created;
  }),
  defineCall<{ brandId: string; oldCompetitorName: string; newCompetitorName: string }>(
    'competitors.update',
    async ({ body, user, ctx }) => {
      const brand = await requireBrandEditAccess(ctx, user, body.brandId);
      return renameCompetitor(ctx.db, brand, body.oldCompetitorName, body.newCompetitorName);
    },
  ),
  defineCall<{ brandId: string; competitorName: string }>('competitors.delete', async ({ body, user, ctx }) => {
    const brand = await requireBrandEditAccess(ctx, user, body.brandId);
    return deleteCompetitor(ctx.db, brand, body.competitorName);
  }),
  defineCall<WindowedBody>('competitors.insights', async (input) => {
    const { scope, tracked, answer } = await brandRequest(input);
    return answer(() => competitorInsights(input.ctx.db, scope, tracked));
  }),
];
