-- PostgreSQL only (DuckDB prunes by zone maps): rollup reads filter on brand and day; the
-- maintenance upserts find a key's row by the same prefix.
CREATE INDEX rollup_runs_daily_brand_day ON rollup_runs_daily (brand_id, day);
CREATE INDEX rollup_mentions_daily_brand_day ON rollup_mentions_daily (brand_id, day, entity);
CREATE INDEX rollup_citations_daily_brand_day ON rollup_citations_daily (brand_id, day, domain);
