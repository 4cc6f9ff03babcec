import { getDomain } from 'tldts';
import type { Db } from '../../../db/types';
import type { BrandRow } from '../../access';
import { SqlParams, inList } from '../shared/params';
import { num, percent } from '../shared/numbers';
import { type InsightScope, minSampleOf, scopeWhere } from '../shared/scope';
import { rateStats, type EstimateStats } from '../../../stats';
import type { TrackedEntity } from '../shared/tracked';

export type CitationClass = 'brand' | 'mixed' | 'other';

/** The Sources page's domain analysis; its fields are snake_case, as the front end reads them. */
export interface TldAnalysis {
  stats: {
    total_tlds: number;
    total_unique_urls: number;
    brand_url_citations: number;
    brand_url_percentage: number;
    /** brand_url_percentage: n = citations with a domain. */
    brand_url_percentage_stats: EstimateStats;
  };
  classifications: TldClassification[];
}

export interface TldClassification {
  tld: string;
  total_count: number;
  brand_mentions: number;
  mixed_mentions: number;
  classification_details: ClassificationDetail[];
  /** share_of_voice_stats: n = the provider's citations with a domain. */
  provider_breakdown: Array<{ provider: string; share_of_voice: number; share_of_voice_stats: EstimateStats }>;
  locations_list: string[];
}

export interface ClassificationDetail {
  citation_url: string;
  classification: CitationClass;
  confidence: 'high' | 'medium';
  matched_entities: string[];
}

/** URLs listed per domain, most cited first. */
export const MAX_DETAILS_PER_DOMAIN = 50;

/** The brand's own registrable domain (lower case), or null when its url has none. */
export function brandDomain(brand: Pick<BrandRow, 'url'>): string | null {
  const d = getDomain(brand.url.trim());
  return d ? d.toLowerCase() : null;
}

/**
 * Classification of one citation:
 * - brand: the cited URL's registrable domain is the brand's own domain (confidence high);
 * - mixed: otherwise, the answer that cites it names the brand;
 * - other: otherwise.
 * Per URL (classification_details) a URL is mixed when any answer citing it names the brand;
 * confidence is high when all its answers agree (all or none name the brand), medium when they
 * differ. matched_entities = tracked brands (own, competitors) named in the answers citing it.
 * brand_mentions / mixed_mentions count citations (rows), like total_count. Domains are the "tlds"
 * of the spec: one entry per registrable domain, most cited first. provider_breakdown.share_of_voice
 * = the domain's share (percent) of all citations from that provider in the scope.
 */
