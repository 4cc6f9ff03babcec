-- PostgreSQL only (DuckDB prunes by zone maps): reads take one brand's days and, with the summed
-- columns in the index, read only the index (once vacuumed); the maintenance upserts find a key's
-- row by the same prefix.
CREATE INDEX rollup_prompts_daily_brand_day ON rollup_prompts_daily (brand_id, day, prompt_id)
  INCLUDE (runs, mentioned, rank_sum, rank_sq_sum, sentiment_sum, sentiment_sq_sum);
CREATE INDEX rollup_entity_names_daily_brand_day ON rollup_entity_names_daily (brand_id, day, entity, entity_name) INCLUDE (mentions);
