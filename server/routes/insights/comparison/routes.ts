import { type CallRoute, type CallInput, defineCall } from '../../../http/call';
import type { WindowedBody } from '../shared/scope';
import { brandRequest } from '../shared/request';
import { comparisonMetrics, comparisonPrompts, providerComparison, resolveCompared } from './comparison';

type ComparisonBody = WindowedBody & { competitor: string };

async function comparisonRequest(input: CallInput<ComparisonBody>) {
  const req = await brandRequest(input);
  const compared = await resolveCompared(input.ctx.db, req.brand.id, req.tracked, input.body.competitor);
  return { ...req, compared };
}

/** The competitor comparison page, /app/competitors/comparison/:name. */
export const comparisonRoutes: CallRoute[] = [
  defineCall<ComparisonBody>('competitors.comparison-metrics', async (input) => {
    const { scope, tracked, compared } = await comparisonRequest(input);
    return comparisonMetrics(input.ctx.db, scope, tracked, compared);
  }),
  defineCall<ComparisonBody>('competitors.comparison-prompts', async (input) => {
    const { scope, tracked, compared } = await comparisonRequest(input);
    return comparisonPrompts(input.ctx.db, scope, tracked, compared);
  }),
  defineCall<ComparisonBody>('competitors.provider-ranking', async (input) => {
    const { scope, tracked, compared } = await comparisonRequest(input);
    return providerComparison(input.ctx.db, scope, tracked, compared);
  }),
];
