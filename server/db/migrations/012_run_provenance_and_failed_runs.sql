-- Provenance of every run: which model answered, whether a real provider or the simulator wrote
-- the answer, whether it searched the web, the country asked for, latency, tokens and cost.
-- Constant defaults (no table rewrite on PostgreSQL) mark every earlier run as simulated: until
-- now only the simulator and the demo generator wrote runs. requested_country stays NULL for
-- those rows; readers fall back to the run's location.
-- At most two ADD COLUMNs per file: DuckDB fails to commit a transaction that adds a third column
-- to a table holding rows ("another transaction has altered this table"), and each file is one
-- transaction. IF NOT EXISTS: an earlier version of this file added all the columns at once.
ALTER TABLE runs ADD COLUMN IF NOT EXISTS model TEXT DEFAULT 'simulated';
ALTER TABLE runs ADD COLUMN IF NOT EXISTS is_real BOOLEAN DEFAULT false;

-- A run that failed after its last try: nothing was stored in runs, so this row is the only trace
-- of the slot. Keyed by brand like the facts (on Citus it lives on the brand's shard).
CREATE TABLE IF NOT EXISTS failed_runs (
  brand_id TEXT NOT NULL,
  id TEXT NOT NULL,
  prompt_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  location TEXT NOT NULL,
  slot TIMESTAMP NOT NULL,
  error_class TEXT NOT NULL,
  message TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  created_at TIMESTAMP NOT NULL,
  PRIMARY KEY (brand_id, id)
);
