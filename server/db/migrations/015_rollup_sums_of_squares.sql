-- Sums of squares of rank and sentiment per rollup row, so the 95% interval of an average (a t
-- interval needs n, Σx and Σx²) reads from the rollups exactly as from the raw facts. Existing rows
-- get 0 here; the server rebuilds the rollups from the stored facts right after this migration
-- (server/rollups/rebuild.ts, buildRollupsAfterUpgrade).
ALTER TABLE rollup_mentions_daily ADD COLUMN rank_sq_sum BIGINT DEFAULT 0;
ALTER TABLE rollup_mentions_daily ADD COLUMN sentiment_sq_sum DOUBLE PRECISION DEFAULT 0;
