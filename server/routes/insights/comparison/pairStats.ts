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

/**
 * From the raw facts: the grouping by prompt, which the rollups do not keep. One pass over the runs,
 * the own brand's mentions and the competitor's (each row counts as a run or a mention) and one
 * grouping. Co-mentions are the competitor's mentions whose answer also names the own brand, found
 * by a join on the own brand's answers: an answer names a brand once, so mentions = answers naming it.
 */
async function pairStatsPerRun(
  db: Db,
  scope: InsightScope,
  brandKey: string,
  competitorKey: string,
  groupBy: PairGrouping,
): Promise<PairStats[]> {
  const p = new SqlParams();
  const rows = await db.query(perAnswerStatement(p, scope, brandKey, competitorKey, groupBy as string[]), p.values);
  return rows.map((r) => pairRow(r, groupBy as string[]));
}

/** A prompt and provider's head-to-head counts, with the prompt's text (null when the prompt is gone). */
export type PromptPairStats = PairStats & { text: string | null };

/**
 * pairStats grouped by prompt and provider, each with its prompt's text read in the same statement
 * (a list of hundreds of ids as parameters cost DuckDB more than the whole grouping).
 */
export async function promptPairStats(db: Db, scope: InsightScope, brandKey: string, competitorKey: string): Promise<PromptPairStats[]> {
  const p = new SqlParams();
  const grouped = perAnswerStatement(p, scope, brandKey, competitorKey, ['prompt_id', 'provider']);
  const rows = await db.query(
    `SELECT g.*, pr.text FROM (${grouped}) g LEFT JOIN prompts pr ON pr.id = g.prompt_id AND pr.brand_id = ${p.add(scope.brandId)}`,
    p.values,
  );
  return rows.map((r) => ({ ...pairRow(r, ['prompt_id', 'provider']), text: r.text === null || r.text === undefined ? null : String(r.text) }));
}

/** The statement of pairStatsPerRun: columns runs, b, c, co, b_rank, c_rank, b_rank_sq, c_rank_sq and `cols`; groups with runs only. */
function perAnswerStatement(p: SqlParams, scope: InsightScope, brandKey: string, competitorKey: string, cols: string[]): string {
  const current: InsightScope = { ...scope, previous: null };
  const b = p.add(brandKey);
  const c = p.add(competitorKey);
  const sel = (alias: string) => cols.map((g) => `${alias}${g}, `).join('');
  const grp = cols.length ? `GROUP BY ${cols.join(', ')}` : '';
  return `SELECT ${sel('')}SUM(run) AS runs, SUM(b) AS b, SUM(c) AS c, SUM(co) AS co,
                 SUM(b * rank) AS b_rank, SUM(c * rank) AS c_rank, SUM(b * rank * rank) AS b_rank_sq, SUM(c * rank * rank) AS c_rank_sq
            FROM (SELECT ${sel('')}1 AS run, 0 AS b, 0 AS c, 0 AS co, 0 AS rank FROM runs WHERE ${scopeWhere(p, current)}
                  UNION ALL
                  SELECT ${sel('m.')}0, 1, 0, 0, m.rank FROM mentions m WHERE ${scopeWhere(p, current, 'm')} AND m.entity = ${b}
                  UNION ALL
                  SELECT ${sel('m.')}0, 0, 1, CASE WHEN o.run_id IS NULL THEN 0 ELSE 1 END, m.rank
                    FROM mentions m
                    LEFT JOIN (SELECT o.run_id FROM mentions o WHERE ${scopeWhere(p, current, 'o')} AND o.entity = ${b}) o ON o.run_id = m.run_id
                   WHERE ${scopeWhere(p, current, 'm')} AND m.entity = ${c}) f
           ${grp}
          HAVING SUM(run) > 0`;
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
