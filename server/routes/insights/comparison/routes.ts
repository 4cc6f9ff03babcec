import { type CallRoute, type CallInput, defineCall } from '../../../http/call';
import type { WindowedBody } from '../shared/scope';
import { type BrandRequest, brandRequest } from '../shared/request';
import type { PageRequest } from '../../../http/paging';
import { comparisonMetrics, comparisonPrompts, providerComparison, resolveCompared } from './comparison';
import type { PromptSide } from './labels';
import { pageComparisonPrompts } from './paging';

type ComparisonBody = WindowedBody & { competitor: string };

/** The brand request, and the comparison's answer computed (or reused) with the compared brand resolved. */
async function compare<T>(
  input: CallInput<ComparisonBody>,
  compute: (req: BrandRequest, compared: Awaited<ReturnType<typeof resolveCompared>>) => Promise<T>,
): Promise<T> {
  const req = await brandRequest(input);
  return req.answer(async () => compute(req, await resolveCompared(input.ctx.db, req.brand.id, req.tracked, input.body.competitor)));
}

/** The competitor comparison page, /app/competitors/comparison/:name. */
export const comparisonRoutes: CallRoute[] = [
  defineCall<ComparisonBody>('competitors.comparison-metrics', (input) =>
    compare(input, ({ scope, tracked }, compared) => comparisonMetrics(input.ctx.db, scope, tracked, compared)),
  ),
  defineCall<ComparisonBody & { side?: PromptSide; page?: PageRequest }>('competitors.comparison-prompts', async (input) => {
    // every row is computed (and reused) once per scope, whichever list and page is asked for
    const { side, page, ...body } = input.body;
    const rows = await compare({ ...input, body }, ({ scope, tracked }, compared) =>
      comparisonPrompts(input.ctx.db, scope, tracked, compared),
    );
    return pageComparisonPrompts(rows, side, page);
  }),
  defineCall<ComparisonBody>('competitors.provider-ranking', (input) =>
    compare(input, ({ scope, tracked }, compared) => providerComparison(input.ctx.db, scope, tracked, compared)),
  ),
];
