-- PostgreSQL only (DuckDB prunes by zone maps): the reads filter on brand and day (or brand and
-- entity), the maintenance upserts find a key's row by the same prefix. The rank rollup's index
-- carries every column its reads take, so they read the index only (once vacuumed).
CREATE INDEX rollup_entity_ranks_daily_brand_day ON rollup_entity_ranks_daily (brand_id, day, entity, rank)
  INCLUDE (mentions, with_own, first_at, last_at, entity_name);
CREATE INDEX rollup_entity_prompts_brand_entity ON rollup_entity_prompts (brand_id, entity, prompt_id);
