import { type Page, type PageRequest, type PagingSpec, pageOf } from '../../../http/paging';
import type { ClassificationDetail, TldAnalysis, TldClassification } from './tldAnalysis';

/** A cited URL of the Sources page's Urls list: a domain's classification detail and its domain. */
export interface CitedUrl extends ClassificationDetail {
  domain: string;
}

/** The domains (classifications) by tld and counts, searched by tld; ties keep most cited first. */
export const DOMAIN_PAGING: PagingSpec<TldClassification> = {
  sortKeys: {
    tld: (r) => r.tld,
    total_count: (r) => r.total_count,
    brand_mentions: (r) => r.brand_mentions,
    mixed_mentions: (r) => r.mixed_mentions,
  },
  search: [(r) => r.tld],
  tieBreak: (a, b) => b.total_count - a.total_count || a.tld.localeCompare(b.tld),
};

/** The cited URLs in the order of the unpaged answer (domains most cited first, then URLs). */
export const URL_PAGING: PagingSpec<CitedUrl & { position: number }> = {
  sortKeys: {
    citation_url: (r) => r.citation_url,
    domain: (r) => r.domain,
    classification: (r) => r.classification,
    confidence: (r) => r.confidence,
  },
  search: [(r) => r.citation_url, (r) => r.domain],
  tieBreak: (a, b) => a.position - b.position,
};

export type PagedTldAnalysis = Omit<TldAnalysis, 'classifications'> & {
  classifications: Array<Omit<TldClassification, 'classification_details'> & { classification_details?: ClassificationDetail[] }>;
  total?: number;
  urls?: CitedUrl[];
  urlsTotal?: number;
};

/**
 * The answer a request asks for: whole without paging; with `page` one page of domains (their
 * URLs left out) and `total`; with `urlPage` one page of every domain's URLs in `urls` and
 * `urlsTotal`. Paged answers stay small however many domains and URLs the brand's citations hold.
 */
export function pageTldAnalysis(full: TldAnalysis, page?: PageRequest, urlPage?: PageRequest): PagedTldAnalysis {
  const out: PagedTldAnalysis = { ...full };
  if (page) {
    const domains = pageOf(full.classifications, page, DOMAIN_PAGING, 'page');
    out.classifications = domains.rows.map(({ classification_details: _details, ...domain }) => domain);
    out.total = domains.total;
  }
  if (urlPage) {
    const all = full.classifications.flatMap((c) => c.classification_details.map((d) => ({ ...d, domain: c.tld })));
    const urls: Page<CitedUrl & { position: number }> = pageOf(all.map((u, position) => ({ ...u, position })), urlPage, URL_PAGING, 'urlPage');
    out.urls = urls.rows.map(({ position: _position, ...u }) => u);
    out.urlsTotal = urls.total;
  }
  return out;
}
