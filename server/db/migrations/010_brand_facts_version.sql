-- Moves whenever a brand's facts or rollups change (a run stored, a prompt's facts deleted, the
-- rollups rebuilt), so an answer computed from them can be reused until it moves. A table of its
-- own, keyed by brand like the facts, so a stored run writes where its facts go (on Citus: its
-- shard) rather than to the brands table every node copies.
CREATE TABLE brand_facts_versions (
  brand_id TEXT PRIMARY KEY,
  version BIGINT NOT NULL
);
