import { type CallRoute, defineCall } from '../../../http/call';
import { requireBrandAccess } from '../../access';
import { loadTracked } from '../shared/tracked';
import { emergingThreats } from './emergingThreats';

export const threatRoutes: CallRoute[] = [
  defineCall<{ brandId: string }>('competitors.emerging-threats', async ({ body, user, ctx }) => {
    const brand = await requireBrandAccess(ctx, user, body.brandId);
    const tracked = await loadTracked(ctx.db, brand);
    return { emergingCompetitors: await emergingThreats(ctx.db, brand.id, tracked, ctx.now(), ctx.config.factSource, ctx.config.minSample) };
  }),
];
