import { getDomain } from 'tldts';
import type { Db } from '../../../db/types';
import type { BrandRow } from '../../access';
import { SqlParams, inList } from '../shared/params';
import { num, percent } from '../shared/numbers';
import { type InsightScope, minSampleOf, scopeWhere } from '../shared/scope';
import { factRows } from '../shared/factSource';
import { distinctUrlsPerDomain } from '../shared/distinctUrls';
import { codePointOrder } from '../shared/collation';
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
 * With `matched: false` every URL's matched_entities is empty and the rest is the same: a page of
 * URLs shows a few of them, whose matched brands `withMatchedEntities` reads alone. That lighter
 * answer and `tldDomains` (no URL lists) count the domains' citations from the daily rollups (whole
 * days) and raw facts (cut days) when the scope reads rollups; the whole answer reads the raw facts
 * only and is the reference they are proven against.
 */
export async function tldAnalysis(
  db: Db,
  scope: InsightScope,
  brand: BrandRow,
  tracked: TrackedEntity[],
  { matched = true }: { matched?: boolean } = {},
): Promise<TldAnalysis> {
  const own = tracked.find((t) => t.isOwn)!;
  const current: InsightScope = { ...scope, previous: null };
  const rows = matched ? await urlAndDomainRows(db, current, tracked, own) : await unmatchedUrlAndDomainRows(db, current, own);
  return analysisOf(rows, current, brand, tracked).analysis;
}

/**
 * The analysis without URL lists (what a page of domains shows: every domain's classification_details
 * empty, the rest the same; ranking each domain's URLs is most of the work) and each domain's
 * distinct URLs' count (from the URL gap rollup where the window allows: distinctUrlsPerDomain).
 */
export async function tldDomains(
  db: Db,
  scope: InsightScope,
  brand: BrandRow,
  tracked: TrackedEntity[],
): Promise<{ analysis: TldAnalysis; urlCounts: Map<string, number> }> {
  const current: InsightScope = { ...scope, previous: null };
  const own = tracked.find((t) => t.isOwn)!;
  const p = new SqlParams();
  const [groups, urlCounts] = await Promise.all([db.query(domainGroups(p, current, own), p.values), distinctUrlsPerDomain(db, current)]);
  const urlRows = [...urlCounts].map(([domain, n]) => ({ kind: 'urls', domain, n }));
  return analysisOf([...groups, ...urlRows], current, brand, tracked);
}

