import type { Db } from '../../../db/types';
import { type PageRequest, validatePage } from '../../../http/paging';
import type { BrandRow } from '../../access';
import type { InsightScope } from '../shared/scope';
import type { TrackedEntity } from '../shared/tracked';
import { type CitedUrl, URL_PAGING } from './paging';
import { MAX_DETAILS_PER_DOMAIN, type TldAnalysis, unmatchedUrlDetails, withMatchedEntities } from './tldAnalysis';

/**
 * A page of the cited URLs in the order of the unpaged answer (no sort, no search: what the Urls tab
 * shows first), from the domains' analysis and each domain's distinct URLs' count: the list is the
 * domains' URLs one domain after another, each domain listing min(its URLs, MAX_DETAILS_PER_DOMAIN),
 * so the page's place in it names the few domains it falls in, and only their URLs are ranked and
 * only the page's URLs get their matched brands.
 */
export async function urlPageInOrder(
  db: Db,
  scope: InsightScope,
  brand: BrandRow,
  tracked: TrackedEntity[],
  domains: { analysis: TldAnalysis; urlCounts: Map<string, number> },
  urlPage: PageRequest,
): Promise<{ urls: CitedUrl[]; urlsTotal: number }> {
  validatePage(urlPage, URL_PAGING, 'urlPage');
  const offset = urlPage.offset ?? 0;
  const end = offset + urlPage.limit;
  let listed = 0;
  const covered: Array<{ domain: string; start: number }> = [];
  for (const { tld } of domains.analysis.classifications) {
    const count = Math.min(MAX_DETAILS_PER_DOMAIN, domains.urlCounts.get(tld) ?? 0);
    if (listed < end && listed + count > offset) covered.push({ domain: tld, start: listed });
    listed += count;
  }
  if (covered.length === 0) return { urls: [], urlsTotal: listed };
  const details = await unmatchedUrlDetails(db, scope, brand, tracked, covered.map((c) => c.domain));
  const page = covered
    .flatMap(({ domain, start }) => (details.get(domain) ?? []).map((d, i) => ({ ...d, domain, position: start + i })))
    .filter((u) => u.position >= offset && u.position < end)
    .map(({ position: _position, ...u }) => u);
  return { urls: await withMatchedEntities(db, scope, tracked, page), urlsTotal: listed };
}