export async function tldAnalysis(
  db: Db,
  scope: InsightScope,
  brand: BrandRow,
  tracked: TrackedEntity[],
): Promise<TldAnalysis> {
  const own = tracked.find((t) => t.isOwn)!;
  const ownDomain = brandDomain(brand);
  const current: InsightScope = { ...scope, previous: null };
  const min = minSampleOf(scope);

  // One statement, two kinds of rows: per URL (only the MAX_DETAILS_PER_DOMAIN most cited of each
  // domain, with the number of distinct URLs overall) and per domain x provider x location. Each
  // carries how many citing answers name the own brand; URL rows also list the tracked brands those
  // answers name (joined with the ASCII unit separator, chr(31), which no brand name contains).
  const p = new SqlParams();
  const citeWhere = scopeWhere(p, current);
  const mentionWhere = scopeWhere(p, current);
  const ownKey = p.add(own.entity);
  const trackedList = inList(p, 'entity', tracked.map((t) => t.entity));
  const cap = p.add(MAX_DETAILS_PER_DOMAIN);
  const rows = await db.query(
    `WITH c AS (
       SELECT run_id, url, domain, provider, location FROM citations WHERE ${citeWhere} AND domain <> ''
     ),
     tm AS (
       SELECT run_id, MAX(CASE WHEN entity = ${ownKey} THEN 1 ELSE 0 END) AS has_own, string_agg(entity, chr(31)) AS entities
         FROM mentions WHERE ${mentionWhere} AND ${trackedList}
        GROUP BY run_id
     ),
     cu AS (
       SELECT c.domain, c.url, c.provider, c.location, COALESCE(tm.has_own, 0) AS has_own, tm.entities
         FROM c LEFT JOIN tm ON tm.run_id = c.run_id
     ),
     per_url AS (
       SELECT domain, url, COUNT(*) AS n, SUM(has_own) AS w, string_agg(DISTINCT entities, chr(31)) AS entities,
              ROW_NUMBER() OVER (PARTITION BY domain ORDER BY COUNT(*) DESC, url) AS pos,
              COUNT(*) OVER () AS url_total
         FROM cu GROUP BY domain, url
     ),
     per_group AS (
       SELECT domain, provider, location, COUNT(*) AS n, SUM(has_own) AS w FROM cu GROUP BY domain, provider, location
     )
     SELECT 'url' AS kind, domain, url AS k1, NULL AS k2, n, w, entities, url_total FROM per_url WHERE pos <= ${cap}
     UNION ALL
     SELECT 'group' AS kind, domain, provider, location, n, w, NULL, NULL FROM per_group`,
    p.values,
  );

  const names = new Map(tracked.map((t) => [t.entity, t.name]));
  const order = new Map(tracked.map((t, i) => [t.entity, i]));

  interface UrlAcc {
    url: string;
    n: number;
    withBrand: number;
    entities: string[];
  }
  interface DomainAcc {
    total: number;
    withBrand: number;
    urls: UrlAcc[];
    providers: Map<string, number>;
    locations: Set<string>;
  }
  const domains = new Map<string, DomainAcc>();
  const providerTotals = new Map<string, number>();
  let uniqueUrls = 0;
  let allCitations = 0;
  const domainAcc = (domain: string) => {
    let d = domains.get(domain);
    if (!d) domains.set(domain, (d = { total: 0, withBrand: 0, urls: [], providers: new Map(), locations: new Set() }));
    return d;
  };
  for (const r of rows) {
    const d = domainAcc(String(r.domain));
    const n = num(r.n);
    if (r.kind === 'url') {
      const entities = r.entities ? [...new Set(String(r.entities).split('\u001f'))] : [];
      d.urls.push({ url: String(r.k1), n, withBrand: num(r.w), entities });
      uniqueUrls = num(r.url_total);
    } else {
      const provider = String(r.k1);
      d.total += n;
      d.withBrand += num(r.w);
      d.providers.set(provider, (d.providers.get(provider) ?? 0) + n);
      d.locations.add(String(r.k2));
      providerTotals.set(provider, (providerTotals.get(provider) ?? 0) + n);
      allCitations += n;
    }
  }
  /** In tracked order: own brand first, then competitors by name. */
  const matched = (u: UrlAcc) =>
    [...u.entities].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)).map((e) => names.get(e) ?? e);

  const classifications = [...domains.entries()]
    .map(([domain, a]): TldClassification => ({
      tld: domain,
      total_count: a.total,
      brand_mentions: domain === ownDomain ? a.total : 0,
      mixed_mentions: domain === ownDomain ? 0 : a.withBrand,
      classification_details: a.urls
        .sort((x, y) => y.n - x.n || x.url.localeCompare(y.url))
        .map((u): ClassificationDetail => {
          const isBrand = domain === ownDomain;
          const classification: CitationClass = isBrand ? 'brand' : u.withBrand > 0 ? 'mixed' : 'other';
          const agree = u.withBrand === 0 || u.withBrand === u.n;
          return {
            citation_url: u.url,
            classification,
            confidence: isBrand || agree ? 'high' : 'medium',
            matched_entities: matched(u),
          };
        }),
      provider_breakdown: [...a.providers.entries()]
        .sort(([x], [y]) => x.localeCompare(y))
        .map(([provider, n]) => ({
          provider,
          share_of_voice: percent(n, providerTotals.get(provider) ?? 0),
          share_of_voice_stats: rateStats(n, providerTotals.get(provider) ?? 0, min),
        })),
      locations_list: [...a.locations].sort(),
    }))
    .sort((x, y) => y.total_count - x.total_count || x.tld.localeCompare(y.tld));

  const brandCitations = ownDomain ? (domains.get(ownDomain)?.total ?? 0) : 0;
  return {
    stats: {
      total_tlds: domains.size,
      total_unique_urls: uniqueUrls,
      brand_url_citations: brandCitations,
      brand_url_percentage: percent(brandCitations, allCitations),
      brand_url_percentage_stats: rateStats(brandCitations, allCitations, min),
    },
    classifications,
  };
}
