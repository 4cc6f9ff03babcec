import { type CallRoute, defineCall } from '../../../http/call';
import type { WindowedBody } from '../shared/scope';
import { brandRequest } from '../shared/request';
import { tldAnalysis, tldDomains, withMatchedEntities } from './tldAnalysis';
import type { PageRequest } from '../../../http/paging';
import { pageTldAnalysis } from './paging';
import { urlPageInOrder } from './urlPage';

export const citationRoutes: CallRoute[] = [
  defineCall<WindowedBody & { page?: PageRequest; urlPage?: PageRequest }>('citations.tld-analysis', async (input) => {
    const { brand, scope, tracked, answer } = await brandRequest(input);
    const { db } = input.ctx;
    // The analysis is computed (and reused) once per scope and a page is cut from it; each screen
    // request gets the lightest analysis that holds its page. A page of domains shows no URLs: its
    // analysis leaves them out. A page of URLs beside a page of domains is, in the unpaged order,
    // read from the few domains it falls in; sorted or searched, it is cut from every domain's URLs
    // without their matched brands; either way the matched brands are read for the page's URLs only.
    // Without a page of domains every domain's URLs are answered: the whole analysis.
    const { page, urlPage } = input.body;
    if (page) {
      const domains = await answer(() => tldDomains(db, scope, brand, tracked), 'domains');
      const paged = pageTldAnalysis(domains.analysis, page);
      if (!urlPage) return paged;
      if (!urlPage.sort && !urlPage.search) return { ...paged, ...(await urlPageInOrder(db, scope, brand, tracked, domains, urlPage)) };
      const urls = await answer(() => tldAnalysis(db, scope, brand, tracked, { matched: false }), 'unmatched-urls');
      const cut = pageTldAnalysis(urls, undefined, urlPage);
      return { ...paged, urls: await withMatchedEntities(db, scope, tracked, cut.urls!), urlsTotal: cut.urlsTotal };
    }
    return pageTldAnalysis(await answer(() => tldAnalysis(db, scope, brand, tracked)), page, urlPage);
  }),
];
