-- PostgreSQL only. The prompt-level lists (prompts ranking and table, comparison by prompt) still
-- read the facts: these indexes let them read only the index (once vacuumed) and only the rows of
-- the brands they ask about, instead of every mention of the window. Halved those calls at scale 10.
DROP INDEX runs_brand_time;
CREATE INDEX runs_brand_time ON runs (brand_id, created_at) INCLUDE (prompt_id, provider, location);
CREATE INDEX mentions_brand_entity_time ON mentions (brand_id, entity, created_at) INCLUDE (prompt_id, provider, location, run_id, rank);
