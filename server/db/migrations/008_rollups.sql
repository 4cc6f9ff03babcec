-- Daily rollups of the fact tables, per brand x UTC day x provider x location. Window aggregates
-- read them for the whole days inside a window and the raw facts only for the partial days at its
-- edges, so their cost follows days, providers and locations instead of the number of runs.
-- Maintained at ingestion (server/rollups/maintain.ts) and rebuilt from raw facts by
-- `npm run rollups:rebuild`. No prompt dimension: prompts run daily, so a prompt-day holds one run
-- per provider and location and a rollup by prompt would be as large as the runs themselves.
-- Readers always SUM over rows, so a key may have more than one row (two runs of a new key
-- ingested at once each insert one) and the tables need no unique key: DuckDB loads them several
-- times faster without one.

CREATE TABLE rollup_runs_daily (
  brand_id TEXT NOT NULL,
  day TIMESTAMP NOT NULL,
  provider TEXT NOT NULL,
  location TEXT NOT NULL,
  runs BIGINT NOT NULL
);

-- Every named brand (tracked or not, as in mentions). answer_citations = citations of the answers
-- naming it; with_own = of those answers, the ones that also name the brand's own name (the own
-- brand's row counts all its answers). Renaming a brand rebuilds its rollups.
CREATE TABLE rollup_mentions_daily (
  brand_id TEXT NOT NULL,
  day TIMESTAMP NOT NULL,
  provider TEXT NOT NULL,
  location TEXT NOT NULL,
  entity TEXT NOT NULL,
  mentions BIGINT NOT NULL,
  rank_sum BIGINT NOT NULL,
  sentiment_sum DOUBLE PRECISION NOT NULL,
  answer_citations BIGINT NOT NULL,
  with_own BIGINT NOT NULL
);

-- Citations per domain ('' when the URL has none). No URL or author: both are nearly unique per
-- citation, so a rollup by them would be almost as large as the citations.
CREATE TABLE rollup_citations_daily (
  brand_id TEXT NOT NULL,
  day TIMESTAMP NOT NULL,
  provider TEXT NOT NULL,
  location TEXT NOT NULL,
  domain TEXT NOT NULL,
  citations BIGINT NOT NULL
);
