import { type CallRoute, defineCall } from '../../../http/call';
import type { WindowedBody } from '../shared/scope';
import { brandRequest } from '../shared/request';
import { tldAnalysis } from './tldAnalysis';
import type { PageRequest } from '../../../http/paging';
import { pageTldAnalysis } from './paging';

export const citationRoutes: CallRoute[] = [
  defineCall<WindowedBody & { page?: PageRequest; urlPage?: PageRequest }>('citations.tld-analysis', async (input) => {
    const { brand, scope, tracked, answer } = await brandRequest(input);
    // The analysis is computed (and reused) once per scope and a page is cut from it. A page of
    // domains without a page of URLs shows no URLs: its analysis leaves them out (much cheaper).
    const { page, urlPage } = input.body;
    const urls = !page || urlPage !== undefined;
    const full = await answer(() => tldAnalysis(input.ctx.db, scope, brand, tracked, { urls }), urls ? undefined : 'domains');
    return pageTldAnalysis(full, page, urlPage);
  }),
];
