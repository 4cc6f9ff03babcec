-- What a brand's runs of a day cost, per provider and location, so the daily cost cap (checked
-- before every scheduled run and shown on the Prompts Monitor) and the operations page's spend read
-- a few rollup rows instead of every run of the day: a brand with 4,400 prompts stores about 17,000
-- runs a day, and summing them took 48 ms warm and 160 ms cold on PostgreSQL. Existing rows get 0
-- here; the server rebuilds the rollups from the stored facts right after this migration.
ALTER TABLE rollup_runs_daily ADD COLUMN cost_usd DOUBLE PRECISION DEFAULT 0;
