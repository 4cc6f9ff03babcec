-- Citations per domain whose answer also names the brand's own name, per rollup row, so the Sources
-- page's domain analysis (its mixed citations) reads whole days from the rollup as the other window
-- aggregates do. Existing rows get 0 here; the server rebuilds the rollups from the stored facts
-- right after this migration (server/rollups/rebuild.ts, buildRollupsAfterUpgrade). INTEGER, as
-- in 020: PostgreSQL sums it into BIGINT, not the slower NUMERIC.
ALTER TABLE rollup_citations_daily ADD COLUMN with_own INTEGER DEFAULT 0;
