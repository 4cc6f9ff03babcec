-- Run provenance, continued (two columns per file: see 012_run_provenance_and_failed_runs.sql).
ALTER TABLE runs ADD COLUMN IF NOT EXISTS output_tokens INTEGER DEFAULT 0;
ALTER TABLE runs ADD COLUMN IF NOT EXISTS cost_usd DOUBLE PRECISION DEFAULT 0;
