-- PostgreSQL only. The first three rollups' indexes (009) carry every column their readers take,
-- as the later rollups' indexes do, so a window's read takes only the index (once vacuumed). A
-- brand's rows of a day lie among every other brand's rows of that day in the table, so reading
-- them from the table costs a page per few rows: with 100 other brands the Overview's cards read
-- their rollups in about three times the time they take alone. Same keys, so the maintenance
-- upserts find a key's row as before.
DROP INDEX rollup_runs_daily_brand_day;
CREATE INDEX rollup_runs_daily_brand_day ON rollup_runs_daily (brand_id, day) INCLUDE (provider, location, runs);
DROP INDEX rollup_mentions_daily_brand_day;
CREATE INDEX rollup_mentions_daily_brand_day ON rollup_mentions_daily (brand_id, day, entity)
  INCLUDE (provider, location, mentions, rank_sum, rank_sq_sum, sentiment_sum, sentiment_sq_sum, answer_citations, with_own);
DROP INDEX rollup_citations_daily_brand_day;
CREATE INDEX rollup_citations_daily_brand_day ON rollup_citations_daily (brand_id, day, domain)
  INCLUDE (provider, location, citations, with_own);
