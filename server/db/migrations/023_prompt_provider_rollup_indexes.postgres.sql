-- PostgreSQL only (DuckDB prunes by zone maps): a prompt's rows by key prefix, for the latest
-- responses and for the maintenance upserts that find a key's row.
CREATE INDEX rollup_prompt_providers_key ON rollup_prompt_providers (brand_id, prompt_id, provider, location) INCLUDE (first_at, last_at);
