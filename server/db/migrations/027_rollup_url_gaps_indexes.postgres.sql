-- PostgreSQL only (DuckDB prunes by zone maps). A window's days read from the index alone; a URL's
-- days found by key for the maintenance (a run's few URLs among the brand's millions).
CREATE INDEX rollup_url_gaps_daily_brand_day ON rollup_url_gaps_daily (brand_id, day, domain, prev_day) INCLUDE (urls);
CREATE INDEX rollup_cited_url_days_url ON rollup_cited_url_days (brand_id, url, domain, day);
