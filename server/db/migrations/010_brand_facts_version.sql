-- Moves whenever a brand's facts or rollups change (a run stored, a prompt's facts deleted, the
-- rollups rebuilt), so an answer computed from them can be reused until it moves.
ALTER TABLE brands ADD COLUMN facts_version BIGINT DEFAULT 0;
