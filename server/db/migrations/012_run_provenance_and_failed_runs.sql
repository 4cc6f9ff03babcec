-- Provenance of every run: which model answered, whether a real provider or the simulator wrote
-- the answer, whether it searched the web, the country asked for, latency, tokens and cost.
-- Constant defaults (no table rewrite on PostgreSQL) mark every earlier run as simulated: until
-- now only the simulator and the demo generator wrote runs. requested_country stays NULL for
-- those rows; readers fall back to the run's location.
ALTER TABLE runs ADD COLUMN model TEXT DEFAULT 'simulated';
ALTER TABLE runs ADD COLUMN is_real BOOLEAN DEFAULT false;
ALTER TABLE runs ADD COLUMN web_search BOOLEAN DEFAULT false;
ALTER TABLE runs ADD COLUMN requested_country TEXT;
ALTER TABLE runs ADD COLUMN latency_ms INTEGER DEFAULT 0;
ALTER TABLE runs ADD COLUMN input_tokens INTEGER DEFAULT 0;
ALTER TABLE runs ADD COLUMN output_tokens INTEGER DEFAULT 0;
ALTER TABLE runs ADD COLUMN cost_usd DOUBLE PRECISION DEFAULT 0;

-- A run that failed after its last try: nothing was stored in runs, so this row is the only trace
-- of the slot. Keyed by brand like the facts (on Citus it lives on the brand's shard).
CREATE TABLE failed_runs (
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
