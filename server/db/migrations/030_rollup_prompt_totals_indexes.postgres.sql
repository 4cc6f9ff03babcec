-- PostgreSQL only (DuckDB prunes by zone maps; the rows are written in day order): a window reads a
-- brand's two days from the index alone. Unique: a combination has one row per day.
CREATE UNIQUE INDEX rollup_prompt_totals_brand_day ON rollup_prompt_totals (brand_id, day, prompt_id, provider, location)
  INCLUDE (runs, mentioned, rank_sum, rank_sq_sum, sentiment_sum, sentiment_sq_sum);
CREATE UNIQUE INDEX rollup_prompt_totals_through_brand ON rollup_prompt_totals_through (brand_id);
