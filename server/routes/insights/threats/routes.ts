import { type CallRoute, defineCall } from '../../../http/call';
import { requireBrandAccessWithCompetitors } from '../../access';
import { trackedFrom } from '../shared/tracked';
import { emergingThreats } from './emergingThreats';

export const threatRoutes: CallRoute[] = [
  defineCall<{ brandId: string }>('competitors.emerging-threats', async ({ body, user, ctx }) => {
    const { brand, competitors } = await requireBrandAccessWithCompetitors(ctx, user, body.brandId);
    const tracked = trackedFrom(brand, competitors);
    return { emergingCompetitors: await emergingThreats(ctx.db, brand.id, tracked, ctx.now(), ctx.config.factSource, ctx.config.minSample) };
  }),
];
