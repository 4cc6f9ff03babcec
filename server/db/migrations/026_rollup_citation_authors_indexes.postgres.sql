-- PostgreSQL only (DuckDB prunes by zone maps): the window reads take a brand's days and domains
-- and every other column from the index alone (as 025 does for the first three rollups); the
-- maintenance upserts find a key's row by the same prefix.
CREATE INDEX rollup_citation_authors_daily_brand_day ON rollup_citation_authors_daily (brand_id, day, domain)
  INCLUDE (provider, location, author, citations);
