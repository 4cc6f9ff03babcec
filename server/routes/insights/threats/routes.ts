import { type CallRoute, defineCall } from '../../../http/call.js';
import { requireBrandAccess } from '../../access.js';
import { loadTracked } from '../shared/tracked.js';
import { emergingThreats } from './emergingThreats.js';

export const threatRoutes: CallRoute[] = [
  defineCall<{ brandId: string }>('competitors.emerging-threats', async ({ body, user, ctx }) => {
    const brand = await requireBrandAccess(ctx, user, body.brandId);
    const tracked = await loadTracked(ctx.db, brand);
    return { emergingCompetitors: await emergingThreats(ctx.db, brand.id, tracked, ctx.now()) };
  }),
];
