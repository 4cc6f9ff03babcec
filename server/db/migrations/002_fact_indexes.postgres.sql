-- PostgreSQL only: DuckDB prunes by min/max zone maps and its ART indexes would only slow bulk loads.
CREATE INDEX runs_brand_time ON runs (brand_id, created_at);
CREATE INDEX runs_prompt_time ON runs (prompt_id, created_at);
CREATE INDEX mentions_brand_time ON mentions (brand_id, created_at);
CREATE INDEX mentions_prompt ON mentions (prompt_id, created_at);
CREATE INDEX citations_brand_time ON citations (brand_id, created_at);
CREATE INDEX citations_prompt ON citations (prompt_id, created_at);
