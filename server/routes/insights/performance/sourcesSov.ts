import type { Db } from '../../../db/types';
import { SqlParams, inList } from '../shared/params';
import { num, percent } from '../shared/numbers';
import { factRows } from '../shared/factSource';
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
  // Counts and authors from the fact rows (rollups for whole days)…
  const p = new SqlParams();
  const citations = factRows(p, scope, 'citations', 'fc', { filter: (col) => `${col('domain')} <> ''` });
  const rows = await db.query(
    `WITH scoped AS (
       SELECT domain, author, n FROM ${citations}
     ),
     per_domain AS (
       SELECT domain, SUM(n) AS citations FROM scoped GROUP BY domain
     ),
     top_domains AS (
       SELECT domain, citations, SUM(citations) OVER () AS all_citations
         FROM per_domain ORDER BY citations DESC, domain LIMIT ${p.add(limit)}
     ),
     authors AS (
       SELECT s.domain, s.author, SUM(s.n) AS n,
              ROW_NUMBER() OVER (PARTITION BY s.domain ORDER BY SUM(s.n) DESC, s.author) AS pos
         FROM scoped s JOIN top_domains t ON t.domain = s.domain
        WHERE s.author <> ''
        GROUP BY s.domain, s.author
     )
     SELECT t.domain, t.citations, t.all_citations, a.author
       FROM top_domains t LEFT JOIN authors a ON a.domain = t.domain AND a.pos = 1
      ORDER BY t.citations DESC, t.domain`,
    p.values,
  );
  // …and distinct URLs of the listed domains from the citations themselves: URLs are nearly unique
  // per citation, so no rollup keeps them.
  const urls = new Map<string, number>();
  if (rows.length > 0) {
    const q = new SqlParams();
    const counted = await db.query(
      `SELECT domain, COUNT(DISTINCT url) AS urls FROM citations
        WHERE ${scopeWhere(q, scope)} AND ${inList(q, 'domain', rows.map((r) => String(r.domain)))}
        GROUP BY domain`,
      q.values,
    );
    for (const r of counted) urls.set(String(r.domain), num(r.urls));
  }
  return rows.map((r) => ({
    topUrlAuthor: r.author === null || r.author === undefined ? null : String(r.author),
    normalizedDomain: String(r.domain),
    uniqueUrlsCount: urls.get(String(r.domain)) ?? 0,
    citationSov: percent(num(r.citations), num(r.all_citations)),
  }));
}
