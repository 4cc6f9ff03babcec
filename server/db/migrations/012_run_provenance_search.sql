-- Run provenance, continued (two columns per file: see 012_run_provenance_and_failed_runs.sql).
ALTER TABLE runs ADD COLUMN IF NOT EXISTS web_search BOOLEAN DEFAULT false;
ALTER TABLE runs ADD COLUMN IF NOT EXISTS requested_country TEXT;
