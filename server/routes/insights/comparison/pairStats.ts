import type { Db } from '../../../db/types';
import { factRows } from '../shared/factSource';
import { SqlParams, inList } from '../shared/params';
import { num } from '../shared/numbers';
import { type InsightScope, scopeWhere } from '../shared/scope';

/** Head-to-head counts of the own brand (b) and one competitor (c) over the same runs. */
export interface PairStats {
  /** group values, e.g. { provider: 'openai' }; empty when ungrouped */
  group: Record<string, string>;
  runs: number;
  brandMentions: number;
  competitorMentions: number;
  brandRankSum: number;
  competitorRankSum: number;
  /** Sums of the squared ranks, for the t intervals of the average ranks. */
  brandRankSqSum: number;
  competitorRankSqSum: number;
  /** answers naming both */
  coMentions: number;
}

export type PairGrouping = [] | ['provider'] | ['prompt_id', 'provider'];

/**
 * One pass over runs and one over the two brands' mentions in the current window, grouped by
 * nothing, provider, or prompt and provider. Groups with runs but no mentions come back with zeros.
 */
export async function pairStats(
  db: Db,
  scope: InsightScope,
  brandKey: string,
  competitorKey: string,
  groupBy: PairGrouping,
): Promise<PairStats[]> {
  // Rollups have no prompt dimension; a brand compared with itself is no pair of distinct names.
  if (groupBy.length < 2 && brandKey !== competitorKey) return pairStatsFromFacts(db, scope, brandKey, competitorKey, groupBy as [] | ['provider']);
  return pairStatsPerRun(db, scope, brandKey, competitorKey, groupBy);
}

/**
 * Sums over the scope's fact rows (rollups for whole days). Co-mentions are the competitor's answers
 * that also name the own brand (`with_own`), so `brandKey` must be the own brand's entity.
 */
async function pairStatsFromFacts(
  db: Db,
  scope: InsightScope,
  brandKey: string,
  competitorKey: string,
  groupBy: [] | ['provider'],
): Promise<PairStats[]> {
  const current: InsightScope = { ...scope, previous: null };
  const p = new SqlParams();
  const b = p.add(brandKey);
  const c = p.add(competitorKey);
  const runs = factRows(p, current, 'runs', 'fr');
  const mentions = factRows(p, current, 'mentions', 'fm', {
    filter: (col) => inList(p, col('entity'), [brandKey, competitorKey]),
    ownEntity: brandKey,
    squares: ['rank'],
  });
  const grouped = groupBy.length > 0;
  const sel = grouped ? 'provider, ' : '';
  const grp = grouped ? 'GROUP BY provider' : '';
  const on = (t: string) => (grouped ? `${t}.provider = r.provider` : 'TRUE');
  const rows = await db.query(
    `WITH r AS (SELECT ${sel}SUM(n) AS runs FROM ${runs} ${grp}),
     m AS (
       SELECT ${sel}SUM(n) FILTER (WHERE entity = ${b}) AS b, SUM(n) FILTER (WHERE entity = ${c}) AS c,
              SUM(rank_sum) FILTER (WHERE entity = ${b}) AS b_rank, SUM(rank_sum) FILTER (WHERE entity = ${c}) AS c_rank,
              SUM(rank_sq_sum) FILTER (WHERE entity = ${b}) AS b_rank_sq, SUM(rank_sq_sum) FILTER (WHERE entity = ${c}) AS c_rank_sq,
              SUM(with_own) FILTER (WHERE entity = ${c}) AS co
         FROM ${mentions} ${grp}
     )
     SELECT ${grouped ? 'r.provider, ' : ''}r.runs, m.b, m.c, m.co, m.b_rank, m.c_rank, m.b_rank_sq, m.c_rank_sq
       FROM r LEFT JOIN m ON ${on('m')}
      WHERE r.runs > 0`,
    p.values,
  );
  return rows.map((r) => pairRow(r, grouped ? ['provider'] : []));
}

/** Per answer from the raw facts: the grouping by prompt, which the rollups do not keep. */
async function pairStatsPerRun(
  db: Db,
  scope: InsightScope,
  brandKey: string,
  competitorKey: string,
  groupBy: PairGrouping,
): Promise<PairStats[]> {
  const current: InsightScope = { ...scope, previous: null };
  const p = new SqlParams();
  const runsWhere = scopeWhere(p, current);
  const mentionsWhere = scopeWhere(p, current);
  const b = p.add(brandKey);
  const c = p.add(competitorKey);
  const cols = groupBy as string[];
  const sel = cols.map((g) => `${g}, `).join('');
  const grp = (extra: string[]) => {
    const all = [...extra, ...cols];
    return all.length ? `GROUP BY ${all.join(', ')}` : '';
  };
  const join = cols.length ? cols.map((g) => `mm.${g} = r.${g}`).join(' AND ') : 'TRUE';
  const rows = await db.query(
    `WITH r AS (
       SELECT ${sel}COUNT(*) AS runs FROM runs WHERE ${runsWhere} ${grp([])}
     ),
     m AS (
       SELECT ${sel}run_id,
              MAX(CASE WHEN entity = ${b} THEN 1 ELSE 0 END) AS has_b,
              MAX(CASE WHEN entity = ${c} THEN 1 ELSE 0 END) AS has_c,
              SUM(CASE WHEN entity = ${b} THEN rank ELSE 0 END) AS b_rank,
              SUM(CASE WHEN entity = ${c} THEN rank ELSE 0 END) AS c_rank,
              SUM(CASE WHEN entity = ${b} THEN rank * rank ELSE 0 END) AS b_rank_sq,
              SUM(CASE WHEN entity = ${c} THEN rank * rank ELSE 0 END) AS c_rank_sq
         FROM mentions WHERE ${mentionsWhere} AND entity IN (${b}, ${c})
         ${grp(['run_id'])}
     ),
     mm AS (
       SELECT ${sel}SUM(has_b) AS b, SUM(has_c) AS c, SUM(has_b * has_c) AS co,
              SUM(b_rank) AS b_rank, SUM(c_rank) AS c_rank, SUM(b_rank_sq) AS b_rank_sq, SUM(c_rank_sq) AS c_rank_sq
         FROM m ${grp([])}
     )
     SELECT ${cols.map((g) => `r.${g}, `).join('')}r.runs, mm.b, mm.c, mm.co, mm.b_rank, mm.c_rank, mm.b_rank_sq, mm.c_rank_sq
       FROM r LEFT JOIN mm ON ${join}
      WHERE r.runs > 0`,
    p.values,
  );
  return rows.map((r) => pairRow(r, cols));
}

/** One result row (columns runs, b, c, co, b_rank, c_rank, b_rank_sq, c_rank_sq and the group columns) as PairStats. */
function pairRow(r: Record<string, unknown>, groupColumns: string[]): PairStats {
  return {
    group: Object.fromEntries(groupColumns.map((g) => [g, String(r[g])])),
    runs: num(r.runs),
    brandMentions: num(r.b),
    competitorMentions: num(r.c),
    brandRankSum: num(r.b_rank),
    competitorRankSum: num(r.c_rank),
    brandRankSqSum: num(r.b_rank_sq),
    competitorRankSqSum: num(r.c_rank_sq),
    coMentions: num(r.co),
  };
}
