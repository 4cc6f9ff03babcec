import { type CallRoute, defineCall } from '../../../http/call';
import type { WindowedBody } from '../shared/scope';
import { brandRequest } from '../shared/request';
import { tldAnalysis } from './tldAnalysis';
import type { PageRequest } from '../../../http/paging';
import { pageTldAnalysis } from './paging';

export const citationRoutes: CallRoute[] = [
  defineCall<WindowedBody & { page?: PageRequest; urlPage?: PageRequest }>('citations.tld-analysis', async (input) => {
    const { brand, scope, tracked, answer } = await brandRequest(input);
    // the whole analysis is computed (and reused) once per scope; a page is cut from it
    const full = await answer(() => tldAnalysis(input.ctx.db, scope, brand, tracked));
    return pageTldAnalysis(full, input.body.page, input.body.urlPage);
  }),
];
