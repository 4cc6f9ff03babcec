import type { Db } from '../../db/types';
import { promptTotalsThrough } from '../promptTotals';
import { rebuildBrandRollups } from '../rebuild';
import { ROLLUP_TABLES, type RollupTable } from '../tables';

/** Each rollup table's key columns. */
const KEYS: Record<RollupTable, string> = {
  rollup_runs_daily: 'brand_id, day, provider, location',
  rollup_mentions_daily: 'brand_id, day, provider, location, entity',
  rollup_citations_daily: 'brand_id, day, provider, location, domain',
  rollup_entity_ranks_daily: 'brand_id, day, entity, rank',
  rollup_entity_prompts: 'brand_id, entity, prompt_id',
  rollup_prompts_daily: 'brand_id, day, prompt_id',
  rollup_entity_names_daily: 'brand_id, day, entity, entity_name',
  rollup_prompt_last_runs: 'brand_id, prompt_id',
  rollup_prompt_providers: 'brand_id, prompt_id, provider, location',
  rollup_cited_url_days: 'brand_id, domain, url, day',
  rollup_url_gaps_daily: 'brand_id, day, domain, prev_day',
  rollup_citation_authors_daily: 'brand_id, day, provider, location, domain, author',
  rollup_prompt_totals: 'brand_id, day, prompt_id, provider, location',
  rollup_prompt_totals_through: 'brand_id, day',
};

/** Every rollup row summed per key, as comparable text. */
export async function rollupTotals(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const sums: Record<string, string> = {
    rollup_runs_daily: 'SUM(runs) AS s, ROUND(CAST(SUM(cost_usd) AS NUMERIC), 6) AS c',
    rollup_mentions_daily:
      'SUM(mentions) AS s, SUM(rank_sum) AS r, ROUND(CAST(SUM(sentiment_sum) AS NUMERIC), 6) AS t, SUM(answer_citations) AS c, SUM(with_own) AS o, ' +
      'SUM(rank_sq_sum) AS r2, ROUND(CAST(SUM(sentiment_sq_sum) AS NUMERIC), 6) AS t2',
    rollup_citations_daily: 'SUM(citations) AS s, SUM(with_own) AS o',
    rollup_entity_ranks_daily: 'SUM(mentions) AS s, SUM(with_own) AS o, MIN(entity_name) AS name, MIN(first_at) AS f, MAX(last_at) AS l',
    rollup_entity_prompts: 'MIN(first_at) AS f, MAX(last_at) AS l',
    rollup_prompts_daily:
      'SUM(runs) AS s, MAX(last_run) AS l, SUM(mentioned) AS m, SUM(rank_sum) AS r, ROUND(CAST(SUM(sentiment_sum) AS NUMERIC), 6) AS t, ' +
      'SUM(rank_sq_sum) AS r2, ROUND(CAST(SUM(sentiment_sq_sum) AS NUMERIC), 6) AS t2',
    rollup_entity_names_daily: 'SUM(mentions) AS s',
    rollup_prompt_last_runs: 'MAX(last_run) AS l',
    rollup_prompt_providers: 'MIN(first_at) AS f, MAX(last_at) AS l',
    rollup_cited_url_days: 'COUNT(*) AS s',
    rollup_url_gaps_daily: 'SUM(urls) AS s',
    rollup_citation_authors_daily: 'SUM(citations) AS s',
    rollup_prompt_totals:
      'SUM(runs) AS s, SUM(mentioned) AS m, SUM(rank_sum) AS r, ROUND(CAST(SUM(sentiment_sum) AS NUMERIC), 6) AS t, ' +
      'SUM(rank_sq_sum) AS r2, ROUND(CAST(SUM(sentiment_sq_sum) AS NUMERIC), 6) AS t2',
    rollup_prompt_totals_through: 'COUNT(*) AS s',
  };
  // A late citation moves a URL's later day from one gap row to another, which may leave a key at 0:
  // the same as no row for readers and for a rebuild.
  const having: Partial<Record<string, string>> = { rollup_url_gaps_daily: 'HAVING SUM(urls) <> 0' };
  for (const table of ROLLUP_TABLES) {
    const rows = await db.query(`SELECT ${KEYS[table]}, ${sums[table]} FROM ${table} GROUP BY ${KEYS[table]} ${having[table] ?? ''} ORDER BY ${KEYS[table]}`);
    out[table] = rows.map((r) => JSON.stringify(Object.values(r).map((v) => (typeof v === 'number' ? Number(v.toFixed(6)) : v))));
  }
  return out;
}

/** The keys that have more than one row, per table (none when the rows of a key were added to, not inserted again). */
export async function keysWithSeveralRows(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ROLLUP_TABLES) {
    const [{ n }] = await db.query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${table} GROUP BY ${KEYS[table]} HAVING COUNT(*) > 1) k`,
    );
    out[table] = Number(n);
  }
  return out;
}

/**
 * Rebuilds one brand's rollups with its running totals up to the same day as the kept ones (a
 * rebuild otherwise takes the clock's day), so kept and rebuilt rows compare.
 */
export async function rebuildBrandAsKept(db: Db, brandId: string): Promise<void> {
  const through = await promptTotalsThrough(db, brandId);
  await db.transaction((tx) => rebuildBrandRollups(tx, brandId, through ?? undefined));
}
