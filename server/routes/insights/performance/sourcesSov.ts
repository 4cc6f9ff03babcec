import type { Db } from '../../../db/types';
import { SqlParams } from '../shared/params';
import { num, percent } from '../shared/numbers';
import { type InsightScope, scopeWhere } from '../shared/scope';

/** A cited domain's share of the citations, with its most cited author. */
export interface SourceShareRow {
  topUrlAuthor: string | null;
  normalizedDomain: string;
  uniqueUrlsCount: number;
  citationSov: number;
}

/**
 * The most cited domains: citationSov = the domain's citations ÷ all citations that have a domain
 * (so the shares of every domain sum to 100); topUrlAuthor = the author most often named on the
 * domain's citations (null when none carries an author). Sorted by citations descending, then domain.
 */
export async function sourcesShareOfVoice(db: Db, scope: InsightScope, limit: number): Promise<SourceShareRow[]> {
  const p = new SqlParams();
  const where = scopeWhere(p, scope);
  const rows = await db.query(
    `WITH scoped AS (
       SELECT domain, url, author FROM citations WHERE ${where} AND domain <> ''
     ),
     per_domain AS (
       SELECT domain, COUNT(*) AS citations, COUNT(DISTINCT url) AS urls FROM scoped GROUP BY domain
     ),
     top_domains AS (
       SELECT domain, citations, urls, SUM(citations) OVER () AS all_citations
         FROM per_domain ORDER BY citations DESC, domain LIMIT ${p.add(limit)}
     ),
     authors AS (
       SELECT s.domain, s.author, COUNT(*) AS n,
              ROW_NUMBER() OVER (PARTITION BY s.domain ORDER BY COUNT(*) DESC, s.author) AS pos
         FROM scoped s JOIN top_domains t ON t.domain = s.domain
        WHERE s.author IS NOT NULL AND s.author <> ''
        GROUP BY s.domain, s.author
     )
     SELECT t.domain, t.citations, t.urls, t.all_citations, a.author
       FROM top_domains t LEFT JOIN authors a ON a.domain = t.domain AND a.pos = 1
      ORDER BY t.citations DESC, t.domain`,
    p.values,
  );
  return rows.map((r) => ({
    topUrlAuthor: r.author === null || r.author === undefined ? null : String(r.author),
    normalizedDomain: String(r.domain),
    uniqueUrlsCount: num(r.urls),
    citationSov: percent(num(r.citations), num(r.all_citations)),
  }));
}
