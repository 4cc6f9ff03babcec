-- PostgreSQL only (DuckDB reads the brand's rows by zone maps): the Prompts Monitor reads one brand's
-- rows from the index alone (once vacuumed); the maintenance upserts find a key's row by it.
CREATE INDEX rollup_prompt_last_runs_brand_prompt ON rollup_prompt_last_runs (brand_id, prompt_id) INCLUDE (last_run);
