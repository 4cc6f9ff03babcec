import type { Db, Dialect } from '../db/types';
import { BUMP_FACTS_VERSION, DAY_OF, OWN_ENTITY_OF, ROLLUP_TABLES } from './tables';
import { rebuildPromptTotals } from './promptTotals';
import { urlGapsKeptOn, urlGapsRebuildStatements } from './urlGaps';

/**
 * The rollups as computed from the raw facts, one INSERT … SELECT per table: of one brand (its id
 * bound as `$1`) or of every brand, as `dialect` keeps them.
 */
function rebuildStatements(oneBrand: boolean, dialect: Dialect): string[] {
  const where = (alias: string) => (oneBrand ? `WHERE ${alias}.brand_id = $1` : '');
  return [
    `INSERT INTO rollup_runs_daily (brand_id, day, provider, location, runs, cost_usd)
     SELECT r.brand_id, ${DAY_OF('r.created_at')}, r.provider, r.location, COUNT(*), COALESCE(SUM(r.cost_usd), 0)
       FROM runs r ${where('r')}
      GROUP BY 1, 2, 3, 4`,
    // Each mention carries the citation count of its answer and whether the answer names the own brand.
    `INSERT INTO rollup_mentions_daily
            (brand_id, day, provider, location, entity, mentions, rank_sum, sentiment_sum, answer_citations, with_own,
             rank_sq_sum, sentiment_sq_sum)
     SELECT m.brand_id, ${DAY_OF('m.created_at')}, m.provider, m.location, m.entity,
            COUNT(*), SUM(m.rank), SUM(m.sentiment), COALESCE(SUM(c.n), 0), COUNT(o.run_id),
            SUM(m.rank * m.rank), SUM(m.sentiment * m.sentiment)
       FROM mentions m
       LEFT JOIN (SELECT brand_id, run_id, COUNT(*) AS n FROM citations c ${where('c')} GROUP BY brand_id, run_id) c
         ON c.brand_id = m.brand_id AND c.run_id = m.run_id
       LEFT JOIN (SELECT o.brand_id, o.run_id FROM mentions o JOIN brands b ON b.id = o.brand_id
                   WHERE o.entity = ${OWN_ENTITY_OF('b')} ${oneBrand ? 'AND o.brand_id = $1' : ''}) o
         ON o.brand_id = m.brand_id AND o.run_id = m.run_id
       ${where('m')}
      GROUP BY 1, 2, 3, 4, 5`,
    // with_own: the citations whose answer names the own brand (an answer names a brand once).
    `INSERT INTO rollup_citations_daily (brand_id, day, provider, location, domain, citations, with_own)
     SELECT c.brand_id, ${DAY_OF('c.created_at')}, c.provider, c.location, c.domain, COUNT(*), COUNT(o.run_id)
       FROM citations c
       LEFT JOIN (SELECT o.brand_id, o.run_id FROM mentions o JOIN brands b ON b.id = o.brand_id
                   WHERE o.entity = ${OWN_ENTITY_OF('b')} ${oneBrand ? 'AND o.brand_id = $1' : ''}) o
         ON o.brand_id = c.brand_id AND o.run_id = c.run_id
       ${where('c')}
      GROUP BY 1, 2, 3, 4, 5`,
    // Only citations with a domain and an author (see migration 026).
    `INSERT INTO rollup_citation_authors_daily (brand_id, day, provider, location, domain, author, citations)
     SELECT c.brand_id, ${DAY_OF('c.created_at')}, c.provider, c.location, c.domain, c.author, COUNT(*)
       FROM citations c
      WHERE c.domain <> '' AND c.author IS NOT NULL AND c.author <> '' ${oneBrand ? 'AND c.brand_id = $1' : ''}
      GROUP BY 1, 2, 3, 4, 5, 6`,
    `INSERT INTO rollup_entity_ranks_daily (brand_id, day, entity, rank, entity_name, mentions, with_own, first_at, last_at)
     SELECT m.brand_id, ${DAY_OF('m.created_at')}, m.entity, m.rank, MIN(m.entity_name), COUNT(*), COUNT(o.run_id),
            MIN(m.created_at), MAX(m.created_at)
       FROM mentions m
       LEFT JOIN (SELECT o.brand_id, o.run_id FROM mentions o JOIN brands b ON b.id = o.brand_id
                   WHERE o.entity = ${OWN_ENTITY_OF('b')} ${oneBrand ? 'AND o.brand_id = $1' : ''}) o
         ON o.brand_id = m.brand_id AND o.run_id = m.run_id
       ${where('m')}
      GROUP BY 1, 2, 3, 4`,
    `INSERT INTO rollup_entity_prompts (brand_id, entity, prompt_id, first_at, last_at)
     SELECT m.brand_id, m.entity, m.prompt_id, MIN(m.created_at), MAX(m.created_at)
       FROM mentions m ${where('m')}
      GROUP BY 1, 2, 3`,
    // Each run with the own brand's mention in it, if any (an answer names a brand once). Stored in
    // day order, so DuckDB skips the days a window does not cover by its min/max zone maps.
    `INSERT INTO rollup_prompts_daily
            (brand_id, day, prompt_id, runs, last_run, mentioned, rank_sum, rank_sq_sum, sentiment_sum, sentiment_sq_sum)
     SELECT r.brand_id, ${DAY_OF('r.created_at')}, r.prompt_id, COUNT(*), MAX(r.created_at), COUNT(o.run_id),
            COALESCE(SUM(o.rank), 0), COALESCE(SUM(o.rank * o.rank), 0),
            COALESCE(SUM(o.sentiment), 0), COALESCE(SUM(o.sentiment * o.sentiment), 0)
       FROM runs r
       LEFT JOIN (SELECT o.brand_id, o.run_id, o.rank, o.sentiment FROM mentions o JOIN brands b ON b.id = o.brand_id
                   WHERE o.entity = ${OWN_ENTITY_OF('b')} ${oneBrand ? 'AND o.brand_id = $1' : ''}) o
         ON o.brand_id = r.brand_id AND o.run_id = r.id
       ${where('r')}
      GROUP BY 1, 2, 3
      ORDER BY 2, 1`,
    // In brand and prompt order, so DuckDB skips to a prompt's rows by its min/max zone maps.
    `INSERT INTO rollup_prompt_providers (brand_id, prompt_id, provider, location, first_at, last_at)
     SELECT r.brand_id, r.prompt_id, r.provider, r.location, MIN(r.created_at), MAX(r.created_at)
       FROM runs r ${where('r')}
      GROUP BY 1, 2, 3, 4
      ORDER BY 1, 2`,
    `INSERT INTO rollup_entity_names_daily (brand_id, day, entity, entity_name, mentions)
     SELECT m.brand_id, ${DAY_OF('m.created_at')}, m.entity, m.entity_name, COUNT(*)
       FROM mentions m ${where('m')}
      GROUP BY 1, 2, 3, 4
      ORDER BY 2, 1`,
    `INSERT INTO rollup_prompt_last_runs (brand_id, prompt_id, last_run)
     SELECT r.brand_id, r.prompt_id, MAX(r.created_at)
       FROM runs r ${where('r')}
      GROUP BY 1, 2`,
    ...(urlGapsKeptOn(dialect) ? urlGapsRebuildStatements(oneBrand) : []),
  ];
}

