-- Rollups of mentions per entity without the provider and location dimensions, for the calls
-- that look at every brand the answers name (tracked or not) over a horizon: the emerging threats.
-- Maintained at ingestion (server/rollups/maintain.ts) and rebuilt with the other rollups; readers
-- aggregate over rows (two runs of a new key ingested at once may each insert one row).

-- Per rank, so the counts, rank sums and squares, best, worst and the exact median come from the
-- rank histogram. with_own = mentions in answers that also name the brand's own name; entity_name =
-- the smallest spelling of the name that day; first_at / last_at = the day's first and last mention,
-- so first and last sightings are exact to the instant without reading the facts.
CREATE TABLE rollup_entity_ranks_daily (
  brand_id TEXT NOT NULL,
  day TIMESTAMP NOT NULL,
  entity TEXT NOT NULL,
  rank INTEGER NOT NULL,
  entity_name TEXT NOT NULL,
  mentions BIGINT NOT NULL,
  with_own BIGINT NOT NULL,
  first_at TIMESTAMP NOT NULL,
  last_at TIMESTAMP NOT NULL
);

-- Each prompt's first and last answer naming the entity (not daily: a daily row per entity and
-- prompt would be almost as large as the mentions), for the distinct prompts of a window: a prompt
-- named the entity in [a, b) when its first or last sighting falls there; only one first seen
-- before a and last seen from b on (a window in the past) needs the facts to tell.
CREATE TABLE rollup_entity_prompts (
  brand_id TEXT NOT NULL,
  entity TEXT NOT NULL,
  prompt_id TEXT NOT NULL,
  first_at TIMESTAMP NOT NULL,
  last_at TIMESTAMP NOT NULL
);
