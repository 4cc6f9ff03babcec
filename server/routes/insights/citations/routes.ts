import { type CallRoute, defineCall } from '../../../http/call';
import type { WindowedBody } from '../shared/scope';
import { brandRequest } from '../shared/request';
import { tldAnalysis, withMatchedEntities } from './tldAnalysis';
import type { PageRequest } from '../../../http/paging';
import { pageTldAnalysis } from './paging';

export const citationRoutes: CallRoute[] = [
  defineCall<WindowedBody & { page?: PageRequest; urlPage?: PageRequest }>('citations.tld-analysis', async (input) => {
    const { brand, scope, tracked, answer } = await brandRequest(input);
    // The analysis is computed (and reused) once per scope and a page is cut from it; each screen
    // request gets the lightest analysis that holds its page. A page of domains shows no URLs: its
    // analysis leaves them out. A page of URLs beside a page of domains is cut from the URLs without
    // their matched brands, which are then read for the page's URLs only. Without a page of domains
    // every domain's URLs are answered: the whole analysis.
    const { page, urlPage } = input.body;
    const compute = (options: { urls: boolean; matched: boolean }) => () => tldAnalysis(input.ctx.db, scope, brand, tracked, options);
    if (page && !urlPage) return pageTldAnalysis(await answer(compute({ urls: false, matched: false }), 'domains'), page);
    if (page && urlPage) {
      const paged = pageTldAnalysis(await answer(compute({ urls: true, matched: false }), 'unmatched-urls'), page, urlPage);
      return { ...paged, urls: await withMatchedEntities(input.ctx.db, scope, tracked, paged.urls!) };
    }
    return pageTldAnalysis(await answer(compute({ urls: true, matched: true })), page, urlPage);
  }),
];
