-- Daily rollups for the Prompts Monitor (table, facts and suggestions), maintained and rebuilt
-- with the others (server/rollups). Like those, readers SUM over rows: a key may have more than one
-- row. Counts are INTEGER (a key's day holds far fewer than 2^31 facts): PostgreSQL sums INTEGER
-- into BIGINT, and BIGINT into the much slower NUMERIC.

-- Per brand x UTC day x prompt, without provider or location: a prompt-day holds one run per
-- provider and location, so dropping them is what makes this smaller than the runs (about 4x in
-- the demo data); reads filtered by provider or location use the raw facts. runs = the prompt's
-- runs, last_run = the newest of them; the other columns sum the own brand's mentions in them
-- (one per answer at most), as rollup_mentions_daily does. Renaming a brand rebuilds its rollups.
CREATE TABLE rollup_prompts_daily (
  brand_id TEXT NOT NULL,
  day TIMESTAMP NOT NULL,
  prompt_id TEXT NOT NULL,
  runs INTEGER NOT NULL,
  last_run TIMESTAMP NOT NULL,
  mentioned INTEGER NOT NULL,
  rank_sum INTEGER NOT NULL,
  rank_sq_sum INTEGER NOT NULL,
  sentiment_sum DOUBLE PRECISION NOT NULL,
  sentiment_sq_sum DOUBLE PRECISION NOT NULL
);

-- Mentions per brand x UTC day x named brand x spelling (entity_name as the answer wrote it), so
-- a window's display name of a brand (its most frequent spelling) is read without the mentions.
CREATE TABLE rollup_entity_names_daily (
  brand_id TEXT NOT NULL,
  day TIMESTAMP NOT NULL,
  entity TEXT NOT NULL,
  entity_name TEXT NOT NULL,
  mentions INTEGER NOT NULL
);