/** The analysis from its rows (kinds 'group', 'url' and 'urls': see the functions that read them). */
function analysisOf(
  rows: Record<string, unknown>[],
  scope: InsightScope,
  brand: BrandRow,
  tracked: TrackedEntity[],
): { analysis: TldAnalysis; urlCounts: Map<string, number> } {
  const ownDomain = brandDomain(brand);
  const min = minSampleOf(scope);

  interface DomainAcc {
    total: number;
    withBrand: number;
    urls: UrlCount[];
    providers: Map<string, number>;
    locations: Set<string>;
  }
  const domains = new Map<string, DomainAcc>();
  const providerTotals = new Map<string, number>();
  let uniqueUrls = 0;
  const urlCounts = new Map<string, number>();
  let allCitations = 0;
  const domainAcc = (domain: string) => {
    let d = domains.get(domain);
    if (!d) domains.set(domain, (d = { total: 0, withBrand: 0, urls: [], providers: new Map(), locations: new Set() }));
    return d;
  };
  const entitiesOf = maskReader(tracked);
  for (const r of rows) {
    const n = num(r.n);
    if (r.kind === 'urls') {
      // one row of all URLs, or one per domain
      uniqueUrls += n;
      if (r.domain !== null && r.domain !== undefined) urlCounts.set(String(r.domain), n);
      continue;
    }
    const d = domainAcc(String(r.domain));
    if (r.kind === 'url') {
      d.urls.push({ url: String(r.k1), n, withBrand: num(r.w), entities: r.mask === null || r.mask === undefined ? [] : entitiesOf(r.mask) });
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
  const classifications = [...domains.entries()]
    .map(([domain, a]): TldClassification => ({
      tld: domain,
      total_count: a.total,
      brand_mentions: domain === ownDomain ? a.total : 0,
      mixed_mentions: domain === ownDomain ? 0 : a.withBrand,
      classification_details: urlDetails(a.urls, domain === ownDomain),
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
  const analysis = {
    stats: {
      total_tlds: domains.size,
      total_unique_urls: uniqueUrls,
      brand_url_citations: brandCitations,
      brand_url_percentage: percent(brandCitations, allCitations),
      brand_url_percentage_stats: rateStats(brandCitations, allCitations, min),
    },
    classifications,
  };
  return { analysis, urlCounts };
}

/** One domain's cited URLs (its citations n, those naming the own brand, the brands named). */
interface UrlCount {
  url: string;
  n: number;
  withBrand: number;
  entities: string[];
}

/**
 * A domain's URL details, most cited first: classification and confidence by the documented rule
 * (`isBrand`: the domain is the brand's own).
 */
function urlDetails(urls: UrlCount[], isBrand: boolean): ClassificationDetail[] {
  return [...urls]
    .sort((x, y) => y.n - x.n || x.url.localeCompare(y.url))
    .map((u): ClassificationDetail => {
      const classification: CitationClass = isBrand ? 'brand' : u.withBrand > 0 ? 'mixed' : 'other';
      const agree = u.withBrand === 0 || u.withBrand === u.n;
      return {
        citation_url: u.url,
        classification,
        confidence: isBrand || agree ? 'high' : 'medium',
        matched_entities: u.entities,
      };
    });
}

/**
 * The URL details (without matched brands) of the domains given, as the whole analysis lists them:
 * only each domain's MAX_DETAILS_PER_DOMAIN most cited, most cited first.
 */
export async function unmatchedUrlDetails(
  db: Db,
  scope: InsightScope,
  brand: BrandRow,
  tracked: TrackedEntity[],
  domains: string[],
): Promise<Map<string, ClassificationDetail[]>> {
  const own = tracked.find((t) => t.isOwn)!;
  const ownDomain = brandDomain(brand);
  const p = new SqlParams();
  const rows = await db.query(
    `WITH ${rankedUrls(p, db, { ...scope, previous: null }, own, domains)}
     SELECT domain, url, n, w FROM top_urls`,
    p.values,
  );
  const byDomain = new Map<string, UrlCount[]>(domains.map((d) => [d, []]));
  for (const r of rows) byDomain.get(String(r.domain))?.push({ url: String(r.url), n: num(r.n), withBrand: num(r.w), entities: [] });
  return new Map([...byDomain].map(([domain, urls]) => [domain, urlDetails(urls, domain === ownDomain)]));
}

/**
 * The rows of the whole analysis: per URL (with its tracked-brand mask), per domain x provider x
 * location, and the distinct URLs' count.
 */
async function urlAndDomainRows(db: Db, scope: InsightScope, tracked: TrackedEntity[], own: TrackedEntity): Promise<Record<string, unknown>[]> {
  // One statement over the scope's citations, each carrying the tracked brands its answer names as
  // a bit mask (bit i = i-th distinct tracked key: the own brand and at most 50 competitors fit a BIGINT).
  // One grouping pass gives the rows per URL (only the MAX_DETAILS_PER_DOMAIN most cited of each
  // domain are returned) and per domain x provider x location; a third kind of row counts the
  // distinct URLs. Masks and BIT_OR replace lists of names (no text aggregation, no sort per URL).
  const p = new SqlParams();
  const citeWhere = scopeWhere(p, scope, 'c');
  const mentionWhere = scopeWhere(p, scope);
  const keys = trackedKeys(tracked);
  const maskOf = maskExpression(p, keys);
  const trackedList = inList(p, 'entity', keys);
  const cap = p.add(MAX_DETAILS_PER_DOMAIN);
  const ownBit = 2n ** BigInt(keys.indexOf(own.entity));
  const text = (expr: string) => codePointOrder(db.dialect, expr);
  return db.query(
    `WITH tm AS (
       SELECT run_id, BIT_OR(${maskOf}) AS mask FROM mentions WHERE ${mentionWhere} AND ${trackedList} GROUP BY run_id
     ),
     cu AS (
       SELECT ${text('c.domain')} AS domain, ${text('c.url')} AS url, c.provider, c.location, COALESCE(tm.mask, 0) AS mask
         FROM citations c LEFT JOIN tm ON tm.run_id = c.run_id
        WHERE ${citeWhere} AND c.domain <> ''
     ),
     g AS (
       SELECT domain, url, provider, location, COUNT(*) AS n, COUNT(*) FILTER (WHERE (mask & ${ownBit}) <> 0) AS w, BIT_OR(mask) AS mask
         FROM cu GROUP BY GROUPING SETS ((domain, url), (domain, provider, location))
     ),
     top_urls AS (${mostCitedPerDomain(db, "(SELECT * FROM g WHERE url IS NOT NULL)", ['w', 'mask'], cap)})
     SELECT 'url' AS kind, domain, url AS k1, NULL AS k2, n, w, mask FROM top_urls
     UNION ALL
     SELECT 'group' AS kind, domain, provider, location, n, w, NULL FROM g WHERE url IS NULL
     UNION ALL
     SELECT 'urls' AS kind, NULL, NULL, NULL, COUNT(*), NULL, NULL FROM g WHERE url IS NOT NULL`,
    p.values,
  );
}

/**
 * Per domain x provider x location: the citations and those whose answer names the own brand, from
 * the rollups for whole days (as `scope.source` says), as rows of kind 'group'.
 */
function domainGroups(p: SqlParams, scope: InsightScope, own: TrackedEntity): string {
  const facts = factRows(p, scope, 'citations', 'fc', { filter: (col) => `${col('domain')} <> ''`, ownEntity: own.entity });
  return `SELECT 'group' AS kind, domain, provider AS k1, location AS k2, SUM(n) AS n, SUM(with_own) AS w FROM ${facts}
           GROUP BY domain, provider, location`;
}

/**
 * The rows of the analysis with URL lists but without the URLs' tracked-brand masks (what a page of
 * URLs needs before it is cut): the domain groups, per URL its citations and those whose answer
 * names the own brand (which give its classification and confidence; only the
 * MAX_DETAILS_PER_DOMAIN most cited of each domain), and the distinct URLs' count.
 */
async function unmatchedUrlAndDomainRows(db: Db, scope: InsightScope, own: TrackedEntity): Promise<Record<string, unknown>[]> {
  const p = new SqlParams();
  return db.query(
    `WITH ${rankedUrls(p, db, scope, own)}
     SELECT 'url' AS kind, CAST(domain AS TEXT) AS domain, CAST(url AS TEXT) AS k1, NULL AS k2, n, w FROM top_urls
     UNION ALL
     SELECT 'urls' AS kind, NULL, NULL, NULL, COUNT(*), NULL FROM g
     UNION ALL
     ${domainGroups(p, scope, own)}`,
    p.values,
  );
}

/**
 * CTEs over the scope's citations with a domain (of `domains` only, when given): g = per URL its
 * citations n and those whose answer names the own brand w; top_urls = the rows of g among their
 * domain's MAX_DETAILS_PER_DOMAIN most cited (then by code point).
 */
function rankedUrls(p: SqlParams, db: Db, scope: InsightScope, own: TrackedEntity, domains?: string[]): string {
  const citeWhere = scopeWhere(p, scope, 'c');
  const mentionWhere = scopeWhere(p, scope);
  const text = (expr: string) => codePointOrder(db.dialect, expr);
  const only = domains ? ` AND ${inList(p, 'c.domain', domains)}` : '';
  return `own AS (
       SELECT DISTINCT run_id FROM mentions WHERE ${mentionWhere} AND entity = ${p.add(own.entity)}
     ),
     g AS (
       SELECT ${text('c.domain')} AS domain, ${text('c.url')} AS url, COUNT(*) AS n, COUNT(own.run_id) AS w
         FROM citations c LEFT JOIN own ON own.run_id = c.run_id
        WHERE ${citeWhere} AND c.domain <> ''${only}
        GROUP BY 1, 2
     ),
     top_urls AS (${mostCitedPerDomain(db, 'g', ['w'], p.add(MAX_DETAILS_PER_DOMAIN))})`;
}

/**
 * The rows of `from` (one per URL: domain, url, n and `columns`) that are among their domain's `cap`
 * most cited: n descending, then url by code point (`from` groups by code point, see rankedUrls).
 * PostgreSQL numbers each domain's URLs with a window; DuckDB keeps each domain's `cap` smallest
 * (-n, url) in one hash aggregate (min_by with a count), the same rows without sorting every URL of
 * the window, which at scale 10 was most of the statement (28k URLs, 1.4k kept).
 */
function mostCitedPerDomain(db: Db, from: string, columns: string[], cap: string): string {
  const kept = ['url', 'n', ...columns];
  if (db.dialect === 'postgres') {
    return `SELECT domain, ${kept.join(', ')} FROM (
              SELECT domain, ${kept.join(', ')}, ROW_NUMBER() OVER (PARTITION BY domain ORDER BY n DESC, url) AS pos FROM ${from} ranked_in
            ) ranked WHERE pos <= ${cap}`;
  }
  return `SELECT domain, ${kept.map((c) => `kept.${c} AS ${c}`).join(', ')} FROM (
            SELECT domain, UNNEST(min_by({${kept.map((c) => `'${c}': ${c}`).join(', ')}}, {'n': -n, 'url': url}, ${cap})) AS kept
              FROM ${from} ranked_in GROUP BY domain
          ) ranked`;
}

/**
 * The URLs given (a page of them), each with its matched_entities: the tracked brands named in the
 * scope's answers that cite it, read for these URLs only. PostgreSQL finds the URLs' citations by
 * their hash index (migration 028) and each citing answer's mentions by the (prompt_id, created_at)
 * index, which every fact of a run shares; it read the window's citations and mentions instead
 * (scale 100: 307 ms against 1.6 ms for a page of 10).
 */
export async function withMatchedEntities<T extends { domain: string; citation_url: string }>(
  db: Db,
  scope: InsightScope,
  tracked: TrackedEntity[],
  urls: T[],
): Promise<T[]> {
  if (urls.length === 0) return urls;
  const current: InsightScope = { ...scope, previous: null };
  const p = new SqlParams();
  const keys = trackedKeys(tracked);
  const maskOf = maskExpression(p, keys);
  const citeWhere = scopeWhere(p, current, 'c');
  const urlList = inList(p, 'c.url', [...new Set(urls.map((u) => u.citation_url))]);
  const mentionWhere = scopeWhere(p, current, 'm');
  const rows = await db.query<{ domain: string; url: string; mask: unknown }>(
    `WITH cu AS (
       SELECT c.domain, c.url, c.run_id, c.prompt_id, c.created_at FROM citations c WHERE ${citeWhere} AND c.domain <> '' AND ${urlList}
     ),
     tm AS (
       SELECT m.run_id, BIT_OR(${maskOf}) AS mask
         FROM (SELECT DISTINCT run_id, prompt_id, created_at FROM cu) r
         JOIN mentions m ON m.prompt_id = r.prompt_id AND m.created_at = r.created_at AND m.run_id = r.run_id
        WHERE ${mentionWhere} AND ${inList(p, 'm.entity', keys)}
        GROUP BY m.run_id
     )
     SELECT cu.domain, cu.url, BIT_OR(COALESCE(tm.mask, 0)) AS mask FROM cu LEFT JOIN tm ON tm.run_id = cu.run_id GROUP BY cu.domain, cu.url`,
    p.values,
  );
  const entitiesOf = maskReader(tracked);
  const masks = new Map(rows.map((r) => [JSON.stringify([r.domain, r.url]), r.mask]));
  return urls.map((u) => {
    const mask = masks.get(JSON.stringify([u.domain, u.citation_url]));
    return { ...u, matched_entities: mask === undefined ? [] : entitiesOf(mask) };
  });
}

/**
 * A SQL expression giving a mention's tracked-brand bit (bit i = the i-th of `keys`). The PostgreSQL
 * driver reads BIGINT as a JS number, exact up to 2^53: 53 keys at most (the largest plan tracks the
 * own brand and 50 competitors).
 */
function maskExpression(p: SqlParams, keys: string[]): string {
  if (keys.length > 53) throw new Error(`${keys.length} tracked brands do not fit an exact BIGINT mask`);
  return `CASE entity ${keys.map((k, i) => `WHEN ${p.add(k)} THEN CAST(${2n ** BigInt(i)} AS BIGINT)`).join(' ')} END`;
}

/** The names of the tracked brands a mask's bits set, in tracked order (own brand first, then competitors by name). */
function maskReader(tracked: TrackedEntity[]): (mask: unknown) => string[] {
  const keys = trackedKeys(tracked);
  const names = new Map(tracked.map((t) => [t.entity, t.name]));
  const order = new Map(tracked.map((t, i) => [t.entity, i]));
  return (raw) => {
    const mask = BigInt(String(raw));
    return keys
      .filter((_, i) => (mask & (2n ** BigInt(i))) !== 0n)
      .sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))
      .map((k) => names.get(k) ?? k);
  };
}

/** The distinct tracked keys, in tracked order: bit i of a mask is the i-th. */
function trackedKeys(tracked: TrackedEntity[]): string[] {
  return [...new Set(tracked.map((t) => t.entity))];
}
