import type { Db } from '../../../db/types';
import { SqlParams } from '../shared/params';
import { num, percent } from '../shared/numbers';
import { factRows } from '../shared/factSource';
import { distinctUrlsPerDomain } from '../shared/distinctUrls';
import { type InsightScope, minSampleOf } from '../shared/scope';
import { rateStats, type EstimateStats } from '../../../stats';

/** A cited domain's share of the citations, with its most cited author. */
export interface SourceShareRow {
  topUrlAuthor: string | null;
  normalizedDomain: string;
  uniqueUrlsCount: number;
  citationSov: number;
  citationSovStats: EstimateStats;
}

/**
 * The most cited domains: citationSov = the domain's citations ÷ all citations that have a domain
 * (so the shares of every domain sum to 100); topUrlAuthor = the author most often named on the
 * domain's citations (null when none carries an author). Sorted by citations descending, then domain.
 */
export async function sourcesShareOfVoice(db: Db, scope: InsightScope, limit: number): Promise<SourceShareRow[]> {
  // The most cited domains from the fact rows (rollups for whole days)…
  const p = new SqlParams();
  const citations = factRows(p, scope, 'citations', 'fc', { filter: (col) => `${col('domain')} <> ''` });
  const top = await db.query(
    `WITH per_domain AS (SELECT domain, SUM(n) AS citations FROM ${citations} GROUP BY domain)
     SELECT domain, citations, SUM(citations) OVER () AS all_citations
       FROM per_domain ORDER BY citations DESC, domain LIMIT ${p.add(limit)}`,
    p.values,
  );
  if (top.length === 0) return [];
  const domains = top.map((r) => String(r.domain));
  const [urls, authors] = await Promise.all([uniqueUrlCounts(db, scope, domains), topAuthors(db, scope, domains)]);
  return top.map((r) => {
    const domain = String(r.domain);
    return {
      topUrlAuthor: authors.get(domain) ?? null,
      normalizedDomain: domain,
      uniqueUrlsCount: urls.get(domain) ?? 0,
      citationSov: percent(num(r.citations), num(r.all_citations)),
      citationSovStats: rateStats(num(r.citations), num(r.all_citations), minSampleOf(scope)),
    };
  });
}

/**
 * Each domain's distinct URLs over the scope's span (its current window, and its delta window when a
 * request gives one, with what lies between, as the domains' citations are read), from the URL gap
 * rollup where the span allows it, else from the citations (distinctUrlsPerDomain).
 */
export async function uniqueUrlCounts(db: Db, scope: InsightScope, domains: string[]): Promise<Map<string, number>> {
  const windows = scope.previous ? [scope.current, scope.previous] : [scope.current];
  const span = {
    start: new Date(Math.min(...windows.map((w) => w.start.getTime()))),
    end: new Date(Math.max(...windows.map((w) => w.end.getTime()))),
  };
  return distinctUrlsPerDomain(db, { ...scope, current: span, previous: null }, domains);
}

/**
 * Each domain's most often named author (NULL and '' authors ignored; a domain none names is
 * absent): most citations first, ties to the smaller author in the engines' text order (both sort
 * by code point: DuckDB always, PostgreSQL on its C.UTF-8 databases). Whole days come from
 * rollup_citation_authors_daily, cut days from the citations (factRows), so the cost follows the
 * days, providers, locations and authors of the domains rather than their citations.
 */
export async function topAuthors(db: Db, scope: InsightScope, domains: string[]): Promise<Map<string, string>> {
  const p = new SqlParams();
  const list = p.list(domains);
  const rows = factRows(p, scope, 'citation_authors', 'ca', { filter: (col) => `${col('domain')} IN ${list}` });
  const top = await db.query(
    `SELECT domain, author
       FROM (SELECT domain, author, ROW_NUMBER() OVER (PARTITION BY domain ORDER BY n DESC, author) AS pos
               FROM (SELECT domain, author, SUM(n) AS n FROM ${rows} GROUP BY domain, author) a) ranked
      WHERE pos = 1`,
    p.values,
  );
  return new Map(top.map((r) => [String(r.domain), String(r.author)]));
}
