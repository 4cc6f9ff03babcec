-- PostgreSQL only (DuckDB prunes by zone maps). A window's days read from the index alone; a run's
-- few URLs' days found among the brand's millions by a hash index on the URL (equality and IN lists
-- are all the maintenance asks; a B-tree on (brand_id, url, domain, day) was as large as the table,
-- 1.45 GB at scale 100).
CREATE INDEX rollup_url_gaps_daily_brand_day ON rollup_url_gaps_daily (brand_id, day, domain, prev_day) INCLUDE (urls);
CREATE INDEX rollup_cited_url_days_url ON rollup_cited_url_days USING hash (url);
