import type { Db } from '../../../db/types';
import { SqlParams, inList } from '../shared/params';
import { num, percent } from '../shared/numbers';
import { factRows } from '../shared/factSource';
import { type InsightScope, minSampleOf, scopeWhere } from '../shared/scope';
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
  // …then their distinct URLs and top authors from the citations themselves: URLs are nearly unique
  // per citation, so no rollup keeps them. The URLs are made distinct first and then counted (a hash
  // of the pairs), not counted DISTINCT per domain (a sort of every citation of the domains).
  const q = new SqlParams();
  const details = await db.query(
    `WITH scoped AS (
       SELECT domain, url, author FROM citations
        WHERE ${scopeWhere(q, scope)} AND ${inList(q, 'domain', top.map((r) => String(r.domain)))}
     ),
     urls AS (SELECT domain, COUNT(*) AS urls FROM (SELECT DISTINCT domain, url FROM scoped) d GROUP BY domain),
     authors AS (
       SELECT domain, author, ROW_NUMBER() OVER (PARTITION BY domain ORDER BY n DESC, author) AS pos
         FROM (SELECT domain, author, COUNT(*) AS n FROM scoped WHERE author IS NOT NULL AND author <> '' GROUP BY domain, author) a
     )
     SELECT u.domain, u.urls, a.author FROM urls u LEFT JOIN authors a ON a.domain = u.domain AND a.pos = 1`,
    q.values,
  );
  const byDomain = new Map(details.map((r) => [String(r.domain), r]));
  return top.map((r) => {
    const d = byDomain.get(String(r.domain));
    return {
      topUrlAuthor: d?.author === null || d?.author === undefined ? null : String(d.author),
      normalizedDomain: String(r.domain),
      uniqueUrlsCount: num(d?.urls),
      citationSov: percent(num(r.citations), num(r.all_citations)),
      citationSovStats: rateStats(num(r.citations), num(r.all_citations), minSampleOf(scope)),
    };
  });
}