/**
 * Recomputes every rollup from the raw facts: after a bulk load, after deletions, or to repair.
 * One transaction, so readers see the old rollups or the new ones, never a half-built set. Every
 * brand's facts version moves (see migration 010), so no reused answer outlives the rebuild. The
 * running totals are complete up to the day before `now` (the clock; a demo load's own moment).
 */
export async function rebuildRollups(db: Db, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    for (const table of ROLLUP_TABLES) await tx.exec(`DELETE FROM ${table}`);
    for (const sql of rebuildStatements(false, db.dialect)) await tx.exec(sql);
    await rebuildPromptTotals(tx, now);
    await tx.exec(`INSERT INTO brand_facts_versions (brand_id, version) SELECT id, 1 FROM brands
      ON CONFLICT (brand_id) DO UPDATE SET version = brand_facts_versions.version + 1`);
  });
  // PostgreSQL: the deleted rows stay in the tables as dead rows, and the new rows' pages are not
  // yet marked all-visible, so until autovacuum comes by every index-only scan of a rollup also
  // reads the table. Vacuum them now (and refresh their statistics), as after a bulk load.
  if (db.dialect === 'postgres') await db.exec(`VACUUM (ANALYZE) ${ROLLUP_TABLES.join(', ')}`);
}

/**
 * Recomputes one brand's rollups from its raw facts, inside the caller's transaction (`tx`), so a
 * deletion of facts and the rollups that summarise them commit together.
 */
export async function rebuildBrandRollups(tx: Db, brandId: string, now: Date = new Date()): Promise<void> {
  for (const table of ROLLUP_TABLES) await tx.query(`DELETE FROM ${table} WHERE brand_id = $1`, [brandId]);
  for (const sql of rebuildStatements(true, tx.dialect)) await tx.query(sql, [brandId]);
  await rebuildPromptTotals(tx, now, brandId);
  await tx.query(BUMP_FACTS_VERSION, [brandId]);
}

/** Removes a deleted brand's rollups (inside the caller's transaction). */
export async function deleteBrandRollups(tx: Db, brandId: string): Promise<void> {
  for (const table of ROLLUP_TABLES) await tx.query(`DELETE FROM ${table} WHERE brand_id = $1`, [brandId]);
  await tx.query('DELETE FROM brand_facts_versions WHERE brand_id = $1', [brandId]);
}

/** The migration that creates the rollup tables. */
export const ROLLUPS_MIGRATION = '008_rollups';

/** The migrations after which the rollups are rebuilt from the facts: they add rollups, or columns old rows lack. */
export const ROLLUP_REBUILD_MIGRATIONS = [ROLLUPS_MIGRATION, '015_rollup_sums_of_squares', '018_entity_rollups', '020_prompt_rollups',
  '021_rollup_citations_with_own', '022_prompt_last_runs', '023_prompt_provider_rollup', '026_rollup_citation_authors', '027_rollup_url_gaps',
  '029_rollup_runs_cost', '030_rollup_prompt_totals'];

/**
 * Builds the rollups of a database that had facts before the rollup tables (or a rollup column)
 * existed, right after the migrations that added them (`applied` = the migrations just applied); a
 * no-op otherwise. Returns whether it built them.
 */
export async function buildRollupsAfterUpgrade(db: Db, applied: string[]): Promise<boolean> {
  if (!applied.some((id) => ROLLUP_REBUILD_MIGRATIONS.includes(id))) return false;
  const [{ n }] = await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM (SELECT 1 FROM runs LIMIT 1) r');
  if (n === 0) return false;
  await rebuildRollups(db);
  return true;
}
