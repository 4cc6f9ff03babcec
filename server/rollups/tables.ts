/**
 * The rollup tables, each a summary of fact tables, most of them daily (see migrations 008_rollups.sql,
 * 018_entity_rollups.sql, 020_prompt_rollups.sql, 022_prompt_last_runs.sql and
 * 023_prompt_provider_rollup.sql, 026_rollup_citation_authors.sql, 027_rollup_url_gaps.sql,
 * 030_rollup_prompt_totals.sql).
 */
export const ROLLUP_TABLES = [
  'rollup_runs_daily',
  'rollup_mentions_daily',
  'rollup_citations_daily',
  'rollup_entity_ranks_daily',
  'rollup_entity_prompts',
  'rollup_prompts_daily',
  'rollup_entity_names_daily',
  'rollup_prompt_last_runs',
  'rollup_prompt_providers',
  'rollup_citation_authors_daily',
  'rollup_cited_url_days',
  'rollup_url_gaps_daily',
  'rollup_prompt_totals',
  'rollup_prompt_totals_through',
] as const;

export type RollupTable = (typeof ROLLUP_TABLES)[number];

/** Moves one brand's facts version (see migration 010), inside the caller's transaction. */
export const BUMP_FACTS_VERSION = `INSERT INTO brand_facts_versions (brand_id, version) VALUES ($1, 1)
  ON CONFLICT (brand_id) DO UPDATE SET version = brand_facts_versions.version + 1`;

/** The own brand's entity key as SQL, from a brands row (the query-time rule: trimmed, lower case). */
export const OWN_ENTITY_OF = (brandAlias: string) => `lower(trim(${brandAlias}.name))`;

/** The UTC day of a fact's created_at, as both engines compute it (TIMESTAMP columns hold UTC). */
export const DAY_OF = (column: string) => `CAST(date_trunc('day', ${column}) AS TIMESTAMP)`;

const DAY_MS = 86_400_000;

/** Midnight UTC of the day holding `d`. */
export function utcDay(d: Date): Date {
  return new Date(Math.floor(d.getTime() / DAY_MS) * DAY_MS);
}

export function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * DAY_MS);
}
